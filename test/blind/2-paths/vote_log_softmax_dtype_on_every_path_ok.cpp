// scenario: distillation from integer vote counts; every branch gives log_softmax a floating input or dtype
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

torch::Tensor student_loss(const torch::Tensor& logits, const torch::Tensor& counts,
                           int mode) {
  torch::Tensor teacher_logp;
  if (mode == 0) {
    // softmax/log_softmax accept an explicit computation dtype.
    teacher_logp = torch::log_softmax(counts, 1, torch::kFloat);
  } else if (mode == 1) {
    teacher_logp = torch::log_softmax(counts.to(torch::kFloat) / 2.0, 1);
  } else {
    // Laplace smoothing: (counts + 1) stays Long, so divide to get Float.
    torch::Tensor smoothed = (counts + 1) / (counts.sum(1, true) + counts.size(1));
    teacher_logp = smoothed.log();
  }
  torch::Tensor student_logp = torch::log_softmax(logits, 1);
  return F::kl_div(student_logp, teacher_logp,
                   F::KLDivFuncOptions().reduction(torch::kBatchMean).log_target(true));
}

int main() {
  torch::manual_seed(19);
  torch::Tensor counts = torch::randint(0, 6, {4, 3});
  torch::nn::Linear student(5, 3);
  torch::Tensor x = torch::randn({4, 5});

  for (int mode = 0; mode < 3; ++mode) {
    torch::Tensor loss = student_loss(student->forward(x), counts, mode);
    loss.backward();
    std::cout << "mode " << mode << " kl " << loss.item<float>() << "\n";
  }
  std::cout << "grad norm " << student->weight.grad().norm().item<float>() << "\n";
  return 0;
}
