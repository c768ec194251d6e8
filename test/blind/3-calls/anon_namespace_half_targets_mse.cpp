// scenario: depth-completion trainer loads its ground-truth depth through a helper in an anonymous namespace that keeps it in float16 storage; mse_loss takes the float32 prediction and the float16 target forward, and backward rejects the mix
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Half but expected Float
#include <torch/torch.h>
#include <iostream>

namespace {

constexpr double kMaxDepth = 80.0;

// Depth maps are archived as float16 metres to halve the dataset size.
torch::Tensor load_depth_target(int64_t n, int64_t h, int64_t w) {
  auto rows = torch::linspace(5.0, kMaxDepth, h).view({1, 1, h, 1});
  return (rows.expand({n, 1, h, w}) + torch::rand({n, 1, h, w})).to(torch::kHalf);
}

torch::Tensor sparse_lidar(const torch::Tensor& depth) {
  auto keep = torch::rand(depth.sizes()) < 0.05;
  return torch::where(keep, depth.to(torch::kFloat), torch::zeros(depth.sizes()));
}

}  // namespace

struct CompletionNetImpl : torch::nn::Module {
  torch::nn::Conv2d c1{nullptr}, c2{nullptr};
  CompletionNetImpl() {
    c1 = register_module("c1", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 8, 3).padding(1)));
    c2 = register_module("c2", torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 1, 3).padding(1)));
  }
  torch::Tensor forward(const torch::Tensor& sparse) { return torch::softplus(c2(torch::relu(c1(sparse / kMaxDepth)))) * kMaxDepth; }
};
TORCH_MODULE(CompletionNet);

int main() {
  torch::manual_seed(40);
  CompletionNet net;
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-3));

  auto depth = load_depth_target(2, 16, 16);
  auto sparse = sparse_lidar(depth);

  opt.zero_grad();
  auto pred = net->forward(sparse);
  auto loss = torch::mse_loss(pred, depth);
  loss.backward(); // BUG
  opt.step();
  std::cout << "depth mse " << loss.item<float>() << "\n";
  return 0;
}
