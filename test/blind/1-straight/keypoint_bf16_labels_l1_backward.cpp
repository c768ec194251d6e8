// scenario: keypoint regressor trains with l1_loss against keypoint labels stored as bfloat16; l1_loss's backward in 1.13 accepts the float32 prediction with the bf16 target
// tier: 1
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(61);
  const int64_t n = 24, n_kp = 5, side = 16;
  const int steps = 3;

  // Crops and keypoint labels in pixel units; the label store keeps them as
  // bfloat16 to halve its size.
  auto crops = 0.1 * torch::randn({n, 3, side, side});
  auto keypoints = (torch::rand({n, n_kp * 2}) * side).to(torch::kBFloat16);
  std::cout << "labels " << keypoints.dtype() << " range [" << keypoints.min().item<float>() << ", "
            << keypoints.max().item<float>() << "]\n";

  torch::nn::Conv2d conv1(torch::nn::Conv2dOptions(3, 8, 3).stride(2).padding(1));
  torch::nn::Conv2d conv2(torch::nn::Conv2dOptions(8, 8, 3).padding(1));
  torch::nn::Linear fc(8 * 8 * 8, n_kp * 2);
  std::vector<torch::Tensor> params = conv1->parameters();
  for (auto& p : conv2->parameters()) params.push_back(p);
  for (auto& p : fc->parameters()) params.push_back(p);
  torch::optim::Adam opt(params, torch::optim::AdamOptions(1e-3));

  for (int step = 0; step < steps; ++step) {
    opt.zero_grad();
    auto h = torch::relu(conv1(crops));
    h = torch::relu(conv2(h)) + h;
    auto pred = fc(h.flatten(1)) * (side / 2.0) + side / 2.0;
    auto loss = torch::l1_loss(pred, keypoints);
    loss.backward();
    opt.step();
    std::cout << "step " << step << " l1 " << loss.item<float>() << " px\n";
  }
  return 0;
}
