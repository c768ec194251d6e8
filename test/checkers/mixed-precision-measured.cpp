// torchdtype-mixed-precision: the ops listed as needing one dtype are
// judged by the measured table where it ran the call (1.13): baddbmm and
// addmv add a float64 self to float32 products and return float32
// (observed on 1.13.1, test/runtime), so they are not reported; addmm and
// addbmm refuse that self ("self and mat2 must have the same dtype") and
// still are. Other versions keep the list (not measured there).
// REAL-VERSION: ==1.13
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

void addmm_refuses_a_double_self() {
  auto bias = torch::zeros({2, 2}, torch::kDouble);
  auto a = torch::ones({2, 2});
  torch::addmm(bias, a, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'addmm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void addbmm_in_a_loop(int n) {
  auto bias = torch::zeros({2, 2}, torch::kDouble);
  for (int i = 0; i < n; ++i) {
    auto b = torch::ones({1, 2, 2});
    torch::addbmm(bias, b, b);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'addbmm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  }
}

// The batches themselves still need one dtype.
template <typename T> void baddbmm_of_mixed_batches(T b) {
  auto bias = torch::zeros({1, 2, 2});
  torch::baddbmm(bias, b, b.to(torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'baddbmm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}
template void baddbmm_of_mixed_batches(torch::Tensor);
void instantiate() { baddbmm_of_mixed_batches(torch::ones({1, 2, 2})); }

// addmv needs its matrix and vector of one dtype (any self).
void addmv_of_a_double_vector() {
  torch::addmv(torch::zeros({2}), torch::ones({2, 2}), torch::ones({2}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'addmv' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

void baddbmm_adds_a_double_self(bool flag) {
  auto bias = torch::zeros({1, 2, 2}, torch::kDouble);
  auto b = torch::ones({1, 2, 2});
  if (flag)
    b = b * 2;
  auto out = torch::baddbmm(bias, b, b.transpose(1, 2));
}

#define ADDMV(bias, m, v) torch::addmv((bias), (m), (v))
void addmv_adds_a_double_self() {
  auto run = [](const torch::Tensor &m) {
    return ADDMV(torch::zeros({2}, torch::kDouble), m, torch::ones({2}));
  };
  run(torch::ones({2, 2}));
}
