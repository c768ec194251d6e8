// scenario: hand-written row-wise Adagrad for a recommender's embedding table, gradients computed in double by a helper
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

struct EmbeddingShard {
  torch::Tensor weights;     // [rows, dim], float32
  torch::Tensor sqGradSum;   // [rows], float32
};

EmbeddingShard makeShard(int64_t rows, int64_t dim) {
  return {torch::randn({rows, dim}) * 0.01, torch::full({rows}, 0.1)};
}

// Gradient of the squared error between looked-up rows and their targets.
// Done in double: the per-row sums feed an accumulator that runs for weeks.
torch::Tensor rowGradients(const torch::Tensor &rows, const torch::Tensor &targets) {
  torch::Tensor diff = rows.to(torch::kDouble) - targets.to(torch::kDouble);
  return 2.0 * diff / static_cast<double>(rows.size(0));
}

void adagradStep(EmbeddingShard &shard, const torch::Tensor &ids, const torch::Tensor &grad,
                 double lr) {
  torch::Tensor rowSq = grad.pow(2).mean(1);
  shard.sqGradSum.index_add_(0, ids, rowSq); // BUG
  torch::Tensor scale = lr / shard.sqGradSum.index_select(0, ids).sqrt();
  shard.weights.index_add_(0, ids, -(grad * scale.unsqueeze(1)).to(torch::kFloat));
}

int main() {
  torch::manual_seed(17);
  const int64_t kRows = 1000;
  const int64_t kDim = 16;
  EmbeddingShard shard = makeShard(kRows, kDim);

  // Item ids of the batch as the feature store returns them (int32).
  std::vector<std::vector<int32_t>> batches = {{3, 17, 17, 256, 999}, {0, 3, 42, 42, 42, 511}};
  for (size_t b = 0; b < batches.size(); ++b) {
    std::vector<int32_t> &raw = batches[b];
    torch::Tensor ids =
        torch::from_blob(raw.data(), {static_cast<int64_t>(raw.size())}, torch::kInt32);
    torch::Tensor rows = torch::embedding(shard.weights, ids);
    torch::Tensor targets = torch::randn({ids.size(0), kDim}) * 0.01;

    torch::Tensor grad = rowGradients(rows, targets);
    adagradStep(shard, ids, grad, /*lr=*/0.05);
    std::cout << "batch " << b << " accumulated "
              << shard.sqGradSum.index_select(0, ids).sum().item<double>() << "\n";
  }
  return 0;
}
