// scenario: gated residual regressor assembled from make_shared<Impl> blocks in a Sequential and converted as a whole to float64, with the batch converted to match
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <memory>

struct GatedBlockImpl : torch::nn::Module {
  explicit GatedBlockImpl(int64_t dim) {
    value_ = register_module("value", torch::nn::Linear(dim, dim));
    gate_ = register_module("gate", torch::nn::Linear(dim, dim));
    scale_ = register_parameter("scale", torch::full({dim}, 0.1));
  }
  torch::Tensor forward(torch::Tensor x) {
    return x + scale_ * value_(x) * torch::sigmoid(gate_(x));
  }
  torch::nn::Linear value_{nullptr}, gate_{nullptr};
  torch::Tensor scale_;
};

torch::nn::Sequential make_regressor(int64_t in_dim, int64_t width, int depth) {
  torch::nn::Sequential seq;
  seq->push_back(torch::nn::Linear(in_dim, width));
  for (int i = 0; i < depth; ++i)
    seq->push_back(std::make_shared<GatedBlockImpl>(width));
  seq->push_back(torch::nn::Functional(torch::tanh));
  seq->push_back(torch::nn::Linear(width, 1));
  return seq;
}

// Physical-units regression: targets span 1e-6..1e3, fit in float64.
double fit(torch::nn::Sequential model, const torch::Tensor& x, const torch::Tensor& y,
           int epochs) {
  model->to(torch::kDouble);
  auto xd = x.to(torch::kDouble);
  auto yd = y.to(torch::kDouble);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-2));
  double loss_value = 0.0;
  for (int e = 0; e < epochs; ++e) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model->forward(xd), yd);
    loss.backward();
    opt.step();
    loss_value = loss.item<double>();
  }
  return loss_value;
}

int main() {
  torch::manual_seed(13);
  auto model = make_regressor(/*in_dim=*/3, /*width=*/16, /*depth=*/3);
  auto x = torch::rand({32, 3});
  auto y = (x.pow(2).sum(1, /*keepdim=*/true) * 1e-3);
  std::cout << "final loss " << fit(model, x, y, /*epochs=*/20) << "\n";
  return 0;
}
