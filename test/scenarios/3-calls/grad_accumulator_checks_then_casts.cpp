// scenario: a sparse gradient writer checks the incoming dtype with TORCH_CHECK, converts reduced-precision rows, then index_adds them
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

void accumulate_rows(torch::Tensor &table_grad, const torch::Tensor &ids, torch::Tensor rows) {
  TORCH_CHECK(rows.is_floating_point(), "row gradients must be floating point");
  if (rows.scalar_type() != table_grad.scalar_type())
    rows = rows.to(table_grad.scalar_type());
  table_grad.index_add_(0, ids, rows);
}

int main() {
  torch::manual_seed(0);
  auto table_grad = torch::zeros({20, 4});
  for (int worker = 0; worker < 3; ++worker) {
    auto ids = torch::randint(0, 20, {5});
    auto rows = (torch::randn({5, 4}) * 0.01).to(worker == 0 ? torch::kHalf : torch::kDouble);
    accumulate_rows(table_grad, ids, rows);
  }
  std::cout << table_grad.abs().sum() << "\n";
  return 0;
}
