// scenario: anomaly detector computes sigmoid + binary_cross_entropy inside a CPU bf16 autocast region; unlike CUDA autocast, 1.13's CPU autocast does not ban binary_cross_entropy but runs it in float32
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class AnomalyScorerImpl : public torch::nn::Module {
 public:
  explicit AnomalyScorerImpl(int64_t n_metrics) {
    body_ = register_module("body", torch::nn::Sequential(torch::nn::Linear(n_metrics, 32), torch::nn::ReLU(),
                                                          torch::nn::Linear(32, 1)));
  }
  torch::Tensor forward(const torch::Tensor& metrics) { return torch::sigmoid(body_->forward(metrics)).squeeze(1); }

 private:
  torch::nn::Sequential body_{nullptr};
};
TORCH_MODULE(AnomalyScorer);

// Synthetic host metrics: anomalies have a spike in the first two columns.
std::pair<torch::Tensor, torch::Tensor> host_metrics(int64_t n) {
  auto x = torch::randn({n, 8});
  auto is_anomaly = (torch::arange(n) % 4 == 0).to(torch::kFloat);
  x.narrow(1, 0, 2).add_(is_anomaly.unsqueeze(1) * 3.0);
  return {x, is_anomaly};
}

int main() {
  torch::manual_seed(6);
  AnomalyScorer scorer(8);
  torch::optim::Adam opt(scorer->parameters(), torch::optim::AdamOptions(1e-2));

  for (int step = 0; step < 5; ++step) {
    auto [x, y] = host_metrics(32);
    opt.zero_grad();
    at::autocast::set_cpu_enabled(true);
    auto prob = scorer->forward(x);                       // bf16
    auto loss = torch::binary_cross_entropy(prob, y);     // fp32 policy on CPU
    at::autocast::set_cpu_enabled(false);
    loss.backward();
    opt.step();
    if (step % 2 == 0) std::cout << "step " << step << " bce " << loss.item<float>() << "\n";
  }
  return 0;
}
