// scenario: sparse gradient accumulator index_adds half-precision row gradients decoded from a compressed message
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Half) must have the same scalar type
#include <torch/torch.h>
#include <iostream>

struct SparseGrad {
  torch::Tensor ids;
  torch::Tensor rows;
};

// Simulates a worker that sends its embedding-row gradients in fp16 to halve traffic.
SparseGrad decode_worker_message(int64_t vocab, int64_t dim, int64_t n) {
  SparseGrad g;
  g.ids = torch::randint(0, vocab, {n});
  g.rows = (torch::randn({n, dim}) * 0.01).to(torch::kHalf);
  return g;
}

// Writer: adds each row gradient into the dense table gradient it is handed.
void accumulate_rows(torch::Tensor &table_grad, const torch::Tensor &ids,
                     const torch::Tensor &rows) {
  table_grad.index_add_(0, ids, rows); // BUG
}

int main() {
  torch::manual_seed(0);
  const int64_t vocab = 50, dim = 16;
  auto table = torch::randn({vocab, dim});
  auto table_grad = torch::zeros_like(table);
  for (int worker = 0; worker < 4; ++worker) {
    auto msg = decode_worker_message(vocab, dim, 8);
    accumulate_rows(table_grad, msg.ids, msg.rows);
  }
  table.sub_(table_grad * 0.1);
  std::cout << table.norm() << "\n";
  return 0;
}
