// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
// REAL-VERSION: ==1.13
// Random operators are in the measured table like any other: multinomial
// takes floating probabilities only, randn_like and rand_like have no
// kernel for integral tensors. An op whose every measured dtype that runs
// gives one dtype (bincount: Long) gives it whatever its input is. The
// first tensor of one dtype with every other of another is measured too
// (addcdiv_). Measured on 1.13.1 only: quiet for 2.x.
#include <torch/torch.h>

// Counts are Long whatever the ids are (bincount takes integral ids only).
torch::Tensor draw(const torch::Tensor &ids) {
  auto counts = torch::bincount(ids) + 1;
  return torch::multinomial(counts, 5, true);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'multinomial' does not take Long 'counts' in PyTorch 1.13 {{.*}}"multinomial only supports floating-point dtypes for input, got: Long" [kb: pytorch/op-dtype-contract] [torchdtype-unsupported-dtype]
}

torch::Tensor draw_smoothed(const torch::Tensor &ids) {
  auto counts = torch::bincount(ids).to(torch::kFloat).pow(0.75);
  return torch::multinomial(counts, 5, true);
}

torch::Tensor draw_maybe_smoothed(const torch::Tensor &ids, bool smooth) {
  auto counts = torch::bincount(ids);
  if (smooth)
    counts = counts.to(torch::kFloat);
  return smooth ? torch::multinomial(counts, 5, true) : counts;
}

// Noise like an integral tensor.
torch::Tensor jitter(int64_t vocab) {
  auto ids = torch::randint(0, vocab, {8});
  auto noise = torch::randn_like(ids);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:16: warning: 'randn_like' does not take Long 'ids' in PyTorch 1.13 {{.*}}"normal_kernel_cpu" not implemented for 'Long'{{.*}} [torchdtype-unsupported-dtype]
  return noise;
}

torch::Tensor jitter_float(int64_t vocab) {
  auto ids = torch::randint(0, vocab, {8});
  auto a = torch::randn_like(ids, torch::kFloat);
  auto b = torch::rand_like(ids.to(torch::kFloat));
  return a + b;
}

torch::Tensor jitter_loop(int64_t vocab) {
  auto acc = torch::zeros({8});
  for (int i = 0; i < 3; ++i) {
    auto ids = torch::randint(0, vocab, {8});
    acc = acc + torch::rand_like(ids);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:17: warning: 'rand_like' does not take Long 'ids' in PyTorch 1.13 {{.*}} [torchdtype-unsupported-dtype]
  }
  return acc;
}

#define NOISE_LIKE(t) torch::randn_like(t)

torch::Tensor in_lambda_and_macro() {
  auto sample = [](const torch::Tensor &ids) {
    return torch::multinomial(torch::bincount(ids), 2);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'multinomial' does not take Long {{.*}} [torchdtype-unsupported-dtype]
  };
  auto labels = torch::randint(0, 4, {8}, torch::kInt);
  auto n = NOISE_LIKE(labels);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'randn_like' does not take Int 'labels' in PyTorch 1.13 {{.*}} [torchdtype-unsupported-dtype]
  return sample(labels) + n;
}

template <typename T> torch::Tensor noise_of(const T &t) {
  return torch::randn_like(t.to(torch::kFloat));
}
template torch::Tensor noise_of<torch::Tensor>(const torch::Tensor &);

// The first tensor of one dtype, the others of another: measured too (a
// hand-written Adam step on a float32 parameter with float64 moments).
void adam_step() {
  auto p = torch::rand({4});
  auto m = torch::zeros({4}, torch::kDouble);
  auto v = torch::ones({4}, torch::kDouble);
  p.addcdiv_(m, v.sqrt(), -0.01);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'addcdiv_' does not take Float 'p' in PyTorch 1.13 (Double would run); {{.*}} [torchdtype-unsupported-dtype]
  p.addcdiv_(m.to(torch::kFloat), v.sqrt().to(torch::kFloat), -0.01);
  auto d = torch::rand({4}, torch::kDouble);
  d.addcmul_(p, p, 0.5); // a float64 self with float32 tensors runs
}
