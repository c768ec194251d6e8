// scenario: inference server has a low-memory mode that keeps activations in float16 and then runs layer_norm on the CPU
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "LayerNormKernelImpl" not implemented for 'Half'
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {
struct ServerConfig {
  bool low_memory = false;
  int64_t hidden = 16;
};

ServerConfig read_config(int argc) {
  ServerConfig c;
  // The deployment enables low-memory mode when the host reports little free
  // RAM; here the flag is simply on.
  c.low_memory = argc >= 1;
  return c;
}
} // namespace

int main(int argc, char** argv) {
  torch::manual_seed(29);
  ServerConfig cfg = read_config(argc);
  const int64_t hidden = cfg.hidden;
  torch::Tensor gamma = torch::ones({hidden});
  torch::Tensor beta = torch::zeros({hidden});
  torch::Tensor w1 = torch::randn({hidden, hidden}) * 0.1;

  torch::NoGradGuard ng;
  torch::Tensor h = torch::randn({3, hidden});
  h = torch::relu(torch::mm(h, w1));

  torch::Tensor act = cfg.low_memory ? h.to(torch::kHalf) : h;
  torch::ScalarType norm_dtype = act.scalar_type();
  std::cout << "activations kept as " << norm_dtype << "\n";

  torch::Tensor g = gamma.to(norm_dtype), b = beta.to(norm_dtype);
  torch::Tensor normed = torch::layer_norm(act, {hidden}, g, b); // BUG
  torch::Tensor out = normed.to(torch::kFloat).sum(-1);
  std::cout << "row sums " << out << " (" << argv[0] << ")\n";
  return 0;
}
