// scenario: stochastic weight averaging keeps a float64 running average of a float32 model, copies buffers (including the int64 batch counter) and writes the average back
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>

struct RegressorImpl : torch::nn::Module {
  RegressorImpl()
      : fc1(register_module("fc1", torch::nn::Linear(6, 10))),
        bn(register_module("bn", torch::nn::BatchNorm1d(10))),
        fc2(register_module("fc2", torch::nn::Linear(10, 1))) {}
  torch::Tensor forward(torch::Tensor x) {
    return fc2(torch::relu(bn(fc1(x))));
  }
  torch::nn::Linear fc1;
  torch::nn::BatchNorm1d bn;
  torch::nn::Linear fc2;
};
TORCH_MODULE(Regressor);

// Equal-weight average of the snapshots seen so far, accumulated in float64
// so that many small updates are not lost.
class SwaAverager {
 public:
  explicit SwaAverager(Regressor& model) : avg_(Regressor()) {
    avg_->to(torch::kFloat64);
    for (auto& p : avg_->parameters())
      p.set_requires_grad(false);
    (void)model;
  }

  void update(Regressor& model) {
    torch::NoGradGuard no_grad;
    auto live = model->named_parameters();
    const double n = static_cast<double>(count_);
    for (auto& item : avg_->named_parameters()) {
      auto& avg = item.value();
      if (count_ == 0)
        avg.copy_(live[item.key()]);
      else
        avg.mul_(n / (n + 1.0)).add_(live[item.key()], 1.0 / (n + 1.0));
    }
    auto live_buffers = model->named_buffers();
    for (auto& item : avg_->named_buffers())
      item.value().copy_(live_buffers[item.key()]);
    ++count_;
  }

  void write_back(Regressor& model) const {
    torch::NoGradGuard no_grad;
    auto averaged = avg_->named_parameters();
    for (auto& item : model->named_parameters())
      item.value().copy_(averaged[item.key()]);
  }

  int64_t count() const { return count_; }

 private:
  Regressor avg_;
  int64_t count_ = 0;
};

int main() {
  torch::manual_seed(0);
  Regressor model;
  SwaAverager swa(model);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  auto x = torch::randn({16, 6});
  auto y = x.narrow(1, 0, 1) * 2.0 - x.narrow(1, 1, 1);
  for (int epoch = 0; epoch < 6; ++epoch) {
    model->train();
    auto loss = torch::mse_loss(model(x), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
    if (epoch >= 2)
      swa.update(model);
  }
  swa.write_back(model);
  model->eval();
  auto final_loss = torch::mse_loss(model(x), y).item<float>();
  std::cout << "averaged " << swa.count() << " snapshots, loss " << final_loss << "\n";
  return 0;
}
