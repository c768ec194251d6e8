// scenario: a Trainer class with a BCEWithLogitsLoss member receives int64 click labels and converts them to the logits' dtype in its step
// tier: 4
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

class ClickTrainer {
public:
  explicit ClickTrainer(int64_t features)
      : model_(torch::nn::Linear(features, 1)),
        opt_(model_->parameters(), torch::optim::AdamOptions(1e-2)) {}

  double step(const torch::Tensor &x, const torch::Tensor &clicked) {
    opt_.zero_grad();
    auto logits = model_(x).squeeze(1);
    auto loss = criterion_(logits, clicked.to(logits.dtype()));
    loss.backward();
    opt_.step();
    return loss.item<double>();
  }

private:
  torch::nn::Linear model_;
  torch::optim::Adam opt_;
  torch::nn::BCEWithLogitsLoss criterion_;
};

int main() {
  torch::manual_seed(0);
  ClickTrainer trainer(6);
  for (int i = 0; i < 3; ++i) {
    auto x = torch::randn({16, 6});
    auto clicked = (x.select(1, 0) > 0).to(torch::kLong);
    std::cout << trainer.step(x, clicked) << "\n";
  }
  return 0;
}
