// RUN: %check_clang_tidy %s torchdtype-discarded-conversion %t
#include <torch/torch.h>
#include <vector>

bool flag();

// ---- Positives --------------------------------------------------------------

void to_device(torch::Tensor &batch, torch::Device device) {
  batch.to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: result of 'to' is discarded: 'batch' is not converted and keeps its dtype and device [kb: pytorch/discarded-conversion] [torchdtype-discarded-conversion]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: assign the result to keep the conversion: 'batch = batch.to(...)'
  // CHECK-MESSAGES: :[[@LINE-3]]:9: note: fix: Assign the converted tensor back: batch = batch.to(device);
}

void each_conversion(torch::Tensor x, const torch::Tensor &like) {
  x.to(torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded: 'x' is not converted
  x.toType(torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'toType' is discarded: 'x' is not converted
  x.type_as(like);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'type_as' is discarded: 'x' is not converted
  x.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'cuda' is discarded: 'x' is not converted
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: assign the result to keep the conversion: 'x = x.cuda()'
  x.cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'cpu' is discarded: 'x' is not converted
  x.to(torch::kCUDA, torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded: 'x' is not converted
}

// A const tensor cannot be assigned: the note says so without a fix.
void const_receiver(const torch::Tensor &weights) {
  weights.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: result of 'cuda' is discarded: 'weights' is not converted
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: assign the result to keep the conversion{{$}}
}

struct Trainer {
  torch::Tensor running_mean;
  void to_gpu() {
    running_mean.to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: result of 'to' is discarded: 'running_mean' is not converted
  }
};

void branches_and_loops(std::vector<torch::Tensor> &batches, torch::Tensor t,
                        int n) {
  if (flag())
    t.to(torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'to' is discarded: 't' is not converted
  else
    t.cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'cpu' is discarded: 't' is not converted
  for (int i = 0; i < n; ++i)
    t.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'cuda' is discarded: 't' is not converted
  for (auto &b : batches) {
    b.to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'to' is discarded: 'b' is not converted
  }
  while (flag())
    batches[0].cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: result of 'cuda' is discarded: 'batches[0]' is not converted
  switch (n) {
  case 1:
    t.toType(torch::kHalf);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'toType' is discarded: 't' is not converted
    break;
  default:
    break;
  }
}

template <typename T> void templated(T &t) {
  t.to(torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded: 't' is not converted
}
template void templated<torch::Tensor>(torch::Tensor &);

void lambdas(torch::Tensor x) {
  auto move = [&] { x.cuda(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: result of 'cuda' is discarded: 'x' is not converted
  move();
}

#define TO_GPU(t) (t).cuda()
void macros(torch::Tensor x) {
  TO_GPU(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cuda' is discarded: the tensor is not converted and keeps its dtype and device
}

// ---- Negatives --------------------------------------------------------------

torch::Tensor used(torch::Tensor x, torch::Device device, torch::nn::Linear lin) {
  x = x.to(device);                   // assigned
  auto y = x.to(torch::kHalf);        // initialises
  (void)x.cuda();                     // the drop is meant
  static_cast<void>(x.cpu());         // likewise
  lin->to(torch::kDouble);            // a module converts in place
  lin->to(device);
  torch::Tensor &r = x;
  r.copy_(y.to(torch::kFloat));       // the result is an argument
  auto z = flag() ? x.cpu() : x.cuda();
  std::vector<torch::Tensor> v;
  v.push_back(x.to(device));
  if (x.to(torch::kFloat).defined())  // used in a condition
    return z;
  return x.type_as(y);                // returned
}
