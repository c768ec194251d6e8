// scenario: a Trainer with a confusion-matrix callback, a warmup scheduler writing into a tensor and a dynamic loss scaler, all updating tensors in place with matching dtypes
// tier: 4
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <memory>
#include <vector>

struct Callback {
  virtual ~Callback() = default;
  virtual void on_batch_end(const torch::Tensor& logits, const torch::Tensor& targets, const torch::Tensor& weights) {}
  virtual void on_epoch_end(int epoch) {}
};

class ConfusionMatrix : public Callback {
public:
  explicit ConfusionMatrix(int64_t classes)
      : counts_(torch::zeros({classes, classes}, torch::kLong)), weighted_(torch::zeros({classes, classes}, torch::kDouble)) {}
  void on_batch_end(const torch::Tensor& logits, const torch::Tensor& targets, const torch::Tensor& weights) override {
    auto preds = logits.argmax(1);
    counts_.index_put_({targets, preds}, torch::ones_like(targets), /*accumulate=*/true);
    weighted_.index_put_({targets, preds}, weights.to(weighted_.scalar_type()), /*accumulate=*/true);
  }
  void on_epoch_end(int epoch) override {
    auto recall = counts_.diag().to(torch::kDouble) / counts_.sum(1).clamp_min(1).to(torch::kDouble);
    std::cout << "epoch " << epoch << " mean recall " << recall.mean().item<double>() << "\n";
    counts_.zero_();
    weighted_.zero_();
  }

private:
  torch::Tensor counts_, weighted_;
};

class WarmupCosine {
public:
  WarmupCosine(torch::optim::SGD& opt, double base_lr, int64_t warmup, int64_t total)
      : opt_(opt), base_lr_(base_lr), warmup_(warmup), total_(total), lr_(torch::full({}, 0.0, torch::kDouble)) {}
  void step() {
    ++step_;
    double factor = step_ < warmup_ ? static_cast<double>(step_) / warmup_
                                    : 0.5 * (1 + std::cos(M_PI * (step_ - warmup_) / static_cast<double>(total_ - warmup_)));
    lr_.fill_(base_lr_ * factor);
    for (auto& group : opt_.param_groups())
      static_cast<torch::optim::SGDOptions&>(group.options()).lr(lr_.item<double>());
  }

private:
  torch::optim::SGD& opt_;
  double base_lr_;
  int64_t warmup_, total_, step_ = 0;
  torch::Tensor lr_;
};

class DynamicLossScaler {
public:
  explicit DynamicLossScaler(double init) : scale_(torch::full({}, init, torch::kFloat)) {}
  torch::Tensor scale(const torch::Tensor& loss) const { return loss * scale_; }
  bool unscale_and_check(const std::vector<torch::Tensor>& params) {
    torch::NoGradGuard no_grad;
    bool finite = true;
    for (const auto& p : params) {
      p.grad().div_(scale_);
      finite = finite && torch::isfinite(p.grad()).all().item<bool>();
    }
    if (!finite) scale_.mul_(0.5);
    return finite;
  }

private:
  torch::Tensor scale_;
};

int main() {
  torch::manual_seed(8);
  const int64_t classes = 4;
  auto x = torch::randn({160, 12});
  auto y = torch::randint(0, classes, {160});
  auto w = torch::rand({160});
  x.index_put_({17, 3}, NAN);  // one corrupt row: exercises the scaler's backoff
  torch::nn::Sequential model(torch::nn::Linear(12, 32), torch::nn::ReLU(), torch::nn::Linear(32, classes));
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.0).momentum(0.9));
  WarmupCosine sched(opt, 0.1, 5, 30);
  DynamicLossScaler scaler(1024.0);
  std::vector<std::shared_ptr<Callback>> callbacks{std::make_shared<ConfusionMatrix>(classes)};

  for (int epoch = 0; epoch < 3; ++epoch) {
    for (int64_t s = 0; s < 160; s += 16) {
      auto xb = x.slice(0, s, s + 16), yb = y.slice(0, s, s + 16), wb = w.slice(0, s, s + 16);
      opt.zero_grad();
      auto logits = model->forward(xb);
      auto loss = (torch::nn::functional::cross_entropy(logits, yb, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone)) * wb).mean();
      scaler.scale(loss).backward();
      if (scaler.unscale_and_check(model->parameters())) {
        opt.step();
        sched.step();
      }
      for (auto& cb : callbacks) cb->on_batch_end(logits.detach(), yb, wb);
    }
    for (auto& cb : callbacks) cb->on_epoch_end(epoch);
  }
  return 0;
}
