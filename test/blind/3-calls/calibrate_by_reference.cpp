// scenario: fits a monotone temperature-calibration net in float64 after a helper converts the module passed by reference
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct CalibratorImpl : torch::nn::Module {
  CalibratorImpl(int64_t bins)
      : hidden(register_module("hidden", torch::nn::Linear(1, bins))),
        out(register_module("out", torch::nn::Linear(bins, 1))) {}

  torch::Tensor forward(const torch::Tensor &logit) {
    return out->forward(torch::softplus(hidden->forward(logit)));
  }

  torch::nn::Linear hidden, out;
};
TORCH_MODULE(Calibrator);

void to_fp64(torch::nn::Module &module) { module.to(torch::kDouble); }

void freeze(Calibrator &calib) {
  for (auto &p : calib->parameters())
    p.requires_grad_(false);
}

double fit(Calibrator &calib, const torch::Tensor &logits, const torch::Tensor &labels, int steps) {
  torch::optim::Adam opt(calib->parameters(), torch::optim::AdamOptions(2e-2));
  double loss_value = 0.0;
  for (int i = 0; i < steps; ++i) {
    opt.zero_grad();
    auto loss = torch::binary_cross_entropy_with_logits(calib->forward(logits), labels);
    loss.backward();
    opt.step();
    loss_value = loss.item<double>();
  }
  return loss_value;
}

int main() {
  torch::manual_seed(31);
  Calibrator calib(8);
  to_fp64(*calib);

  // held-out logits from an over-confident classifier
  auto raw_logits = torch::randn({600, 1}, torch::kDouble) * 4.0;
  auto true_prob = torch::sigmoid(raw_logits / 2.5);
  auto labels = torch::bernoulli(true_prob);

  const double before = torch::binary_cross_entropy_with_logits(raw_logits, labels).item<double>();
  const double after = fit(calib, raw_logits, labels, 150);
  freeze(calib);

  auto grid = torch::linspace(-8.0, 8.0, 9, torch::kDouble).unsqueeze(1);
  auto calibrated = torch::sigmoid(calib->forward(grid)).squeeze(1);
  std::cout << "nll " << before << " -> " << after << "\ncalibrated grid: " << calibrated << "\n";

  if (calib->hidden->weight.scalar_type() != torch::kDouble)
    return 1;
  return after < before ? 0 : 1;
}
