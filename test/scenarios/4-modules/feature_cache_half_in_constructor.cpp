// scenario: a plain feature-cache class stores its gallery as float16 in the constructor; lookups multiply float32 queries against it
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Half
#include <torch/torch.h>
#include <iostream>

class GalleryCache {
public:
  explicit GalleryCache(const torch::Tensor &gallery)
      : gallery_(normalize(gallery).to(torch::kHalf)) {}

  // Indices of the k most similar gallery items for each query.
  torch::Tensor lookup(const torch::Tensor &queries, int64_t k) const {
    auto sims = torch::mm(normalize(queries), gallery_.t()); // BUG
    return std::get<1>(sims.topk(k, 1));
  }

  int64_t bytes() const { return gallery_.numel() * gallery_.element_size(); }

private:
  static torch::Tensor normalize(const torch::Tensor &x) {
    return x / x.norm(2, 1, true).clamp_min(1e-6);
  }
  torch::Tensor gallery_;
};

int main() {
  torch::manual_seed(0);
  GalleryCache cache(torch::randn({200, 32}));
  std::cout << "cache bytes " << cache.bytes() << "\n";
  auto hits = cache.lookup(torch::randn({3, 32}), 5);
  std::cout << hits << "\n";
  return 0;
}
