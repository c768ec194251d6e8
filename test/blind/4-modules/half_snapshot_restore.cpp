// scenario: a snapshotter keeps float16 copies of a model's parameters between rounds and restores them with copy_; heads live in a ModuleDict and Linear layers are found with as<Linear>()
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

struct MultiHeadNet : torch::nn::Module {
  MultiHeadNet() {
    trunk = register_module("trunk", torch::nn::Linear(16, 32));
    heads = register_module("heads", torch::nn::ModuleDict());
    heads->update({{"age", torch::nn::Linear(32, 1).ptr()}, {"churn", torch::nn::Linear(32, 2).ptr()}});
  }
  torch::Tensor forward(const torch::Tensor& x, const std::string& task) {
    return heads[task]->as<torch::nn::Linear>()->forward(torch::relu(trunk(x)));
  }
  torch::nn::Linear trunk{nullptr};
  torch::nn::ModuleDict heads{nullptr};
};

class ParameterSnapshotter {
 public:
  explicit ParameterSnapshotter(std::shared_ptr<torch::nn::Module> model) : model_(std::move(model)) {}

  void snapshot() {
    saved_.clear();
    for (const auto& p : model_->parameters())
      saved_.push_back(p.detach().to(torch::kHalf));
  }

  void restore() {
    torch::NoGradGuard no_grad;
    auto params = model_->parameters();
    for (size_t i = 0; i < params.size(); ++i)
      params[i].copy_(saved_[i]);
  }

  int64_t bytes() const {
    int64_t total = 0;
    for (const auto& t : saved_)
      total += t.numel() * t.element_size();
    return total;
  }

 private:
  std::shared_ptr<torch::nn::Module> model_;
  std::vector<torch::Tensor> saved_;
};

int main() {
  torch::manual_seed(8);
  auto net = std::make_shared<MultiHeadNet>();
  for (const auto& module : net->modules(/*include_self=*/false))
    if (auto* linear = module->as<torch::nn::Linear>())
      torch::nn::init::zeros_(linear->bias);

  ParameterSnapshotter snapshotter(net);
  snapshotter.snapshot();
  torch::optim::SGD optimizer(net->parameters(), 0.1);
  torch::Tensor x = torch::randn({12, 16});
  torch::Tensor churn = torch::randint(0, 2, {12});

  for (int round = 0; round < 3; ++round) {
    optimizer.zero_grad();
    torch::Tensor loss = torch::cross_entropy_loss(net->forward(x, "churn"), churn);
    loss.backward();
    optimizer.step();
    if (loss.item<float>() > 5.0f)
      snapshotter.restore();
    else
      snapshotter.snapshot();
  }
  snapshotter.restore();
  torch::NoGradGuard no_grad;
  std::cout << "snapshot bytes " << snapshotter.bytes() << ", age " << net->forward(x, "age")[0].item<float>() << "\n";
  return 0;
}
