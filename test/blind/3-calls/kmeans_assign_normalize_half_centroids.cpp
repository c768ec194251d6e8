// scenario: templated spherical k-means step; the centroid store is float16 and F::normalize runs on it on the CPU
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "clamp_min_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

template <torch::ScalarType StoreT>
struct CentroidStore {
  torch::Tensor data;
  explicit CentroidStore(const torch::Tensor& init) : data(init.to(StoreT)) {}
  void update(const torch::Tensor& new_centroids) { data.copy_(new_centroids); }
};

template <typename Store>
torch::Tensor unit_rows(const Store& store) {
  return F::normalize(store.data, F::NormalizeFuncOptions().dim(1).p(2)); // BUG
}

template <typename Store>
torch::Tensor assign(const torch::Tensor& points, const Store& store) {
  torch::Tensor c = unit_rows(store).to(points.scalar_type());
  torch::Tensor p = F::normalize(points, F::NormalizeFuncOptions().dim(1));
  return torch::mm(p, c.t()).argmax(1);
}

template <typename Store>
void kmeans_step(const torch::Tensor& points, Store& store, int64_t k) {
  torch::Tensor labels = assign(points, store);
  torch::Tensor sums = torch::zeros({k, points.size(1)}).index_add_(0, labels, points);
  torch::Tensor sizes = torch::bincount(labels, {}, k).clamp_min(1).unsqueeze(1);
  store.update(sums / sizes);
  std::cout << "cluster sizes " << sizes.view({-1}) << "\n";
}

int main() {
  torch::manual_seed(79);
  torch::Tensor points = torch::randn({10, 4});
  CentroidStore<torch::kHalf> centroids(torch::randn({3, 4}));
  for (int it = 0; it < 2; ++it) kmeans_step(points, centroids, 3);
  return 0;
}
