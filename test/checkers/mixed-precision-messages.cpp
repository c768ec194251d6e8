// The message quoted depends on the version and on which operand comes
// first: on 1.13.1 a float16 first operand fails on its missing CPU kernel
// first (observed: "addmm_impl_cpu_" not implemented for 'Half'); 2.x
// checks the dtypes first, naming them as C++ types.
// RUN: %check_clang_tidy -check-suffix=V1 %s torchdtype-mixed-precision %t-v1 -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V2 %s torchdtype-mixed-precision %t-v2 -- -config="{CheckOptions: {PyTorchVersion: '2.6'}}"
#include <torch/torch.h>
void operand_order() {
  auto f = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto hf = torch::mm(h, f);
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:13: warning: 'mm' requires operands of the same dtype but gets Half and Float; this throws at run time: ""addmm_impl_cpu_" not implemented for 'Half'" [kb: pytorch/dtype-not-implemented] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-V2: :[[@LINE-2]]:13: warning: 'mm' requires operands of the same dtype but gets Half and Float; this throws at run time: "expected m1 and m2 to have the same dtype, but got: c10::Half != float" [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}

void operand_order_swapped() {
  auto f = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto fh = torch::mm(f, h);
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:13: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time: "expected scalar type Float but found Half" [kb: pytorch/scalar-type-mismatch] [torchdtype-mixed-precision]
  // CHECK-MESSAGES-V2: :[[@LINE-2]]:13: warning: 'mm' requires operands of the same dtype but gets Float and Half; this throws at run time: "expected m1 and m2 to have the same dtype, but got: float != c10::Half" [kb: pytorch/mm-kernel-dtype-mismatch] [torchdtype-mixed-precision]
}
