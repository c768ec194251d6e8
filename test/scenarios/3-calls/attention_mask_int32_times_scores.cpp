// scenario: masking helper multiplies float32 scores by an int32 padding mask from the collate function; the product is float32 and feeds a matmul
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

// Collate: pads variable-length sequences and returns an int32 validity mask.
torch::Tensor collate_mask(const std::vector<int64_t> &lengths, int64_t max_len) {
  auto mask = torch::zeros({static_cast<int64_t>(lengths.size()), max_len}, torch::kInt);
  for (size_t i = 0; i < lengths.size(); ++i)
    mask[i].slice(0, 0, lengths[i]).fill_(1);
  return mask;
}

torch::Tensor masked_weights(const torch::Tensor &scores, const torch::Tensor &mask) {
  auto w = torch::softmax(scores, -1) * mask;
  return w / w.sum(-1, true).clamp_min(1e-9);
}

torch::Tensor pool(const torch::Tensor &weights, const torch::Tensor &values) {
  return torch::bmm(weights.unsqueeze(1), values).squeeze(1);
}

int main() {
  torch::manual_seed(0);
  auto mask = collate_mask({3, 5, 2}, 5);
  auto scores = torch::randn({3, 5});
  auto values = torch::randn({3, 5, 4});
  auto pooled = pool(masked_weights(scores, mask), values);
  std::cout << pooled << "\n";
  return 0;
}
