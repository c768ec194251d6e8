// scenario: an export step converts a trained tagger to int64 weights for a fixed-point runtime with Module::to
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: data set to a tensor that requires gradients must be floating point or complex dtype
#include <torch/torch.h>

#include <iostream>
#include <string>

namespace {

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t vocab, int64_t dim, int64_t tags)
      : embed(register_module("embed", torch::nn::Embedding(vocab, dim))),
        proj(register_module("proj", torch::nn::Linear(dim, tags))) {}

  torch::Tensor forward(const torch::Tensor &ids) {
    return proj(embed(ids));
  }

  torch::nn::Embedding embed;
  torch::nn::Linear proj;
};
TORCH_MODULE(Tagger);

// Scales every parameter to fixed point with `frac_bits` fractional bits,
// then converts the module so the runtime can read raw integers.
void exportFixedPoint(Tagger &model, int frac_bits) {
  torch::NoGradGuard no_grad;
  const double scale = static_cast<double>(1 << frac_bits);
  for (auto &p : model->parameters())
    p.mul_(scale).round_();
  model->to(torch::kLong); // BUG
}

} // namespace

int main() {
  torch::manual_seed(9);
  Tagger model(100, 16, 5);
  torch::Tensor ids = torch::randint(0, 100, {2, 7}, torch::kLong);

  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-2));
  for (int step = 0; step < 2; ++step) {
    opt.zero_grad();
    torch::Tensor logits = model(ids);
    torch::Tensor loss = torch::nn::functional::cross_entropy(
        logits.reshape({-1, 5}), torch::randint(0, 5, {14}, torch::kLong));
    loss.backward();
    opt.step();
  }

  exportFixedPoint(model, 8);
  for (const auto &kv : model->named_parameters())
    std::cout << kv.key() << ": " << kv.value().scalar_type() << "\n";
  return 0;
}
