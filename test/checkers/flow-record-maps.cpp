// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// A std::map of plain structs holding tensors keeps, as a map of tensors
// does, what each key it knows maps to: a loop over its entries takes each
// key's struct on its own path (`kv.second.values`), and `m.at(key)` gives
// that key's. Keys not known, or a map changed in ways not followed: the
// join of its structs, which says nothing where they differ.
#include <torch/torch.h>
#include <map>
#include <string>

struct Column {
  torch::Tensor values;
  bool is_time = false;
};

std::map<std::string, Column> load(int64_t rows) {
  std::map<std::string, Column> cols;
  cols["amount"] = {torch::randn({rows, 2}), false};
  cols["event_time"] = {torch::randn({rows, 2}, torch::kDouble), true};
  return cols;
}

void scale_all() {
  auto cols = load(4);
  auto w = torch::randn({2, 2});
  for (auto &kv : cols) {
    auto y = torch::mm(kv.second.values, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}

void scale_converted() {
  auto cols = load(4);
  auto w = torch::randn({2, 2});
  for (const auto &[name, col] : cols)
    auto y = torch::mm(col.values.to(torch::kFloat), w);
  auto z = torch::mm(cols.at("amount").values, w);
  auto t = torch::mm(cols.at("event_time").values, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// Branching on the entry's own flag: each key's path knows its struct.
void scale_by_flag() {
  auto cols = load(4);
  auto w = torch::randn({2, 2});
  for (auto &kv : cols) {
    if (kv.second.is_time)
      continue;
    auto y = torch::mm(kv.second.values, w);
  }
}

// Keys not known: the join, quiet.
void scale_unknown_keys(const std::string &k) {
  std::map<std::string, Column> cols;
  cols[k] = {torch::randn({4, 2}), false};
  cols["event_time"] = {torch::randn({4, 2}, torch::kDouble), true};
  auto w = torch::randn({2, 2});
  for (auto &kv : cols)
    auto y = torch::mm(kv.second.values, w.to(kv.second.values.scalar_type()));
}

#define VALUES_OF(m, k) ((m).at(k).values)

void in_lambda_and_macro() {
  auto cols = load(4);
  auto w = torch::randn({2, 2});
  auto f = [&] { return torch::mm(VALUES_OF(cols, "amount"), w); };
  f();
  auto g = [&] { return torch::mm(VALUES_OF(cols, "event_time"), w); };
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  g();
}

template <typename M> void scale_template(M &cols) {
  for (auto &kv : cols)
    torch::mm(kv.second.values, torch::randn({2, 2}, torch::kDouble));
}

void use_template() {
  std::map<std::string, Column> cols;
  cols["a"] = {torch::randn({4, 2}, torch::kDouble), false};
  scale_template(cols);
}

// Made from a braced list of constant keys.
void braced() {
  std::map<std::string, Column> cols = {
      {"amount", {torch::randn({4, 2}), false}},
      {"event_time", {torch::randn({4, 2}, torch::kDouble), true}}};
  auto w = torch::randn({2, 2});
  auto a = torch::mm(cols.at("amount").values, w);
  auto t = torch::mm(cols.at("event_time").values, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the
  // same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}
