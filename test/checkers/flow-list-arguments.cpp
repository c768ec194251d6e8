// A followed std::vector or std::map of tensors given by non-const
// reference to a function of the user's (models/UserCallEffects.cpp,
// Summary::ListAdds): after the call it holds what it held and what the
// callee put in (push_back, emplace, m[k] = t); where the callee clears it,
// assigns it whole or gives it away, nothing is known of it any more.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// REAL-VERSION: ==1.13
#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

#define COLLECT(out, x) collect(out, x)

void fill(std::map<std::string, torch::Tensor> &cache, const std::string &k) {
  cache[k] = torch::ones({4}, torch::kDouble);
}
void collect(std::vector<torch::Tensor> &out, const torch::Tensor &x) {
  out.push_back(x.to(torch::kHalf));
}
void collect_if(std::vector<torch::Tensor> &out, const torch::Tensor &x,
                bool half) {
  if (half)
    out.push_back(x.to(torch::kHalf));
  else
    out.push_back(x);
}
void clear_it(std::vector<torch::Tensor> &out) { out.clear(); }
void replace_it(std::vector<torch::Tensor> &out) {
  out = {torch::randn({2, 2})};
}
template <typename T> void collect_as(std::vector<torch::Tensor> &out) {
  out.push_back(torch::ones({2, 2}, torch::CppTypeToScalarType<T>::value));
}

// ---- Positives ------------------------------------------------------------

void cache_filled_by_a_helper() {
  std::map<std::string, torch::Tensor> cache;
  fill(cache, "a");
  torch::mm(cache.at("a").view({2, 2}), torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype {{.*}} [torchdtype-mixed-precision]
}

void outputs_collected_in_a_loop(int n) {
  std::vector<torch::Tensor> outs;
  for (int i = 0; i < n; ++i)
    collect(outs, torch::randn({2, 2}));
  if (!outs.empty())
    torch::mm(outs[0], outs[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void collected_through_a_macro() {
  std::vector<torch::Tensor> outs;
  COLLECT(outs, torch::randn({2, 2}));
  torch::mm(outs.front(), outs.front());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void collected_by_a_template() {
  std::vector<torch::Tensor> outs;
  collect_as<double>(outs);
  torch::mm(outs[0], torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype {{.*}} [torchdtype-mixed-precision]
}

void collected_in_a_lambda() {
  auto run = []() {
    std::vector<torch::Tensor> outs;
    collect(outs, torch::randn({2, 2}));
    return torch::mm(outs[0], outs[0]);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
  };
  run();
}

// ---- Negatives ------------------------------------------------------------

void cleared_by_a_helper() {
  std::vector<torch::Tensor> outs{torch::randn({2, 2}, torch::kHalf)};
  clear_it(outs);
  outs.push_back(torch::randn({2, 2}));
  torch::mm(outs[0], outs[0]);
}

void replaced_by_a_helper() {
  std::vector<torch::Tensor> outs{torch::randn({2, 2}, torch::kHalf)};
  replace_it(outs);
  torch::mm(outs[0], outs[0]);
}

void either_dtype_added(bool half) {
  std::vector<torch::Tensor> outs;
  collect_if(outs, torch::randn({2, 2}), half);
  torch::mm(outs[0], torch::ones({2, 2}));
}

void added_beside_what_it_held() {
  std::vector<torch::Tensor> outs{torch::randn({2, 2})};
  collect(outs, torch::randn({2, 2}));
  torch::mm(outs[0], torch::ones({2, 2}));
}
