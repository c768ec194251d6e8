// scenario: an inpainting pass predicts the missing pixels under CPU autocast and scatters them into the float32 canvas with masked_scatter_
// tier: 5
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: masked_scatter: expected self and source to have same dtypes
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

torch::Tensor predict_fill(torch::nn::Conv2d &net, const torch::Tensor &canvas) {
  at::autocast::set_cpu_enabled(true);
  auto out = torch::sigmoid(net(canvas));
  at::autocast::set_cpu_enabled(false);
  return out;
}

int main() {
  torch::manual_seed(0);
  torch::NoGradGuard no_grad;
  torch::nn::Conv2d net(torch::nn::Conv2dOptions(3, 3, 3).padding(1));
  auto canvas = torch::rand({1, 3, 32, 32});
  auto holes = torch::rand({1, 1, 32, 32}).lt(0.1).expand({1, 3, 32, 32});
  canvas.masked_fill_(holes, 0.0);

  auto prediction = predict_fill(net, canvas);
  auto fill = prediction.masked_select(holes);
  canvas.masked_scatter_(holes, fill); // BUG
  std::cout << "filled " << holes.sum().item<int64_t>() << " values\n";
  return 0;
}
