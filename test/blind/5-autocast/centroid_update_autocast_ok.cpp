// scenario: an online clustering job embeds batches under a bfloat16 CPU autocast helper and folds them into float32 centroids
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <iostream>
#include <tuple>
#include <utility>
#include <vector>

namespace amp {

// Runs fn with CPU autocast enabled and returns what it returns.
template <typename Fn>
auto cpuAutocast(Fn &&fn, at::ScalarType dtype = at::kBFloat16) {
  const bool prevEnabled = at::autocast::is_cpu_enabled();
  const auto prevDtype = at::autocast::get_autocast_cpu_dtype();
  at::autocast::set_cpu_enabled(true);
  at::autocast::set_autocast_cpu_dtype(dtype);
  at::autocast::increment_nesting();
  auto result = std::forward<Fn>(fn)();
  if (at::autocast::decrement_nesting() == 0)
    at::autocast::clear_cache();
  at::autocast::set_cpu_enabled(prevEnabled);
  at::autocast::set_autocast_cpu_dtype(prevDtype);
  return result;
}

} // namespace amp

struct ProjectionEncoder {
  torch::nn::Linear proj;
  explicit ProjectionEncoder(int64_t in, int64_t out) : proj(in, out) {}
  torch::Tensor operator()(const torch::Tensor &x) {
    return torch::relu(proj->forward(x));
  }
};

class CentroidUpdater {
public:
  CentroidUpdater(ProjectionEncoder enc, torch::Tensor init)
      : encode_(std::move(enc)), centroids_(std::move(init)) {}

  double step(const torch::Tensor &batch) {
    torch::NoGradGuard noGrad;
    torch::Tensor emb, dist;
    std::tie(emb, dist) = amp::cpuAutocast([&] {
      auto e = encode_(batch);
      return std::make_tuple(e, torch::cdist(e, centroids_));
    });
    auto assign = dist.argmin(1);
    auto sums = torch::zeros_like(centroids_);
    sums.index_add_(0, assign, emb.to(sums.scalar_type()));
    auto counts = torch::bincount(assign, {}, centroids_.size(0));
    auto hit = counts > 0;
    auto means = sums / counts.clamp_min(1).unsqueeze(1).to(sums.scalar_type());
    centroids_ = torch::where(hit.unsqueeze(1), 0.9 * centroids_ + 0.1 * means,
                              centroids_);
    return std::get<0>(dist.min(1)).mean().item<double>();
  }

  const torch::Tensor &centroids() const { return centroids_; }

private:
  ProjectionEncoder encode_;
  torch::Tensor centroids_;
};

int main() {
  torch::manual_seed(4);
  const int64_t k = 8, dim = 24;
  CentroidUpdater updater(ProjectionEncoder(64, dim), torch::rand({k, dim}));

  for (int epoch = 0; epoch < 3; ++epoch) {
    double inertia = 0;
    for (int b = 0; b < 4; ++b)
      inertia += updater.step(torch::randn({32, 64}));
    std::cout << "epoch " << epoch << " mean distance " << inertia / 4 << "\n";
  }
  std::cout << "centroids " << updater.centroids().dtype() << "\n";
  return 0;
}
