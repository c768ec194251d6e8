// scenario: contrastive training keeps a float32 ring buffer of negative keys; keys are encoded under CPU bfloat16 autocast and enqueued with index_copy_ after the region
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct CpuAutocast {
  CpuAutocast() {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  }
  ~CpuAutocast() {
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }
};

int main() {
  torch::manual_seed(6);
  const int64_t dim = 32, queue_size = 256, batch = 16;
  torch::nn::Sequential key_encoder(torch::nn::Linear(64, 128), torch::nn::ReLU(),
                                    torch::nn::Linear(128, dim));
  auto queue = torch::nn::functional::normalize(torch::randn({queue_size, dim}),
                                                torch::nn::functional::NormalizeFuncOptions().dim(1));
  int64_t write_ptr = 0;

  for (int it = 0; it < 3; ++it) {
    auto images = torch::randn({batch, 64});
    torch::Tensor keys;
    {
      CpuAutocast autocast;
      torch::NoGradGuard no_grad;
      keys = key_encoder->forward(images);
      keys = keys / keys.norm(2, 1, true).clamp_min(1e-6);
    }
    auto slots = torch::arange(write_ptr, write_ptr + batch) % queue_size;
    queue.index_copy_(0, slots, keys); // BUG
    write_ptr = (write_ptr + batch) % queue_size;
    std::cout << "iter " << it << " queue norm " << queue.norm().item<float>() << "\n";
  }
  return 0;
}
