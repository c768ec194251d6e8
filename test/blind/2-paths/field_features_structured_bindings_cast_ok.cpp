// scenario: a tabular featurizer collects named fields of mixed dtypes (int64 counts, float64 prices, float32 embeddings) in a std::map and normalises each to float32 in a structured-binding loop before the dense layer
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

std::map<std::string, torch::Tensor> gather_fields(int64_t rows) {
  std::map<std::string, torch::Tensor> fields;
  fields["visit_count"] = torch::randint(0, 40, {rows, 1}, torch::kLong);
  std::vector<double> prices(rows, 19.99);
  fields["basket_price"] = torch::from_blob(prices.data(), {rows, 1}, torch::kFloat64).clone();
  fields["profile_emb"] = torch::randn({rows, 6});
  fields["is_member"] = torch::randint(0, 2, {rows, 1}, torch::kLong).to(torch::kBool);
  return fields;
}

int main() {
  torch::manual_seed(21);
  const int64_t rows = 5;
  auto fields = gather_fields(rows);

  std::vector<torch::Tensor> columns;
  for (auto& [name, value] : fields) {
    if (value.scalar_type() != torch::kFloat) {
      value = value.to(torch::kFloat);
    }
    if (name == "visit_count") {
      value = torch::log1p(value);
    }
    columns.push_back(value);
  }

  torch::Tensor design = torch::cat(columns, /*dim=*/1); // [rows, 9]
  torch::Tensor weight = torch::randn({design.size(1), 3}) * 0.1;
  torch::Tensor hidden = torch::mm(design, weight);
  std::cout << "design " << design.sizes() << " hidden " << hidden.sizes() << " "
            << hidden.dtype() << "\n";
  return 0;
}
