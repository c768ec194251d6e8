// scenario: a video feature smoother seeds its running average with a float64 copy of the first frame and projects it every step
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const int64_t num_frames = 10;
  const double momentum = 0.9;
  auto basis = torch::randn({128, 16});
  torch::Tensor running;
  for (int64_t step = 0; step < num_frames; ++step) {
    auto frame = torch::randn({4, 128}).relu();
    if (step == 0) {
      // keep the seed in double so the long-run average does not drift
      running = frame.to(torch::kDouble);
    } else {
      running = momentum * running + (1.0 - momentum) * frame;
    }
    auto code = torch::mm(running, basis); // BUG
    if (step % 3 == 0)
      std::cout << "step " << step << " code norm " << code.norm().item<double>() << "\n";
  }
  return 0;
}
