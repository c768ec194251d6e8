// scenario: channel-pruned conv block keeps the surviving channel ids as a registered int64 buffer so they are checkpointed; the C++ Module::to(kDouble) converts every buffer, integer ones included
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: index_select(): Expected dtype int32 or int64 for index
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct PrunedConvBlockImpl : torch::nn::Module {
  PrunedConvBlockImpl(const std::vector<int64_t>& kept_channels, int64_t out_channels) {
    keep_ = register_buffer("keep", torch::tensor(kept_channels, torch::kLong));
    conv_ = register_module(
        "conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(
                                      static_cast<int64_t>(kept_channels.size()),
                                      out_channels, 3)
                                      .padding(1)));
    norm_ = register_module("norm", torch::nn::BatchNorm2d(out_channels));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto selected = x.index_select(/*dim=*/1, keep_); // BUG
    return torch::relu(norm_(conv_(selected)));
  }

  torch::Tensor keep_;
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::BatchNorm2d norm_{nullptr};
};
TORCH_MODULE(PrunedConvBlock);

// Channels whose L1 norm of the upstream filters is above a threshold survive.
std::vector<int64_t> surviving_channels(const torch::Tensor& filters, double keep_ratio) {
  auto scores = filters.abs().sum({1, 2, 3});
  int64_t k = std::max<int64_t>(1, static_cast<int64_t>(keep_ratio * scores.size(0)));
  auto idx = std::get<1>(scores.topk(k)).sort();
  auto sorted = std::get<0>(idx);
  return std::vector<int64_t>(sorted.data_ptr<int64_t>(), sorted.data_ptr<int64_t>() + k);
}

int main() {
  torch::manual_seed(11);
  auto upstream = torch::randn({8, 4, 3, 3});
  auto kept = surviving_channels(upstream, 0.5);

  PrunedConvBlock block(kept, /*out_channels=*/6);
  block->eval();
  // Sensitivity study: evaluate the pruned block in float64.
  block->to(torch::kDouble);

  torch::NoGradGuard no_grad;
  auto activations = torch::randn({2, 8, 10, 10}, torch::kDouble);
  auto out = block->forward(activations);
  std::cout << "out " << out.sizes() << " mean " << out.mean().item<double>() << "\n";
  return 0;
}
