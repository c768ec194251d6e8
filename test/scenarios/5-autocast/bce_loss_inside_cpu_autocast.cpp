// scenario: a multi-label tagger computes sigmoid probabilities and BCELoss against float32 labels in the same CPU autocast region, where binary_cross_entropy runs in float32
// tier: 5
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t in, int64_t tags)
      : fc(register_module("fc", torch::nn::Linear(in, tags))) {}
  torch::Tensor forward(const torch::Tensor &x) { return torch::sigmoid(fc(x)); }
  torch::nn::Linear fc;
};
TORCH_MODULE(Tagger);

int main() {
  torch::manual_seed(0);
  Tagger model(40, 12);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  torch::nn::BCELoss criterion;
  auto x = torch::randn({64, 40});
  auto labels = torch::randint(0, 2, {64, 12}).to(torch::kFloat);

  for (int epoch = 0; epoch < 2; ++epoch) {
    opt.zero_grad();
    at::autocast::set_cpu_enabled(true);
    auto probs = model(x);
    auto loss = criterion(probs, labels);
    at::autocast::set_cpu_enabled(false);
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " bce " << loss.item<float>() << "\n";
  }
  return 0;
}
