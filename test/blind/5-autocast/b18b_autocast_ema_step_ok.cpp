// scenario: small CNN trained on uint8 images under CPU bfloat16 autocast, with gradient clipping, a parameter EMA and float32 out-of-fold logits
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <cmath>
#include <iostream>
#include <vector>

namespace {

class CpuAutocastRegion {
public:
  explicit CpuAutocastRegion(at::ScalarType dtype) : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastRegion() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_);
  }

private:
  bool prev_;
};

struct SmallCnn : torch::nn::Module {
  SmallCnn() {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)));
    fc = register_module("fc", torch::nn::Linear(8, 5));
  }
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x) {
    torch::Tensor f = torch::relu(conv->forward(x));
    f = torch::adaptive_avg_pool2d(f, {1, 1}).flatten(1);
    return {fc->forward(f), f};
  }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear fc{nullptr};
};

torch::Tensor preprocess(const torch::Tensor &images_u8, const torch::Tensor &mean,
                         const torch::Tensor &std) {
  // uint8 NHWC -> float NCHW in [0, 1], then per-channel standardisation.
  torch::Tensor x = images_u8.permute({0, 3, 1, 2}).to(torch::kFloat).div_(255.0);
  return (x - mean.view({1, 3, 1, 1})) / std.view({1, 3, 1, 1});
}

void updateEma(std::vector<torch::Tensor> &ema, const std::vector<torch::Tensor> &params, double decay) {
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < ema.size(); ++i)
    ema[i].lerp_(params[i].detach(), 1.0 - decay);
}

} // namespace

int main() {
  torch::manual_seed(9);
  const int64_t n = 24, batch = 8;
  torch::Tensor images = torch::randint(0, 256, {n, 12, 12, 3}, torch::kByte);
  torch::Tensor labels = torch::randint(0, 5, {n}, torch::kLong);

  torch::Tensor as_float = images.to(torch::kFloat).div(255.0);
  torch::Tensor mean = as_float.mean({0, 1, 2});
  torch::Tensor std = as_float.std({0, 1, 2});

  SmallCnn model;
  torch::optim::SGD optimizer(model.parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  std::vector<torch::Tensor> ema;
  for (const auto &p : model.parameters())
    ema.push_back(p.detach().clone());

  torch::Tensor oof_logits = torch::zeros({n, 5});
  torch::Tensor margin_direction = torch::randn({8});
  torch::Tensor margin_bias = torch::zeros({1});
  torch::Tensor margins = torch::zeros({n});

  for (int64_t start = 0; start < n; start += batch) {
    torch::Tensor idx = torch::arange(start, start + batch, torch::kLong);
    torch::Tensor x = preprocess(images.index_select(0, idx), mean, std);
    torch::Tensor y = labels.index_select(0, idx);

    optimizer.zero_grad();
    torch::Tensor loss, logits, features;
    {
      CpuAutocastRegion region(at::kBFloat16);
      std::tie(logits, features) = model.forward(x);   // bfloat16
      loss = torch::cross_entropy_loss(logits, y);     // autocast runs it in float32
      torch::Tensor f32 = features.detach().to(torch::kFloat);
      margins.index_copy_(0, idx, torch::addmv(margin_bias, f32, margin_direction));
    }
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model.parameters(), 2.0);
    optimizer.step();
    updateEma(ema, model.parameters(), 0.9);

    oof_logits.index_copy_(0, idx, logits.detach().to(oof_logits.scalar_type()));
    std::cout << "batch@" << start << " loss " << loss.item<float>() << "\n";
  }

  double drift = 0.0;
  auto params = model.parameters();
  for (size_t i = 0; i < ema.size(); ++i)
    drift += (ema[i] - params[i]).abs().sum().item<double>();
  std::cout << "ema drift " << drift << " margin mean " << margins.mean().item<float>() << "\n";
  return std::isfinite(drift) && oof_logits.abs().sum().item<float>() > 0 ? 0 : 1;
}
