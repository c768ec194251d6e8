// scenario: a module keeps an int64 step-counter buffer and scales its float32 output by a warm-up factor computed from it
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct WarmupHeadImpl : torch::nn::Module {
  WarmupHeadImpl(int64_t in, int64_t out, int64_t warmup_steps) : warmup_(warmup_steps) {
    fc = register_module("fc", torch::nn::Linear(in, out));
    step = register_buffer("step", torch::zeros({}, torch::kLong));
  }

  torch::Tensor forward(const torch::Tensor &x) {
    if (is_training())
      step.add_(1);
    // An int64 tensor divided by an integer true-divides to float32.
    auto factor = (step / warmup_).clamp_max(1.0);
    return fc(x) * factor;
  }

  int64_t warmup_;
  torch::nn::Linear fc{nullptr};
  torch::Tensor step;
};
TORCH_MODULE(WarmupHead);

int main() {
  torch::manual_seed(0);
  WarmupHead head(4, 2, 3);
  auto x = torch::randn({2, 4});
  for (int i = 0; i < 4; ++i)
    std::cout << head->forward(x).abs().sum().item<float>() << "\n";
  std::cout << head->step << "\n";
  return 0;
}
