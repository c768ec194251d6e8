// scenario: bounding-box regressor builds its criterion through a factory returning a stored lambda around smooth_l1_loss; the float64 box targets reach backward, which smooth_l1_loss handles in 1.13
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <string>

using Criterion = std::function<torch::Tensor(const torch::Tensor&, const torch::Tensor&)>;

Criterion make_box_criterion(const std::string& kind, double beta) {
  if (kind == "smooth_l1") {
    return [beta](const torch::Tensor& pred, const torch::Tensor& target) {
      return torch::smooth_l1_loss(pred, target, at::Reduction::Mean, beta);
    };
  }
  return [](const torch::Tensor& pred, const torch::Tensor& target) { return torch::l1_loss(pred, target); };
}

// Anchor-relative box deltas, computed in double like the reference encoder.
torch::Tensor encode_boxes(const torch::Tensor& gt, const torch::Tensor& anchors) {
  auto g = gt.to(torch::kFloat64), a = anchors.to(torch::kFloat64);
  auto wh = a.narrow(1, 2, 2);
  return torch::cat({(g.narrow(1, 0, 2) - a.narrow(1, 0, 2)) / wh, torch::log(g.narrow(1, 2, 2) / wh)}, 1);
}

int main() {
  torch::manual_seed(9);
  torch::nn::Sequential head(torch::nn::Linear(16, 32), torch::nn::ReLU(), torch::nn::Linear(32, 4));
  torch::optim::SGD opt(head->parameters(), torch::optim::SGDOptions(0.01));
  auto criterion = make_box_criterion("smooth_l1", 1.0 / 9.0);

  auto anchors = torch::rand({20, 4}) * 50 + 10;
  auto gt = anchors + torch::randn({20, 4});
  auto targets = encode_boxes(gt, anchors);   // float64
  auto roi_features = torch::randn({20, 16});

  for (int it = 0; it < 3; ++it) {
    opt.zero_grad();
    auto loss = criterion(head->forward(roi_features), targets);
    loss.backward();
    opt.step();
    std::cout << "iter " << it << " box loss " << loss.item<double>() << "\n";
  }
  return 0;
}
