// scenario: distills a teacher's soft labels into hard targets with argmax and weights classes by total/count from integer label counts
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

torch::Tensor hardTargets(const torch::Tensor& teacher_logits) {
  return teacher_logits.argmax(1);
}

torch::Tensor balancedWeights(const torch::Tensor& targets, int64_t num_classes) {
  auto counts = torch::bincount(targets, {}, num_classes).clamp_min(1);
  auto weights = counts.sum() / counts;
  return weights / weights.sum() * num_classes;
}

double accuracy(const torch::Tensor& logits, const torch::Tensor& targets) {
  auto hits = logits.argmax(1).eq(targets).sum();
  return (hits / targets.numel()).item<double>();
}

int main() {
  torch::manual_seed(10);
  const int64_t num_classes = 6, dim = 16, n = 128;

  auto inputs = torch::randn({n, dim});
  torch::nn::Linear teacher(dim, num_classes);
  torch::Tensor teacher_logits;
  {
    torch::NoGradGuard no_grad;
    teacher_logits = teacher(inputs) * 3.0;
  }
  auto targets = hardTargets(teacher_logits);
  auto weights = balancedWeights(targets, num_classes);
  std::cout << "weights " << weights.scalar_type() << ": " << weights << "\n";

  torch::nn::Sequential student(torch::nn::Linear(dim, 24), torch::nn::Tanh(), torch::nn::Linear(24, num_classes));
  torch::optim::Adam optimizer(student->parameters(), torch::optim::AdamOptions(1e-2));
  auto options = F::CrossEntropyFuncOptions().weight(weights).label_smoothing(0.05);

  for (int step = 0; step < 20; ++step) {
    optimizer.zero_grad();
    auto logits = student->forward(inputs);
    auto loss = F::cross_entropy(logits, targets, options);
    loss.backward();
    optimizer.step();
    if (step % 5 == 0)
      std::cout << "step " << step << " loss " << loss.item<double>() << " acc " << accuracy(logits, targets) << "\n";
  }
  return 0;
}
