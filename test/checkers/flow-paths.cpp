// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-loss-target-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// Paths split by what the analysis can follow of a condition: a number
// compared with a variable, a field of a local options struct, the case a
// switch takes, the first iteration of a loop; and the paths it must not
// invent (contradicting comparisons, changes out of sight).
#include <torch/torch.h>
#include <string>

// ---- Comparisons with numbers ---------------------------------------------

void smoothing_off(double smoothing) {
  auto probs = torch::rand({8, 1});
  auto clicks = torch::randint(0, 2, {8, 1});
  torch::Tensor targets = clicks;
  if (smoothing > 0.0)
    targets = clicks * (1.0 - smoothing) + 0.5 * smoothing;
  auto loss = torch::binary_cross_entropy(probs, targets);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'binary_cross_entropy' gets an input of dtype Float and a target of dtype Long; {{.*}} [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: assuming 'smoothing > 0.0' is false
}

void thresholds_that_contradict(int level) {
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4});
  if (level > 3)
    x = x.to(torch::kDouble);
  if (level < 2) // never on the path where level > 3
    auto y = torch::mm(x, w);
}

void integer_bounds_meet(int level) {
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4});
  if (level > 3)
    x = x.to(torch::kDouble);
  if (level <= 3)
    return;
  auto y = torch::mm(x, w); // level >= 4 here: x is double
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // No path reaches here with level <= 3 (an int is above 3 or at most 3),
  // so no note assumes anything of level.
  // CHECK-MESSAGES-NOT: :[[@LINE-8]]:13: note: assuming
}

// ---- Fields of a local options struct -------------------------------------

struct EvalOptions {
  bool fast = false;
  int batch = 16;
  std::string precision = "single";
};
EvalOptions parse_options(int argc, char **argv);

void reference_mode(int argc, char **argv) {
  const EvalOptions opts = parse_options(argc, argv);
  auto features = torch::randn({opts.batch, 48});
  auto weights = torch::randn({48, 10});
  if (!opts.fast)
    features = features.to(torch::kDouble);
  auto scores = torch::mm(features, weights);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'opts.fast' is false
}

void fields_set_then_tested(int argc) {
  EvalOptions cfg;
  if (argc > 2)
    cfg.fast = true;
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4});
  if (cfg.fast)
    x = x.to(torch::kDouble);
  if (cfg.fast) // correlated: x and w agree on every path
    w = w.to(torch::kDouble);
  auto y = torch::mm(x, w);
}

void field_compared_with_a_string(const EvalOptions &opts) {
  auto x = torch::randn({4, 4});
  if (opts.precision == "double")
    x = x.to(torch::kDouble);
  auto y = torch::mm(x, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:22: note: assuming 'opts.precision == "double"' is true
}

struct Tuner {
  bool fast = false;
  void toggle() { fast = !fast; }
};

// t.fast is false as constructed, so x stays float32; toggle() (a method
// whose body is here) may change it, so after the call t.fast is a flag the
// path knows nothing of, and where it is true (as it is: toggle() set it)
// the float64 w meets the float32 x.
void field_changed_by_a_method() {
  Tuner t;
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4});
  if (t.fast)
    x = x.to(torch::kDouble);
  t.toggle();
  if (t.fast)
    w = w.to(torch::kDouble);
  auto y = torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 't.fast' is true
}

// ---- Switches -------------------------------------------------------------

enum class LabelFormat { Sparse, Compact };
LabelFormat parse_format(int argc, char **argv);

void switch_on_a_call(int argc, char **argv) {
  auto logits = torch::randn({4, 5});
  auto raw = torch::randint(0, 5, {4});
  torch::Tensor targets;
  switch (parse_format(argc, argv)) {
  case LabelFormat::Sparse:
    targets = raw;
    break;
  case LabelFormat::Compact:
    targets = raw.to(torch::kInt);
    break;
  }
  auto loss = torch::nn::functional::cross_entropy(logits, targets);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: {{.*}} [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-10]]:11: note: assuming 'parse_format(argc, argv) == LabelFormat::Compact' is true
}

