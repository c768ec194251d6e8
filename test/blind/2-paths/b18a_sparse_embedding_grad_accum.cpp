// scenario: a recommender accumulates sparse embedding-row gradients over micro-batches with index_add_, and the precision switch makes the row gradients float64 on the high-precision path
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

enum class Precision { Half, Single, Double };

torch::Dtype to_dtype(Precision p) {
  switch (p) {
    case Precision::Half:
      return torch::kHalf;
    case Precision::Single:
      return torch::kFloat;
    case Precision::Double:
      return torch::kDouble;
  }
  throw std::invalid_argument("unknown precision");
}

Precision parse_precision(const std::string& s) {
  if (s == "fp16") return Precision::Half;
  if (s == "fp64") return Precision::Double;
  return Precision::Single;
}

struct TrainerConfig {
  int64_t num_items = 256;
  int64_t embed_dim = 16;
  int64_t micro_batches = 4;
  int64_t batch_size = 32;
  double lr = 0.05;
  std::string grad_precision = "fp64";  // from the job's YAML
};

int main() {
  torch::manual_seed(17);
  TrainerConfig cfg;
  const Precision grad_precision = parse_precision(cfg.grad_precision);

  auto item_table = torch::randn({cfg.num_items, cfg.embed_dim}) * 0.1;
  auto user_vec = torch::randn({cfg.batch_size, cfg.embed_dim}) * 0.1;
  auto grad_table = torch::zeros_like(item_table);
  auto touched = torch::zeros({cfg.num_items}, torch::kLong);

  for (int64_t mb = 0; mb < cfg.micro_batches; ++mb) {
    auto item_ids = torch::randint(cfg.num_items, {cfg.batch_size}, torch::kLong);
    auto clicks = torch::randint(2, {cfg.batch_size}).to(torch::kFloat);

    auto rows = item_table.index_select(0, item_ids);
    auto logits = (rows * user_vec).sum(-1);
    auto err = torch::sigmoid(logits) - clicks;  // d(BCE)/d(logit)

    torch::Tensor row_grads;
    if (grad_precision == Precision::Single) {
      row_grads = err.unsqueeze(-1) * user_vec;
    } else {
      // Accumulate in the configured precision to limit rounding over many steps.
      auto dt = to_dtype(grad_precision);
      row_grads = err.to(dt).unsqueeze(-1) * user_vec.to(dt);
    }
    row_grads = row_grads / static_cast<double>(cfg.micro_batches);

    grad_table.index_add_(0, item_ids, row_grads);  // BUG
    touched.index_add_(0, item_ids, torch::ones_like(item_ids));
  }

  auto active = touched.nonzero().squeeze(-1);
  item_table.index_put_({active}, item_table.index_select(0, active) -
                                      cfg.lr * grad_table.index_select(0, active));
  std::cout << "updated " << active.numel() << " item rows\n";
  return 0;
}
