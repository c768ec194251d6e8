// scenario: a text-generation sampler does top-k then nucleus filtering in helpers that return pairs, accumulating probabilities in float64
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <optional>
#include <utility>

// Returns (probabilities of the k best tokens, their vocabulary ids).
std::pair<torch::Tensor, torch::Tensor> top_k_probs(const torch::Tensor &logits, int64_t k,
                                                    double temperature) {
  auto [values, ids] = torch::topk(logits / temperature, k, /*dim=*/-1);
  return {torch::softmax(values, -1), ids};
}

// How many of the sorted candidates survive the nucleus cut, per row.
torch::Tensor nucleus_size(const torch::Tensor &sorted_probs, double top_p,
                           std::optional<torch::Dtype> accum_dtype = torch::kDouble) {
  torch::Tensor cdf = accum_dtype ? torch::cumsum(sorted_probs, -1, *accum_dtype)
                                  : torch::cumsum(sorted_probs, -1);
  torch::Tensor cut = torch::full({sorted_probs.size(0), 1}, top_p, sorted_probs.options());
  return torch::searchsorted(cdf, cut) + 1;
}

torch::Tensor sample_next(const torch::Tensor &logits, int64_t k, double top_p,
                          double temperature) {
  auto [probs, ids] = top_k_probs(logits, k, temperature);
  torch::Tensor keep = nucleus_size(probs, top_p).clamp_max(k);
  torch::Tensor rank = torch::arange(k, ids.options()).unsqueeze(0);
  torch::Tensor filtered = probs.masked_fill(rank.ge(keep), 0.0);
  filtered = filtered / filtered.sum(-1, /*keepdim=*/true);

  torch::Tensor pick = torch::multinomial(filtered, 1);
  return torch::take_along_dim(ids, pick, /*dim=*/-1).squeeze(-1);
}

int main() {
  torch::manual_seed(2024);
  const int64_t batch = 6, vocab = 5000;
  torch::Tensor logits = torch::randn({batch, vocab}) * 3.0;
  torch::Tensor generated = torch::randint(0, vocab, {batch, 4});

  for (int step = 0; step < 5; ++step) {
    torch::Tensor next = sample_next(logits, /*k=*/50, /*top_p=*/0.9, /*temperature=*/0.8);
    generated = torch::cat({generated, next.unsqueeze(1)}, 1);
    logits.index_put_({torch::arange(batch), next}, -1e4);
  }
  std::cout << "generated ids\n" << generated << "\n";
  return 0;
}
