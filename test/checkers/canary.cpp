// Canary: stock clang-tidy-19 with --load=torchdtype.so must report a known
// warning (a module built for another clang-tidy lists its checks but reports
// nothing).
// RUN: %check_clang_tidy_load %s torchdtype-mixed-precision %t
#include <torch/torch.h>

void canary() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time: "expected m1 and m2 to have the same dtype, but got: float != c10::Half" [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}
