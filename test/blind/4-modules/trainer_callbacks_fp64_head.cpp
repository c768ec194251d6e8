// scenario: trainer with string-built callbacks drives a classifier whose calibration head is moved to float64 by its options; float32 backbone features are fed to it in forward
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

struct ClassifierOptions {
  int64_t in = 24, hidden = 48, classes = 3;
  std::string head_precision = "fp64"; // calibrated probabilities want the extra bits
};

struct ClassifierImpl : torch::nn::Module {
  explicit ClassifierImpl(const ClassifierOptions &o)
      : backbone(register_module("backbone", torch::nn::Linear(o.in, o.hidden))),
        head(register_module("head", torch::nn::Linear(o.hidden, o.classes))) {
    if (o.head_precision == "fp64")
      head->to(torch::kFloat64);
  }
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::relu(backbone(x));
    return head(h); // BUG
  }
  torch::nn::Linear backbone, head;
};
TORCH_MODULE(Classifier);

class Callback {
public:
  virtual ~Callback() = default;
  virtual void on_epoch_begin(int epoch) {}
  virtual void on_batch_end(int batch, double loss) {}
};

class LoggerCallback : public Callback {
public:
  void on_epoch_begin(int epoch) override { std::cout << "epoch " << epoch << "\n"; }
  void on_batch_end(int batch, double loss) override { std::cout << "  batch " << batch << " loss " << loss << "\n"; }
};

class EarlyStopCallback : public Callback {
public:
  void on_batch_end(int, double loss) override { best_ = loss < best_ ? loss : best_; }
  double best_ = 1e9;
};

std::unique_ptr<Callback> make_callback(const std::string &name) {
  if (name == "logger") return std::make_unique<LoggerCallback>();
  if (name == "early_stop") return std::make_unique<EarlyStopCallback>();
  return nullptr;
}

class Trainer {
public:
  Trainer(Classifier model, const std::vector<std::string> &callback_names)
      : model_(std::move(model)), opt_(model_->parameters(), torch::optim::AdamOptions(1e-3)) {
    for (const auto &n : callback_names)
      if (auto cb = make_callback(n))
        callbacks_.push_back(std::move(cb));
  }

  void fit(int epochs, int batches) {
    for (int e = 0; e < epochs; ++e) {
      for (auto &cb : callbacks_) cb->on_epoch_begin(e);
      for (int b = 0; b < batches; ++b) {
        auto x = torch::randn({16, 24});
        auto y = torch::randint(0, 3, {16});
        opt_.zero_grad();
        auto logits = model_->forward(x);
        auto loss = torch::nn::functional::cross_entropy(logits, y);
        loss.backward();
        opt_.step();
        for (auto &cb : callbacks_) cb->on_batch_end(b, loss.item<double>());
      }
    }
  }

private:
  Classifier model_;
  torch::optim::Adam opt_;
  std::vector<std::unique_ptr<Callback>> callbacks_;
};

int main() {
  torch::manual_seed(11);
  Trainer trainer(Classifier(ClassifierOptions{}), {"logger", "early_stop", "tensorboard"});
  trainer.fit(2, 3);
  return 0;
}
