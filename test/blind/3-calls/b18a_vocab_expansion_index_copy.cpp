// scenario: a tokenizer upgrade adds rows to a model's named embedding weights; the helper that initializes the new rows works in float64 statistics and index_copy_ writes them into the float32 table
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) Double
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <utility>
#include <vector>

using NamedTensors = std::vector<std::pair<std::string, torch::Tensor>>;

NamedTensors load_state(int64_t vocab, int64_t dim) {
  NamedTensors state;
  state.emplace_back("embed_tokens.weight", torch::randn({vocab, dim}) * 0.02);
  state.emplace_back("lm_head.weight", torch::randn({vocab, dim}) * 0.02);
  state.emplace_back("final_norm.weight", torch::ones({dim}));
  return state;
}

torch::Tensor* find_weight(NamedTensors& state, const std::string& name) {
  for (auto& [key, value] : state)
    if (key == name) return &value;
  return nullptr;
}

// New rows are drawn around the mean of existing rows (Hewitt-style init).
// Statistics are taken in float64 so the covariance stays well-conditioned.
torch::Tensor init_new_rows(const torch::Tensor& table, int64_t count) {
  auto wide = table.to(torch::kFloat64);
  auto mean = wide.mean(0);
  auto centered = wide - mean;
  auto cov = torch::mm(centered.t(), centered) / static_cast<double>(wide.size(0) - 1);
  auto chol = torch::linalg_cholesky(cov + 1e-6 * torch::eye(cov.size(0), cov.options()));
  auto noise = torch::randn({count, table.size(1)}, wide.options());
  return mean + 1e-1 * torch::mm(noise, chol.t());
}

torch::Tensor grow(const torch::Tensor& table, int64_t new_vocab) {
  auto grown = torch::zeros({new_vocab, table.size(1)}, table.options());
  grown.slice(0, 0, table.size(0)).copy_(table);
  return grown;
}

void add_tokens(torch::Tensor& table, const std::vector<int64_t>& new_ids) {
  auto ids = torch::tensor(new_ids, torch::kLong);
  auto rows = init_new_rows(table.slice(0, 0, ids.min().item<int64_t>()), ids.numel());
  table.index_copy_(0, ids, rows);  // BUG
}

int main() {
  torch::manual_seed(9);
  const int64_t vocab = 120, dim = 8;
  auto state = load_state(vocab, dim);

  const std::vector<std::string> added = {"<tool_call>", "</tool_call>", "<think>"};
  std::vector<int64_t> new_ids;
  for (size_t i = 0; i < added.size(); ++i) new_ids.push_back(vocab + static_cast<int64_t>(i));
  const int64_t new_vocab = vocab + static_cast<int64_t>(added.size());

  torch::NoGradGuard no_grad;
  for (const char* name : {"embed_tokens.weight", "lm_head.weight"}) {
    torch::Tensor* w = find_weight(state, name);
    if (!w) continue;
    *w = grow(*w, new_vocab);
    add_tokens(*w, new_ids);
    std::cout << name << " -> " << w->sizes() << "\n";
  }
  return 0;
}
