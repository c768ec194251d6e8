// Code that does not compile, a missing header and a bad option value give
// clear diagnostics and no crash; the analysis still runs on what parsed.
// RUN: not %torchdtype_tidy -checks='-*,torchdtype-*' %s -- -std=c++17 -isystem %mock_include 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: not %torchdtype_tidy -checks='-*,torchdtype-*' %s -- -std=c++17 -isystem %mock_include -DMISSING_HEADER 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %torchdtype_tidy -checks='-*,torchdtype-*' -config="{CheckOptions: {PyTorchVersion: 'latest'}}" %s -- -std=c++17 -isystem %mock_include 2>&1 | FileCheck %s --check-prefix=OPTION
#include <torch/torch.h>
#ifdef MISSING_HEADER
#include <torch/no_such_header.h>
// MISSING: error: 'torch/no_such_header.h' file not found [clang-diagnostic-error]
#endif

void broken() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, b, undeclared_thing);
  // BROKEN: error: use of undeclared identifier 'undeclared_thing'
  auto d = a.no_such_method();
  // BROKEN: error: no member named 'no_such_method'
  undeclared_function(a);
}

void still_analysed() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  torch::mm(a, b);
  // BROKEN: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype
}

template <typename T> void uninstantiated_with_errors(T t) {
  t.whatever(torch::mm(t, undeclared_too));
}
// OPTION: invalid PyTorchVersion 'latest' for torchdtype-{{[a-z0-9-]+}}; expected major.minor such as '2.6', using the version LibTorch's headers declare (else '2.14')
// OPTION: error: use of undeclared identifier 'undeclared_thing'
