// scenario: an inference server reuses a preallocated float32 score buffer with mm_out while its query and key projections run under CPU autocast
// tier: 5
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype c10::BFloat16, but got float instead
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class AttentionScorer {
 public:
  AttentionScorer(int64_t dim, int64_t max_tokens)
      : wq_(dim, dim), wk_(dim, dim), scores_(torch::empty({max_tokens, max_tokens})) {}

  torch::Tensor score(const torch::Tensor &tokens) {
    torch::NoGradGuard no_grad;
    at::autocast::set_cpu_enabled(true);
    auto q = wq_(tokens);
    auto k = wk_(tokens);
    auto n = tokens.size(0);
    auto view = scores_.narrow(0, 0, n).narrow(1, 0, n);
    torch::mm_out(view, q, k.t()); // BUG
    at::autocast::set_cpu_enabled(false);
    return torch::softmax(view / std::sqrt(double(q.size(1))), 1);
  }

 private:
  torch::nn::Linear wq_, wk_;
  torch::Tensor scores_;
};

int main() {
  torch::manual_seed(0);
  AttentionScorer scorer(32, 128);
  auto request = torch::randn({20, 32});
  auto attn = scorer.score(request);
  std::cout << "row sums " << attn.sum(1).narrow(0, 0, 3) << "\n";
  return 0;
}
