// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-loss-target-dtype %t
// Tuple results (std::get, structured bindings), callees analysed again for
// a call where their summary lost the arguments' facts, and losses under a
// no-grad guard.
#include <torch/torch.h>

// ---- Tuples of tensors ----------------------------------------------------

void tuple_elements() {
  auto x = torch::randn({4, 4}, torch::kDouble);
  auto w = torch::randn({4, 4});
  auto q = std::get<0>(torch::linalg_qr(x));
  auto a = torch::mm(q, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  auto [vals, idx] = w.max(1);
  auto b = torch::mm(vals.unsqueeze(1), torch::randn({1, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  auto c = torch::mm(idx.unsqueeze(1).to(torch::kFloat), torch::randn({1, 4}));
  auto sorted = w.sort();
  auto d = torch::mm(std::get<0>(sorted), w);
}

void tuple_in_loop(int n) {
  auto basis = torch::randn({4, 4});
  for (int i = 0; i < n; ++i) {
    auto eig = torch::linalg_eigh(torch::randn({4, 4}, torch::kDouble));
    auto e = torch::mm(std::get<1>(eig), basis);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}

// ---- Callees analysed for one call ----------------------------------------

// `x - center` mixes a parameter with a value of the callee's own: the
// summary cannot say its dtype, the call's facts can.
torch::Tensor project(const torch::Tensor &x, const torch::Tensor &w) {
  auto center = torch::zeros({4});
  return torch::mm(x - center, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void calls_project() {
  auto x = torch::randn({2, 4});
  project(x, torch::randn({4, 4}, torch::kDouble));
  project(x, torch::randn({4, 4})); // fine
}

struct Whiten : torch::nn::Module {
  explicit Whiten(int64_t n) {
    whitening = register_buffer("whitening", torch::eye(n, torch::kDouble));
    mean = register_buffer("mean", torch::zeros({n}));
  }
  torch::Tensor forward(const torch::Tensor &feats) {
    return torch::mm(feats - mean, whitening);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  }
  torch::Tensor whitening, mean;
};

void calls_forward() {
  Whiten w(4);
  w.forward(torch::randn({2, 4}));
}

template <typename T> torch::Tensor scaled(const T &x, double s) {
  return torch::mm(x * s - torch::zeros({4}), torch::randn({4, 4}));
}

void calls_template() {
  scaled(torch::randn({2, 4}), 2.0); // one dtype: fine
}

void calls_in_lambda() {
  auto run = [](const torch::Tensor &x) {
    return project(x, torch::randn({4, 4}));
  };
  run(torch::randn({2, 4}));
}

// ---- Losses under a no-grad guard ------------------------------------------

void evaluate(const torch::Tensor &target) {
  auto pred = torch::randn({8}, torch::kBFloat16);
  {
    torch::NoGradGuard no_grad;
    auto l = torch::mse_loss(pred, target); // no backward here: runs
  }
  auto l2 = torch::mse_loss(pred, torch::randn({8}));
  l2.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'mse_loss' with an input of dtype BFloat16 and a target of dtype Float; {{.*}} [torchdtype-loss-target-dtype]
  {
    torch::NoGradGuard no_grad;
    auto l3 = torch::binary_cross_entropy(pred.sigmoid(), torch::rand({8}));
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'binary_cross_entropy' gets an input of dtype BFloat16 and a target of dtype Float; {{.*}} [torchdtype-loss-target-dtype]
  }
}

#define NO_GRAD torch::NoGradGuard guard_

double eval_loss(const torch::Tensor &target) {
  NO_GRAD;
  auto pred = torch::randn({8}, torch::kBFloat16);
  return torch::mse_loss(pred, target).item<double>();
}

void calls_eval_loss() { eval_loss(torch::randn({8})); }
