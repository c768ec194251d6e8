// scenario: a hand-written dense layer uses addmm with a bias that the init helper created in float64
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: self and mat2 must have the same dtype
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct DenseParams {
  torch::Tensor weight;
  torch::Tensor bias;
};

// Kaiming-uniform style init; the bias bound is computed with a double tensor.
DenseParams init_dense(int64_t in, int64_t out) {
  double bound = 1.0 / std::sqrt(static_cast<double>(in));
  DenseParams p;
  p.weight = torch::empty({out, in}).uniform_(-bound, bound);
  p.bias = torch::rand({out}, torch::kDouble) * (2 * bound) - bound;
  return p;
}

torch::Tensor dense(const torch::Tensor &x, const DenseParams &p) {
  return torch::addmm(p.bias, x, p.weight.t()); // BUG
}

int main() {
  torch::manual_seed(0);
  auto layer = init_dense(10, 3);
  auto x = torch::randn({4, 10});
  auto y = torch::relu(dense(x, layer));
  std::cout << y << "\n";
  return 0;
}
