// scenario: mixed-precision training step on CPU: the bf16 autocast region produces bfloat16 logits and the loss is taken inside the region against int64 class ids and a float32 distillation target
// tier: 5
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

namespace F = torch::nn::functional;

namespace {
struct AutocastGuard {
  AutocastGuard() {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  }
  ~AutocastGuard() {
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }
};
} // namespace

struct StudentImpl : torch::nn::Module {
  StudentImpl() : fc1(register_module("fc1", torch::nn::Linear(20, 64))), fc2(register_module("fc2", torch::nn::Linear(64, 4))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc2(torch::relu(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Student);

int main() {
  torch::manual_seed(19);
  Student student;
  torch::optim::SGD opt(student->parameters(), torch::optim::SGDOptions(0.01));
  const double alpha = 0.3;

  for (int step = 0; step < 3; ++step) {
    auto x = torch::randn({16, 20});
    auto labels = torch::randint(0, 4, {16});
    auto teacher_probs = torch::softmax(torch::randn({16, 4}), 1);

    opt.zero_grad();
    torch::Tensor loss;
    {
      AutocastGuard guard;
      auto logits = student->forward(x);
      auto hard = F::cross_entropy(logits, labels);
      auto soft = F::mse_loss(torch::softmax(logits, 1), teacher_probs);
      loss = hard * (1.0 - alpha) + soft * alpha;
    }
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<double>() << " (" << loss.dtype() << ")\n";
  }
  return 0;
}
