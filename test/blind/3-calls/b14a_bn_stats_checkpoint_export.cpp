// scenario: checkpoint tool flattens every registered buffer of a model into a float64 stats table and an int64 step-counter column
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <string>
#include <vector>

namespace {

struct StatsTable {
  torch::Tensor values;   // [rows, width] float64
  torch::Tensor counters; // [rows] int64, one per BatchNorm layer
  std::vector<std::string> row_names;
  std::vector<std::string> counter_names;
};

bool ends_with(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int64_t count_rows(torch::nn::Module &model, int64_t *counters) {
  int64_t rows = 0;
  *counters = 0;
  for (const auto &item : model.named_buffers()) {
    if (item.value().dim() == 0)
      ++*counters;
    else
      ++rows;
  }
  return rows;
}

StatsTable export_buffers(torch::nn::Module &model, int64_t width) {
  int64_t n_counters = 0;
  int64_t n_rows = count_rows(model, &n_counters);
  StatsTable table;
  table.values = torch::zeros({n_rows, width}, torch::kDouble);
  table.counters = torch::full({n_counters}, -1, torch::kLong);

  int64_t row = 0, slot = 0;
  for (const auto &item : model.named_buffers()) {
    const torch::Tensor &buf = item.value();
    if (buf.scalar_type() == torch::kLong) {
      // num_batches_tracked: an int64 scalar on a float32 model.
      table.counters.index_put_({torch::tensor({slot})}, buf.reshape({1}));
      table.counter_names.push_back(item.key());
      ++slot;
      continue;
    }
    auto padded = torch::zeros({width}, torch::kDouble);
    padded.narrow(0, 0, buf.numel()).copy_(buf.flatten());
    table.values.index_copy_(0, torch::tensor({row}), padded.unsqueeze(0));
    table.row_names.push_back(item.key());
    ++row;
  }
  return table;
}

void import_bn(const StatsTable &table, const std::string &prefix,
               torch::nn::BatchNorm1d &bn) {
  torch::NoGradGuard no_grad;
  const int64_t n = bn->running_mean.numel();
  for (size_t r = 0; r < table.row_names.size(); ++r) {
    const auto &name = table.row_names[r];
    if (name == prefix + ".running_mean")
      bn->running_mean.copy_(table.values[r].narrow(0, 0, n));
    else if (name == prefix + ".running_var")
      bn->running_var.copy_(table.values[r].narrow(0, 0, n));
  }
  for (size_t c = 0; c < table.counter_names.size(); ++c) {
    if (table.counter_names[c] == prefix + ".num_batches_tracked")
      bn->num_batches_tracked.copy_(table.counters[c]);
  }
}

} // namespace

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential net(torch::nn::Linear(4, 6), torch::nn::BatchNorm1d(6),
                            torch::nn::ReLU(), torch::nn::Linear(6, 3),
                            torch::nn::BatchNorm1d(3));
  net->train();
  for (int i = 0; i < 3; ++i)
    net->forward(torch::randn({8, 4}));

  StatsTable table = export_buffers(*net, 8);
  if (table.values.size(0) != 4 || table.counters.size(0) != 2)
    return 1;
  if (table.counters.min().item<int64_t>() != 3)
    return 1;

  torch::nn::BatchNorm1d fresh(6);
  import_bn(table, "1", fresh);
  auto original = net[1]->as<torch::nn::BatchNorm1d>();
  if (!torch::allclose(fresh->running_mean, original->running_mean))
    return 1;
  if (fresh->num_batches_tracked.item<int64_t>() != 3)
    return 1;
  return 0;
}
