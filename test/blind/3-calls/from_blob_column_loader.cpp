// scenario: decodes a columnar sensor log (float64 readings, int32 labels, uint8 validity, int64 timestamps) into tensors for a classifier
// tier: 3
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

struct SensorLog {
  std::vector<double> readings;    // row-major [rows, channels]
  std::vector<int32_t> labels;     // [rows]
  std::vector<uint8_t> valid;      // [rows]
  std::vector<int64_t> timestamps; // [rows], microseconds
  int64_t rows = 0;
  int64_t channels = 0;
};

SensorLog synthesize_log(int64_t rows, int64_t channels) {
  SensorLog log;
  log.rows = rows;
  log.channels = channels;
  std::mt19937 gen(42);
  std::normal_distribution<double> noise(0.0, 1.0);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < channels; ++c)
      log.readings.push_back(noise(gen) + (r % 3 == 0 ? 2.0 : 0.0));
    log.labels.push_back(static_cast<int32_t>(r % 3 == 0));
    log.valid.push_back(static_cast<uint8_t>(r % 7 != 0));
    log.timestamps.push_back(1700000000000000LL + r * 2500);
  }
  return log;
}

// Columns are owned by the log; the tensor gets its own copy.
template <typename T>
torch::Tensor column_tensor(std::vector<T> &column, torch::IntArrayRef shape) {
  auto opts = torch::TensorOptions().dtype(c10::CppTypeToScalarType<T>::value);
  return torch::from_blob(column.data(), shape, opts).clone();
}

int main() {
  torch::manual_seed(0);
  auto log = synthesize_log(280, 4);

  auto readings = column_tensor(log.readings, {log.rows, log.channels});
  auto labels = column_tensor(log.labels, {log.rows});
  auto valid = column_tensor(log.valid, {log.rows});
  using Stamp = decltype(log.timestamps)::value_type;
  auto stamps = torch::from_blob(log.timestamps.data(), {log.rows},
                                 c10::CppTypeToScalarType<Stamp>::value).clone();

  auto keep = valid.to(torch::kBool);
  auto x = readings.index({keep}).to(torch::kFloat);
  auto y = labels.index({keep}).to(torch::kLong);
  auto dt = (stamps.index({keep}).diff() / 1000.0).to(torch::kFloat);

  auto mean = x.mean(0, true);
  auto stddev = x.std(0, /*unbiased=*/true, /*keepdim=*/true);
  x = (x - mean) / stddev;

  torch::nn::Linear clf(log.channels, 2);
  torch::optim::Adam opt(clf->parameters(), torch::optim::AdamOptions(0.05));
  for (int epoch = 0; epoch < 100; ++epoch) {
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(clf->forward(x), y);
    loss.backward();
    opt.step();
  }

  auto accuracy = (clf->forward(x).argmax(1) == y).to(torch::kFloat).mean().item<float>();
  std::cout << "kept " << keep.sum().item<int64_t>() << " rows, median gap "
            << dt.median().item<float>() << " ms, accuracy " << accuracy << "\n";

  if (readings.scalar_type() != torch::kDouble || labels.scalar_type() != torch::kInt)
    return 1;
  if (std::abs(readings[1][2].item<double>() - log.readings[1 * 4 + 2]) > 0)
    return 1;
  return accuracy > 0.8f ? 0 : 1;
}
