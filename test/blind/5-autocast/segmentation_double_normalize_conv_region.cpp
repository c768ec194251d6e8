// scenario: segmentation preprocessing normalises images with per-channel statistics stored as float64 tensors, so the image becomes float64 and meets bf16-cast conv weights inside the CPU autocast region
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (double) and bias type (c10::BFloat16) should be the same
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct ChannelStats {
  torch::Tensor mean;
  torch::Tensor stddev;
};

// Statistics accumulated over the training set in double to avoid
// catastrophic cancellation; kept in double for reuse.
ChannelStats dataset_stats() {
  auto opts = torch::TensorOptions().dtype(torch::kFloat64);
  return {torch::tensor({0.485, 0.456, 0.406}, opts).view({1, 3, 1, 1}),
          torch::tensor({0.229, 0.224, 0.225}, opts).view({1, 3, 1, 1})};
}

struct TinySegNetImpl : torch::nn::Module {
  torch::nn::Conv2d stem{nullptr}, head{nullptr};
  explicit TinySegNetImpl(int64_t classes) {
    stem = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)));
    head = register_module("head", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, classes, 1)));
  }
  torch::Tensor forward(const torch::Tensor& img) {
    auto h = torch::relu(stem(img)); // BUG
    return head(h);
  }
};
TORCH_MODULE(TinySegNet);

int main() {
  torch::manual_seed(2);
  TinySegNet net(4);
  net->eval();
  auto stats = dataset_stats();

  auto raw = torch::rand({2, 3, 24, 24});           // float32 pixels in [0, 1]
  auto img = (raw - stats.mean) / stats.stddev;     // promoted to float64

  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  auto logits = net->forward(img);
  at::autocast::set_cpu_enabled(false);

  auto mask = logits.argmax(1);
  std::cout << "mask histogram: " << torch::bincount(mask.flatten()) << "\n";
  return 0;
}
