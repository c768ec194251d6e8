// scenario: a CTR feature pipeline wraps decoded host buffers with templated from_blob helpers; the caller hands its float host options to the id lookup too
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_select(): Expected dtype int32 or int64 for index
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

struct DecodedBatch {
  int64_t rows = 0;
  std::vector<float> dense;          // rows x kDenseDim, row-major
  std::vector<int64_t> category_ids; // one id per row
  std::vector<float> clicked;        // 0 / 1 labels
};

constexpr int64_t kDenseDim = 13;
constexpr int64_t kNumCategories = 1000;
constexpr int64_t kEmbDim = 16;

DecodedBatch decode_batch(int64_t rows, int64_t seed) {
  DecodedBatch batch;
  batch.rows = rows;
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t d = 0; d < kDenseDim; ++d)
      batch.dense.push_back(static_cast<float>((r * 31 + d * 7 + seed) % 100) / 100.0f);
    batch.category_ids.push_back((r * 131 + seed) % kNumCategories);
    batch.clicked.push_back(static_cast<float>((r + seed) % 3 == 0));
  }
  return batch;
}

template <typename T>
torch::Tensor wrap_dense(std::vector<T> &values, int64_t rows, const torch::TensorOptions &opts) {
  const int64_t cols = static_cast<int64_t>(values.size()) / rows;
  return torch::from_blob(values.data(), {rows, cols}, opts).clone();
}

template <typename IdT>
torch::Tensor lookup_rows(const torch::Tensor &table, std::vector<IdT> &ids,
                          const torch::TensorOptions &opts) {
  const int64_t n = static_cast<int64_t>(ids.size());
  return table.index_select(0, torch::from_blob(ids.data(), {n}, opts));  // BUG
}

int main() {
  torch::manual_seed(11);
  const auto host_opts = torch::TensorOptions().dtype(torch::kFloat32);
  auto category_table = torch::randn({kNumCategories, kEmbDim}) * 0.01;
  torch::nn::Linear head(kDenseDim + kEmbDim, 1);

  double total_loss = 0.0;
  for (int64_t step = 0; step < 4; ++step) {
    DecodedBatch batch = decode_batch(/*rows=*/64, step);
    auto dense = wrap_dense(batch.dense, batch.rows, host_opts);
    auto labels = wrap_dense(batch.clicked, batch.rows, host_opts);
    auto category_emb = lookup_rows(category_table, batch.category_ids, host_opts);
    auto logits = head(torch::cat({dense, category_emb}, /*dim=*/1));
    auto loss = torch::binary_cross_entropy_with_logits(logits, labels);
    total_loss += loss.item<double>();
  }
  std::cout << "mean loss " << total_loss / 4 << "\n";
  return 0;
}
