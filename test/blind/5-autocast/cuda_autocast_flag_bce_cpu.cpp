// scenario: a trainer ported from a GPU script flips the CUDA autocast switch, then computes a BCE loss on CPU tensors inside it
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <optional>

class AutocastGuard {
 public:
  explicit AutocastGuard(bool enabled) : prev_(at::autocast::is_enabled()) {
    at::autocast::set_enabled(enabled);
    at::autocast::increment_nesting();
  }
  ~AutocastGuard() {
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    at::autocast::set_enabled(prev_);
  }
  AutocastGuard(const AutocastGuard&) = delete;
  AutocastGuard& operator=(const AutocastGuard&) = delete;

 private:
  bool prev_;
};

struct ClickModelImpl : torch::nn::Module {
  ClickModelImpl() : fc1(register_module("fc1", torch::nn::Linear(10, 32))),
                     fc2(register_module("fc2", torch::nn::Linear(32, 1))) {}
  torch::Tensor forward(const torch::Tensor& x) { return torch::sigmoid(fc2(torch::relu(fc1(x)))).squeeze(1); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(ClickModel);

int main() {
  torch::manual_seed(41);
  ClickModel model;
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));
  std::optional<float> best;
  const bool amp = true;  // "amp: true" in the GPU recipe

  for (int step = 0; step < 4; ++step) {
    auto x = torch::randn({32, 10});
    auto clicked = torch::rand({32}).lt(0.3).to(torch::kFloat);
    torch::Tensor loss;
    {
      AutocastGuard guard(amp);
      auto prob = model->forward(x);
      loss = torch::binary_cross_entropy(prob, clicked);
    }
    opt.zero_grad();
    loss.backward();
    opt.step();
    float v = loss.item<float>();
    if (!best || v < *best) best = v;
    std::cout << "step " << step << " bce " << v << "\n";
  }
  std::cout << "best " << *best << "\n";
  return 0;
}
