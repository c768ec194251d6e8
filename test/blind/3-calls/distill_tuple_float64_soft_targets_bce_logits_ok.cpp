// scenario: a distillation step receives (student logits, teacher soft targets, mask) as a std::tuple; the teacher's probabilities are float64, which binary_cross_entropy_with_logits promotes in the forward and the backward
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <tuple>

namespace F = torch::nn::functional;

// The teacher runs offline in float64; its probabilities are replayed from memory.
torch::Tensor teacher_probs(const torch::Tensor& x) {
  torch::Tensor w = torch::linspace(-1.0, 1.0, x.size(1), torch::kFloat64).unsqueeze(1);
  return torch::sigmoid(torch::mm(x.to(torch::kFloat64), w.expand({x.size(1), 3})));
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> distill_batch(torch::nn::Linear& student,
                                                                      const torch::Tensor& x) {
  torch::Tensor logits = student->forward(x);
  torch::Tensor soft = teacher_probs(x);
  torch::Tensor mask = (soft - 0.5).abs() > 0.05; // skip near-ties
  return {logits, soft, mask};
}

int main() {
  torch::manual_seed(61);
  torch::nn::Linear student(7, 3);
  torch::optim::Adam opt(student->parameters(), torch::optim::AdamOptions(1e-2));

  for (int step = 0; step < 3; ++step) {
    torch::Tensor x = torch::randn({5, 7});
    auto [logits, soft, mask] = distill_batch(student, x);
    torch::Tensor per_elem = F::binary_cross_entropy_with_logits(
        logits, soft, F::BinaryCrossEntropyWithLogitsFuncOptions().reduction(torch::kNone));
    torch::Tensor loss = (per_elem * mask).sum() / mask.sum().clamp_min(1);
    opt.zero_grad();
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<double>() << " (" << loss.dtype() << ")\n";
  }
  return 0;
}
