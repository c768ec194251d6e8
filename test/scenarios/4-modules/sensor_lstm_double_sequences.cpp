// scenario: an LSTM forecaster module gets float64 sensor windows from the windowing helper
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

struct ForecasterImpl : torch::nn::Module {
  ForecasterImpl(int64_t features, int64_t hidden)
      : lstm(register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(features, hidden).batch_first(true)))),
        out(register_module("out", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(const torch::Tensor &windows) {
    auto seq = std::get<0>(lstm(windows)); // BUG
    return out(seq.select(1, -1)).squeeze(1);
  }

  torch::nn::LSTM lstm;
  torch::nn::Linear out;
};
TORCH_MODULE(Forecaster);

// Sliding windows over a signal kept as std::vector<double>.
torch::Tensor make_windows(const std::vector<double> &signal, int64_t len) {
  auto s = torch::tensor(signal, torch::kDouble);
  return s.unfold(0, len, 1).unsqueeze(-1);
}

int main() {
  torch::manual_seed(0);
  std::vector<double> signal;
  for (int i = 0; i < 40; ++i)
    signal.push_back(std::sin(0.3 * i));
  Forecaster model(1, 8);
  auto pred = model->forward(make_windows(signal, 10));
  std::cout << pred.sizes() << "\n";
  return 0;
}
