// scenario: calibration helper divides float32 logits by a 0-dim float64 temperature; the result stays float32 for the next matmul
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

// Temperature fitted offline and stored as a double scalar tensor.
torch::Tensor load_temperature() { return torch::tensor(1.7, torch::kDouble); }

torch::Tensor calibrate(const torch::Tensor &logits, const torch::Tensor &temperature) {
  return logits / temperature;
}

torch::Tensor ensemble(const torch::Tensor &calibrated, const torch::Tensor &mixing) {
  return torch::mm(torch::softmax(calibrated, 1), mixing);
}

int main() {
  torch::manual_seed(0);
  auto logits = torch::randn({6, 4});
  auto temperature = load_temperature();
  auto calibrated = calibrate(logits, temperature);
  auto mixing = torch::eye(4) * 0.9 + 0.025;
  auto probs = ensemble(calibrated, mixing);
  std::cout << calibrated.dtype() << "\n" << probs.sum(1) << "\n";
  return 0;
}
