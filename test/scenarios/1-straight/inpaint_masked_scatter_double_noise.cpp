// scenario: an image augmentation fills the masked-out pixels with Gaussian noise drawn as float64 using masked_scatter_
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: masked_scatter: expected self and source to have same dtypes but gotFloat and Double
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto image = torch::rand({3, 32, 32});
  auto hole = torch::zeros({1, 32, 32}, torch::kBool);
  hole.slice(1, 8, 16).slice(2, 8, 24).fill_(true);
  auto mask = hole.expand({3, 32, 32});
  const int64_t n = mask.sum().item<int64_t>();
  auto noise = torch::normal(0.5, 0.1, {n}, c10::nullopt, torch::kDouble);
  image.masked_scatter_(mask, noise); // BUG
  std::cout << "mean inside hole " << image.masked_select(mask).mean().item<float>() << "\n";
  return 0;
}
