// scenario: masked mean-pooling and attention over padded batches; the mask helper returns float weights for pooling and a bool mask for where/masked_fill/logical ops
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <limits>
#include <utility>

namespace {

// (float weights for pooling, bool mask for selection)
std::pair<torch::Tensor, torch::Tensor> padding_masks(const torch::Tensor& lengths, int64_t max_len) {
  torch::Tensor steps = torch::arange(max_len).unsqueeze(0);
  torch::Tensor valid = steps < lengths.unsqueeze(1);
  return {valid.to(torch::kFloat), valid};
}

torch::Tensor masked_attention(const torch::Tensor& q, const torch::Tensor& k,
                               const torch::Tensor& key_valid) {
  torch::Tensor scores = torch::bmm(q, k.transpose(1, 2)) / std::sqrt(double(q.size(2)));
  torch::Tensor m = key_valid.unsqueeze(1).expand_as(scores);
  torch::Tensor neg = torch::full_like(scores, -std::numeric_limits<float>::infinity());
  return torch::softmax(torch::where(m, scores, neg), -1);
}

torch::Tensor masked_mean(const torch::Tensor& x, const torch::Tensor& weights) {
  return (x * weights.unsqueeze(-1)).sum(1) / weights.sum(1, true).clamp_min(1.0);
}

} // namespace

int main() {
  torch::manual_seed(151);
  const int64_t B = 3, L = 5, D = 4;
  torch::Tensor x = torch::randn({B, L, D});
  torch::Tensor lengths = torch::tensor({5, 2, 4});

  auto masks = padding_masks(lengths, L);
  torch::Tensor weights = masks.first, valid = masks.second;

  torch::Tensor attn = masked_attention(x, x, valid);
  torch::Tensor pooled = masked_mean(torch::bmm(attn, x), weights);

  // Bool-only combinations: & and logical_and of a float with a bool.
  torch::Tensor early = torch::arange(L).unsqueeze(0) < 3;
  torch::Tensor early_valid = valid & early;
  torch::Tensor strong = torch::logical_and(x.abs().amax(-1), valid);
  torch::Tensor zeroed = x.masked_fill(valid.logical_not().unsqueeze(-1), 0.0);

  std::cout << "pooled " << pooled.sizes() << " early-valid " << early_valid.sum().item<int64_t>()
            << " strong " << strong.sum().item<int64_t>() << " zeroed sum "
            << zeroed.sum().item<float>() << "\n";
  return 0;
}
