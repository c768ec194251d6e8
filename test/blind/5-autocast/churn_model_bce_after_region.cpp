// scenario: churn model produces probabilities under CPU bf16 autocast and the training loop computes binary_cross_entropy after the region, where the bf16 probabilities meet float32 labels without any cast
// tier: 5
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Float but expected BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct CustomerBatch {
  torch::Tensor usage;    // [n, 12] monthly usage
  torch::Tensor tenure;   // [n, 1]
  torch::Tensor churned;  // [n] float32 0/1
};

CustomerBatch sample_customers(int64_t n) {
  auto usage = torch::rand({n, 12}) * 10;
  auto tenure = torch::randint(1, 60, {n, 1}).to(torch::kFloat);
  auto trend = usage.narrow(1, 9, 3).mean(1) - usage.narrow(1, 0, 3).mean(1);
  auto churned = (trend < -1.0).to(torch::kFloat);
  return {usage, tenure, churned};
}

class ChurnNetImpl : public torch::nn::Module {
 public:
  ChurnNetImpl() {
    usage_ = register_module("usage", torch::nn::Linear(12, 16));
    out_ = register_module("out", torch::nn::Linear(17, 1));
  }
  torch::Tensor forward(const CustomerBatch& b) {
    auto u = torch::relu(usage_(b.usage));
    auto z = torch::cat({u, (b.tenure / 60.0).to(u.scalar_type())}, 1);
    return torch::sigmoid(out_(z)).squeeze(1);
  }

 private:
  torch::nn::Linear usage_{nullptr}, out_{nullptr};
};
TORCH_MODULE(ChurnNet);

int main() {
  torch::manual_seed(27);
  ChurnNet net;
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(5e-3));

  for (int epoch = 0; epoch < 3; ++epoch) {
    auto batch = sample_customers(64);
    opt.zero_grad();
    at::autocast::set_cpu_enabled(true);
    auto p_churn = net->forward(batch);
    at::autocast::set_cpu_enabled(false);

    auto loss = torch::binary_cross_entropy(p_churn, batch.churned); // BUG
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " bce " << loss.item<float>() << "\n";
  }
  return 0;
}
