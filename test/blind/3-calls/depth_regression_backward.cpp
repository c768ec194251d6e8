// scenario: a monocular depth head is trained against per-pixel depths that a calibration helper returns as float64
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Double but expected Float
#include <torch/torch.h>
#include <algorithm>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

namespace {

struct CameraIntrinsics {
  double focal = 525.0;
  double baseline = 0.075;
};

// Disparity (pixels) -> metric depth, computed the way the calibration tool
// does it: in double, through a std::vector.
torch::Tensor depthFromDisparity(const std::vector<double> &disparity, int64_t h, int64_t w,
                                 const CameraIntrinsics &cam) {
  std::vector<double> depth(disparity.size());
  for (size_t i = 0; i < disparity.size(); ++i)
    depth[i] = cam.focal * cam.baseline / std::max(disparity[i], 1e-3);
  return torch::from_blob(depth.data(), {1, 1, h, w}, torch::kFloat64).clone();
}

torch::Tensor scaleInvariantTerm(const torch::Tensor &pred, const torch::Tensor &target) {
  auto d = torch::log(pred.clamp_min(1e-3)) - torch::log(target.clamp_min(1e-3));
  return d.pow(2).mean() - 0.5 * d.mean().pow(2);
}

} // namespace

int main() {
  torch::manual_seed(2);
  const int64_t h = 12, w = 16;
  CameraIntrinsics cam;

  torch::nn::Sequential depthHead(
      torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)), torch::nn::ReLU(),
      torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 1, 3).padding(1)), torch::nn::Softplus());
  torch::optim::SGD opt(depthHead->parameters(), torch::optim::SGDOptions(1e-3));

  std::vector<double> disparity(h * w);
  for (int64_t i = 0; i < h * w; ++i)
    disparity[i] = 5.0 + 40.0 * static_cast<double>(i % w) / w;
  auto target = depthFromDisparity(disparity, h, w, cam);

  auto rgb = torch::rand({1, 3, h, w});
  opt.zero_grad();
  auto pred = depthHead->forward(rgb);
  auto loss = F::mse_loss(pred, target) + 0.1 * scaleInvariantTerm(pred, target);
  std::cout << "loss " << loss.item<double>() << " (" << loss.dtype() << ")" << std::endl;
  loss.backward(); // BUG
  opt.step();
  return 0;
}
