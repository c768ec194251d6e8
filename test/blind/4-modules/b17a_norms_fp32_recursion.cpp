// scenario: a gradcheck harness moves the whole MLP-mixer to float64, then an AMP-era helper walks modules() and puts every LayerNorm back to float32
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>

#include <iostream>
#include <string>

struct ResidualMlpBlockImpl : torch::nn::Module {
  ResidualMlpBlockImpl(int64_t dim, int64_t expansion) {
    fc_in = register_module("fc_in", torch::nn::Linear(dim, dim * expansion));
    fc_out = register_module("fc_out", torch::nn::Linear(dim * expansion, dim));
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = fc_out(torch::gelu(fc_in(x)));
    return norm(x + h); // BUG
  }
  torch::nn::Linear fc_in{nullptr}, fc_out{nullptr};
  torch::nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(ResidualMlpBlock);

torch::nn::Sequential build_trunk(int64_t dim, int depth) {
  torch::nn::Sequential trunk;
  for (int i = 0; i < depth; ++i)
    trunk->push_back("block" + std::to_string(i), ResidualMlpBlock(dim, 2));
  return trunk;
}

// Normalisation statistics are numerically fragile in reduced precision, so
// mixed-precision recipes keep them in float32 whatever the rest uses.
void keep_norms_fp32(torch::nn::Module &root) {
  for (const auto &m : root.modules(/*include_self=*/false)) {
    if (m->as<torch::nn::LayerNorm>() || m->as<torch::nn::BatchNorm1d>())
      m->to(torch::kFloat32);
  }
}

struct PrecisionRecipe {
  torch::Dtype param_dtype;
  bool fp32_norms;
};

PrecisionRecipe recipe_for(const std::string &mode) {
  if (mode == "gradcheck")
    return {torch::kFloat64, true};
  if (mode == "bf16")
    return {torch::kBFloat16, true};
  return {torch::kFloat32, false};
}

int main() {
  torch::manual_seed(0);
  auto trunk = build_trunk(8, 2);
  auto recipe = recipe_for("gradcheck");

  trunk->to(recipe.param_dtype);
  if (recipe.fp32_norms)
    keep_norms_fp32(*trunk);

  auto x = torch::randn({3, 8}, torch::TensorOptions().dtype(recipe.param_dtype))
               .requires_grad_(true);
  auto y = trunk->forward(x);
  auto grad = torch::autograd::grad({y.sum()}, {x})[0];
  std::cout << "grad norm " << grad.norm().item<double>() << "\n";
  return 0;
}
