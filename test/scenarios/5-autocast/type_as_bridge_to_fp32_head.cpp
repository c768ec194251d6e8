// scenario: a fine-tuning step runs the frozen backbone under CPU autocast and converts its features back with type_as(inputs) before the float32 head, which runs outside autocast
// tier: 5
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential backbone(torch::nn::Linear(20, 64), torch::nn::ReLU(),
                                 torch::nn::Linear(64, 64), torch::nn::ReLU());
  torch::nn::Linear head(64, 5);
  torch::optim::Adam opt(head->parameters(), torch::optim::AdamOptions(1e-3));

  for (int step = 0; step < 3; ++step) {
    auto inputs = torch::randn({32, 20});
    auto labels = torch::randint(0, 5, {32});
    torch::Tensor features;
    {
      torch::NoGradGuard frozen;
      at::autocast::set_cpu_enabled(true);
      features = backbone->forward(inputs);
      at::autocast::set_cpu_enabled(false);
    }
    features = features.type_as(inputs);
    opt.zero_grad();
    auto logits = head(features);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
