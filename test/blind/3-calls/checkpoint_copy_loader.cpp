// scenario: a loader copies float64 arrays exported from a NumPy checkpoint into a float32 model's parameters and buffers with copy_
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

struct TabularModel : torch::nn::Module {
  TabularModel() {
    fc1 = register_module("fc1", torch::nn::Linear(10, 32));
    norm = register_module("norm", torch::nn::BatchNorm1d(32));
    fc2 = register_module("fc2", torch::nn::Linear(32, 3));
  }
  torch::Tensor forward(torch::Tensor x) {
    return fc2(torch::relu(norm(fc1(x))));
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  torch::nn::BatchNorm1d norm{nullptr};
};

std::map<std::string, torch::Tensor> read_exported_state(torch::nn::Module& like) {
  std::map<std::string, torch::Tensor> state;
  for (const auto& item : like.named_parameters())
    state[item.key()] = torch::randn(item.value().sizes(), torch::kFloat64) * 0.1;
  for (const auto& item : like.named_buffers())
    if (item.value().is_floating_point())
      state[item.key()] = torch::rand(item.value().sizes(), torch::kFloat64) + 0.5;
  return state;
}

size_t load_state(torch::nn::Module& model, const std::map<std::string, torch::Tensor>& state) {
  torch::NoGradGuard no_grad;
  size_t loaded = 0;
  for (auto& item : model.named_parameters()) {
    auto it = state.find(item.key());
    if (it == state.end())
      continue;
    item.value().copy_(it->second);
    ++loaded;
  }
  for (auto& item : model.named_buffers()) {
    auto it = state.find(item.key());
    if (it != state.end()) {
      item.value().copy_(it->second);
      ++loaded;
    }
  }
  return loaded;
}

torch::Tensor predict(TabularModel& model, const torch::Tensor& rows) {
  torch::NoGradGuard no_grad;
  model.eval();
  return model.forward(rows).argmax(1);
}

int main() {
  torch::manual_seed(2);
  auto model = std::make_shared<TabularModel>();
  auto state = read_exported_state(*model);
  size_t loaded = load_state(*model, state);
  torch::Tensor classes = predict(*model, torch::randn({8, 10}));
  std::cout << "loaded " << loaded << " tensors, first class " << classes[0].item<int64_t>() << "\n";
  return 0;
}
