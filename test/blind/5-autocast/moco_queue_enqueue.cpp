// scenario: a MoCo-style trainer encodes keys under CPU bfloat16 autocast and enqueues them into its float32 negatives queue
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

namespace F = torch::nn::functional;

namespace {

// Scoped CPU autocast, the C++ counterpart of `with torch.autocast("cpu")`.
class CpuAutocastGuard {
public:
  explicit CpuAutocastGuard(at::ScalarType dtype)
      : prevEnabled_(at::autocast::is_cpu_enabled()),
        prevDtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastGuard() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prevEnabled_);
    at::autocast::set_autocast_cpu_dtype(prevDtype_);
  }

private:
  bool prevEnabled_;
  at::ScalarType prevDtype_;
};

class NegativesQueue {
public:
  NegativesQueue(int64_t size, int64_t dim)
      : queue_(F::normalize(torch::randn({size, dim}), F::NormalizeFuncOptions().dim(1))) {}

  void enqueue(const torch::Tensor &keys) {
    const int64_t n = keys.size(0);
    auto slots = torch::arange(ptr_, ptr_ + n, torch::kLong).remainder(queue_.size(0));
    queue_.index_copy_(0, slots, keys); // BUG
    ptr_ = (ptr_ + n) % queue_.size(0);
  }

  const torch::Tensor &negatives() const { return queue_; }

private:
  torch::Tensor queue_;
  int64_t ptr_ = 0;
};

} // namespace

int main() {
  torch::manual_seed(23);
  const int64_t dim = 32;
  torch::nn::Sequential keyEncoder(torch::nn::Linear(64, 128), torch::nn::ReLU(),
                                   torch::nn::Linear(128, dim));
  NegativesQueue queue(256, dim);

  for (int step = 0; step < 3; ++step) {
    auto views = torch::randn({16, 64});
    torch::Tensor keys;
    {
      torch::NoGradGuard noGrad;
      CpuAutocastGuard autocast(at::kBFloat16);
      keys = F::normalize(keyEncoder->forward(views), F::NormalizeFuncOptions().dim(1));
    }
    auto logitsNeg = torch::mm(keys.to(torch::kFloat), queue.negatives().t()) / 0.07;
    std::cout << "step " << step << " max neg logit " << logitsNeg.max().item<float>()
              << std::endl;
    queue.enqueue(keys);
  }
  return 0;
}
