// scenario: an evaluator object scores a classifier as multiclass or multilabel; the multilabel branch builds targets with one_hot
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in_features, int64_t num_classes)
      : hidden(register_module("hidden", torch::nn::Linear(in_features, 32))),
        out(register_module("out", torch::nn::Linear(32, num_classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    return out(torch::relu(hidden(x)));
  }

  torch::nn::Linear hidden, out;
};
TORCH_MODULE(Classifier);

class Evaluator {
 public:
  Evaluator(std::string task, int64_t num_classes)
      : task_(std::move(task)), num_classes_(num_classes) {}

  double evaluate(Classifier& model, const torch::Tensor& features, const torch::Tensor& labels) {
    torch::NoGradGuard no_grad;
    model->eval();
    torch::Tensor logits = model(features);
    double loss = 0.0;
    if (task_ == "multiclass") {
      loss = ce_(logits, labels).item<double>();
    } else {
      torch::Tensor targets = torch::one_hot(labels, num_classes_);
      loss = bce_(logits, targets).item<double>(); // BUG
    }
    history_.push_back(loss);
    return loss;
  }

  const std::vector<double>& history() const { return history_; }

 private:
  std::string task_;
  int64_t num_classes_;
  torch::nn::CrossEntropyLoss ce_;
  torch::nn::BCEWithLogitsLoss bce_;
  std::vector<double> history_;
};

int main() {
  torch::manual_seed(0);
  const int64_t num_classes = 5;
  Classifier model(12, num_classes);
  torch::Tensor features = torch::randn({64, 12});
  torch::Tensor labels = torch::randint(0, num_classes, {64});

  for (const std::string task : {"multiclass", "multilabel"}) {
    Evaluator evaluator(task, num_classes);
    double loss = evaluator.evaluate(model, features, labels);
    std::cout << task << " loss " << loss << "\n";
  }
  return 0;
}
