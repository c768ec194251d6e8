// scenario: running statistics exported by a float64 calibration job are restored with set_data over named_buffers(); the BatchNorm buffers become float64 while serving inputs are float32
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct ScoringNetImpl : torch::nn::Module {
  ScoringNetImpl(int64_t in, int64_t hidden) {
    bn_ = register_module("bn", torch::nn::BatchNorm1d(in));
    fc_ = register_module("fc", torch::nn::Linear(in, hidden));
    out_ = register_module("out", torch::nn::Linear(hidden, 1));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    auto z = bn_(x); // BUG
    return torch::sigmoid(out_(torch::relu(fc_(z))));
  }
  torch::nn::BatchNorm1d bn_{nullptr};
  torch::nn::Linear fc_{nullptr}, out_{nullptr};
};
TORCH_MODULE(ScoringNet);

// What the calibration job writes: per-feature moments as doubles.
std::map<std::string, torch::Tensor> calibration_stats(int64_t features) {
  std::vector<double> mean, var;
  for (int64_t i = 0; i < features; ++i) {
    mean.push_back(0.1 * i);
    var.push_back(1.0 + 0.05 * i);
  }
  return {{"bn.running_mean", torch::tensor(mean, torch::kDouble)},
          {"bn.running_var", torch::tensor(var, torch::kDouble)}};
}

void restore_buffers(torch::nn::Module& model,
                     const std::map<std::string, torch::Tensor>& stats) {
  torch::NoGradGuard no_grad;
  for (auto& item : model.named_buffers()) {
    auto it = stats.find(item.key());
    if (it != stats.end())
      item.value().set_data(it->second);
  }
}

int main() {
  torch::manual_seed(23);
  ScoringNet net(/*in=*/6, /*hidden=*/10);
  restore_buffers(*net, calibration_stats(6));
  net->eval();

  torch::NoGradGuard no_grad;
  auto requests = torch::randn({3, 6});
  auto scores = net->forward(requests);
  std::cout << "scores " << scores.squeeze(1) << "\n";
  return 0;
}
