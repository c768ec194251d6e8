// scenario: a self-supervised trainer runs its backbone under bf16 autocast and hands features to linear-probe callbacks after the region
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <functional>
#include <iostream>
#include <vector>

struct AmpScope {
  AmpScope() { at::autocast::set_cpu_enabled(true); at::autocast::increment_nesting(); }
  ~AmpScope() {
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(false);
  }
};

using FeatureCallback = std::function<void(int, const torch::Tensor&, const torch::Tensor&)>;

class SslTrainer {
 public:
  SslTrainer() : backbone_(torch::nn::Linear(20, 48), torch::nn::ReLU(), torch::nn::Linear(48, 48)),
                 opt_(backbone_->parameters(), torch::optim::AdamWOptions(5e-4)) {}

  void add_callback(FeatureCallback cb) { callbacks_.push_back(std::move(cb)); }

  void step(int it, const torch::Tensor& view1, const torch::Tensor& view2, const torch::Tensor& labels) {
    torch::Tensor f1, loss;
    {
      AmpScope amp;
      f1 = backbone_->forward(view1);
      auto f2 = backbone_->forward(view2);
      loss = torch::mse_loss(f1, f2.detach());
    }
    opt_.zero_grad();
    loss.backward();
    opt_.step();
    for (auto& cb : callbacks_) cb(it, f1.detach(), labels);
  }

 private:
  torch::nn::Sequential backbone_;
  torch::optim::AdamW opt_;
  std::vector<FeatureCallback> callbacks_;
};

int main() {
  torch::manual_seed(23);
  SslTrainer trainer;
  torch::nn::Linear probe(48, 4);
  torch::optim::SGD probe_opt(probe->parameters(), torch::optim::SGDOptions(0.1));
  trainer.add_callback([&](int it, const torch::Tensor& feats, const torch::Tensor& y) {
    probe_opt.zero_grad();
    auto logits = probe->forward(feats); // BUG
    auto loss = torch::nn::functional::cross_entropy(logits, y);
    loss.backward();
    probe_opt.step();
    std::cout << "iter " << it << " probe loss " << loss.item<float>() << "\n";
  });
  for (int it = 0; it < 3; ++it) {
    auto x = torch::randn({16, 20});
    trainer.step(it, x + 0.1 * torch::randn_like(x), x + 0.1 * torch::randn_like(x),
                 torch::randint(4, {16}, torch::kLong));
  }
  return 0;
}
