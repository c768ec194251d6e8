// scenario: a feature pipeline looks transforms up by name in a map of std::function built by factories whose lambdas capture double statistics and options; the scorer Linear is converted to the pipeline's dtype
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

using Transform = std::function<torch::Tensor(const torch::Tensor &)>;

Transform make_standardizer(const torch::Tensor &train, torch::TensorOptions opts) {
  auto mean = train.to(opts).mean(0);
  auto stdev = train.to(opts).std(0).clamp_min(1e-6);
  return [mean, stdev, opts](const torch::Tensor &x) { return (x.to(opts) - mean) / stdev; };
}

Transform make_clipper(double limit) {
  return [limit](const torch::Tensor &x) { return x.clamp(-limit, limit); };
}

torch::Tensor run_pipeline(const std::map<std::string, Transform> &registry,
                           const std::vector<std::string> &steps, torch::Tensor x) {
  for (const auto &name : steps)
    x = registry.at(name)(x);
  return x;
}

} // namespace

int main() {
  torch::manual_seed(9);
  const auto pipeline_opts = torch::TensorOptions().dtype(torch::kDouble);
  auto train = torch::randn({500, 12}) * 30.0 + 100.0;

  std::map<std::string, Transform> registry;
  registry.emplace("standardize", make_standardizer(train, pipeline_opts));
  registry.emplace("clip", make_clipper(5.0));
  registry.emplace("square", [](const torch::Tensor &x) { return x * x.abs(); });

  torch::nn::Linear scorer(12, 1);
  scorer->to(torch::typeMetaToScalarType(pipeline_opts.dtype()));

  const std::vector<std::string> steps = {"standardize", "clip"};
  torch::NoGradGuard no_grad;
  for (int batch = 0; batch < 3; ++batch) {
    auto raw = torch::randn({64, 12}) * 30.0 + 100.0;
    auto features = run_pipeline(registry, steps, raw);
    auto scores = scorer(features);
    std::cout << "batch " << batch << " mean score " << scores.mean().item<double>() << "\n";
  }
  return 0;
}
