// scenario: a logit-adjustment layer is distilled against a teacher's float16 logit cache; the layer is converted to half to match and trained with Adam
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addcmul_cpu_out" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

// Per-class affine correction of a frozen classifier's logits (as in
// vector scaling / logit adjustment for long-tailed data).
struct LogitAdjusterImpl : torch::nn::Module {
  explicit LogitAdjusterImpl(int64_t numClasses) {
    scale = register_parameter("scale", torch::ones({numClasses}));
    shift = register_parameter("shift", torch::zeros({numClasses}));
  }

  torch::Tensor forward(const torch::Tensor &logits) { return logits * scale + shift; }

  torch::Tensor scale, shift;
};
TORCH_MODULE(LogitAdjuster);

namespace {

torch::Tensor logitMatchingLoss(const torch::Tensor &student, const torch::Tensor &teacher) {
  // Ba & Caruana: regress logits directly, no softmax needed.
  return (student - teacher).pow(2).mean();
}

} // namespace

int main() {
  torch::manual_seed(30);
  const int64_t numClasses = 12, batch = 16;

  // The teacher's logits were dumped in float16.
  auto teacherCache = (torch::randn({4, batch, numClasses}) * 3.0).to(torch::kHalf);
  auto studentCache = (torch::randn({4, batch, numClasses}) * 2.0).to(torch::kHalf);

  LogitAdjuster adjuster(numClasses);
  adjuster->to(torch::kHalf);
  torch::optim::Adam optimizer(adjuster->parameters(), torch::optim::AdamOptions(1e-2));

  for (int64_t step = 0; step < teacherCache.size(0); ++step) {
    optimizer.zero_grad();
    auto adjusted = adjuster->forward(studentCache[step]);
    auto loss = logitMatchingLoss(adjusted, teacherCache[step]);
    loss.backward();
    optimizer.step(); // BUG
    std::cout << "step " << step << " loss " << loss.item<float>() << std::endl;
  }
  std::cout << "scale " << adjuster->scale << std::endl;
  return 0;
}
