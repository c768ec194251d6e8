// MaxPathsPerBlock bounds the paths kept apart per program point. With 1
// there is no path sensitivity: a bug that needs one branch's facts is not
// reported (the join is not definite), straight-line bugs still are; 0 is
// refused with a configuration error and treated as 1. The default, 8,
// keeps apart the paths of a device picked by two conditions and a dtype by
// a third (`picked`: eight paths); 4 joined them.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// RUN: %check_clang_tidy -check-suffix=FOUR %s torchdtype-mixed-precision %t-four -- -config="{CheckOptions: {MaxPathsPerBlock: 4}}"
// RUN: %check_clang_tidy -check-suffix=ONE %s torchdtype-mixed-precision %t-one -- -config="{CheckOptions: {MaxPathsPerBlock: 1}}"
// RUN: %torchdtype_tidy -checks='-*,torchdtype-mixed-precision' -config="{CheckOptions: {MaxPathsPerBlock: 0}}" %s -- -std=c++17 -isystem %mock_include 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: MaxPathsPerBlock for torchdtype-mixed-precision must be at least 1; using 1 (no path sensitivity)
// ZERO-NOT: assuming 'low_precision' is true
// ZERO: :[[@LINE+36]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half
#include <torch/torch.h>

torch::Tensor project(const torch::Tensor &features, bool low_precision) {
  auto weight = torch::randn({16, 8});
  auto x = features;
  if (low_precision)
    x = x.to(torch::kHalf);
  return torch::mm(x, weight);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Half and Float
  // CHECK-MESSAGES-FOUR: :[[@LINE-2]]:10: warning: 'mm' requires operands of the same dtype but gets Half and Float
}

struct Settings {
  bool fp16 = true;
  bool on_gpu = false;
  bool gpu_if_any = true;
};
Settings settings_from(int argc);

void picked(int argc) {
  const Settings s = settings_from(argc);
  torch::Device device(torch::kCPU);
  if (s.on_gpu || (s.gpu_if_any && torch::cuda::is_available()))
    device = torch::Device(torch::kCUDA);
  torch::Dtype dtype = s.fp16 ? torch::kHalf : torch::kFloat;
  auto opts = torch::TensorOptions().dtype(dtype).device(device);
  auto a = torch::randn({4, 4}).to(opts);
  auto b = torch::randn({4, 4});
  auto c = torch::mm(a, b.to(device));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float
}

void always() {
  auto a = torch::randn({4, 4});
  auto b = torch::randn({4, 4}).to(torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half
  // CHECK-MESSAGES-ONE: :[[@LINE-2]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half
  // CHECK-MESSAGES-FOUR: :[[@LINE-3]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half
}
