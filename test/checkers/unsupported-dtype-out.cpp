// torchdtype-unsupported-dtype, out= functions: `histc_out(out, self, ...)`
// and `histc_outf(self, ..., out)` are the op's out overload, whose
// measured runs say which dtypes of the out tensor (the schema's last
// argument) it takes. Ops with a rule of the out-dtype check (mm_out,
// argmax_out, ...) are left to that check (out-dtype.cpp).
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

void integer_counts_buffer() {
  auto counts = torch::zeros({8}, torch::kLong);
  torch::histc_out(counts, torch::rand({32}, torch::kFloat), 8, 0.0, 1.0);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'histc_out' does not take Long 'counts' in PyTorch 1.13 (Float would run); this throws at run time: "torch.histogram: input tensor and hist tensor should have the same dtype, but got input float and hist long int" [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
}

void double_samples_float_buffer_outf(bool reset) {
  auto hist = torch::zeros({4}, torch::kFloat);
  if (reset)
    hist.zero_();
  auto samples = torch::rand({16}, torch::kDouble);
  at::histc_outf(samples, 4, 0.0, 1.0, hist);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'histc_outf' does not take {{.*}} [torchdtype-unsupported-dtype]
}

void buffer_reused_in_a_loop() {
  auto counts = torch::empty({10}, torch::kInt);
  for (int batch = 0; batch < 3; ++batch) {
    torch::histc_out(counts, torch::randn({50}, torch::kFloat), 10);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'histc_out' does not take Int 'counts' {{.*}} [torchdtype-unsupported-dtype]
  }
}

// ---- Negatives ------------------------------------------------------------

// The buffer has the samples' dtype.
void matching_buffer() {
  auto counts = torch::zeros({8}, torch::kDouble);
  torch::histc_out(counts, torch::rand({32}, torch::kDouble), 8, 0.0, 1.0);
}

// The buffer's dtype differs on one path only: converted before the call.
void converted_first(bool wide) {
  auto counts = torch::zeros({8}, torch::kLong);
  counts = counts.to(torch::kFloat);
  torch::histc_out(counts, torch::rand({32}, torch::kFloat), 8);
}

// A template, a lambda and a macro with one dtype throughout.
template <typename T> void fill(T &buf, const T &x) { torch::histc_out(buf, x, 4); }
#define HIST(b, x) torch::histc_out((b), (x), 4)
void template_lambda_macro() {
  auto buf = torch::zeros({4}, torch::kFloat);
  fill(buf, torch::rand({9}, torch::kFloat));
  auto f = [&](const torch::Tensor &x) { torch::histc_out(buf, x, 4); };
  f(torch::rand({9}, torch::kFloat));
  HIST(buf, torch::rand({9}, torch::kFloat));
}
