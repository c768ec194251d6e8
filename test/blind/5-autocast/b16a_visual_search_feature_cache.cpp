// scenario: a visual-search service encodes catalogue images under a CPU autocast scope (bf16) and caches the pooled features by SKU; the category head, a float32 Linear loaded later, is applied to the cached features after the scope has ended
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

// Enables CPU autocast for its lifetime and restores the previous state.
class CpuAutocastScope {
public:
  explicit CpuAutocastScope(at::ScalarType dtype = at::kBFloat16)
      : wasEnabled_(at::autocast::is_cpu_enabled()),
        previousDtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
  }
  ~CpuAutocastScope() {
    at::autocast::set_cpu_enabled(wasEnabled_);
    at::autocast::set_autocast_cpu_dtype(previousDtype_);
    at::autocast::clear_cache();
  }
  CpuAutocastScope(const CpuAutocastScope &) = delete;
  CpuAutocastScope &operator=(const CpuAutocastScope &) = delete;

private:
  bool wasEnabled_;
  at::ScalarType previousDtype_;
};

class CatalogueEncoder {
public:
  CatalogueEncoder()
      : backbone_(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).stride(2).padding(1)),
                  torch::nn::ReLU(),
                  torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).stride(2).padding(1))) {
    backbone_->eval();
  }

  void encode(const std::string &sku, const torch::Tensor &image) {
    torch::NoGradGuard noGrad;
    CpuAutocastScope autocast;
    auto fmap = backbone_->forward(image.unsqueeze(0));
    cache_[sku] = fmap.mean({2, 3}); // [1, 32]
  }

  const std::map<std::string, torch::Tensor> &features() const { return cache_; }

private:
  torch::nn::Sequential backbone_;
  std::map<std::string, torch::Tensor> cache_;
};

int main() {
  torch::manual_seed(2);
  CatalogueEncoder encoder;
  for (const char *sku : {"SKU-1001", "SKU-1002", "SKU-1003"})
    encoder.encode(sku, torch::rand({3, 64, 64}));

  torch::nn::Linear categoryHead(32, 8); // loaded from the float32 checkpoint
  categoryHead->eval();
  torch::NoGradGuard noGrad;
  for (const auto &[sku, feats] : encoder.features()) {
    auto logits = categoryHead->forward(feats); // BUG
    std::cout << sku << " -> category " << logits.argmax(-1).item<int64_t>() << "\n";
  }
  return 0;
}
