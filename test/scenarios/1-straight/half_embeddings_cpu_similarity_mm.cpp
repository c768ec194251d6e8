// scenario: a deduplication job stores sentence embeddings in float16 to save memory and computes the similarity matrix on the CPU with mm
// tier: 1
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto embeddings = torch::randn({50, 64});
  embeddings = embeddings / embeddings.norm(2, 1, true);
  auto stored = embeddings.to(torch::kHalf);
  std::cout << "stored " << stored.numel() * stored.element_size() << " bytes\n";
  auto similarity = torch::mm(stored, stored.t()); // BUG
  auto duplicates = (similarity > 0.95).sum().item<int64_t>() - 50;
  std::cout << "near-duplicate pairs: " << duplicates / 2 << "\n";
  return 0;
}
