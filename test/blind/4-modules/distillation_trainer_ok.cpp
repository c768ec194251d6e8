// scenario: a distillation trainer feeds the teacher's soft probabilities (float targets) to CrossEntropyLoss
// tier: 4
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <optional>
#include <torch/torch.h>
#include <iostream>

class DistillationTrainer {
public:
  DistillationTrainer(int64_t in_dim, int64_t classes, double temperature)
      : teacher_(torch::nn::Linear(in_dim, classes)),
        student_(torch::nn::Linear(in_dim, classes)),
        optimizer_(student_->parameters(), torch::optim::SGDOptions(0.1)),
        temperature_(temperature) {
    teacher_->eval();
  }

  void set_class_weights(torch::Tensor w) { class_weights_ = std::move(w); }

  float step(const torch::Tensor& x) {
    torch::Tensor soft_targets;
    {
      torch::NoGradGuard no_grad;
      soft_targets = torch::softmax(teacher_->forward(x) / temperature_, 1);
    }
    auto options = torch::nn::CrossEntropyLossOptions().label_smoothing(0.05);
    if (class_weights_)
      options.weight(*class_weights_);
    torch::nn::CrossEntropyLoss criterion(options);

    auto logits = student_->forward(x) / temperature_;
    auto loss = criterion(logits, soft_targets);
    optimizer_.zero_grad();
    loss.backward();
    optimizer_.step();
    return loss.item<float>();
  }

private:
  torch::nn::Linear teacher_;
  torch::nn::Linear student_;
  torch::optim::SGD optimizer_;
  double temperature_;
  std::optional<torch::Tensor> class_weights_;
};

int main() {
  torch::manual_seed(71);
  const int64_t in_dim = 20, classes = 5;
  DistillationTrainer trainer(in_dim, classes, 2.0);
  trainer.set_class_weights(torch::tensor({1.0f, 1.0f, 2.0f, 1.0f, 0.5f}));

  for (int step = 0; step < 5; ++step) {
    auto x = torch::randn({32, in_dim});
    std::cout << "step " << step << " loss " << trainer.step(x) << "\n";
  }
  return 0;
}
