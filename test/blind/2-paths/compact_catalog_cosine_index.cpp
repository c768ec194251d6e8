// scenario: a retrieval index that stores large catalogs in float16 to halve memory, then normalises rows on the CPU
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "clamp_min_cpu" not implemented for 'Half'
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

constexpr int64_t kCompactAbove = 4096; // rows; beyond this the catalog is kept in float16
constexpr double kMinNorm = 1e-6;

struct SearchHit {
  int64_t item;
  float score;
};

int main() {
  torch::manual_seed(11);
  const int64_t numItems = 5000;
  const int64_t dim = 64;
  const int64_t topK = 5;

  torch::Tensor catalog = torch::randn({numItems, dim});
  // Items with no interactions yet come in as all-zero rows.
  catalog.narrow(0, numItems - 10, 10).zero_();

  bool compact = false;
  if (numItems > kCompactAbove) {
    catalog = catalog.to(torch::kHalf);
    compact = true;
  }
  std::cout << "catalog " << catalog.sizes() << (compact ? " (float16)" : " (float32)")
            << ", " << catalog.nbytes() / 1024 << " KiB\n";

  torch::Tensor norms = catalog.norm(2, /*dim=*/{1}, /*keepdim=*/true);
  torch::Tensor unitRows = catalog / norms.clamp_min(kMinNorm); // BUG

  torch::Tensor queries = torch::randn({3, dim});
  queries = queries / queries.norm(2, {1}, true).clamp_min(kMinNorm);

  std::vector<std::vector<SearchHit>> results;
  for (int64_t q = 0; q < queries.size(0); ++q) {
    torch::Tensor scores = torch::mv(unitRows.to(torch::kFloat), queries[q]);
    auto best = scores.topk(topK);
    std::vector<SearchHit> hits;
    for (int64_t i = 0; i < topK; ++i)
      hits.push_back({std::get<1>(best)[i].item<int64_t>(), std::get<0>(best)[i].item<float>()});
    results.push_back(hits);
  }

  for (size_t q = 0; q < results.size(); ++q) {
    std::cout << "query " << q << ":";
    for (const SearchHit &h : results[q])
      std::cout << " " << h.item << "(" << h.score << ")";
    std::cout << "\n";
  }
  return 0;
}
