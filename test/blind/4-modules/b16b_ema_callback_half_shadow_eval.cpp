// scenario: a Trainer's EMA callback keeps its shadow weights in float16 to save memory; the validation callback scores the shadow on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

struct Callback {
  virtual ~Callback() = default;
  virtual void on_batch_end(torch::nn::Sequential& model) {}
  virtual void on_epoch_end(int epoch, torch::nn::Sequential& model) {}
};

class EmaCallback : public Callback {
public:
  EmaCallback(torch::nn::Sequential& model, double decay, torch::Dtype store_dtype) : decay_(decay) {
    shadow_ = std::dynamic_pointer_cast<torch::nn::SequentialImpl>(model->clone());
    shadow_->to(store_dtype);
    shadow_->eval();
  }
  void on_batch_end(torch::nn::Sequential& model) override {
    torch::NoGradGuard no_grad;
    auto live = model->parameters();
    auto avg = shadow_->parameters();
    for (size_t i = 0; i < live.size(); ++i)
      avg[i].mul_(decay_).add_(live[i].detach(), 1.0 - decay_);
  }
  torch::nn::Sequential shadow() const { return torch::nn::Sequential(shadow_); }

private:
  double decay_;
  std::shared_ptr<torch::nn::SequentialImpl> shadow_;
};

class ShadowValidation : public Callback {
public:
  ShadowValidation(std::shared_ptr<EmaCallback> ema, torch::Tensor x, torch::Tensor y)
      : ema_(std::move(ema)), x_(std::move(x)), y_(std::move(y)) {}
  void on_epoch_end(int epoch, torch::nn::Sequential&) override {
    torch::NoGradGuard no_grad;
    auto shadow = ema_->shadow();
    auto dtype = shadow->parameters().front().scalar_type();
    auto logits = shadow->forward(x_.to(dtype)); // BUG
    auto acc = logits.argmax(1).eq(y_).to(torch::kFloat).mean().item<float>();
    std::cout << "epoch " << epoch << " ema acc " << acc << "\n";
  }

private:
  std::shared_ptr<EmaCallback> ema_;
  torch::Tensor x_, y_;
};

class Trainer {
public:
  Trainer(torch::nn::Sequential model, std::vector<std::shared_ptr<Callback>> callbacks)
      : model_(std::move(model)), callbacks_(std::move(callbacks)),
        opt_(model_->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9)) {}

  void fit(const torch::Tensor& x, const torch::Tensor& y, int epochs, int64_t batch) {
    for (int epoch = 0; epoch < epochs; ++epoch) {
      for (int64_t s = 0; s < x.size(0); s += batch) {
        opt_.zero_grad();
        auto loss = torch::nn::functional::cross_entropy(model_->forward(x.slice(0, s, s + batch)), y.slice(0, s, s + batch));
        loss.backward();
        opt_.step();
        for (auto& cb : callbacks_) cb->on_batch_end(model_);
      }
      for (auto& cb : callbacks_) cb->on_epoch_end(epoch, model_);
    }
  }

private:
  torch::nn::Sequential model_;
  std::vector<std::shared_ptr<Callback>> callbacks_;
  torch::optim::SGD opt_;
};

int main() {
  torch::manual_seed(5);
  auto x = torch::randn({200, 16});
  auto y = (x.slice(1, 0, 4).sum(1) > 0).to(torch::kLong);
  torch::nn::Sequential model(torch::nn::Linear(16, 64), torch::nn::ReLU(), torch::nn::Linear(64, 2));

  auto ema = std::make_shared<EmaCallback>(model, 0.99, torch::kHalf);
  std::vector<std::shared_ptr<Callback>> callbacks{ema, std::make_shared<ShadowValidation>(ema, x.slice(0, 160), y.slice(0, 160))};
  Trainer trainer(model, callbacks);
  trainer.fit(x.slice(0, 0, 160), y.slice(0, 0, 160), 3, 32);
  return 0;
}
