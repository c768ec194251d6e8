// scenario: a gallery cache stores float16 in its constructor and converts the gallery to the query's options on every lookup
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

class GalleryCache {
public:
  explicit GalleryCache(const torch::Tensor &gallery)
      : gallery_(normalize(gallery).to(torch::kHalf)) {}

  torch::Tensor lookup(const torch::Tensor &queries, int64_t k) const {
    auto g = gallery_.to(queries.options());
    auto sims = torch::mm(normalize(queries), g.t());
    return std::get<1>(sims.topk(k, 1));
  }

private:
  static torch::Tensor normalize(const torch::Tensor &x) {
    return x / x.norm(2, 1, true).clamp_min(1e-6);
  }
  torch::Tensor gallery_;
};

int main() {
  torch::manual_seed(0);
  GalleryCache cache(torch::randn({200, 32}));
  std::cout << cache.lookup(torch::randn({3, 32}), 5) << "\n";
  return 0;
}
