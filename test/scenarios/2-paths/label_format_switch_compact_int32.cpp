// scenario: a training step picks how labels are decoded with a switch; the default compact format yields int32 class ids that go straight into cross_entropy
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>
#include <string>

enum class LabelFormat { Sparse, OneHot, Compact };

LabelFormat parse_format(int argc, char **argv) {
  if (argc > 1 && std::string(argv[1]) == "sparse") return LabelFormat::Sparse;
  if (argc > 1 && std::string(argv[1]) == "onehot") return LabelFormat::OneHot;
  return LabelFormat::Compact;
}

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const int64_t classes = 5;
  torch::nn::Linear head(32, classes);
  torch::optim::SGD opt(head->parameters(), 0.1);

  auto batch = torch::randn({12, 32});
  auto raw = torch::randint(0, classes, {12});
  torch::Tensor targets;
  switch (parse_format(argc, argv)) {
  case LabelFormat::Sparse:
    targets = raw;
    break;
  case LabelFormat::OneHot:
    targets = torch::nn::functional::one_hot(raw, classes).argmax(1);
    break;
  case LabelFormat::Compact:
    targets = raw.to(torch::kInt); // labels shipped as int32 to halve the file size
    break;
  }

  opt.zero_grad();
  auto logits = head(batch);
  auto loss = torch::nn::functional::cross_entropy(logits, targets); // BUG
  loss.backward();
  opt.step();
  std::cout << "loss " << loss.item<float>() << "\n";
  return 0;
}
