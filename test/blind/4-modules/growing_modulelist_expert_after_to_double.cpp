// scenario: progressively grown mixture of experts trained in float64; an expert appended to the ModuleList after the model was converted is still float32
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

constexpr int64_t kMaxExperts = 4;

struct GrowingMixtureImpl : torch::nn::Module {
  explicit GrowingMixtureImpl(int64_t dim) : dim_(dim) {
    experts_ = register_module("experts", torch::nn::ModuleList());
    gate_ = register_module("gate", torch::nn::Linear(dim, kMaxExperts));
    add_expert();
  }

  void add_expert() {
    TORCH_CHECK(static_cast<int64_t>(experts_->size()) < kMaxExperts, "mixture is full");
    experts_->push_back(torch::nn::Linear(dim_, dim_));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    int64_t n = static_cast<int64_t>(experts_->size());
    auto gates = torch::softmax(gate_(x).narrow(1, 0, n), /*dim=*/1);
    auto out = torch::zeros_like(x);
    for (int64_t i = 0; i < n; ++i) {
      auto y = experts_[i]->as<torch::nn::Linear>()->forward(x); // BUG
      out = out + gates.select(1, i).unsqueeze(1) * y;
    }
    return out;
  }

  int64_t dim_;
  torch::nn::ModuleList experts_{nullptr};
  torch::nn::Linear gate_{nullptr};
};
TORCH_MODULE(GrowingMixture);

double train_phase(GrowingMixture model, torch::optim::SGD& opt, const torch::Tensor& x,
                   const torch::Tensor& y, int steps) {
  double last = 0.0;
  for (int s = 0; s < steps; ++s) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model->forward(x), y);
    loss.backward();
    opt.step();
    last = loss.item<double>();
  }
  return last;
}

int main() {
  torch::manual_seed(4);
  GrowingMixture model(/*dim=*/6);
  model->to(torch::kDouble);  // stability experiment: everything in float64
  auto x = torch::randn({16, 6}, torch::kDouble);
  auto y = torch::tanh(x.flip({1}));

  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.05));
  std::cout << "phase 1 loss " << train_phase(model, opt, x, y, 5) << "\n";

  model->add_expert();  // grow when the loss plateaus
  torch::optim::SGD opt2(model->parameters(), torch::optim::SGDOptions(0.05));
  std::cout << "phase 2 loss " << train_phase(model, opt2, x, y, 5) << "\n";
  return 0;
}
