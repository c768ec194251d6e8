// scenario: features arrive as float64 from the default loader; a guard converts anything that is not float32 before the float32 projection
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>

torch::Tensor load_features(const std::string &format, int64_t n) {
  if (format == "npy64") return torch::rand({n, 24}, torch::kDouble);
  if (format == "u8") return torch::randint(0, 256, {n, 24}, torch::kByte);
  return torch::rand({n, 24});
}

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const std::string format = argc > 1 ? argv[1] : "npy64";
  auto x = load_features(format, 10);
  if (x.scalar_type() != torch::kFloat) {
    x = x.to(torch::kFloat);
  }
  auto projection = torch::randn({24, 6});
  auto bias = torch::zeros({6});
  auto z = torch::addmm(bias, x, projection);
  std::cout << "projected " << z.sizes() << " mean " << z.mean().item<float>() << "\n";
  return 0;
}
