// Composite ops on float16 CPU tensors: F::normalize fails inside clamp_min
// (listed with its kernel in cpu_half.json), and the recurrent layers, whose
// CPU kernels are their inner linear's (cpu_half.json inner_kernels), fail
// in addmm. bfloat16 has those kernels on 1.13.
// RUN: %check_clang_tidy %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {torchdtype-half-on-cpu.PyTorchVersion: '1.13'}}"
// REAL-VERSION: ==1.13
#include <torch/torch.h>

namespace F = torch::nn::functional;

// ---- Positives ------------------------------------------------------------

void normalize_half() {
  auto x = torch::ones({2, 4}, torch::kHalf);
  F::normalize(x, F::NormalizeFuncOptions().dim(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'normalize' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time: ""clamp_min_cpu" not implemented for 'Half'"{{.*}} [torchdtype-half-on-cpu]
}

void lstm_converted_to_half() {
  torch::nn::LSTM lstm(4, 4);
  lstm->to(torch::kHalf);
  lstm->forward(torch::ones({2, 3, 4}, torch::kHalf));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'lstm' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time: ""addmm_impl_cpu_" not implemented for 'Half'"{{.*}} [torchdtype-half-on-cpu]
}

void gru_cell_in_a_branch(bool compact) {
  torch::nn::GRUCell cell(4, 4);
  auto h = torch::ones({2, 4});
  if (compact) {
    cell->to(torch::kHalf);
    h = h.to(torch::kHalf);
  }
  cell->forward(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'gru_cell' has no CPU kernel for float16 in PyTorch 1.13{{.*}} [torchdtype-half-on-cpu]
}

void normalize_in_a_loop() {
  auto x = torch::ones({2, 4});
  for (int i = 0; i < 3; ++i) {
    F::normalize(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'normalize' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
    x = x.to(torch::kHalf);
  }
}

template <typename T> void normalize_in_a_template(T dtype) {
  F::normalize(torch::ones({2, 4}, dtype));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'normalize' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
}
template void normalize_in_a_template<torch::Dtype>(torch::Dtype);
void instantiate() { normalize_in_a_template(torch::kHalf); }

void normalize_in_a_lambda() {
  auto unit = [](const torch::Tensor &t) { return F::normalize(t); };
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: 'normalize' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
  unit(torch::ones({2, 4}, torch::kHalf));
}

#define UNIT(t) F::normalize(t)
void normalize_in_a_macro() {
  UNIT(torch::ones({2, 4}, torch::kHalf));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'normalize' has no CPU kernel for float16{{.*}} [torchdtype-half-on-cpu]
}

// ---- Negatives ------------------------------------------------------------

void normalize_bfloat16_and_float() {
  F::normalize(torch::ones({2, 4}, torch::kBFloat16));
  F::normalize(torch::ones({2, 4}));
}

void lstm_float_and_bfloat16_modules() {
  torch::nn::LSTM lstm(4, 4);
  lstm->forward(torch::ones({2, 3, 4}));
  torch::nn::GRU gru(4, 4);
  gru->to(torch::kBFloat16);
  gru->forward(torch::ones({2, 3, 4}, torch::kBFloat16));
}

void normalize_half_on_cuda() {
  F::normalize(torch::ones({2, 4}, torch::TensorOptions().dtype(torch::kHalf).device(torch::kCUDA)));
}
