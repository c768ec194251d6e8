// scenario: attention helper scores float32 queries against keys that picked up float64 from a positional table
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <cmath>
#include <iostream>

// Sinusoidal positions, computed in double "for accuracy" like many reference ports.
torch::Tensor sinusoidal_positions(int64_t len, int64_t dim) {
  auto pos = torch::arange(len, torch::kDouble).unsqueeze(1);
  auto idx = torch::arange(0, dim, 2, torch::kDouble);
  auto freq = torch::exp(idx * (-std::log(10000.0) / dim));
  auto table = torch::zeros({len, dim}, torch::kDouble);
  table.index_put_({torch::indexing::Slice(), torch::indexing::Slice(0, torch::indexing::None, 2)},
                   torch::sin(pos * freq));
  table.index_put_({torch::indexing::Slice(), torch::indexing::Slice(1, torch::indexing::None, 2)},
                   torch::cos(pos * freq));
  return table;
}

// Scaled dot-product scores; q and k come straight from the caller.
torch::Tensor attention_scores(const torch::Tensor &q, const torch::Tensor &k) {
  auto scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));
  return torch::matmul(q, k.transpose(-2, -1)) * scale; // BUG
}

int main() {
  torch::manual_seed(0);
  const int64_t batch = 2, len = 6, dim = 8;
  auto tokens = torch::randn({batch, len, dim});
  auto positions = sinusoidal_positions(len, dim);
  auto queries = tokens;
  // Adding the float64 table promotes the keys to float64.
  auto keys = tokens + positions.unsqueeze(0);
  auto scores = attention_scores(queries, keys);
  auto weights = torch::softmax(scores, -1);
  std::cout << weights.sum(-1) << "\n";
  return 0;
}
