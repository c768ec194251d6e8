// scenario: labels come from one of three encodings chosen with a switch; every case ends in int64 class ids before cross_entropy
// tier: 2
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

enum class Encoding { Int32Ids, FloatScores, OneHot };

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const int64_t n = 16, classes = 5;
  const Encoding enc = argc > 2 ? Encoding::OneHot : (argc > 1 ? Encoding::FloatScores : Encoding::Int32Ids);

  torch::Tensor targets;
  switch (enc) {
  case Encoding::Int32Ids:
    targets = torch::randint(0, classes, {n}, torch::kInt).to(torch::kLong);
    break;
  case Encoding::FloatScores:
    targets = torch::rand({n, classes}).argmax(1);
    break;
  case Encoding::OneHot:
    targets = torch::eye(classes).index_select(0, torch::randint(0, classes, {n})).argmax(1);
    break;
  }

  torch::nn::Linear head(10, classes);
  auto logits = head(torch::randn({n, 10}));
  auto loss = torch::nn::functional::cross_entropy(logits, targets);
  loss.backward();
  std::cout << "loss " << loss.item<float>() << " grad norm " << head->weight.grad().norm().item<float>() << "\n";
  return 0;
}
