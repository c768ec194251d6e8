// scenario: ResNet-style stem (conv -> BatchNorm2d -> ReLU) trains one step under CPU bf16 autocast; batch_norm is off the list too but its CPU kernel accepts bf16 input with float32 running stats and affine parameters
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct StemImpl : torch::nn::Module {
  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
  torch::nn::Linear fc{nullptr};
  StemImpl(int64_t width, int64_t classes) {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, width, 3).stride(2).padding(1).bias(false)));
    bn = register_module("bn", torch::nn::BatchNorm2d(width));
    fc = register_module("fc", torch::nn::Linear(width, classes));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::relu(bn(conv(x)));   // bf16 activations into batch_norm
    h = torch::adaptive_avg_pool2d(h, {1, 1}).flatten(1);
    return fc(h);
  }
};
TORCH_MODULE(Stem);

int main() {
  torch::manual_seed(4);
  Stem model(12, 5);
  model->train();
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));

  auto images = torch::randn({6, 3, 16, 16});
  auto labels = torch::tensor({0, 1, 2, 3, 4, 0}, torch::kLong);

  for (int step = 0; step < 2; ++step) {
    opt.zero_grad();
    at::autocast::set_cpu_enabled(true);
    auto logits = model->forward(images);
    auto loss = torch::nn::functional::cross_entropy(logits, labels);
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>()
              << " running_mean[0] " << model->bn->running_mean[0].item<float>() << "\n";
  }
  return 0;
}
