// scenario: a contrastive-learning memory bank (float32) is refreshed with index_copy_ using embeddings computed under CPU autocast
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class MemoryBank {
 public:
  MemoryBank(int64_t size, int64_t dim)
      : bank_(torch::nn::functional::normalize(torch::randn({size, dim}))) {}

  void update(const torch::Tensor &ids, const torch::Tensor &embeddings) {
    bank_.index_copy_(0, ids, embeddings); // BUG
  }
  torch::Tensor negatives(int64_t k) const { return bank_.narrow(0, 0, k); }

 private:
  torch::Tensor bank_;
};

int main() {
  torch::manual_seed(0);
  torch::nn::Linear projector(48, 16);
  MemoryBank bank(1024, 16);
  auto batch = torch::randn({8, 48});
  auto ids = torch::randint(0, 1024, {8});

  torch::Tensor emb;
  {
    torch::NoGradGuard no_grad;
    at::autocast::set_cpu_enabled(true);
    emb = torch::nn::functional::normalize(projector(batch));
    at::autocast::set_cpu_enabled(false);
  }
  bank.update(ids, emb);
  std::cout << "negatives " << bank.negatives(4).sizes() << "\n";
  return 0;
}
