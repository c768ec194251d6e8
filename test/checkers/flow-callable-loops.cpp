// torchdtype-mixed-precision, torchdtype-loss-target-dtype: a range-for over
// a container of std::function calls every lambda the container certainly
// holds when the loop starts, each with the call's arguments; a mismatch in
// a lambda is reported there, with the call as a note. A container changed
// in ways not followed, a lambda stored only on some paths, a call only some
// iterations make, and a lookup by a key the path does not know stay quiet.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-loss-target-dtype %t
#include <torch/torch.h>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace F = torch::nn::functional;
using Metric = std::function<double(const torch::Tensor &, const torch::Tensor &)>;
using Step = std::function<torch::Tensor(const torch::Tensor &)>;
bool flag();
Metric loaded_metric();

// ---- Positives ------------------------------------------------------------

// A builder fills a map by key and returns it; the loop calls each entry.
static std::map<std::string, Metric> make_metrics() {
  std::map<std::string, Metric> metrics;
  metrics["accuracy"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    return (logits.argmax(1) == labels).to(torch::kFloat).mean().item<double>();
  };
  metrics["xent"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    return F::cross_entropy(logits, labels).item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}}Int{{.*}} [torchdtype-loss-target-dtype]
  };
  return metrics;
}

void every_metric_of_a_builder() {
  auto logits = torch::randn({8, 5});
  auto labels = torch::randint(0, 5, {8}, torch::kInt);
  auto metrics = make_metrics();
  for (const auto &kv : metrics) {
    double value = kv.second(logits, labels);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: note: in this call of 'kv.second'
    (void)value;
  }
}

// A vector of hooks filled here, called in a loop by a plain name.
void every_hook_of_a_vector() {
  auto table = torch::randn({4, 4}, torch::kDouble);
  std::vector<Step> hooks;
  hooks.push_back([](const torch::Tensor &s) { return torch::softmax(s, 1); });
  hooks.push_back([table](const torch::Tensor &s) { return s; });
  hooks.emplace_back([](const torch::Tensor &s) {
    return torch::mm(s, torch::randn({4, 4}, torch::kDouble));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  });
  auto x = torch::randn({2, 4});
  for (auto &hook : hooks)
    hook(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: in this call of 'hook'
}

// Structured bindings over an unordered_map written as a braced list.
void every_entry_by_binding() {
  const std::unordered_map<std::string, Step> steps = {
      {"double", [](const torch::Tensor &t) { return t.to(torch::kDouble); }},
      {"mix", [](const torch::Tensor &t) {
         return torch::mm(t, torch::ones({3, 3}, torch::kDouble));
         // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
       }}};
  auto x = torch::ones({3, 3});
  std::vector<torch::Tensor> outs;
  for (const auto &[name, step] : steps)
    outs.push_back(step(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: note: in this call of 'step'
}

// In a template, and through a macro around the loop.
#define FOR_EACH_STEP(c, x) for (auto &s : c) s(x)
template <typename T> void apply_all(T dtype) {
  std::vector<Step> steps;
  steps.push_back([](const torch::Tensor &t) {
    return torch::mm(t, torch::randn({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  });
  FOR_EACH_STEP(steps, torch::randn({2, 2}, dtype));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 's'
}
void instantiate() { apply_all(torch::kDouble); }

// ---- Negatives ------------------------------------------------------------

// Every lambda agrees with the arguments.
void every_metric_agrees() {
  auto logits = torch::randn({8, 5});
  auto labels = torch::randint(0, 5, {8});
  auto metrics = make_metrics();
  for (const auto &kv : metrics)
    kv.second(logits, labels);
}

// One entry looked up by a key nobody knows here: only one lambda runs.
void looked_up_by_name(const std::string &name) {
  auto logits = torch::randn({8, 5});
  auto labels = torch::randint(0, 5, {8}, torch::kInt);
  auto metrics = make_metrics();
  auto it = metrics.find(name);
  if (it != metrics.end())
    it->second(logits, labels);
}

// A call only some iterations make.
void called_for_one_key() {
  auto logits = torch::randn({8, 5});
  auto labels = torch::randint(0, 5, {8}, torch::kInt);
  auto metrics = make_metrics();
  for (const auto &kv : metrics)
    if (kv.first == "accuracy")
      kv.second(logits, labels);
  for (const auto &kv : metrics) {
    if (kv.first == "xent")
      continue;
    kv.second(logits, labels);
  }
}

// The container loses the lambda before the loop.
void erased_before_the_loop() {
  auto logits = torch::randn({8, 5});
  auto labels = torch::randint(0, 5, {8}, torch::kInt);
  auto metrics = make_metrics();
  metrics.erase("xent");
  for (const auto &kv : metrics)
    kv.second(logits, labels);
}

// Replaced under the same key, stored only on some paths, or after the loop.
void replaced_or_conditional() {
  auto x = torch::randn({2, 2});
  std::map<std::string, Step> steps;
  steps["mm"] = [](const torch::Tensor &t) { return torch::mm(t, torch::randn({2, 2}, torch::kDouble)); };
  steps["mm"] = [](const torch::Tensor &t) { return torch::mm(t, torch::randn({2, 2})); };
  std::vector<Step> hooks;
  if (flag())
    hooks.push_back([](const torch::Tensor &t) { return torch::mm(t, torch::randn({2, 2}, torch::kDouble)); });
  for (const auto &kv : steps)
    kv.second(x);
  for (auto &h : hooks)
    h(x);
}

void stored_after_the_loop() {
  auto x = torch::randn({2, 2});
  std::map<std::string, Step> steps;
  steps.emplace("same", [](const torch::Tensor &t) { return t; });
  for (int i = 0; i < 2; ++i) {
    for (const auto &kv : steps)
      kv.second(x);
    steps.emplace("mm", [](const torch::Tensor &t) { return torch::mm(t, torch::randn({2, 2}, torch::kDouble)); });
  }
}

// A container reached through a reference, one loop assigning its elements,
// and a std::function from elsewhere: nothing known.
void changed_elsewhere(std::vector<Step> &given) {
  auto x = torch::randn({2, 2});
  for (auto &h : given)
    h(x);
  std::vector<Step> mine;
  mine.push_back([](const torch::Tensor &t) { return torch::mm(t, torch::randn({2, 2}, torch::kDouble)); });
  for (auto &h : mine)
    h = [](const torch::Tensor &t) { return t; };
  for (auto &h : mine)
    h(x);
  std::vector<Metric> more;
  more.push_back(loaded_metric());
  for (auto &m : more)
    m(x, x);
}

// A loop that returns after the first call.
torch::Tensor first_only() {
  auto x = torch::randn({2, 2});
  std::vector<Step> hooks;
  hooks.push_back([](const torch::Tensor &t) { return t; });
  hooks.push_back([](const torch::Tensor &t) { return torch::mm(t, torch::randn({2, 2}, torch::kDouble)); });
  for (auto &h : hooks)
    return h(x);
  return x;
}

// A lambda reading its argument through a conditional (mixed on some paths
// only): judged as any helper is.
void lambdas_of_the_right_dtype() {
  std::vector<Step> steps;
  steps.push_back([](const torch::Tensor &t) { return t.to(torch::kDouble); });
  steps.push_back([](const torch::Tensor &t) { return torch::mm(t, t); });
  auto x = torch::randn({2, 2});
  for (auto &s : steps)
    s(x);
}
