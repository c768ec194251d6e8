// scenario: a float64 reference model built under a default-dtype guard checks a float32 candidate on probe batches
// tier: 3
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <algorithm>
#include <iostream>

class DefaultDtypeGuard {
 public:
  explicit DefaultDtypeGuard(torch::ScalarType dtype) : saved_(torch::get_default_dtype()) {
    torch::set_default_dtype(caffe2::TypeMeta::fromScalarType(dtype));
  }
  ~DefaultDtypeGuard() { torch::set_default_dtype(saved_); }
  DefaultDtypeGuard(const DefaultDtypeGuard&) = delete;
  DefaultDtypeGuard& operator=(const DefaultDtypeGuard&) = delete;

 private:
  caffe2::TypeMeta saved_;
};

torch::nn::Sequential make_mlp(int64_t in_features, int64_t hidden) {
  return torch::nn::Sequential(torch::nn::Linear(in_features, hidden), torch::nn::GELU(),
                               torch::nn::Linear(hidden, 1));
}

torch::nn::Sequential build_reference_model(const torch::nn::Sequential& candidate,
                                            int64_t in_features, int64_t hidden) {
  DefaultDtypeGuard guard(torch::kFloat64);
  torch::nn::Sequential reference = make_mlp(in_features, hidden);
  torch::NoGradGuard no_grad;
  auto src = candidate->parameters();
  auto dst = reference->parameters();
  for (size_t i = 0; i < src.size(); ++i)
    dst[i].copy_(src[i]);
  return reference;
}

torch::Tensor make_probe_batch(int64_t rows, int64_t in_features) {
  return torch::rand({rows, in_features}) * 2 - 1;
}

double max_deviation(torch::nn::Sequential& candidate, torch::nn::Sequential& reference,
                     const torch::Tensor& batch) {
  torch::NoGradGuard no_grad;
  torch::Tensor actual = candidate->forward(batch);
  torch::Tensor expected = reference->forward(batch); // BUG
  return (actual.to(torch::kFloat64) - expected).abs().max().item<double>();
}

int main() {
  torch::manual_seed(5);
  const int64_t in_features = 6, hidden = 20;
  torch::nn::Sequential candidate = make_mlp(in_features, hidden);
  torch::nn::Sequential reference = build_reference_model(candidate, in_features, hidden);

  double worst = 0.0;
  for (int round = 0; round < 3; ++round) {
    torch::Tensor probes = make_probe_batch(128, in_features);
    worst = std::max(worst, max_deviation(candidate, reference, probes));
  }
  std::cout << "max |float32 - float64| = " << worst << "\n";
  return worst < 1e-4 ? 0 : 1;
}