void switch_correlated_with_ifs(LabelFormat f) {
  auto raw = torch::randint(0, 5, {4});
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4});
  switch (f) {
  case LabelFormat::Compact:
    x = x.to(torch::kDouble);
    break;
  default:
    break;
  }
  if (f == LabelFormat::Compact)
    w = w.to(torch::kDouble);
  auto y = torch::mm(x, w);
}

void switch_default_excludes_cases(int mode) {
  auto w = torch::randn({4, 4});
  auto x = torch::randn({4, 4});
  switch (mode) {
  case 1:
    x = x.to(torch::kDouble);
    break;
  default:
    w = w.to(torch::kDouble);
    break;
  }
  if (mode == 1)
    w = w.to(torch::kDouble);
  else
    x = x.to(torch::kDouble);
  auto y = torch::mm(x, w);
}

// ---- The first iteration of a loop ----------------------------------------

void first_batch_stays_double(int steps) {
  auto basis = torch::randn({16, 4});
  auto batch = torch::randn({8, 16}, torch::kDouble); // read before the loop
  for (int step = 0; step < steps; ++step) {
    auto code = torch::mm(batch, basis);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-3]]:27: note: on the first iteration of this loop
    batch = torch::randn({8, 16});
  }
}

void seeded_on_step_zero(int frames) {
  auto basis = torch::randn({16, 4});
  torch::Tensor running;
  for (int step = 0; step < frames; ++step) {
    auto frame = torch::randn({8, 16});
    if (step == 0)
      running = frame.to(torch::kDouble);
    else
      running = 0.9 * running + 0.1 * frame;
    auto code = torch::mm(running, basis);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}

void converted_before_use_every_iteration(int steps) {
  auto basis = torch::randn({16, 4});
  auto batch = torch::randn({8, 16}, torch::kDouble);
  for (int step = 0; step < steps; ++step) {
    batch = batch.to(torch::kFloat);
    auto code = torch::mm(batch, basis);
    batch = torch::randn({8, 16}, torch::kDouble);
  }
}

void counter_reset_in_body(int steps) {
  auto basis = torch::randn({16, 4});
  auto batch = torch::randn({8, 16});
  for (int step = 0; step < steps; ++step) {
    if (step == 0)
      continue; // the first batch is skipped
    auto code = torch::mm(batch, basis);
    batch = torch::randn({8, 16});
  }
}

void first_iteration_in_a_range_for(const std::vector<torch::Tensor> &xs) {
  auto basis = torch::randn({16, 4});
  auto prev = torch::randn({8, 16}, torch::kHalf);
  for (const auto &x : xs) {
    auto code = torch::mm(prev, basis);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-3]]:24: note: on the first iteration of this loop
    prev = x.to(torch::kFloat);
  }
}

#define FOR_STEPS(i, n) for (int i = 0; i < (n); ++i)

void first_iteration_in_a_macro(int n) {
  auto basis = torch::randn({16, 4});
  auto batch = torch::randn({8, 16}, torch::kDouble);
  FOR_STEPS(i, n) {
    auto code = torch::mm(batch, basis);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: on the first iteration of this loop
    batch = batch.to(torch::kFloat);
  }
}

template <typename T> void first_iteration_templated(T steps) {
  auto basis = torch::randn({16, 4});
  auto batch = torch::randn({8, 16}, torch::kDouble);
  for (T s = 0; s < steps; ++s) {
    auto code = torch::mm(batch, basis);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-3]]:19: note: on the first iteration of this loop
    batch = batch.to(torch::kFloat);
  }
}
template void first_iteration_templated<int>(int);

void first_iteration_in_a_lambda() {
  auto run = [](int n) {
    auto basis = torch::randn({16, 4});
    auto batch = torch::randn({8, 16}, torch::kDouble);
    for (int i = 0; i < n; ++i) {
      auto code = torch::mm(batch, basis);
      // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
      // CHECK-MESSAGES: :[[@LINE-3]]:23: note: on the first iteration of this loop
      batch = batch.to(torch::kFloat);
    }
  };
  run(3);
}
