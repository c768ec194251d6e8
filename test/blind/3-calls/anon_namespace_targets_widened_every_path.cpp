// scenario: depth-completion trainer's anonymous-namespace loader returns float16 archives or float64 simulator depth depending on the source, widening to float32 on both paths before mse_loss and backward
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>

namespace {

enum class DepthSource { kArchive, kSimulator };

torch::Tensor load_depth_target(DepthSource src, int64_t n, int64_t h, int64_t w) {
  auto base = torch::linspace(5.0, 80.0, h).view({1, 1, h, 1}).expand({n, 1, h, w});
  if (src == DepthSource::kArchive) {
    auto stored = (base + torch::rand({n, 1, h, w})).to(torch::kHalf);
    return stored.to(torch::kFloat);
  }
  auto simulated = base.to(torch::kFloat64) + 0.01;
  return simulated.to(torch::kFloat);
}

}  // namespace

int main() {
  torch::manual_seed(40);
  torch::nn::Sequential net(torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 8, 3).padding(1)), torch::nn::ReLU(),
                            torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 1, 3).padding(1)));
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-3));

  for (auto src : {DepthSource::kArchive, DepthSource::kSimulator}) {
    auto depth = load_depth_target(src, 2, 16, 16);
    auto sparse = depth * (torch::rand(depth.sizes()) < 0.05).to(depth.scalar_type());
    opt.zero_grad();
    auto pred = net->forward(sparse / 80.0) * 80.0;
    auto loss = torch::mse_loss(pred, depth);
    loss.backward();
    opt.step();
    std::cout << (src == DepthSource::kArchive ? "archive" : "simulator") << " mse " << loss.item<float>() << "\n";
  }
  return 0;
}
