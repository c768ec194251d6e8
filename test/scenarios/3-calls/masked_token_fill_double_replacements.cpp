// scenario: a writer fills masked token embeddings with replacement vectors from a float64 noise helper
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: masked_scatter: expected self and source to have same dtypes
#include <torch/torch.h>
#include <iostream>

// Gaussian replacements; the generator was ported from numpy and keeps float64.
torch::Tensor replacement_noise(int64_t n, int64_t dim, double scale) {
  return torch::randn({n, dim}, torch::kDouble) * scale;
}

// Overwrites the rows selected by `mask` with consecutive rows of `replacements`.
void fill_masked(torch::Tensor &embeddings, const torch::Tensor &mask,
                 const torch::Tensor &replacements) {
  embeddings.masked_scatter_(mask.unsqueeze(-1).expand_as(embeddings), replacements); // BUG
}

int main() {
  torch::manual_seed(0);
  auto embeddings = torch::randn({10, 6});
  auto mask = torch::rand({10}) < 0.3;
  auto n = mask.sum().item<int64_t>();
  auto noise = replacement_noise(n, 6, 0.02);
  fill_masked(embeddings, mask, noise);
  std::cout << embeddings.norm(2, 1) << "\n";
  return 0;
}
