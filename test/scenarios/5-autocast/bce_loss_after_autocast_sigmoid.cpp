// scenario: a multi-label tagger computes sigmoid probabilities under CPU autocast and evaluates BCELoss on them against float32 labels after autocast is switched off
// tier: 5
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Float but expected BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t in, int64_t tags)
      : fc(register_module("fc", torch::nn::Linear(in, tags))) {}
  torch::Tensor forward(const torch::Tensor &x) { return torch::sigmoid(fc(x)); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Tagger);

float validation_loss(Tagger &model, const torch::Tensor &x, const torch::Tensor &labels) {
  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  auto probs = model(x);
  at::autocast::set_cpu_enabled(false);
  torch::nn::BCELoss criterion;
  auto loss = criterion(probs, labels); // BUG
  return loss.item<float>();
}

int main() {
  torch::manual_seed(0);
  Tagger model(40, 12);
  model->eval();
  auto x = torch::randn({64, 40});
  auto labels = torch::randint(0, 2, {64, 12}).to(torch::kFloat);
  std::cout << "val bce " << validation_loss(model, x, labels) << "\n";
  return 0;
}
