// Real-header tier: an op that throws ends its path, also where the paths
// that reached it apart (a loop's first pass and the later ones) join
// again before the next op (lit: test/checkers/flow-after-throw.cpp).
// Half has no CPU kernel for linear and gelu in 1.13 only.
// REAL-REQUIRES: ==1.13
// REAL-OPTIONS: ReportAfterThrow: false
#include <torch/torch.h>

void passes_joined_after(int steps, bool half) {
  auto dtype = torch::kFloat;
  if (half)
    dtype = torch::kHalf;
  auto w = torch::randn({4, 4}).to(dtype);
  auto h = torch::randn({4, 4}).to(dtype);
  for (int i = 0; i < steps; ++i) {
    h = torch::linear(h, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'linear' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time: ""addmm_impl_cpu_" not implemented for 'Half'" [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
    if (i + 1 < steps)
      h = torch::gelu(h);
  }
}

// Reached without the throwing op (steps may be 0): still reported.
void gelu_after_the_loop(int steps, bool half) {
  auto dtype = half ? torch::kHalf : torch::kFloat;
  auto w = torch::randn({4, 4}).to(dtype);
  auto h = torch::randn({4, 4}).to(dtype);
  for (int i = 0; i < steps; ++i)
    h = torch::linear(h, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'linear' has no CPU kernel for float16
  h = torch::gelu(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'gelu' has no CPU kernel for float16
}
