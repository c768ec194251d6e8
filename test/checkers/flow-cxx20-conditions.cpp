// RUN: env ASAN_OPTIONS=detect_container_overflow=0:detect_leaks=0 %check_clang_tidy -std=c++20 %s torchdtype-mixed-precision %t
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// (The sanitizer tier: clang 19 itself leaks what template deduction keeps
// of a failure, MakeDeductionFailureInfo, parsing libstdc++ as C++20, with
// no analysis at all; its frames are not unwound at malloc, so no
// suppression can name them. Leaks are not checked for the C++20 run.)
// C++20 writes `a != b` as a rewritten `!(a == b)` where only operator==
// is declared (std::string beside a literal with LibTorch 2.x's C++20):
// a condition so written decides the same atoms as in C++17. A loop over
// a map whose keys it knows skips the Double key: nothing to find.
#include <torch/torch.h>
#include <map>
#include <string>

struct Key {
  int id;
  bool operator==(const Key &O) const { return id == O.id; }
};

void skips_the_double_key() {
  std::map<std::string, torch::Tensor> tables;
  tables["a"] = torch::randn({4, 4}, torch::kDouble);
  tables["b"] = torch::randn({4, 4});
  for (const auto &kv : tables)
    if (kv.first != "a")
      torch::mm(kv.second, torch::randn({4, 4}));
  for (const auto &kv : tables)
    if (kv.first == "a")
      torch::mm(kv.second, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void by_mode(const std::string &mode) {
  auto x = torch::randn({4, 4});
  if (mode != "fp32")
    x = x.to(torch::kDouble);
  if (mode != "fp32")
    torch::mm(x, torch::randn({4, 4}, torch::kDouble));
  else
    torch::mm(x, torch::randn({4, 4}));
}

#if __cplusplus > 201703L
void user_equality(Key k) { // (a user's type: no atom, nothing assumed)
  auto x = torch::randn({4, 4});
  if (k != Key{1})
    x = x.to(torch::kDouble);
  torch::mm(x, torch::randn({4, 4}));
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:3: warning
}
#endif
