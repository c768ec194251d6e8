// scenario: a tabular inference pipeline looks its preprocessing steps up by name in a registry of std::function; the standardize step computes its statistics in float64 and hands the float64 result on to the float32 model
// tier: 3
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

using Transform = std::function<torch::Tensor(const torch::Tensor&)>;

std::unordered_map<std::string, Transform> build_registry(double clip_value) {
  std::unordered_map<std::string, Transform> registry;
  registry["clip"] = [clip_value](const torch::Tensor& x) {
    return x.clamp(-clip_value, clip_value);
  };
  registry["standardize"] = [](const torch::Tensor& x) {
    torch::Tensor xd = x.to(torch::kDouble); // stable moments on wide columns
    return (xd - xd.mean(0)) / (xd.std(0) + 1e-6);
  };
  registry["fill_nan"] = [](const torch::Tensor& x) {
    return torch::nan_to_num(x, 0.0);
  };
  return registry;
}

torch::Tensor preprocess(const torch::Tensor& raw, const std::vector<std::string>& steps,
                         const std::unordered_map<std::string, Transform>& registry) {
  torch::Tensor x = raw;
  for (const auto& step : steps) {
    x = registry.at(step)(x);
  }
  return x;
}

int main() {
  torch::manual_seed(31);
  auto registry = build_registry(/*clip_value=*/5.0);
  const std::vector<std::string> steps = {"fill_nan", "clip", "standardize"};

  torch::nn::Sequential model(torch::nn::Linear(6, 16), torch::nn::ReLU(), torch::nn::Linear(16, 1));
  model->eval();

  torch::Tensor raw = torch::randn({8, 6}) * 3.0;
  raw[2][4] = std::numeric_limits<float>::quiet_NaN();
  torch::Tensor features = preprocess(raw, steps, registry);

  torch::NoGradGuard no_grad;
  torch::Tensor scores = model->forward(features); // BUG
  std::cout << "scores " << scores.squeeze(-1) << "\n";
  return 0;
}
