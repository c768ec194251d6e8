// scenario: inference service reads --precision (default bf16) into a global settings singleton; weight loading and input preparation both take the dtype from it, so the CPU MLP runs entirely in bfloat16
// tier: 3
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

enum class Precision { FP32, BF16, FP16 };

struct Settings {
  Precision precision = Precision::FP32;
  int64_t hidden = 64;
  bool verbose = false;
};

Settings &settings() {
  static Settings instance;
  return instance;
}

torch::Dtype to_dtype(Precision p) {
  switch (p) {
  case Precision::FP32: return torch::kFloat32;
  case Precision::BF16: return torch::kBFloat16;
  case Precision::FP16: return torch::kFloat16;
  }
  throw std::logic_error("unhandled precision");
}

Precision parse_precision(const std::string &arg) {
  const auto value = arg.substr(arg.find('=') + 1);
  if (value == "bf16") return Precision::BF16;
  if (value == "fp16") return Precision::FP16;
  return Precision::FP32;
}

void parse_args(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  settings().precision = parse_precision("--precision=bf16");
  for (const auto &a : args)
    if (a.rfind("--precision=", 0) == 0)
      settings().precision = parse_precision(a);
}

struct MlpWeights {
  torch::Tensor w1, b1, w2, b2;
};

MlpWeights load_weights(int64_t in, int64_t out) {
  const auto dtype = to_dtype(settings().precision);
  const auto h = settings().hidden;
  auto opts = torch::TensorOptions().dtype(dtype);
  return {torch::randn({h, in}, opts) * 0.1, torch::zeros({h}, opts), torch::randn({out, h}, opts) * 0.1,
          torch::zeros({out}, opts)};
}

torch::Tensor prepare_input(const torch::Tensor &raw) {
  auto x = (raw - raw.mean(0)) / (raw.std(0) + 1e-6);
  return x.to(to_dtype(settings().precision));
}

torch::Tensor run_mlp(const MlpWeights &w, const torch::Tensor &x) {
  auto h = torch::gelu(torch::linear(x, w.w1, w.b1));
  h = torch::layer_norm(h, {settings().hidden});
  return torch::softmax(torch::linear(h, w.w2, w.b2), -1);
}

int main(int argc, char **argv) {
  torch::manual_seed(9);
  parse_args(argc, argv);
  auto weights = load_weights(20, 5);
  auto x = prepare_input(torch::rand({32, 20}) * 100);
  auto probs = run_mlp(weights, x);
  std::cout << "probs " << probs.dtype() << " row sum " << probs.sum(1).mean().item<float>() << "\n";
  return 0;
}
