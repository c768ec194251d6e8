// What the standard library's functions are given does not make a path
// subject (a variable whose constants pick paths): `lengths.push_back(words)`
// is not a call of the user's code, and `words` changing in a loop must not
// split the paths until the analysis gives up. The key of a map lookup is
// the exception: a const map's lookup reads what the path assumed it is
// (flow-constant-maps-assumed.cpp has those positives). The same holds whether the library's
// template members have bodies in this unit or come from a precompiled
// header (the real-header tier runs this with one). The ops on integer
// tensors are judged by the table measured on 1.13 only.
// RUN: %check_clang_tidy -check-suffixes=,V113 %s torchdtype-unsupported-dtype,torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

bool flag();
#define PUSH(v, x) (v).push_back(x)

// ---- Positives ------------------------------------------------------------

void counts_pushed_in_a_loop(const std::vector<std::string> &corpus) {
  std::vector<int64_t> lengths;
  for (const auto &line : corpus) {
    if (line.empty())
      continue;
    int64_t words = 1;
    for (char c : line)
      words += (c == ' ');
    lengths.push_back(words);
  }
  if (lengths.empty())
    return;
  torch::Tensor len = torch::tensor(lengths);
  if (lengths.size() > 1) {
    auto spread = len.std();
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:19: warning: 'std' does not take Long 'len'{{.*}} [torchdtype-unsupported-dtype]
  }
}

void counts_pushed_through_a_macro_and_a_lambda(int n) {
  std::vector<int64_t> ids;
  auto add = [&](int64_t k) { PUSH(ids, k); };
  for (int64_t i = 0; i < n; ++i) {
    int64_t k = i % 3;
    if (k == 0)
      k = 7;
    add(k);
  }
  auto t = torch::tensor(ids);
  auto m = t.mean();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'mean' does not take Long 't'{{.*}} [torchdtype-unsupported-dtype]
}

template <typename T> void spread_of(const std::vector<T> &values) {
  auto s = torch::tensor(values).var();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'var' does not take Long{{.*}} [torchdtype-unsupported-dtype]
}

void through_a_template() { spread_of(std::vector<int64_t>{1, 2, 3}); }

// ---- Negatives ------------------------------------------------------------

void floating_lengths(const std::vector<std::string> &corpus) {
  std::vector<double> lengths;
  for (const auto &line : corpus)
    lengths.push_back(double(line.size()));
  if (!lengths.empty())
    auto spread = torch::tensor(lengths).std();
}

void key_not_known(const std::string &name) {
  const std::map<std::string, torch::Dtype> kByName = {
      {"float", torch::kFloat32}, {"double", torch::kFloat64}};
  auto a = torch::randn({4, 4}, kByName.at(name));
  auto y = torch::mm(a, torch::randn({4, 4})); // Float or Double: not known
}

void unknown_branch(std::vector<int64_t> ids) {
  torch::Tensor t = torch::tensor(ids);
  if (flag())
    t = t.to(torch::kFloat);
  auto m = t.mean(); // Long or Float: not known, not reported
}
