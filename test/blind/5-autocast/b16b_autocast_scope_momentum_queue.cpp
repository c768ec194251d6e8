// scenario: a MoCo-style trainer runs both encoders in a bf16 CPU autocast scope and enqueues the key embeddings into a float32 memory bank
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>

class CpuAutocastScope {
public:
  explicit CpuAutocastScope(bool enabled, at::ScalarType dtype = at::kBFloat16)
      : prev_enabled_(at::autocast::is_cpu_enabled()), prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::set_autocast_cpu_dtype(dtype);
  }
  ~CpuAutocastScope() {
    at::autocast::set_cpu_enabled(prev_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
    at::autocast::clear_cache();
  }

private:
  bool prev_enabled_;
  at::ScalarType prev_dtype_;
};

class MemoryBank {
public:
  MemoryBank(int64_t size, int64_t dim)
      : bank_(torch::nn::functional::normalize(torch::randn({size, dim}), torch::nn::functional::NormalizeFuncOptions().dim(1))) {}
  const torch::Tensor& keys() const { return bank_; }
  void enqueue(const torch::Tensor& new_keys) {
    int64_t n = new_keys.size(0);
    auto slots = torch::arange(ptr_, ptr_ + n, torch::kLong).remainder(bank_.size(0));
    bank_.index_copy_(0, slots, new_keys); // BUG
    ptr_ = (ptr_ + n) % bank_.size(0);
  }

private:
  torch::Tensor bank_;
  int64_t ptr_ = 0;
};

torch::nn::Sequential make_encoder(int64_t in, int64_t dim) {
  return torch::nn::Sequential(torch::nn::Linear(in, 128), torch::nn::ReLU(), torch::nn::Linear(128, dim));
}

void momentum_update(torch::nn::Sequential& query_enc, torch::nn::Sequential& key_enc, double m) {
  torch::NoGradGuard no_grad;
  auto q = query_enc->named_parameters();
  for (auto& kp : key_enc->named_parameters())
    kp.value().mul_(m).add_(q[kp.key()], 1.0 - m);
}

int main() {
  torch::manual_seed(2);
  const bool use_bf16 = true;
  auto query_enc = make_encoder(32, 16), key_enc = make_encoder(32, 16);
  for (auto& kp : key_enc->named_parameters()) {
    torch::NoGradGuard no_grad;
    kp.value().copy_(query_enc->named_parameters()[kp.key()]);
    kp.value().set_requires_grad(false);
  }
  MemoryBank bank(256, 16);
  torch::optim::SGD opt(query_enc->parameters(), torch::optim::SGDOptions(0.03).momentum(0.9));
  namespace F = torch::nn::functional;

  for (int step = 0; step < 4; ++step) {
    auto view_a = torch::randn({32, 32});
    auto view_b = view_a + 0.1 * torch::randn({32, 32});
    torch::Tensor loss, k;
    {
      CpuAutocastScope autocast(use_bf16);
      auto q = F::normalize(query_enc->forward(view_a), F::NormalizeFuncOptions().dim(1));
      {
        torch::NoGradGuard no_grad;
        k = F::normalize(key_enc->forward(view_b), F::NormalizeFuncOptions().dim(1));
      }
      auto pos = (q * k).sum(1, true);
      auto neg = torch::mm(q, bank.keys().t());
      auto logits = torch::cat({pos, neg}, 1) / 0.07;
      loss = F::cross_entropy(logits, torch::zeros({32}, torch::kLong));
    }
    opt.zero_grad();
    loss.backward();
    opt.step();
    momentum_update(query_enc, key_enc, 0.999);
    bank.enqueue(k);
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
