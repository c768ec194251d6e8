// scenario: freezes a classifier's backbone and moves its parameters to float64 through named_parameters(); the trainable head stays float32
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <string>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in_dim, int64_t hidden, int64_t classes) {
    backbone = register_module("backbone", torch::nn::Sequential(
        torch::nn::Linear(in_dim, hidden), torch::nn::ReLU(),
        torch::nn::Linear(hidden, hidden), torch::nn::ReLU()));
    head = register_module("head", torch::nn::Linear(hidden, classes));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto features = backbone->forward(x);
    return head(features); // BUG
  }

  torch::nn::Sequential backbone{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Classifier);

void freezeBackbone(Classifier& model) {
  for (auto& item : model->named_parameters()) {
    const std::string& name = item.key();
    if (name.rfind("backbone.", 0) != 0)
      continue;
    auto& param = item.value();
    param.set_requires_grad(false);
    param.set_data(param.data().to(torch::kFloat64));
  }
}

int main() {
  torch::manual_seed(4);
  const int64_t in_dim = 20, hidden = 32, classes = 3;

  Classifier model(in_dim, hidden, classes);
  freezeBackbone(model);

  std::vector<torch::Tensor> trainable;
  for (auto& p : model->parameters())
    if (p.requires_grad())
      trainable.push_back(p);
  torch::optim::SGD optimizer(trainable, torch::optim::SGDOptions(0.05).momentum(0.9));

  for (int step = 0; step < 5; ++step) {
    auto batch = torch::randn({16, in_dim}).to(torch::kFloat64);
    auto labels = torch::randint(0, classes, {16});
    optimizer.zero_grad();
    auto logits = model->forward(batch);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    loss.backward();
    optimizer.step();
    std::cout << "step " << step << " loss " << loss.item<double>() << "\n";
  }
  return 0;
}
