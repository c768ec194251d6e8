// scenario: an LSTM forecaster is converted to float64 and its windows and initial states are created with the input's options
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

struct ForecasterImpl : torch::nn::Module {
  ForecasterImpl(int64_t features, int64_t hidden)
      : hidden_(hidden),
        lstm(register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(features, hidden).batch_first(true)))),
        out(register_module("out", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(const torch::Tensor &windows) {
    auto h0 = torch::zeros({1, windows.size(0), hidden_}, windows.options());
    auto c0 = torch::zeros_like(h0);
    auto seq = std::get<0>(lstm(windows, std::make_tuple(h0, c0)));
    return out(seq.select(1, -1)).squeeze(1);
  }

  int64_t hidden_;
  torch::nn::LSTM lstm;
  torch::nn::Linear out;
};
TORCH_MODULE(Forecaster);

int main() {
  torch::manual_seed(0);
  std::vector<double> signal;
  for (int i = 0; i < 40; ++i)
    signal.push_back(std::sin(0.3 * i));
  Forecaster model(1, 8);
  model->to(torch::kDouble);
  auto windows = torch::tensor(signal, torch::kDouble).unfold(0, 10, 1).unsqueeze(-1);
  std::cout << model->forward(windows).sizes() << "\n";
  return 0;
}
