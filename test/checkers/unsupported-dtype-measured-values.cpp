// torchdtype-unsupported-dtype on ops the contract table could measure only
// with other inputs than {2,2} [[2,1],[1,2]]: quantile's q must lie in
// [0, 1] and be 1-D (shapes unit1d), cross needs a dimension of size 3
// (shapes 3x3). Both need their tensors to share a dtype on 1.13.1.
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
// REAL-VERSION: ==1.13
#include <torch/torch.h>

bool flag();
#define CLIP_RANGE(x, q) torch::quantile((x), (q))

// ---- Positives ------------------------------------------------------------

void percentiles_in_double() {
  auto activations = torch::rand({64});
  auto q = torch::tensor({0.01, 0.99}, torch::kDouble);
  auto bounds = torch::quantile(activations, q);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:17: warning: 'quantile' does not take Float 'activations' or Double 'q' in PyTorch 1.13{{.*}}"quantile() q tensor must be same dtype as the input tensor"{{.*}} [torchdtype-unsupported-dtype]
}

void angular_velocity_against_double_arms() {
  auto arms = torch::rand({6, 3}, torch::kDouble);
  auto omega = torch::rand({6, 3});
  auto v = torch::cross(omega, arms, 1);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'cross' does not take Float 'omega' or Double 'arms' in PyTorch 1.13{{.*}}"expected scalar type Float but found Double"{{.*}} [torchdtype-unsupported-dtype]
}

void q_on_one_branch(bool precise) {
  auto x = torch::rand({32});
  torch::Tensor q = torch::tensor({0.5});
  if (precise)
    q = q.to(torch::kDouble);
  if (precise) {
    auto m = CLIP_RANGE(x, q);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:14: warning: 'quantile' does not take Float 'x' or Double 'q'{{.*}} [torchdtype-unsupported-dtype]
  }
}

void cross_in_a_loop_and_a_lambda() {
  auto arms = torch::rand({4, 3}, torch::kDouble);
  auto spin = [&](const torch::Tensor &w) { return torch::linalg_cross(w, arms); };
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:52: warning: 'linalg_cross' does not take Float 'w' or Double 'arms'{{.*}} [torchdtype-unsupported-dtype]
  for (int step = 0; step < 3; ++step)
    spin(torch::rand({4, 3}));
}

// ---- Negatives ------------------------------------------------------------

void percentiles_of_one_dtype() {
  auto x = torch::rand({64}, torch::kDouble);
  torch::quantile(x, torch::tensor({0.01, 0.99}, torch::kDouble));
  torch::quantile(torch::rand({64}), torch::tensor({0.5f}));
  torch::quantile(torch::rand({64}), 0.5); // a number q takes any dtype
}

void cross_of_one_dtype() {
  auto a = torch::rand({6, 3});
  torch::cross(a, torch::rand({6, 3}), 1);
  torch::linalg_cross(a.to(torch::kDouble), torch::rand({6, 3}, torch::kDouble));
}

void unknown_q(torch::Tensor q) {
  torch::quantile(torch::rand({8}), q);
}
