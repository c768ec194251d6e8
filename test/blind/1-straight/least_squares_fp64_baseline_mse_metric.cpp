// scenario: benchmark script fits a closed-form least-squares baseline in float64 and reports mse_loss between float32 network predictions and the float64 baseline; nothing requires grad, so the mixed loss is forward-only
// tier: 1
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(72);
  const int64_t n = 100, d = 5;
  const double noise = 0.05, ridge = 1e-6;

  auto x = torch::randn({n, d});
  auto true_w = torch::tensor({0.5f, -1.0f, 2.0f, 0.0f, 0.3f});
  auto y = x.matmul(true_w) + noise * torch::randn({n});

  // Baseline: ridge-stabilised normal equations, solved in float64.
  auto xd = x.to(torch::kFloat64), yd = y.to(torch::kFloat64);
  auto gram = xd.t().mm(xd) + ridge * torch::eye(d, torch::kFloat64);
  auto w_ls = torch::linalg_solve(gram, xd.t().mv(yd));
  auto baseline = xd.mv(w_ls);                                   // float64
  auto residual = (baseline - yd).pow(2).mean();
  auto weight_err = (w_ls - true_w.to(torch::kFloat64)).abs().max();

  // The deployed network is a frozen Linear carrying the same weights in float32.
  torch::nn::Linear net(d, 1);
  for (auto& p : net->parameters()) p.requires_grad_(false);
  net->weight.copy_(w_ls.to(torch::kFloat32).unsqueeze(0));
  net->bias.zero_();
  auto pred = net(x).squeeze(1);                                 // float32

  auto gap = torch::mse_loss(pred, baseline);
  auto mae = torch::l1_loss(pred, yd);
  auto worst = torch::smooth_l1_loss(pred, baseline, at::Reduction::None).max();
  std::cout << "baseline residual " << residual.item<double>() << ", weight error " << weight_err.item<double>() << "\n"
            << "net vs baseline mse " << gap.item<double>() << ", worst " << worst.item<double>() << "\n"
            << "mae to truth " << mae.item<double>() << "\n";
  return 0;
}
