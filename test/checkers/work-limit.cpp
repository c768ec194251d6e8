// A function over the work limit is skipped silently; ReportSkippedFunctions
// reports it as a remark. Functions under the limit are still analysed.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {MaxStepsPerFunction: 40}}"
// RUN: %check_clang_tidy -check-suffix=REPORT %s torchdtype-mixed-precision %t -- -config="{CheckOptions: {torchdtype-mixed-precision.MaxStepsPerFunction: 40, ReportSkippedFunctions: true}}"
#include <torch/torch.h>

void long_function() {
  // CHECK-MESSAGES-REPORT: :[[@LINE-1]]:6: remark: function 'long_function' was not analysed: it exceeds the work limit of 40 steps (option MaxStepsPerFunction)
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  a = a.relu(); a = a.relu(); a = a.relu(); a = a.relu(); a = a.relu();
  a = a.relu(); a = a.relu(); a = a.relu(); a = a.relu(); a = a.relu();
  torch::mm(a, b); // over the limit: not reported
}

void short_function() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype
  // CHECK-MESSAGES-REPORT: :[[@LINE-2]]:3: warning: 'mm' requires operands of the same dtype
}
