// scenario: keypoint regressor trains with huber_loss against keypoint labels stored as bfloat16; the forward pass runs, and huber_loss's backward rejects the bf16 target
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype BFloat16 but expected Float
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(61);
  const int64_t n = 24, n_kp = 5, side = 16;
  const double huber_delta = 2.0;

  // Crops with a bright blob near each keypoint; labels in pixel units are kept
  // in the label store as bfloat16 to halve its size.
  auto crops = 0.1 * torch::randn({n, 3, side, side});
  auto keypoints = (torch::rand({n, n_kp * 2}) * side).to(torch::kBFloat16);
  auto visible = torch::ones({n, n_kp});
  std::cout << "labels " << keypoints.dtype() << ", visible " << visible.sum().item<float>() << "\n";

  torch::nn::Conv2d conv1(torch::nn::Conv2dOptions(3, 8, 3).stride(2).padding(1));
  torch::nn::Conv2d conv2(torch::nn::Conv2dOptions(8, 8, 3).padding(1));
  torch::nn::Linear fc(8 * 8 * 8, n_kp * 2);
  std::vector<torch::Tensor> params = conv1->parameters();
  for (auto& p : conv2->parameters()) params.push_back(p);
  for (auto& p : fc->parameters()) params.push_back(p);
  torch::optim::Adam opt(params, torch::optim::AdamOptions(1e-3));

  opt.zero_grad();
  auto h = torch::relu(conv1(crops));
  h = torch::relu(conv2(h)) + h;
  auto pred = fc(h.flatten(1)) * (side / 2.0) + side / 2.0;
  auto loss = torch::huber_loss(pred, keypoints, at::Reduction::Mean, huber_delta);
  std::cout << "huber " << loss.item<float>() << "\n";
  loss.backward(); // BUG
  opt.step();
  std::cout << "fc grad norm " << fc->weight.grad().norm().item<float>() << "\n";
  return 0;
}
