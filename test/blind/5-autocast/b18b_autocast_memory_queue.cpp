// scenario: MoCo-style contrastive step under CPU bfloat16 autocast; the momentum encoder's keys are enqueued into a float32 memory bank
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <iostream>
#include <vector>

namespace {

struct AutocastConfig {
  bool enabled = true;
  at::ScalarType dtype = at::kBFloat16;
};

torch::nn::Sequential makeEncoder(int64_t in, int64_t dim) {
  return torch::nn::Sequential(torch::nn::Linear(in, 64), torch::nn::ReLU(),
                               torch::nn::Linear(64, dim));
}

class MemoryBank {
public:
  MemoryBank(int64_t size, int64_t dim)
      : keys_(torch::nn::functional::normalize(torch::randn({size, dim}),
                                               torch::nn::functional::NormalizeFuncOptions().dim(1))) {}

  const torch::Tensor &keys() const { return keys_; }

  // Ring buffer: overwrite the oldest rows with the newest keys.
  void enqueue(const torch::Tensor &batch_keys) {
    const int64_t n = batch_keys.size(0);
    torch::Tensor slots = torch::arange(ptr_, ptr_ + n, torch::kLong).remainder(keys_.size(0));
    keys_.index_copy_(0, slots, batch_keys); // BUG
    ptr_ = (ptr_ + n) % keys_.size(0);
  }

private:
  torch::Tensor keys_;
  int64_t ptr_ = 0;
};

} // namespace

int main() {
  torch::manual_seed(4);
  const int64_t in = 20, dim = 16, batch = 8;
  const double temperature = 0.07, momentum = 0.99;
  AutocastConfig amp;

  torch::nn::Sequential query_enc = makeEncoder(in, dim);
  torch::nn::Sequential key_enc = makeEncoder(in, dim);
  {
    torch::NoGradGuard no_grad;
    auto qp = query_enc->parameters(), kp = key_enc->parameters();
    for (size_t i = 0; i < qp.size(); ++i)
      kp[i].copy_(qp[i]);
  }
  MemoryBank bank(/*size=*/64, dim);
  torch::optim::SGD optimizer(query_enc->parameters(), torch::optim::SGDOptions(0.03).momentum(0.9));

  for (int step = 0; step < 2; ++step) {
    torch::Tensor x = torch::randn({batch, in});
    torch::Tensor view_q = x + 0.1 * torch::randn_like(x);
    torch::Tensor view_k = x + 0.1 * torch::randn_like(x);

    at::autocast::set_cpu_enabled(amp.enabled);
    at::autocast::set_autocast_cpu_dtype(amp.dtype);

    torch::Tensor q = query_enc->forward(view_q);
    q = q / q.norm(2, 1, true).clamp_min(1e-6);
    torch::Tensor k;
    {
      torch::NoGradGuard no_grad;
      k = key_enc->forward(view_k);
      k = k / k.norm(2, 1, true).clamp_min(1e-6);
    }
    torch::Tensor l_pos = (q * k).sum(1, true);
    torch::Tensor l_neg = torch::mm(q, bank.keys().t());
    torch::Tensor logits = torch::cat({l_pos, l_neg}, 1) / temperature;
    torch::Tensor loss = torch::cross_entropy_loss(logits, torch::zeros({batch}, torch::kLong));

    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    {
      torch::NoGradGuard no_grad;
      auto qp = query_enc->parameters(), kp = key_enc->parameters();
      for (size_t i = 0; i < qp.size(); ++i)
        kp[i].mul_(momentum).add_(qp[i], 1.0 - momentum);
    }
    bank.enqueue(k);
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
