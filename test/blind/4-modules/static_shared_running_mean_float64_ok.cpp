// scenario: feature normalizers share a static float64 running mean across instances; float32 batch statistics are folded in with in-place mul_/add_/copy_, and the row update converts its source before index_put_
// tier: 4
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct SharedNormalizerImpl : torch::nn::Module {
  static inline torch::Tensor shared_mean; // float64, one per process
  static inline torch::Tensor per_source;  // float64 [sources, features]
  double momentum;
  int64_t source_id;

  SharedNormalizerImpl(int64_t features, int64_t sources, int64_t source, double m)
      : momentum(m), source_id(source) {
    if (!shared_mean.defined()) {
      shared_mean = torch::zeros({features}, torch::kFloat64);
      per_source = torch::zeros({sources, features}, torch::kFloat64);
    }
  }

  torch::Tensor forward(const torch::Tensor& x) {
    if (is_training()) {
      torch::NoGradGuard no_grad;
      torch::Tensor batch_mean = x.mean(0); // float32
      shared_mean.mul_(1.0 - momentum).add_(batch_mean, momentum);
      torch::Tensor row = torch::tensor({source_id}, torch::kLong);
      per_source.index_put_({row}, batch_mean.unsqueeze(0).to(per_source.scalar_type()));
    }
    torch::Tensor centered = x - shared_mean.to(x.scalar_type());
    return centered;
  }
};
TORCH_MODULE(SharedNormalizer);

int main() {
  torch::manual_seed(107);
  SharedNormalizer web(3, 2, 0, 0.1), app(3, 2, 1, 0.1);
  for (int i = 0; i < 5; ++i) {
    web->forward(torch::randn({8, 3}) + 2.0);
    app->forward(torch::randn({8, 3}) - 1.0);
  }
  torch::Tensor snapshot = torch::empty({3}, torch::kFloat64);
  snapshot.copy_(web->forward(torch::zeros({1, 3})).squeeze(0)); // float32 -> float64 copy
  std::cout << "shared mean " << SharedNormalizerImpl::shared_mean << "\nper source\n"
            << SharedNormalizerImpl::per_source << "\nsnapshot " << snapshot << "\n";
  return 0;
}
