// scenario: a probing tool loads transformer activations from its float16 cache and hands them to a helper that layer-normalizes rows before fitting a linear probe
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "LayerNormKernelImpl" not implemented for 'Half'
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <unordered_map>

namespace probe {

namespace dtypes {
constexpr torch::Dtype kCache = torch::kHalf;      // activations on disk
constexpr torch::Dtype kCompute = torch::kFloat;   // probe fitting
constexpr torch::Dtype kLabels = torch::kLong;
}  // namespace dtypes

struct ActivationCache {
  std::unordered_map<std::string, torch::Tensor> layers;

  void put(const std::string& name, const torch::Tensor& acts) {
    layers[name] = acts.to(dtypes::kCache);
  }
  const torch::Tensor& get(const std::string& name) const { return layers.at(name); }
};

ActivationCache capture(int64_t tokens, int64_t hidden, int num_layers) {
  ActivationCache cache;
  for (int l = 0; l < num_layers; ++l)
    cache.put("blocks." + std::to_string(l) + ".resid_post",
              torch::randn({tokens, hidden}) * (1.0 + 0.5 * l));
  return cache;
}

torch::Tensor normalize_rows(const torch::Tensor& acts) {
  const int64_t hidden = acts.size(-1);
  return torch::layer_norm(acts, {hidden});  // BUG
}

double fit_probe_accuracy(const torch::Tensor& feats, const torch::Tensor& labels, int64_t classes) {
  auto x = feats.to(dtypes::kCompute);
  auto onehot = torch::one_hot(labels, classes).to(dtypes::kCompute);
  // Closed-form ridge solution.
  auto gram = torch::mm(x.t(), x) + 1e-2 * torch::eye(x.size(1), x.options());
  auto w = torch::linalg_solve(gram, torch::mm(x.t(), onehot));
  auto pred = torch::mm(x, w).argmax(-1);
  return pred.eq(labels).to(dtypes::kCompute).mean().item<double>();
}

}  // namespace probe

int main() {
  torch::manual_seed(4);
  const int64_t tokens = 256, hidden = 32, classes = 5;
  auto cache = probe::capture(tokens, hidden, 4);
  auto labels = torch::randint(classes, {tokens}, probe::dtypes::kLabels);

  for (int l = 0; l < 4; ++l) {
    const auto name = "blocks." + std::to_string(l) + ".resid_post";
    auto feats = probe::normalize_rows(cache.get(name));
    auto acc = probe::fit_probe_accuracy(feats, labels, classes);
    std::cout << name << ": probe accuracy " << acc << "\n";
  }
  return 0;
}
