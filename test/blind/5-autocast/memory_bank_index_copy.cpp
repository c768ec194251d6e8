// scenario: a contrastive trainer encodes under CPU bfloat16 autocast and writes the embeddings into a float32 memory bank
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

namespace {

class CpuAutocast {
 public:
  explicit CpuAutocast(bool enabled) : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::increment_nesting();
  }
  ~CpuAutocast() {
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_);
  }

 private:
  bool prev_;
};

class MemoryBank {
 public:
  MemoryBank(int64_t size, int64_t dim) : bank_(torch::nn::functional::normalize(torch::randn({size, dim}),
                                                torch::nn::functional::NormalizeFuncOptions().dim(1))) {}

  void enqueue(const torch::Tensor& idx, const torch::Tensor& emb) {
    torch::NoGradGuard no_grad;
    bank_.index_copy_(0, idx, emb.detach()); // BUG
  }
  const torch::Tensor& bank() const { return bank_; }

 private:
  torch::Tensor bank_;
};

}  // namespace

int main() {
  torch::manual_seed(17);
  torch::nn::Sequential encoder(torch::nn::Linear(32, 64), torch::nn::ReLU(), torch::nn::Linear(64, 16));
  torch::optim::SGD opt(encoder->parameters(), torch::optim::SGDOptions(0.03).momentum(0.9));
  MemoryBank bank(128, 16);
  const bool use_amp = true;

  for (int64_t step = 0; step < 3; ++step) {
    auto x = torch::randn({8, 32});
    auto idx = torch::arange(step * 8, step * 8 + 8, torch::kLong);
    torch::Tensor emb, loss;
    {
      CpuAutocast amp(use_amp);
      emb = encoder->forward(x);
      auto z = emb / emb.norm(2, 1, true);
      auto logits = torch::mm(z, bank.bank().t()) / 0.07;
      loss = torch::nn::functional::cross_entropy(logits, idx);
    }
    opt.zero_grad();
    loss.backward();
    opt.step();
    bank.enqueue(idx, emb);
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
