// Real-header tier: bfloat16 tensors, typically the results of a CPU
// autocast region, reaching ops with no CPU bfloat16 kernel (1.13; 2.x lists
// are not read, so nothing is reported there), a plain object carrying them
// through its methods, and a float32 BatchNorm given float64 or bfloat16.
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <cmath>
#include <tuple>

torch::Tensor diversity_penalty(const torch::Tensor &item_emb) {
  auto d = torch::pdist(item_emb);
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:12: warning: 'pdist' has no CPU kernel for bfloat16 in PyTorch 1.13; this throws at run time: ""pdist" not implemented for 'BFloat16'" [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
  return torch::exp(-d).mean();
}

void recommender_step() {
  torch::nn::Embedding items(1000, 64);
  torch::nn::Linear tower(64, 32);
  auto slate = torch::randint(0, 1000, {10});
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, true);
#else
  at::autocast::set_cpu_enabled(true);
#endif
  auto emb = tower(items(slate));
  auto loss = -emb.sum(1).mean() + 0.1 * diversity_penalty(emb);
  // CHECK-MESSAGES-V1: :[[@LINE-1]]:42: note: in this call of 'diversity_penalty'
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, false);
#else
  at::autocast::set_cpu_enabled(false);
#endif
}

struct GaussianScore {
  torch::Tensor mean, cov;
  void fit(const torch::Tensor &feats) {
    mean = feats.mean(0);
    auto centered = feats - mean;
    cov = torch::matmul(centered.t(), centered) / (feats.size(0) - 1);
  }
  double log_norm_const() const {
    auto sd = torch::linalg_slogdet(cov);
    // CHECK-MESSAGES-V1: :[[@LINE-1]]:15: warning: 'linalg_slogdet' has no CPU kernel for bfloat16 in PyTorch 1.13; this throws at run time: "linalg.slogdet: Low precision dtypes not supported. Got BFloat16" [kb: pytorch/dtype-not-implemented] [torchdtype-half-on-cpu]
    // CHECK-MESSAGES-V1: :[[@LINE+16]]:9: note: operand 'cov' has dtype BFloat16 from here
    // CHECK-MESSAGES-V1: :[[@LINE+16]]:18: note: in this call of 'log_norm_const'
    return -0.5 * (std::get<1>(sd).item<double>() + cov.size(0) * std::log(2 * M_PI));
  }
};

void density_model() {
  torch::NoGradGuard no_grad;
  torch::nn::Linear embed(20, 8);
  auto samples = torch::randn({200, 20});
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, true);
#else
  at::autocast::set_cpu_enabled(true);
#endif
  GaussianScore score;
  score.fit(embed(samples));
  auto c = score.log_norm_const();
#if TORCH_VERSION_MAJOR >= 2 && TORCH_VERSION_MINOR >= 4
  at::autocast::set_autocast_enabled(at::kCPU, false);
#else
  at::autocast::set_cpu_enabled(false);
#endif
}

void fitted_outside_the_region() {
  torch::nn::Linear embed(20, 8);
  GaussianScore score;
  score.fit(embed(torch::randn({200, 20})));
  auto c = score.log_norm_const();
}

void tabular_batchnorm() {
  torch::nn::BatchNorm1d bn(4);
  auto cols = torch::log1p(torch::randint(0, 100, {8, 4}).to(torch::kDouble));
  auto h = bn(cols);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'bn' has Float parameters but gets a Double input; this throws at run time: "mixed dtype (CPU): expect input to have scalar type of BFloat16" [kb: pytorch/batchnorm-mixed-dtype] [torchdtype-module-input-dtype]
  auto ok = bn(torch::randn({8, 4}, torch::kBFloat16));
}
