// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-inplace-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// A helper that reassigns a tensor its caller passed by non-const
// reference: the caller's variable has what the helper left in it.
#include <torch/torch.h>

void compress_(torch::Tensor &t) { t = t.to(torch::kHalf); }

void to_double_(torch::Tensor &t) { t = t.to(torch::kDouble); }

void compressed_then_mixed() {
  auto scores = torch::randn({4, 4});
  compress_(scores);
  auto y = torch::mm(scores, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-9]]:42: note: operand 'scores' has dtype Half from here
}

void compressed_both() {
  auto a = torch::randn({4, 4}), b = torch::randn({4, 4});
  to_double_(a);
  to_double_(b);
  auto y = torch::mm(a, b);
}

struct Stats {
  torch::Tensor mean, std;
};

// The new value mixes the argument with another parameter: judged with
// this call's facts.
void standardize_(torch::Tensor &batch, const Stats &stats) {
  batch = (batch.to(torch::kDouble) - stats.mean) / stats.std;
}

void standardized_with_double_stats() {
  Stats stats{torch::randn({6}, torch::kDouble), torch::rand({6}, torch::kDouble)};
  auto batch = torch::randn({8, 6});
  standardize_(batch, stats);
  auto y = torch::mm(batch, torch::randn({6, 1}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void keep_dtype_(torch::Tensor &t, bool flag) {
  if (flag)
    t = t.to(torch::kDouble);
  t = t.to(torch::kFloat);
}

void converted_back_in_the_helper(bool flag) {
  auto x = torch::randn({4, 4});
  keep_dtype_(x, flag);
  auto y = torch::mm(x, torch::randn({4, 4}));
}

void maybe_double_(torch::Tensor &t, bool flag) {
  if (flag)
    t = t.to(torch::kDouble);
}

void converted_on_one_path_of_the_helper(bool flag) {
  auto x = torch::randn({4, 4});
  maybe_double_(x, flag);
  auto y = torch::mm(x, torch::randn({4, 4})); // the helper's flag is not known here
}

void write_rows_(torch::Tensor &cache, const torch::Tensor &rows, const torch::Tensor &src) {
  cache.index_copy_(0, rows, src);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_copy_' needs a source of the dtype of 'cache' (Float) but gets Double; {{.*}} [torchdtype-inplace-dtype]
}

torch::Tensor rotary(const torch::Tensor &x, const torch::Tensor &positions) {
  auto inv_freq = torch::pow(10000.0, -torch::arange(4, torch::kDouble) / 4);
  auto angles = positions.to(torch::kDouble).unsqueeze(-1) * inv_freq;
  return x * angles;
}

void cache_written_with_double_keys() {
  auto cache = torch::zeros({16, 4});
  auto rows = torch::arange(0, 4);
  write_rows_(cache, rows, rotary(torch::randn({4, 4}), rows));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'write_rows_'
}

template <typename T> void scale_(T &t) { t = t.to(torch::kHalf); }

void templated_helper() {
  auto x = torch::randn({4, 4});
  scale_(x);
  auto y = torch::mm(x, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
}

void lambda_helper() {
  auto halve = [](torch::Tensor &t) { t = t.to(torch::kHalf); };
  auto x = torch::randn({4, 4});
  halve(x);
  auto y = torch::mm(x, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
}
