// scenario: a deployment script halves the model only when it runs on a GPU; on a CPU-only machine the model and inputs stay float32
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
  torch::ScalarType dtype = torch::kFloat;
  if (device.is_cuda()) dtype = torch::kHalf; // tensor cores

  torch::nn::Sequential net(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)),
                            torch::nn::ReLU(),
                            torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions(1)),
                            torch::nn::Flatten(), torch::nn::Linear(8, 2));
  net->to(device, dtype);
  net->eval();

  torch::NoGradGuard no_grad;
  auto images = torch::rand({2, 3, 16, 16}).to(device, dtype);
  auto logits = net->forward(images);
  auto probs = torch::softmax(logits.to(torch::kFloat), 1);
  std::cout << "probabilities " << probs.cpu() << "\n";
  return 0;
}
