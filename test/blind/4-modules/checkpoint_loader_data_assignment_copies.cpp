// scenario: loader for weights exported from a float64 NumPy pipeline assigns through p.data(); assigning to that temporary is copy_, so the parameters keep float32 and float32 batches still fit
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

using StateDict = std::map<std::string, torch::Tensor>;

// Stand-in for the exporter: same names and shapes, float64 values.
StateDict export_from_reference(const torch::nn::Module& reference) {
  StateDict state;
  for (const auto& item : reference.named_parameters())
    state[item.key()] = item.value().detach().to(torch::kDouble) * 0.5;
  return state;
}

size_t load_state(torch::nn::Module& model, const StateDict& state) {
  size_t loaded = 0;
  for (auto& item : model.named_parameters()) {
    auto it = state.find(item.key());
    if (it == state.end())
      continue;
    TORCH_CHECK(it->second.sizes() == item.value().sizes(), "shape mismatch for ", item.key());
    item.value().data() = it->second;
    ++loaded;
  }
  return loaded;
}

struct ForecasterImpl : torch::nn::Module {
  ForecasterImpl() {
    lstm_ = register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(3, 8).batch_first(true)));
    out_ = register_module("out", torch::nn::Linear(8, 1));
  }
  torch::Tensor forward(const torch::Tensor& seq) {
    auto h = std::get<0>(lstm_(seq));
    return out_(h.select(1, -1));
  }
  torch::nn::LSTM lstm_{nullptr};
  torch::nn::Linear out_{nullptr};
};
TORCH_MODULE(Forecaster);

int main() {
  torch::manual_seed(19);
  Forecaster reference, model;
  auto state = export_from_reference(*reference);
  std::cout << "loaded " << load_state(*model, state) << " tensors\n";

  torch::NoGradGuard no_grad;
  auto window = torch::randn({4, 10, 3});
  auto forecast = model->forward(window);
  std::cout << "forecast " << forecast.squeeze(1) << "\n";
  return 0;
}
