// A bool the path knows nothing of, given to a function of the user's whose
// result it picks (an argument, a bool field of a struct argument or of the
// object a method runs on): the path splits there into one per value, as
// `if (flag)` around the call would, and each path gets what the callee
// returns for its value. Later tests of the same flag agree with the split,
// and a flag the result does not depend on, a constant one, or one the
// callee may change through a reference, splits nothing. A machine query
// the callee asks (`torch::cuda::is_available()`) splits the path as a
// flag does: it answers the same in the caller.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <cstdlib>
#include <vector>

torch::Tensor features(const torch::Tensor &raw, bool half) {
  return half ? raw.to(torch::kHalf) : raw;
}

struct LoadOptions {
  bool fp64 = false;
  int workers = 2;
};

torch::Tensor load_table(const LoadOptions &opts) {
  if (opts.fp64)
    return torch::zeros({2, 2}, torch::kDouble);
  return torch::zeros({2, 2});
}

struct Precision {
  bool wide = false;
  std::vector<int64_t> ids;
  torch::Dtype dtype() const { return wide ? torch::kDouble : torch::kFloat; }
};

template <typename T> torch::Tensor scaled(const torch::Tensor &x, bool wide) {
  if (wide)
    return x.to(torch::kDouble) * T(2);
  return x * T(2);
}

#define FEATURES(flag) features(torch::randn({2, 2}), flag)

// ---- Positives ------------------------------------------------------------

void argument_flag(int argc) {
  const bool half = argc > 1;
  auto x = features(torch::randn({2, 2}), half);
  torch::mm(x, torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: assuming 'half' is true
}

void struct_argument_field() {
  LoadOptions opts;
  opts.fp64 = std::getenv("FP64") != nullptr;
  auto table = load_table(opts);
  torch::mm(table, torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void receiver_field() {
  Precision p;
  p.ids = {1, 2, 3};
  p.wide = p.ids.size() > 2;
  auto w = torch::ones({2, 2}, p.dtype());
  torch::mm(w, torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void in_a_loop(int argc, const std::vector<torch::Tensor> &batches) {
  const bool half = argc > 2;
  for (const auto &b : batches) {
    auto x = features(b, half);
    torch::mm(x, torch::randn({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
  }
}

void template_callee(bool wide) {
  auto y = scaled<float>(torch::randn({2, 2}), wide);
  torch::mm(y, torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void in_a_lambda() {
  auto run = [](bool half) {
    auto x = features(torch::randn({2, 2}), half);
    return torch::mm(x, torch::randn({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
  };
  run(std::getenv("HALF") != nullptr);
}

void through_a_macro(int argc) {
  const bool half = argc > 3;
  auto x = FEATURES(half);
  torch::mm(x, torch::randn({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

void later_test_agrees(int argc) {
  const bool half = argc > 1;
  auto x = features(torch::randn({2, 2}), half);
  if (half)
    x = x.to(torch::kFloat);
  torch::mm(x, torch::randn({2, 2}));
}

void constant_flag() {
  auto x = features(torch::randn({2, 2}), false);
  torch::mm(x, torch::randn({2, 2}));
}

void converted_after(int argc) {
  const bool half = argc > 1;
  auto x = features(torch::randn({2, 2}), half).to(torch::kFloat);
  torch::mm(x, torch::randn({2, 2}));
}

torch::Tensor same_either_way(const torch::Tensor &raw, bool verbose) {
  if (verbose)
    return raw.to(torch::kFloat);
  return raw.to(torch::kFloat);
}

void result_does_not_depend(torch::Tensor raw, int argc) {
  const bool verbose = argc > 1;
  auto x = same_either_way(raw, verbose);
  torch::mm(x, torch::randn({2, 2}));
}

torch::Tensor may_change(const torch::Tensor &raw, bool &half) {
  if (raw.numel() > 4)
    half = false;
  return half ? raw.to(torch::kHalf) : raw;
}

void flag_by_reference(int argc) {
  bool half = argc > 1;
  auto x = may_change(torch::randn({2, 2}), half);
  torch::mm(x, torch::randn({2, 2}));
}

struct Placement {
  torch::Device device = torch::kCPU;
  torch::Dtype dtype = torch::kFloat;
};
Placement place_on_gpu_if_any() {
  Placement p;
  p.device = torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                         : torch::Device(torch::kCPU);
  p.dtype = torch::cuda::is_available() ? torch::kHalf : torch::kFloat;
  return p;
}

void machine_query_in_a_factory() {
  const Placement p = place_on_gpu_if_any();
  auto x = torch::randn({2, 2}).to(p.device, p.dtype);
  // The two agree on each machine: float16 only on CUDA.
  torch::mm(x, torch::randn({2, 2}).to(p.device, p.dtype));
  auto w = torch::randn({2, 2}, torch::kDouble).to(p.device);
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype {{.*}} [torchdtype-mixed-precision]
}
