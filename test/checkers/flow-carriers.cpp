// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// The C++ values that carry a tensor's or a dtype's facts: std::pair and
// std::tuple (built with braces, constructors, make_pair, make_tuple;
// read with .first, std::get, structured bindings and std::tie), and plain structs of
// dtypes, devices and tensors (a configuration: in-class defaults, fields
// assigned, passed by const reference), std::optional (empty, filled,
// reset; value(), operator*, value_or()).
#include <torch/torch.h>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

#define PROJECT(x, w) torch::mm((x), (w))

// ---- std::pair and std::tuple ----------------------------------------------

std::pair<torch::Tensor, torch::Tensor> moments() {
  auto x = torch::randn({4, 3}, torch::kDouble);
  return {x.mean(0), x.mean(0) * 2};
}

void pair_fields() {
  auto m = moments();
  auto y = torch::mm(m.first.unsqueeze(0), torch::randn({3, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void pair_bindings() {
  auto [mu, sd] = moments();
  auto y = torch::mm(torch::randn({1, 3}), sd.unsqueeze(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

std::tuple<torch::Tensor, torch::Tensor> route() {
  auto gates = torch::rand({4, 4});
  auto bias = torch::rand({4, 4}).to(torch::kHalf);
  return std::make_tuple(gates, bias);
}

void tuple_get() {
  auto r = route();
  auto y = torch::mm(std::get<0>(r), std::get<1>(r));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half; {{.*}} [torchdtype-mixed-precision]
}

void made_pair_in_a_loop() {
  for (int i = 0; i < 3; ++i) {
    auto p = std::make_pair(torch::randn({2, 2}), torch::randn({2, 2}, torch::kDouble));
    auto y = PROJECT(p.first, p.second);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  }
}

void pair_in_a_lambda() {
  auto split = [](const torch::Tensor &x) {
    return std::pair<torch::Tensor, torch::Tensor>(x, x.to(torch::kDouble));
  };
  auto [a, b] = split(torch::randn({2, 2}));
  auto y = torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

// ---- Plain structs of dtypes and devices: configurations ---------------------

struct RunConfig {
  torch::ScalarType dtype = torch::kDouble;
  torch::Device device = torch::kCPU;
  int batch = 32;
};

void config_default() {
  RunConfig cfg;
  auto x = torch::randn({2, 3}).to(cfg.dtype);
  auto y = torch::mm(x, torch::randn({3, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void use_config(const RunConfig &cfg) {
  auto x = torch::randn({2, 3}, cfg.dtype);
  auto y = torch::mm(x, torch::randn({3, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
}

void config_assigned() {
  RunConfig cfg;
  cfg.dtype = torch::kHalf;
  use_config(cfg);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'use_config'
}

template <typename Config> void templated(const Config &cfg) {
  auto x = torch::randn({2, 3}, cfg.dtype);
  auto y = torch::mm(torch::randn({4, 2}), x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}
void instantiate() { templated(RunConfig{}); }

// ---- std::optional -----------------------------------------------------------

struct Request {
  std::optional<torch::ScalarType> dtype; // empty unless the caller sets it
};

void optional_fallback() {
  Request req;
  auto x = torch::randn({2, 3}, req.dtype.value_or(torch::kDouble));
  auto y = torch::mm(x, torch::randn({3, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void optional_filled_on_a_path(bool fast) {
  std::optional<torch::ScalarType> asked;
  if (fast)
    asked = torch::kFloat;
  auto y = torch::mm(torch::randn({2, 3}, asked.value_or(torch::kHalf)),
                     torch::randn({3, 3}));
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: assuming 'fast' is false
}

void optional_tensor() {
  std::optional<torch::Tensor> bias;
  bias = torch::randn({3}, torch::kDouble);
  auto y = torch::addmm(*bias, torch::randn({2, 3}), torch::randn({3, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'addmm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  std::optional<torch::ScalarType> chosen = torch::kFloat;
  chosen.reset();
  auto z = torch::mm(torch::randn({2, 3}, chosen.value_or(torch::kDouble)),
                     torch::randn({3, 3}));
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// An optional left empty on one path holds, where it holds anything, what
// the other path put in it: read under has_value() it has that dtype.
struct DenseWeights {
  torch::Tensor weight;
  std::optional<torch::Tensor> bias; // absent for bias-free layers
};

DenseWeights restore_dense(bool with_bias) {
  DenseWeights layer;
  layer.weight = torch::randn({4, 3});
  if (with_bias)
    layer.bias = torch::randn({4}, torch::kDouble);
  return layer;
}

torch::Tensor apply_dense(const DenseWeights &layer, const torch::Tensor &x) {
  if (!layer.bias.has_value())
    return torch::mm(x, layer.weight.t());
  return torch::addmm(*layer.bias, x, layer.weight.t());
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'addmm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void optional_filled_on_one_path(bool with_bias) {
  auto layer = restore_dense(with_bias);
  auto y = apply_dense(layer, torch::randn({2, 3}));
}

// ---- Maps of tensors: the join of what they map to -----------------------------

void feature_store() {
  std::map<std::string, torch::Tensor> tables;
  tables["items"] = torch::randn({4, 3}, torch::kDouble);
  tables.emplace("users", torch::randn({5, 3}, torch::kDouble));
  auto y = torch::mm(torch::randn({2, 4}), tables.at("items"));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void store_by_key() {
  // Each key the path knows maps to its own tensor.
  std::unordered_map<std::string, torch::Tensor> tables;
  tables["items"] = torch::randn({4, 3}, torch::kDouble);
  tables["users"] = torch::randn({4, 3});
  auto y = torch::mm(torch::randn({2, 4}), tables["items"]);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives --------------------------------------------------------------

void store_of_both(const std::string &name) {
  std::unordered_map<std::string, torch::Tensor> tables;
  tables["items"] = torch::randn({4, 3}, torch::kDouble);
  tables["users"] = torch::randn({4, 3});
  auto y = torch::mm(torch::randn({2, 4}), tables[name]); // Float or Double
  auto it = tables.find("users");
  auto z = torch::mm(torch::randn({2, 4}), it->second); // the Float one
}

void optional_set() {
  Request req;
  req.dtype = torch::kFloat;
  auto y = torch::mm(torch::randn({2, 3}, req.dtype.value_or(torch::kDouble)),
                     torch::randn({3, 3}));
  std::optional<torch::Tensor> bias = torch::randn({3});
  auto z = torch::addmm(bias.value(), torch::randn({2, 3}), torch::randn({3, 3}));
}

void optional_maybe_empty_with_fallback(const torch::Tensor &scores) {
  // Empty on one path (a condition on data, which splits no path): value_or
  // gives the fallback there, so Float or Double.
  std::optional<torch::ScalarType> asked;
  if (scores.sum().item<double>() > 0)
    asked = torch::kDouble;
  auto y = torch::mm(torch::randn({2, 3}, asked.value_or(torch::kFloat)),
                     torch::randn({3, 3}));
}

void optional_unknown(std::optional<torch::ScalarType> asked) {
  auto y = torch::mm(torch::randn({2, 3}, asked.value_or(torch::kDouble)),
                     torch::randn({3, 3})); // the callers' choice
}

void config_fixed() {
  RunConfig cfg;
  cfg.dtype = torch::kFloat;
  auto x = torch::randn({2, 3}).to(cfg.dtype);
  auto y = torch::mm(x, torch::randn({3, 3}));
}

void config_braced() {
  RunConfig cfg{torch::kFloat};
  auto y = torch::mm(torch::randn({2, 3}, cfg.dtype), torch::randn({3, 3}));
}

// A struct parameter's field set on one path of a flag: that path throws.
void config_on_a_path(RunConfig cfg, bool wide) {
  if (wide)
    cfg.dtype = torch::kDouble;
  auto y = torch::mm(torch::randn({2, 3}, cfg.dtype), torch::randn({3, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'wide' is true
}

std::tuple<torch::Tensor, torch::Tensor> route_on(bool compact) {
  auto gates = torch::rand({4, 4});
  auto bias = torch::rand({4, 4});
  if (compact)
    bias = bias.to(torch::kHalf);
  return std::make_tuple(gates, bias);
}

// The flag picks the tuple's second element: a path per value of it.
void tuple_of_either(bool compact) {
  auto r = route_on(compact);
  auto y = torch::mm(std::get<0>(r), std::get<1>(r));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Half{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: assuming 'compact' is true
}

void pair_same_dtypes() {
  auto p = std::make_pair(torch::randn({2, 2}), torch::randn({2, 2}));
  auto y = torch::mm(p.first, p.second);
  auto [a, b] = std::make_tuple(torch::randn({2, 2}, torch::kDouble),
                                torch::randn({2, 2}, torch::kDouble));
  auto z = torch::mm(a, b);
}

void pair_reassigned() {
  auto p = std::make_pair(torch::randn({2, 2}), torch::randn({2, 2}, torch::kDouble));
  p.second = p.second.to(torch::kFloat);
  auto y = torch::mm(p.first, p.second);
}

// ---- std::tie ---------------------------------------------------------------
std::pair<torch::Tensor, torch::Tensor> wide_moments(const torch::Tensor &d) {
  auto w = d.to(torch::kDouble);
  return {w.mean(0), w.mean(1)};
}

void tie_takes_each_element() {
  torch::Tensor mean, std;
  std::tie(mean, std) = wide_moments(torch::randn({8, 4}));
  auto y = torch::mm(mean.unsqueeze(0), torch::randn({4, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void tie_with_ignore_negative() {
  torch::Tensor a = torch::randn({2, 2}, torch::kDouble), b;
  std::tie(std::ignore, b) = std::make_pair(a, torch::randn({2, 2}));
  auto y = torch::mm(b, torch::randn({2, 2}));
}

class Whitener {
public:
  explicit Whitener(const torch::Tensor &train) {
    std::tie(mean_, std_) = wide_moments(train);
  }
  torch::Tensor scale(const torch::Tensor &x) const {
    return torch::mm(std_.unsqueeze(0), x);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  }

private:
  torch::Tensor mean_, std_;
};

void members_tied_in_a_constructor() {
  Whitener w(torch::randn({8, 4}));
  auto y = w.scale(torch::randn({4, 2}));
}

// An object's dtype field a method sets, read by another method that
// makes a tensor with it: that method runs with the object's fields.
struct Maker {
  torch::Dtype dt = torch::kFloat;
  void use_double() { dt = torch::kDouble; }
  void use(torch::Dtype d) { dt = d; }
  torch::Tensor make() const { return torch::randn({2, 2}, dt); }
};

void dtype_field_set_by_a_method() {
  Maker m;
  m.use_double();
  auto y = torch::mm(m.make(), torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void dtype_field_set_by_a_method_negative(torch::Dtype d) {
  Maker m;
  auto y = torch::mm(m.make(), torch::ones({2, 2}));
  Maker n;
  n.use(d);
  auto z = torch::mm(n.make(), torch::ones({2, 2}));
  Maker k;
  k.use_double();
  auto w = torch::mm(k.make(), torch::ones({2, 2}, torch::kDouble));
}
