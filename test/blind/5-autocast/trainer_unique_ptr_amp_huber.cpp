// scenario: a Trainer keeps its autocast scope in a std::unique_ptr opened in begin_forward() and dropped in end_forward(); the robust huber_loss is taken after end_forward() on the bf16 prediction against float32 targets, and backward() fails
// tier: 5
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Float but expected BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <memory>

class AutocastRegion {
 public:
  AutocastRegion() : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~AutocastRegion() {
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_);
  }

 private:
  bool prev_;
};

class Trainer {
 public:
  explicit Trainer(torch::nn::Sequential net)
      : net_(std::move(net)), opt_(net_->parameters(), torch::optim::AdamOptions(3e-4)) {}

  void begin_forward() { region_ = std::make_unique<AutocastRegion>(); }
  void end_forward() { region_.reset(); }

  float step(const torch::Tensor& x, const torch::Tensor& y) {
    opt_.zero_grad();
    begin_forward();
    auto pred = net_->forward(x);
    end_forward();
    auto loss = torch::huber_loss(pred, y, at::Reduction::Mean, 0.5);
    loss.backward(); // BUG
    opt_.step();
    return loss.item<float>();
  }

 private:
  torch::nn::Sequential net_;
  torch::optim::Adam opt_;
  std::unique_ptr<AutocastRegion> region_;
};

int main() {
  torch::manual_seed(31);
  torch::nn::Sequential net(torch::nn::Linear(6, 24), torch::nn::SiLU(), torch::nn::Linear(24, 2));
  Trainer trainer(net);
  auto x = torch::randn({32, 6});
  auto y = torch::stack({x.sum(1), x.select(1, 0) * 2}, 1);
  for (int epoch = 0; epoch < 2; ++epoch)
    std::cout << "epoch " << epoch << " huber " << trainer.step(x, y) << "\n";
  return 0;
}
