// scenario: extracts frozen encoder features under bfloat16 CPU autocast in a helper, then trains a float32 linear probe on them outside the region
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

torch::Tensor extractFeatures(torch::nn::Sequential& encoder, const torch::Tensor& images) {
  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  auto features = encoder->forward(images).flatten(1);
  at::autocast::clear_cache();
  at::autocast::set_cpu_enabled(false);
  return features;
}

int main() {
  torch::manual_seed(21);
  const int64_t num_classes = 10;

  torch::nn::Sequential encoder(
      torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)), torch::nn::ReLU(),
      torch::nn::MaxPool2d(2),
      torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).padding(1)), torch::nn::ReLU(),
      torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions({1, 1})));
  encoder->eval();

  torch::nn::Linear probe(32, num_classes);
  torch::optim::SGD optimizer(probe->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));

  for (int step = 0; step < 3; ++step) {
    auto images = torch::rand({8, 3, 32, 32});
    auto labels = torch::randint(0, num_classes, {8});
    auto features = extractFeatures(encoder, images);

    optimizer.zero_grad();
    auto logits = probe(features); // BUG
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    loss.backward();
    optimizer.step();
    std::cout << "step " << step << " loss " << loss.item<double>() << "\n";
  }
  return 0;
}
