// scenario: age regression with int64 targets uses l1 and smooth_l1 losses, whose forward and backward both accept the Long target
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

struct Batch {
  torch::Tensor x;
  torch::Tensor age_years;  // int64 straight from the records
};

Batch make_batch(int64_t n) {
  std::vector<int64_t> ages;
  for (int64_t i = 0; i < n; ++i) ages.push_back(20 + (i * 7) % 45);
  return {torch::randn({n, 3}), torch::tensor(ages)};
}

torch::Tensor robust_loss(const torch::Tensor& pred, const torch::Tensor& target, bool smooth) {
  if (smooth) {
    return F::smooth_l1_loss(pred, target, F::SmoothL1LossFuncOptions().beta(2.0));
  }
  return F::l1_loss(pred, target);
}

int main() {
  torch::manual_seed(101);
  torch::nn::Linear reg(3, 1);
  torch::optim::SGD opt(reg->parameters(), 0.01);
  Batch b = make_batch(8);

  for (int step = 0; step < 4; ++step) {
    opt.zero_grad();
    torch::Tensor pred = reg->forward(b.x).squeeze(1);
    torch::Tensor loss = robust_loss(pred, b.age_years, step % 2 == 0);
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
