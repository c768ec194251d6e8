// scenario: evaluation helper projects a float16 checkpoint's features with a float32 head
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

// Projects features onto the class embeddings; both come from the caller.
torch::Tensor project(const torch::Tensor &features, const torch::Tensor &head) {
  return torch::mm(features, head.t()); // BUG
}

int main() {
  torch::manual_seed(0);
  // Features were exported by a half-precision training run.
  auto features = torch::randn({8, 16}).to(torch::kHalf);
  auto head = torch::randn({10, 16});
  // The author forgot to convert the exported features back.
  auto logits = project(features.to(torch::kFloat).to(torch::kHalf), head);
  std::cout << logits.argmax(1) << "\n";
  return 0;
}
