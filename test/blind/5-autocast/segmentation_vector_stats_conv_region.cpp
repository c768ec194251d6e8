// scenario: segmentation preprocessing builds its channel statistics from std::vector<double>, which torch::tensor turns into the default float32, so the normalised image stays float32 and autocast casts it with the conv weights
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

struct NormalizeTransform {
  std::vector<double> mean{0.485, 0.456, 0.406};
  std::vector<double> stddev{0.229, 0.224, 0.225};

  torch::Tensor operator()(const torch::Tensor& img) const {
    auto m = torch::tensor(mean).view({1, 3, 1, 1});
    auto s = torch::tensor(stddev).view({1, 3, 1, 1});
    return (img - m) / s;
  }
};

struct EdgeNetImpl : torch::nn::Module {
  torch::nn::Conv2d c1{nullptr}, c2{nullptr};
  torch::nn::MaxPool2d pool{nullptr};
  EdgeNetImpl() {
    c1 = register_module("c1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)));
    c2 = register_module("c2", torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 2, 3).padding(1)));
    pool = register_module("pool", torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2)));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    return c2(pool(torch::relu(c1(x))));
  }
};
TORCH_MODULE(EdgeNet);

int main() {
  torch::manual_seed(2);
  EdgeNet net;
  net->eval();
  NormalizeTransform normalize;

  auto batch = torch::rand({2, 3, 16, 16});
  auto img = normalize(batch);

  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  auto logits = net->forward(img);
  at::autocast::set_cpu_enabled(false);

  auto edges = logits.to(torch::kFloat).softmax(1).select(1, 1);
  std::cout << "input " << img.dtype() << ", logits " << logits.dtype()
            << ", mean edge prob " << edges.mean().item<float>() << "\n";
  return 0;
}
