// Real-header tier: tuple results, callees analysed again for one call, and
// losses under a no-grad guard.
#include <torch/torch.h>

void tuples() {
  auto x = torch::randn({4, 4}, torch::kDouble);
  auto w = torch::randn({4, 4});
  auto q = std::get<0>(torch::linalg_qr(x));
  auto a = torch::mm(q, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  auto [vals, idx] = w.max(1);
  auto c = torch::mm(idx.unsqueeze(1).to(torch::kFloat), w.narrow(0, 0, 1));
  auto eig = torch::linalg_eigh(x);
  auto inv_sqrt = torch::diag(std::get<0>(eig).clamp_min(1e-6).rsqrt());
  auto e = torch::mm(inv_sqrt, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

struct WhitenImpl : torch::nn::Module {
  explicit WhitenImpl(const torch::Tensor &fit) {
    auto x = fit.to(torch::kDouble);
    whitening = register_buffer("whitening", torch::mm(x.t(), x));
    mean = register_buffer("mean", x.mean(0).to(torch::kFloat));
  }
  torch::Tensor forward(const torch::Tensor &feats) {
    return torch::mm(feats - mean, whitening);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  }
  torch::Tensor whitening, mean;
};
TORCH_MODULE(Whiten);

void calls_forward() {
  Whiten whiten(torch::randn({100, 4}));
  auto out = whiten->forward(torch::randn({6, 4}));
}

double eval_mse(const torch::Tensor &target) {
  torch::NoGradGuard no_grad;
  auto pred = torch::randn({8}, torch::kBFloat16);
  return torch::mse_loss(pred, target).item<double>(); // no backward: runs
}

double train_mse(const torch::Tensor &target) {
  auto pred = torch::randn({8}, torch::kBFloat16).requires_grad_();
  auto loss = torch::mse_loss(pred, target);
  loss.backward();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward of 'mse_loss' with an input of dtype BFloat16 and a target of dtype Float; {{.*}} [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:15: note: the loss is computed here; its forward runs
  return loss.item<double>();
}

void calls_losses() {
  eval_mse(torch::randn({8}));
  train_mse(torch::randn({8}));
}
