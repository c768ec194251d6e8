// scenario: a preprocessing pipeline of named stages held as std::function; a compression stage drops to float16
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "LayerNormKernelImpl" not implemented for 'Half'
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

class Pipeline {
public:
  using Stage = std::function<torch::Tensor(const torch::Tensor&)>;

  Pipeline& add(std::string name, Stage stage) {
    stages_.emplace_back(std::move(name), std::move(stage));
    return *this;
  }

  torch::Tensor run(torch::Tensor x) const {
    for (const auto& [name, stage] : stages_) {
      x = stage(x);
      if (verbose_)
        std::cout << "  after " << name << ": " << x.dtype() << " " << x.sizes() << "\n";
    }
    return x;
  }

  void set_verbose(bool v) { verbose_ = v; }

private:
  std::vector<std::pair<std::string, Stage>> stages_;
  bool verbose_ = false;
};

Pipeline make_pipeline(int64_t feature_dim, bool compress) {
  Pipeline p;
  p.add("clip", [](const torch::Tensor& x) { return x.clamp(-5.0, 5.0); });
  if (compress) {
    // Features are shipped to the ranking service as float16.
    p.add("compress", [](const torch::Tensor& x) { return x.to(torch::kHalf); });
  }
  p.add("standardize", [feature_dim](const torch::Tensor& x) {
    return torch::layer_norm(x, {feature_dim}); // BUG
  });
  p.add("nan_guard", [](const torch::Tensor& x) { return torch::nan_to_num(x); });
  return p;
}

int main() {
  torch::manual_seed(41);
  const int64_t feature_dim = 48;
  auto raw = torch::randn({128, feature_dim}) * 3.0;

  auto pipeline = make_pipeline(feature_dim, /*compress=*/true);
  pipeline.set_verbose(true);
  auto features = pipeline.run(raw);
  std::cout << "feature mean " << features.to(torch::kFloat).mean().item<float>() << "\n";
  return 0;
}
