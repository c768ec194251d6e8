// scenario: an embedding server applies sparse row updates pulled from a float64 parameter server; the small-batch fast path writes with index_put_ and returns early, before the cast the bulk path performs
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match
#include <torch/torch.h>
#include <iostream>
#include <vector>

constexpr int64_t kSmallUpdate = 4;

void apply_sparse_update(torch::Tensor& table, const torch::Tensor& rows, const torch::Tensor& values) {
  if (rows.numel() == 0) {
    return;
  }
  if (rows.numel() <= kSmallUpdate) {
    torch::NoGradGuard no_grad;
    table.index_put_({rows}, values); // BUG
    return;
  }
  torch::NoGradGuard no_grad;
  table.index_put_({rows}, values.to(table.scalar_type()));
}

struct PulledUpdate {
  torch::Tensor rows;
  torch::Tensor values;
};

// The parameter server ships rows and float64 values.
PulledUpdate pull(int64_t count, int64_t dim, int64_t vocab) {
  std::vector<double> payload(count * dim, 0.5);
  PulledUpdate u;
  u.rows = torch::randperm(vocab, torch::kLong).narrow(0, 0, count);
  u.values = torch::from_blob(payload.data(), {count, dim}, torch::kFloat64).clone();
  return u;
}

int main() {
  torch::manual_seed(113);
  const int64_t vocab = 32, dim = 4;
  torch::Tensor table = torch::randn({vocab, dim});

  PulledUpdate bulk = pull(10, dim, vocab);
  apply_sparse_update(table, bulk.rows, bulk.values);
  std::cout << "after bulk update " << table.sum().item<float>() << "\n";

  PulledUpdate small = pull(2, dim, vocab);
  apply_sparse_update(table, small.rows, small.values);
  std::cout << "after small update " << table.sum().item<float>() << "\n";
  return 0;
}
