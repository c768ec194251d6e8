// scenario: a Trainer class owns the model and a CrossEntropyLoss member; the dataset's label map produces int32 targets
// tier: 4
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

class Trainer {
public:
  Trainer(int64_t features, int64_t classes)
      : model_(torch::nn::Linear(features, classes)),
        opt_(model_->parameters(), torch::optim::SGDOptions(0.1)) {}

  double step(const torch::Tensor &x, const torch::Tensor &y) {
    opt_.zero_grad();
    auto loss = criterion_(model_(x), y); // BUG
    loss.backward();
    opt_.step();
    return loss.item<double>();
  }

private:
  torch::nn::Linear model_;
  torch::optim::SGD opt_;
  torch::nn::CrossEntropyLoss criterion_;
};

torch::Tensor encode_labels(const std::vector<std::string> &names,
                            const std::map<std::string, int32_t> &label_map) {
  std::vector<int32_t> ids;
  for (const auto &n : names)
    ids.push_back(label_map.at(n));
  return torch::tensor(ids, torch::kInt);
}

int main() {
  torch::manual_seed(0);
  std::map<std::string, int32_t> label_map = {{"cat", 0}, {"dog", 1}, {"bird", 2}};
  Trainer trainer(4, 3);
  auto x = torch::randn({4, 4});
  auto y = encode_labels({"dog", "cat", "bird", "dog"}, label_map);
  std::cout << trainer.step(x, y) << "\n";
  return 0;
}
