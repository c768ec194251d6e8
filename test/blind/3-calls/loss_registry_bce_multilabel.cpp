// scenario: losses are looked up by name in a registry of std::function; the multi-label batch keeps its 0/1 tags as int64
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct TagBatch {
  torch::Tensor features;  // [N, D] float
  torch::Tensor tags;      // [N, T] 0/1
};

using LossFn = std::function<torch::Tensor(const torch::Tensor&, const torch::Tensor&)>;

std::map<std::string, LossFn>& loss_registry() {
  static std::map<std::string, LossFn> registry = {
      {"ce", [](const torch::Tensor& logits, const torch::Tensor& target) {
         return torch::nn::functional::cross_entropy(logits, target.argmax(1));
       }},
      {"bce", [](const torch::Tensor& logits, const torch::Tensor& target) {
         return torch::binary_cross_entropy_with_logits(logits, target); // BUG
       }},
      {"l1", [](const torch::Tensor& logits, const torch::Tensor& target) {
         return torch::l1_loss(torch::sigmoid(logits), target);
       }},
  };
  return registry;
}

TagBatch make_batch(int64_t n, int64_t dim, int64_t num_tags) {
  std::vector<long> flat;
  for (int64_t i = 0; i < n * num_tags; ++i)
    flat.push_back((i * 7 + 3) % 5 == 0 ? 1 : 0);
  return {torch::randn({n, dim}), torch::tensor(flat).view({n, num_tags})};
}

int main() {
  torch::manual_seed(5);
  torch::nn::Linear head(20, 6);
  torch::optim::Adagrad opt(head->parameters(), torch::optim::AdagradOptions(0.05));
  const std::string loss_name = "bce";
  const LossFn& criterion = loss_registry().at(loss_name);

  for (int step = 0; step < 3; ++step) {
    TagBatch batch = make_batch(8, 20, 6);
    opt.zero_grad();
    auto loss = criterion(head->forward(batch.features), batch.tags);
    loss.backward();
    opt.step();
    std::cout << loss_name << " step " << step << " " << loss.item<float>() << "\n";
  }
  return 0;
}
