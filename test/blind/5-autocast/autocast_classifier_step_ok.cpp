// scenario: a classifier trainer computes logits and cross entropy inside its own autocast scope, then steps Adam and a StepLR schedule and evaluates with NoGradGuard
// tier: 5
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class ScopedCpuAutocast {
 public:
  ScopedCpuAutocast() : enabled_before_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
  }
  ~ScopedCpuAutocast() {
    at::autocast::set_cpu_enabled(enabled_before_);
    at::autocast::clear_cache();
  }

 private:
  bool enabled_before_;
};

class DigitTrainer {
 public:
  DigitTrainer()
      : model_(torch::nn::Linear(64, 128), torch::nn::ReLU(), torch::nn::Linear(128, 10)),
        optimizer_(model_->parameters(), torch::optim::AdamOptions(1e-3)),
        scheduler_(optimizer_, /*step_size=*/3, /*gamma=*/0.5) {}

  float train_epoch(const torch::Tensor& images, const torch::Tensor& labels) {
    model_->train();
    optimizer_.zero_grad();
    torch::Tensor loss;
    {
      ScopedCpuAutocast autocast;
      torch::Tensor logits = model_->forward(images);
      loss = torch::nn::functional::cross_entropy(logits, labels);
    }
    loss.backward();
    optimizer_.step();
    scheduler_.step();
    return loss.item<float>();
  }

  double accuracy(const torch::Tensor& images, const torch::Tensor& labels) {
    torch::NoGradGuard no_grad;
    model_->eval();
    ScopedCpuAutocast autocast;
    torch::Tensor predicted = model_->forward(images).argmax(1);
    return predicted.eq(labels).to(torch::kFloat64).mean().item<double>();
  }

 private:
  torch::nn::Sequential model_;
  torch::optim::Adam optimizer_;
  torch::optim::StepLR scheduler_;
};

int main() {
  torch::manual_seed(17);
  torch::Tensor images = torch::rand({128, 64});
  torch::Tensor labels = torch::randint(0, 10, {128});
  DigitTrainer trainer;
  for (int epoch = 0; epoch < 6; ++epoch)
    std::cout << "epoch " << epoch << " loss " << trainer.train_epoch(images, labels) << "\n";
  std::cout << "train accuracy " << trainer.accuracy(images, labels) << "\n";
  return 0;
}
