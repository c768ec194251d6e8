// scenario: evaluates a three-layer MLP whose weights were stored in float16 to shrink the checkpoint
// tier: 1
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <array>
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(5);
  const int64_t in_features = 32;
  const int64_t hidden = 64;
  const int64_t num_classes = 10;

  // Weights as they were unpacked from the compressed checkpoint.
  std::array<torch::Tensor, 3> weights = {
      torch::randn({hidden, in_features}).to(torch::kHalf),
      torch::randn({hidden, hidden}).to(torch::kHalf),
      torch::randn({num_classes, hidden}).to(torch::kHalf),
  };
  std::array<torch::Tensor, 3> biases = {
      torch::zeros({hidden}, torch::kHalf),
      torch::zeros({hidden}, torch::kHalf),
      torch::zeros({num_classes}, torch::kHalf),
  };

  auto features = torch::randn({16, in_features});
  auto labels = torch::randint(0, num_classes, {16});

  // Keep activations in the checkpoint's precision.
  auto h = features.to(weights[0].scalar_type());
  h = torch::addmm(biases[0], h, weights[0].t()); // BUG
  h = torch::relu(h);
  h = torch::addmm(biases[1], h, weights[1].t());
  h = torch::relu(h);
  auto logits = torch::addmm(biases[2], h, weights[2].t()).to(torch::kFloat);

  auto predicted = logits.argmax(1);
  auto accuracy = predicted.eq(labels).to(torch::kFloat).mean();
  std::cout << "accuracy: " << accuracy.item<float>() << "\n";
  return 0;
}
