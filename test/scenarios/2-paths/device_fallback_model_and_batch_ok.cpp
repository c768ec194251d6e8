// scenario: a training script picks CUDA when available with a CPU fallback and moves the model, the batch and the targets to the chosen device
// tier: 2
// family: device-mismatch
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) {
    device = torch::Device(torch::kCUDA, 0);
    std::cout << "training on GPU\n";
  }

  torch::nn::Sequential model(torch::nn::Linear(20, 32), torch::nn::ReLU(), torch::nn::Linear(32, 3));
  model->to(device);
  torch::optim::Adam opt(model->parameters(), 1e-3);

  for (int step = 0; step < 4; ++step) {
    auto inputs = torch::randn({16, 20});
    auto labels = torch::randint(0, 3, {16});
    if (device.is_cuda()) {
      inputs = inputs.to(device);
      labels = labels.to(device);
    }
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(inputs), labels);
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
