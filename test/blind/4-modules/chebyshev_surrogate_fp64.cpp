// scenario: float64 physics surrogate whose Chebyshev feature map keeps its basis in a plain tensor member
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

class ChebyshevSurrogateImpl : public torch::nn::Module {
public:
  ChebyshevSurrogateImpl(int64_t in_dim, int64_t degree, int64_t hidden)
      : degree_(degree) {
    int64_t feat = in_dim * (degree + 1);
    mixer_ = register_module("mixer", torch::nn::Linear(feat, hidden));
    out_ = register_module("out", torch::nn::Linear(hidden, 1));
    register_buffer("input_scale", torch::ones({in_dim}));
    // Fixed random projection of the expanded features; not trained, not saved.
    projection_ = torch::randn({feat, feat}) / std::sqrt(static_cast<double>(feat));
  }

  void set_precision(torch::Dtype dtype) {
    to(dtype);
    projection_ = projection_.to(dtype);
  }

  torch::Tensor expand(const torch::Tensor &x) const {
    std::vector<torch::Tensor> terms = {torch::ones_like(x), x};
    for (int64_t k = 2; k <= degree_; ++k)
      terms.push_back(2 * x * terms[k - 1] - terms[k - 2]);
    return torch::cat(terms, 1);
  }

  torch::Tensor forward(const torch::Tensor &x) {
    auto scaled = x * named_buffers()["input_scale"];
    auto feats = torch::mm(expand(scaled), projection_);
    return out_(torch::tanh(mixer_(feats)));
  }

private:
  int64_t degree_;
  torch::nn::Linear mixer_{nullptr}, out_{nullptr};
  torch::Tensor projection_;
};
TORCH_MODULE(ChebyshevSurrogate);

static torch::Tensor potential(const torch::Tensor &x) {
  return (torch::sin(3 * x.select(1, 0)) * torch::cos(2 * x.select(1, 1))).unsqueeze(1);
}

int main() {
  torch::manual_seed(13);
  ChebyshevSurrogate model(2, 5, 32);
  model->set_precision(torch::kDouble);

  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(3e-3));
  auto opts = torch::TensorOptions().dtype(torch::kDouble);
  double last = 0;
  for (int step = 0; step < 200; ++step) {
    auto x = torch::rand({128, 2}, opts) * 2 - 1;
    auto loss = torch::mse_loss(model->forward(x), potential(x));
    opt.zero_grad();
    loss.backward();
    opt.step();
    last = loss.item<double>();
  }

  torch::NoGradGuard no_grad;
  auto grid = torch::stack(torch::meshgrid({torch::linspace(-1, 1, 21, opts),
                                            torch::linspace(-1, 1, 21, opts)}, "ij"), 2)
                  .view({-1, 2});
  auto err = (model->forward(grid) - potential(grid)).abs().max().item<double>();
  std::cout << "train loss " << last << " grid max error " << err << "\n";
  return last < 0.1 ? 0 : 1;
}
