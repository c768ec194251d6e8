// RUN: %check_clang_tidy %s torchdtype-discarded-conversion %t -- --fix-notes
// The note's fix, `x = x.to(...)`, applied by clang-tidy --fix-notes (not by
// --fix alone: the conversion may change the numerics of what follows).
#include <torch/torch.h>

void to_device(torch::Tensor &batch, torch::Device device) {
  batch.to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: result of 'to' is discarded: 'batch' is not converted
  // CHECK-FIXES: {{^}}  batch = batch.to(device);{{$}}
}

struct Trainer {
  torch::Tensor running_mean;
  void to_gpu() {
    running_mean.cuda();
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: result of 'cuda' is discarded: 'running_mean' is not converted
    // CHECK-FIXES: {{^}}    running_mean = running_mean.cuda();{{$}}
  }
};

// No fix where the tensor cannot be assigned or a macro wrote the call.
#define TO_GPU(t) (t).cuda()
void unfixable(const torch::Tensor &weights, torch::Tensor x) {
  weights.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: result of 'cuda' is discarded: 'weights' is not converted
  // CHECK-FIXES: {{^}}  weights.cuda();{{$}}
  TO_GPU(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cuda' is discarded: the tensor is not converted
  // CHECK-FIXES: {{^}}  TO_GPU(x);{{$}}
}
