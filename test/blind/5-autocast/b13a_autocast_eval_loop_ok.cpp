// scenario: an evaluation loop runs a classifier under CPU bfloat16 autocast, computes the loss inside the region, and converts the logits back to float32 before calibrating them outside it
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <cstdint>
#include <iostream>
#include <vector>

namespace {

struct EvalResult {
  torch::Tensor logits; // float32, detached
  double loss = 0.0;
};

struct MlpImpl : torch::nn::Module {
  MlpImpl(int64_t in, int64_t classes)
      : fc1(register_module("fc1", torch::nn::Linear(in, 16))),
        fc2(register_module("fc2", torch::nn::Linear(16, classes))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc2(torch::gelu(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Mlp);

EvalResult evaluate_batch(Mlp &model, const torch::Tensor &x, const torch::Tensor &y,
                          const torch::Tensor &label_embed) {
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  torch::Tensor logits = model->forward(x);                    // bfloat16
  torch::Tensor loss = torch::nn::functional::cross_entropy(logits, y); // runs in float32
  torch::Tensor aux = torch::mm(logits, label_embed);          // autocast casts label_embed
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  EvalResult r;
  r.logits = logits.to(torch::kFloat32) + 0.0 * aux.to(torch::kFloat32).sum();
  r.loss = loss.item<double>();
  return r;
}

} // namespace

int main() {
  torch::manual_seed(9);
  const int64_t classes = 3;
  Mlp model(6, classes);
  model->eval();
  torch::Tensor label_embed = torch::randn({classes, 4});

  // Temperature scaling, fitted earlier in float32.
  torch::Tensor temperature = torch::full({1}, 1.7);
  torch::Tensor calib = torch::eye(classes) / temperature;

  torch::NoGradGuard no_grad;
  double total_loss = 0.0;
  int64_t correct = 0, seen = 0;
  for (int b = 0; b < 3; ++b) {
    torch::Tensor x = torch::randn({4, 6});
    torch::Tensor y = torch::randint(classes, {4}, torch::kLong);
    EvalResult r = evaluate_batch(model, x, y, label_embed);
    torch::Tensor probs = torch::softmax(torch::mm(r.logits, calib), -1);
    correct += probs.argmax(1).eq(y).sum().item<int64_t>();
    seen += y.size(0);
    total_loss += r.loss;
  }
  std::cout << "loss " << total_loss / 3 << " acc " << double(correct) / seen << "\n";
  return 0;
}
