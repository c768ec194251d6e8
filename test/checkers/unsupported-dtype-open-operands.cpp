// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
// REAL-VERSION: ==1.13
// An op one of whose tensors has no known dtype (a function's result the
// unit does not show, a module's output) is judged when every measured
// dtype of that tensor raises the same dtype error with the others, and a
// known one is the cause: an Int index to gather fails whatever it
// gathers from. (Only 1.13.1 is measured: later versions say nothing.)
#include <torch/torch.h>

torch::Tensor from_elsewhere();

void int_index(int64_t b) {
  auto out = from_elsewhere();
  auto idx = torch::zeros({b, 1}, torch::kInt);
  auto last = out.gather(1, idx);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:15: warning: 'gather' does not take Int 'idx' in PyTorch 1.13 (Long would run); {{.*}} [torchdtype-unsupported-dtype]
}

torch::Tensor pick(const torch::Tensor &outputs, const torch::Tensor &lengths) {
  auto idx = (lengths - 1).view({-1, 1});
  return outputs.gather(1, idx);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'gather' does not take Int 'idx' {{.*}} [torchdtype-unsupported-dtype]
}
void through_a_helper() {
  pick(from_elsewhere(), torch::ones({4}, torch::kInt));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: note: in this call of 'pick'
}

// Negatives: a Long index; an index of no known dtype either; an op some
// dtype of the open tensor runs with (index_select takes an Int index).
void long_index(int64_t b) {
  auto out = from_elsewhere();
  out.gather(1, torch::zeros({b, 1}, torch::kLong));
  out.index_select(0, torch::zeros({b}, torch::kInt));
}
void both_open() {
  auto out = from_elsewhere();
  out.gather(1, from_elsewhere());
}
