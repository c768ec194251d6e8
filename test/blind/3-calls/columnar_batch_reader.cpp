// scenario: reads typed columns of a columnar record batch into tensors through a byte-buffer column type
// tier: 3
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

struct Column {
  std::string name;
  torch::Dtype dtype;
  int64_t length = 0;
  std::vector<uint8_t> bytes;
};

template <typename T> Column make_column(std::string name, const std::vector<T> &values) {
  Column col;
  col.name = std::move(name);
  col.dtype = c10::CppTypeToScalarType<T>::value;
  col.length = static_cast<int64_t>(values.size());
  col.bytes.resize(values.size() * sizeof(T));
  std::memcpy(col.bytes.data(), values.data(), col.bytes.size());
  return col;
}

// Zero-copy view of the column; valid while the batch is alive.
static torch::Tensor view_column(Column &col) {
  return torch::from_blob(col.bytes.data(), {col.length}, col.dtype);
}

template <typename T> static T column_max(Column &col) {
  auto t = torch::from_blob(col.bytes.data(), {col.length}, c10::CppTypeToScalarType<T>::value);
  return t.max().template item<T>();
}

static torch::Tensor to_features(std::vector<Column> &batch) {
  std::vector<torch::Tensor> parts;
  for (auto &col : batch)
    parts.push_back(view_column(col).to(torch::kFloat).unsqueeze(1));
  return torch::cat(parts, 1);
}

int main() {
  const int64_t rows = 10;
  std::vector<int32_t> age(rows);
  std::vector<double> income(rows);
  std::vector<uint8_t> churned(rows);
  std::vector<float> score(rows);
  for (int64_t i = 0; i < rows; ++i) {
    age[i] = static_cast<int32_t>(20 + 3 * i);
    income[i] = 30000.0 + 1234.5 * static_cast<double>(i);
    churned[i] = static_cast<uint8_t>(i % 3 == 0);
    score[i] = 0.1f * static_cast<float>(i);
  }

  std::vector<Column> batch;
  batch.push_back(make_column("age", age));
  batch.push_back(make_column("income", income));
  batch.push_back(make_column("churned", churned));
  batch.push_back(make_column("score", score));

  auto features = to_features(batch);
  auto mean = features.mean(0, true);
  auto stdv = features.std(0, true, true).clamp_min(1e-6);
  auto normalized = (features - mean) / stdv;

  auto labels = view_column(batch[2]).to(torch::kFloat);
  auto weights = std::get<0>(torch::linalg::lstsq(normalized, labels.unsqueeze(1), {}, {}));

  int32_t oldest = column_max<int32_t>(batch[0]);
  double richest = column_max<double>(batch[1]);
  std::cout << "features " << features.sizes() << " oldest " << oldest << " richest " << richest
            << "\n";
  std::cout << "weights " << weights.squeeze(1) << "\n";

  bool ok = oldest == 47 && std::abs(richest - income[rows - 1]) < 1e-9 &&
            view_column(batch[2]).sum().item<int64_t>() == 4;
  return ok ? 0 : 1;
}
