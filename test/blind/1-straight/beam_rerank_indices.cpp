// scenario: reranks beam-search hypotheses with a GNMT length penalty and extracts the best token sequence per sentence
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(7);
  const int64_t batch = 3;
  const int64_t beams = 5;
  const int64_t max_len = 12;
  const int64_t vocab = 40;
  const int64_t pad_id = 0;
  const double alpha = 0.6;

  auto log_probs = torch::randn({batch, beams}).log_softmax(1);
  auto lengths = torch::randint(4, max_len + 1, {batch, beams}, torch::kLong);
  auto tokens = torch::randint(1, vocab, {batch * beams, max_len}, torch::kLong);
  auto finished = torch::rand({batch, beams}) > 0.3;

  // GNMT length penalty: ((5 + |Y|) / 6) ^ alpha
  auto penalty = torch::pow((lengths + 5) / 6.0, alpha);
  auto normalised = log_probs / penalty;
  auto ranked = normalised.masked_fill(finished.logical_not(), -1e4);

  auto top = ranked.topk(3, /*dim=*/1);
  auto top_scores = std::get<0>(top);
  auto top_idx = std::get<1>(top);
  auto top_lengths = lengths.gather(1, top_idx);
  auto top_raw = log_probs.gather(1, top_idx);

  // sentences with no finished hypothesis fall back to the best raw score
  auto any_finished = finished.any(1);
  auto fallback = log_probs.argmax(1);
  auto chosen = torch::where(any_finished, top_idx.select(1, 0), fallback);
  auto chosen_len = lengths.gather(1, chosen.unsqueeze(1));
  auto chosen_score = normalised.gather(1, chosen.unsqueeze(1)).squeeze(1);

  auto row_offset = torch::arange(batch, torch::kLong) * beams;
  auto best_rows = tokens.index_select(0, row_offset + chosen);

  auto positions = torch::arange(max_len, torch::kLong).unsqueeze(0);
  auto output = torch::where(positions < chosen_len, best_rows,
                             torch::full_like(best_rows, pad_id));
  auto emitted = (output != pad_id).sum(1);

  // per-token score used by the reporting dashboard
  auto per_token = chosen_score / emitted;
  auto halfway = chosen_len.squeeze(1).div(2, "floor");
  auto midpoint_tokens = output.gather(1, halfway.unsqueeze(1)).squeeze(1);

  auto margin = top_scores.select(1, 0) - top_scores.select(1, 1);
  auto share = torch::softmax(top_raw, 1).select(1, 0);

  std::cout << "chosen beams: " << chosen << "\n";
  std::cout << "per-token score: " << per_token << "\n";
  std::cout << "top-2 margin: " << margin << "\n";
  std::cout << "top share: " << share << "\n";

  if (!torch::equal(emitted, chosen_len.squeeze(1)))
    return 1;
  if (output.scalar_type() != torch::kLong || per_token.scalar_type() != torch::kFloat)
    return 1;
  if ((midpoint_tokens == pad_id).any().item<bool>())
    return 1;
  if (!torch::isfinite(per_token).all().item<bool>())
    return 1;
  return 0;
}
