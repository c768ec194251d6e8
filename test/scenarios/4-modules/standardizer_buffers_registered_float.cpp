// scenario: a standardiser module fits its statistics in float64 but registers the buffers as float32, matching its inputs
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct StandardizerImpl : torch::nn::Module {
  explicit StandardizerImpl(const torch::Tensor &fit_data) {
    auto x = fit_data.to(torch::kDouble);
    mean = register_buffer("mean", x.mean(0).to(torch::kFloat));
    inv_std = register_buffer("inv_std", x.std(0).clamp_min(1e-8).reciprocal().to(torch::kFloat));
  }
  torch::Tensor forward(const torch::Tensor &x) { return torch::addcmul(-mean * inv_std, x, inv_std); }
  torch::Tensor mean, inv_std;
};
TORCH_MODULE(Standardizer);

struct ModelImpl : torch::nn::Module {
  ModelImpl(const torch::Tensor &fit_data)
      : scaler(register_module("scaler", Standardizer(fit_data))),
        fc(register_module("fc", torch::nn::Linear(fit_data.size(1), 2))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc(scaler(x)); }
  Standardizer scaler;
  torch::nn::Linear fc;
};
TORCH_MODULE(Model);

int main() {
  torch::manual_seed(0);
  Model model(torch::randn({50, 3}) * 10.0 + 4.0);
  auto out = model->forward(torch::randn({4, 3}) * 10.0 + 4.0);
  std::cout << out << "\n";
  return 0;
}
