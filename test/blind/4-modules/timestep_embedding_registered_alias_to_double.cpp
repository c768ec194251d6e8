// scenario: diffusion timestep embedding checked against a float64 reference; the inverse-frequency member is the handle register_buffer returned, so to(kDouble) converts it in place
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct TimestepEmbeddingImpl : torch::nn::Cloneable<TimestepEmbeddingImpl> {
  TimestepEmbeddingImpl(int64_t dim, int64_t hidden)
      : dim_(dim), hidden_(hidden), half_(dim / 2) {
    reset();
  }

  void reset() override {
    auto exponents = torch::arange(0, half_, torch::kFloat) / static_cast<double>(half_);
    inv_freq_ = register_buffer("inv_freq", torch::exp(-std::log(10000.0) * exponents));
    mlp_ = register_module("mlp", torch::nn::Sequential(
                                      torch::nn::Linear(dim_, hidden_),
                                      torch::nn::SiLU(),
                                      torch::nn::Linear(hidden_, hidden_)));
  }

  // t: [B] diffusion steps (any floating dtype matching the module).
  torch::Tensor forward(const torch::Tensor& t) {
    auto args = torch::mm(t.unsqueeze(1), inv_freq_.unsqueeze(0));
    auto emb = torch::cat({torch::sin(args), torch::cos(args)}, /*dim=*/1);
    return mlp_->forward(emb);
  }

  int64_t dim_, hidden_, half_;
  torch::Tensor inv_freq_;
  torch::nn::Sequential mlp_{nullptr};
};
TORCH_MODULE(TimestepEmbedding);

// Runs the module in float32, then a deep copy in float64, and reports the
// largest disagreement (a numerical-precision regression test).
double max_precision_gap(TimestepEmbedding model, const torch::Tensor& steps) {
  torch::NoGradGuard no_grad;
  auto out32 = model->forward(steps.to(torch::kFloat));

  auto reference = std::dynamic_pointer_cast<TimestepEmbeddingImpl>(model->clone());
  reference->to(torch::kDouble);
  auto out64 = reference->forward(steps.to(torch::kDouble));
  return (out64 - out32.to(torch::kDouble)).abs().max().item<double>();
}

int main() {
  torch::manual_seed(3);
  TimestepEmbedding model(/*dim=*/16, /*hidden=*/32);
  auto steps = torch::tensor({0.0, 10.0, 250.0, 999.0});
  double gap = max_precision_gap(model, steps);
  std::cout << "max fp32/fp64 gap " << gap << "\n";
  return gap < 1e-2 ? 0 : 1;
}
