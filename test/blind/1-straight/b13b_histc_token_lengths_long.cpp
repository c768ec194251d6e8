// scenario: bins the true lengths of a padded token batch into a histogram to choose bucket edges for a length-bucketing sampler
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "histogram_cpu" not implemented for 'Long'
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(11);
  const int64_t pad_id = 0;
  const int64_t batch = 16;
  const int64_t max_len = 32;
  const int64_t n_buckets = 8;

  // a collated batch of token ids, right-padded with pad_id
  auto ids = torch::randint(1, 500, {batch, max_len});
  auto true_len = torch::randint(4, max_len + 1, {batch});
  auto positions = torch::arange(max_len).unsqueeze(0);
  ids.masked_fill_(positions >= true_len.unsqueeze(1), pad_id);

  // recover the lengths from the padding mask, the way the collator does
  auto not_pad = ids.ne(pad_id);
  auto lengths = not_pad.sum(1);
  auto longest = lengths.max().item<int64_t>();
  auto mean_len = lengths.to(torch::kFloat).mean().item<float>();
  std::cout << "longest " << longest << ", mean " << mean_len << "\n";

  auto hist = torch::histc(lengths, n_buckets, 0, max_len); // BUG
  auto cdf = hist.cumsum(0) / hist.sum();

  // bucket edges where the cumulative share crosses each quartile
  std::vector<int64_t> edges;
  const double width = static_cast<double>(max_len) / n_buckets;
  for (double q : {0.25, 0.5, 0.75}) {
    auto idx = (cdf < q).sum().item<int64_t>();
    edges.push_back(static_cast<int64_t>((idx + 1) * width));
  }
  for (auto e : edges)
    std::cout << "edge " << e << "\n";
  return 0;
}
