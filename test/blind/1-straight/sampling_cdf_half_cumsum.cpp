// scenario: nucleus sampling over a float16 logits cache on the CPU builds its CDF with cumsum
// tier: 1
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "cumsum_out_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(13);
  const int64_t vocab = 20;
  const double top_p = 0.9;
  const double repetition_penalty = 1.3;

  // Logits were cached in float16 to halve the memory of the logit cache.
  torch::Tensor logits = torch::randn({2, vocab}).to(torch::kHalf);
  torch::Tensor recent = torch::tensor({{3, 5}, {1, 1}});

  // Penalise recently generated tokens (index ops work on Half).
  torch::Tensor penal = logits.gather(1, recent);
  logits.scatter_(1, recent, penal / repetition_penalty);

  // Sorting and exponentiation in float: the probabilities are float32 here.
  auto sorted = logits.sort(/*dim=*/-1, /*descending=*/true);
  torch::Tensor sorted_logits = std::get<0>(sorted);
  torch::Tensor sorted_idx = std::get<1>(sorted);
  torch::Tensor probs = torch::softmax(sorted_logits.to(torch::kFloat), -1);

  // The CDF is computed back in the cache dtype to compare against the cache.
  torch::Tensor probs_h = probs.to(logits.scalar_type());
  torch::Tensor cdf = probs_h.cumsum(-1); // BUG
  torch::Tensor cut = cdf.to(torch::kFloat) > top_p;
  cut = torch::cat({torch::zeros({2, 1}, torch::kBool), cut.slice(1, 0, vocab - 1)}, 1);

  torch::Tensor kept = probs.masked_fill(cut, 0.0);
  kept = kept / kept.sum(-1, true);
  torch::Tensor choice = torch::multinomial(kept, 1);
  torch::Tensor token = sorted_idx.gather(1, choice);

  std::cout << "sampled tokens " << token.view({-1}) << "\n";
  return 0;
}
