// Without a PyTorchVersion option the code is judged as the version its
// LibTorch headers declare (torch/version.h, also where the unit does not
// include it but its include path finds it), the nearest version the tables
// know, said once on stderr when it is not one of them; the option wins.
// The mock headers have no torch/version.h: 2.14, as before.
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-half-on-cpu %t -- -- -isystem %S/Inputs/torch-version/1.13.1 -include torch/version.h
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-half-on-cpu %t -- -- -isystem %S/Inputs/torch-version/1.13.1
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-half-on-cpu %t -- -- -isystem %S/Inputs/torch-version/2.14.1 -include torch/version.h
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-half-on-cpu %t
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '2.14'}}" -- -isystem %S/Inputs/torch-version/1.13.1 -include torch/version.h
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}" -- -isystem %S/Inputs/torch-version/2.14.1 -include torch/version.h
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-half-on-cpu %t -- -- -isystem %S/Inputs/torch-version/1.12.0 -include torch/version.h
//
// The stderr line for a version the tables do not know, once per process
// (torchdtype-tidy checks both files with the same checks).
// RUN: cp %s %t-a.cpp && cp %s %t-b.cpp
// RUN: %torchdtype_tidy -checks='-*,torchdtype-*' %t-a.cpp %t-b.cpp -- -std=c++17 -isystem %mock_include -isystem %S/Inputs/torch-version/2.9.0 2>&1 | FileCheck -check-prefix=UNKNOWN %s
// UNKNOWN: torchdtype: LibTorch's headers declare PyTorch 2.9, which the checks do not know (1.13, 2.6, 2.14); judging the code as 2.6 (option PyTorchVersion to choose)
// UNKNOWN-NOT: torchdtype: LibTorch's headers declare
// RUN: %torchdtype_tidy -checks='-*,torchdtype-*' %t-a.cpp -- -std=c++17 -isystem %mock_include -isystem %S/Inputs/torch-version/1.12.0 2>&1 | FileCheck -check-prefix=OLD %s
// OLD: torchdtype: LibTorch's headers declare PyTorch 1.12, which the checks do not know (1.13, 2.6, 2.14); judging the code as 1.13 (option PyTorchVersion to choose)
// OLD: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13
#include <torch/torch.h>

void half_matmul_on_cpu() {
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, b);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time{{.*}} [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
}
