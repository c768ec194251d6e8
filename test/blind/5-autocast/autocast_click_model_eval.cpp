// scenario: click-through model evaluated under CPU autocast; bfloat16 logits are bucketed, aggregated per user and calibrated in float32
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <cstdint>
#include <iostream>
#include <tuple>

namespace {

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> make_impressions(int64_t n, int64_t feat) {
  torch::Tensor x = torch::randn({n, feat});
  torch::Tensor users = torch::randint(0, 8, {n}, torch::kLong);
  torch::Tensor clicks = (torch::rand({n}) < 0.3).to(torch::kFloat);
  return {x, users, clicks};
}

torch::Tensor score_under_autocast(torch::nn::Sequential &model, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  torch::Tensor logits = model->forward(x).squeeze(1);
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();
  return logits; // bfloat16
}

} // namespace

int main() {
  torch::manual_seed(31);
  const int64_t n = 200, feat = 16, users = 8;
  torch::nn::Sequential model(torch::nn::Linear(feat, 32), torch::nn::ReLU(),
                              torch::nn::Linear(32, 1));
  model->eval();

  auto [x, user_ids, clicks] = make_impressions(n, feat);
  torch::Tensor logits = score_under_autocast(model, x);

  torch::Tensor bias = torch::full({n}, -0.1f);
  torch::Tensor calibrated = torch::sigmoid(logits + bias);

  // Reliability buckets: bfloat16 values against float32 boundaries.
  torch::Tensor boundaries = torch::linspace(0.1, 0.9, 9);
  torch::Tensor bucket = torch::bucketize(torch::sigmoid(logits), boundaries);
  torch::Tensor per_bucket = torch::zeros({10}).index_add_(0, bucket, clicks);
  torch::Tensor bucket_n = torch::bincount(bucket, {}, 10);

  // Per-user expected clicks, accumulated in float32.
  torch::Tensor expected = torch::zeros({users});
  expected.index_add_(0, user_ids, calibrated);
  torch::Tensor observed = torch::zeros({users}).index_add_(0, user_ids, clicks);

  // Log loss, and the observed CTR smoothed towards the global prior.
  torch::Tensor p = calibrated.clamp(1e-6, 1 - 1e-6);
  torch::Tensor log_loss = -(torch::special::xlogy(clicks, p) + torch::special::xlog1py(1 - clicks, -p)).mean();
  torch::Tensor smoothed = torch::lerp(observed, expected, 0.3);
  torch::Tensor all_scores = torch::cat({logits, bias});
  std::cout << "calibration gap " << (expected - observed).abs().mean().item<float>() << "\n";
  std::cout << "log loss " << log_loss.item<float>() << " smoothed " << smoothed.sum().item<float>() << "\n";
  std::cout << "bucket ctr " << per_bucket / bucket_n.clamp_min(1) << "\n";
  std::cout << "scores " << all_scores.sizes() << " " << all_scores.scalar_type() << "\n";
  return 0;
}
