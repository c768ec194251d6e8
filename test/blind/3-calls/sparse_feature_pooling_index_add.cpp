// scenario: pools weighted sparse categorical features into per-example vectors; the value tensor is built by a template over the buffer's element type
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

namespace {

template <typename T>
torch::Tensor wrap_values(std::vector<T> &values) {
  return torch::from_blob(values.data(), {static_cast<int64_t>(values.size())},
                          c10::CppTypeToScalarType<T>::value)
      .clone();
}

struct SparseBatch {
  std::vector<int64_t> feature_ids; // which embedding row
  std::vector<int64_t> example_ids; // which example it belongs to
  std::vector<double> weights;      // tf-idf style weight, computed in double
};

SparseBatch make_batch(int64_t examples, int64_t vocab) {
  SparseBatch b;
  for (int64_t e = 0; e < examples; ++e) {
    for (int64_t j = 0; j <= e % 4; ++j) {
      b.feature_ids.push_back((e * 7 + j * 3) % vocab);
      b.example_ids.push_back(e);
      b.weights.push_back(1.0 / (1.0 + static_cast<double>(j)));
    }
  }
  return b;
}

torch::Tensor pool(const torch::Tensor &table, SparseBatch &batch, int64_t examples) {
  torch::Tensor feature_ids = wrap_values(batch.feature_ids);
  torch::Tensor example_ids = wrap_values(batch.example_ids);
  torch::Tensor weights = wrap_values(batch.weights);

  torch::Tensor rows = table.index_select(0, feature_ids) * weights.unsqueeze(1).to(table.dtype());
  torch::Tensor pooled = torch::zeros({examples, table.size(1)});
  pooled.index_add_(0, example_ids, rows);

  // Normalise by the total weight each example received.
  torch::Tensor weight_sums = torch::zeros({examples});
  weight_sums.index_add_(0, example_ids, weights); // BUG
  return pooled / weight_sums.clamp_min(1e-6).unsqueeze(1);
}

} // namespace

int main() {
  torch::manual_seed(17);
  const int64_t vocab = 40, dim = 8, examples = 12;
  torch::Tensor table = torch::randn({vocab, dim});
  SparseBatch batch = make_batch(examples, vocab);
  torch::Tensor pooled = pool(table, batch, examples);
  std::cout << "pooled " << pooled.sizes() << " norm " << pooled.norm().item<float>() << "\n";
  return 0;
}
