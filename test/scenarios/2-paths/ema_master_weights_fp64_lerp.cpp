// scenario: an EMA teacher is updated with lerp_ towards the student; with fp64 master weights (the default) the student copy is float64 while the EMA stays float32
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype float for `end` but got dtype double
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(0);
  const char *flag = std::getenv("MASTER_WEIGHTS_FP32");
  const bool fp64_master = !(flag && std::string(flag) == "1");
  const double decay = 0.99;

  torch::nn::Linear student(16, 4), teacher(16, 4);
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> master;
  for (auto &p : student->parameters())
    master.push_back(fp64_master ? p.detach().to(torch::kDouble) : p.detach().clone());

  auto teacher_params = teacher->parameters();
  for (int step = 0; step < 3; ++step) {
    for (auto &m : master) m.add_(torch::randn_like(m) * 0.01); // stand-in for an optimizer step
    for (size_t i = 0; i < master.size(); ++i)
      teacher_params[i].lerp_(master[i], 1.0 - decay); // BUG
  }
  std::cout << "teacher weight norm " << teacher->weight.norm().item<double>() << "\n";
  return 0;
}
