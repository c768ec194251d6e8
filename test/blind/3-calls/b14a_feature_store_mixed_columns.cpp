// scenario: feature store keeps int64 timestamp and category columns next to float32 numeric ones and assembles a float32 design matrix per column kind
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

enum class ColumnKind { Numeric, Timestamp, Categorical };

struct Column {
  torch::Tensor values; // int64 for Timestamp/Categorical, float32 for Numeric
  ColumnKind kind = ColumnKind::Numeric;
  int64_t cardinality = 0; // Categorical only
};

using FeatureStore = std::unordered_map<std::string, Column>;

FeatureStore load_store(int64_t rows) {
  FeatureStore store;
  store["event_time"] = {torch::arange(rows, torch::kLong) * 3600 + 1700000000,
                         ColumnKind::Timestamp};
  store["country"] = {torch::randint(0, 5, {rows}, torch::kLong),
                      ColumnKind::Categorical, 5};
  store["basket_value"] = {torch::rand({rows}) * 100.0f, ColumnKind::Numeric};
  store["session_len"] = {torch::rand({rows}) * 30.0f, ColumnKind::Numeric};
  return store;
}

torch::Tensor encode_column(const Column &col,
                            const std::map<std::string, torch::Tensor> &tables,
                            const std::string &name) {
  torch::Tensor x = col.values;
  switch (col.kind) {
  case ColumnKind::Timestamp: {
    // Hours since the first event, as float32.
    auto origin = x.min();
    return ((x - origin).to(torch::kFloat) / 3600.0f).unsqueeze(1);
  }
  case ColumnKind::Categorical:
    // int64 ids index a float32 embedding table.
    return torch::embedding(tables.at(name), x);
  case ColumnKind::Numeric:
    break;
  }
  auto mean = x.mean();
  auto std = x.std().clamp_min(1e-6);
  return ((x - mean) / std).unsqueeze(1);
}

torch::Tensor design_matrix(const FeatureStore &store,
                            const std::vector<std::string> &order,
                            const std::map<std::string, torch::Tensor> &tables) {
  std::vector<torch::Tensor> parts;
  for (const auto &name : order)
    parts.push_back(encode_column(store.at(name), tables, name));
  return torch::cat(parts, 1);
}

} // namespace

int main() {
  torch::manual_seed(0);
  const int64_t rows = 12;
  FeatureStore store = load_store(rows);

  std::map<std::string, torch::Tensor> tables;
  for (const auto &entry : store)
    if (entry.second.kind == ColumnKind::Categorical)
      tables[entry.first] = torch::randn({entry.second.cardinality, 3});

  std::vector<std::string> order = {"event_time", "country", "basket_value",
                                    "session_len"};
  auto X = design_matrix(store, order, tables);
  if (X.scalar_type() != torch::kFloat || X.size(1) != 1 + 3 + 1 + 1)
    return 1;

  auto weights = torch::randn({X.size(1), 2});
  auto scores = torch::mm(X, weights);

  // Per-column summary: sums taken in each column's own dtype.
  int64_t int_columns = 0;
  for (const auto &entry : store) {
    const Column &col = entry.second;
    if (col.kind == ColumnKind::Numeric) {
      auto s = torch::dot(col.values, torch::ones({rows}));
      if (!std::isfinite(s.item<float>()))
        return 1;
    } else {
      auto s = torch::dot(col.values, torch::ones({rows}, torch::kLong));
      if (s.item<int64_t>() < 0)
        return 1;
      ++int_columns;
    }
  }
  if (int_columns != 2)
    return 1;
  if (std::abs(X[rows - 1][0].item<float>() - static_cast<float>(rows - 1)) > 1e-4)
    return 1;
  return scores.size(0) == rows ? 0 : 1;
}
