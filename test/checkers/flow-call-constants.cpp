// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-loss-target-dtype,torchdtype-module-input-dtype,torchdtype-out-dtype %t
// A constant a call passes (a bool, number, enum or string, or such a
// field of a plain struct) picks the callee's paths for that call: its
// branches, ternaries and switches, and the values computed from it
// (`const bool fits = vocab <= limit`). A struct made by its default
// constructor holds the initializers its class gives, then what the caller
// assigns. A bool the caller does not know splits its path before the call,
// one per value (flow-call-flags.cpp); anything else it does not know keeps
// both of the callee's paths.
#include <torch/torch.h>
#include <cstdint>
#include <string>

namespace F = torch::nn::functional;

torch::Tensor widen_if(bool wide, const torch::Tensor &t) {
  if (wide)
    return t.to(torch::kDouble);
  return t;
}

void flag_constant() {
  auto w = torch::randn({2, 2});
  auto y = torch::mm(w, widen_if(true, torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void flag_constant_negative() {
  auto w = torch::randn({2, 2});
  auto y = torch::mm(w, widen_if(false, torch::randn({2, 2})));
}

void flag_unknown(bool wide) {
  auto w = torch::randn({2, 2});
  auto y = torch::mm(w, widen_if(wide, torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:25: note: assuming 'wide' is true
}

// A number, and a bool computed from it.
torch::Tensor index_buffer(int64_t vocab) {
  const bool fits = vocab <= 2147483647;
  return torch::empty({4}, torch::TensorOptions().dtype(fits ? torch::kInt
                                                             : torch::kLong));
}

void number_picks_ternary() {
  const int64_t vocab = 20;
  auto logits = torch::randn({4, 20});
  auto out = index_buffer(vocab);
  torch::argmax_out(out, logits, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'argmax_out' needs out tensor 'out' of dtype Long but it has dtype Int{{.*}} [torchdtype-out-dtype]
}

void number_picks_ternary_negative() {
  auto logits = torch::randn({4, 20});
  auto out = index_buffer(int64_t(1) << 40);
  torch::argmax_out(out, logits, 1);
}

// A switch on an enum.
enum class Precision { Single, Double };

torch::Tensor cast_to(Precision p, const torch::Tensor &t) {
  switch (p) {
  case Precision::Double:
    return t.to(torch::kDouble);
  case Precision::Single:
    break;
  }
  return t.to(torch::kFloat);
}

void enum_picks_case() {
  auto w = torch::randn({2, 2});
  auto y = torch::mm(w, cast_to(Precision::Double, torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void enum_picks_case_negative() {
  auto w = torch::randn({2, 2});
  auto y = torch::mm(w, cast_to(Precision::Single, torch::randn({2, 2})));
}

// Fields of a config struct: the class's initializers, then assignments.
struct TrainerConfig {
  int64_t classes = 5;
  bool compact_labels = false;
  std::string precision = "fp64";
};

torch::Tensor load_labels(const TrainerConfig &cfg) {
  const torch::Dtype dt = cfg.compact_labels ? torch::kInt : torch::kLong;
  return torch::randint(0, cfg.classes, {8}, torch::TensorOptions().dtype(dt));
}

double epoch(const TrainerConfig &cfg) {
  auto labels = load_labels(cfg);
  auto log_probs = torch::randn({8, 5});
  auto loss = F::nll_loss(log_probs, labels);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Int{{.*}} [torchdtype-loss-target-dtype]
  return loss.item<double>();
}

void struct_field_assigned_in_caller() {
  TrainerConfig cfg;
  epoch(cfg); // compact_labels is false here: quiet
  cfg.compact_labels = true;
  epoch(cfg);
}

void struct_field_unknown(bool compact) {
  TrainerConfig cfg;
  cfg.compact_labels = compact;
  auto labels = load_labels(cfg);
  auto loss = F::nll_loss(torch::randn({8, 5}), labels);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'nll_loss' needs a target of class indices of dtype Long but gets Int{{.*}} [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:17: note: assuming 'cfg.compact_labels' is true
}

// A module the callee converts on one path only, and a string field.
torch::nn::Linear build_model(const TrainerConfig &cfg) {
  torch::nn::Linear m(4, 2);
  if (cfg.precision == "double")
    m->to(torch::kDouble);
  return m;
}

torch::Tensor build_batch(const TrainerConfig &cfg) {
  const bool wide = cfg.precision == "fp64" || cfg.precision == "double";
  return torch::randn({3, 4}).to(wide ? torch::kDouble : torch::kFloat);
}

void string_field_default() {
  TrainerConfig cfg;
  auto model = build_model(cfg);
  auto out = model->forward(build_batch(cfg));
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: module 'model' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

void string_field_agrees_negative() {
  TrainerConfig cfg;
  cfg.precision = "double";
  auto model = build_model(cfg);
  auto out = model->forward(build_batch(cfg));
}

void aggregate_initialised() {
  TrainerConfig cfg{5, false, "fp32"};
  auto model = build_model(cfg);
  auto out = model->forward(build_batch(cfg).to(torch::kFloat));
}

// A variable the callee may change is not a constant of the call.
void bump(TrainerConfig &cfg) { cfg.compact_labels = !cfg.compact_labels; }

void changed_through_reference_negative() {
  TrainerConfig cfg;
  bump(cfg);
  auto labels = load_labels(cfg);
  auto loss = F::nll_loss(torch::randn({8, 5}), labels);
}

// In a loop: the value of the iteration that reaches the call.
void loop_counter_negative() {
  auto w = torch::randn({2, 2});
  for (int i = 0; i < 2; ++i)
    auto y = torch::mm(w, widen_if(i > 0, torch::randn({2, 2})).to(torch::kFloat));
}

void loop_constant_flag() {
  auto w = torch::randn({2, 2});
  const bool wide = true;
  for (int i = 0; i < 2; ++i) {
    auto y = torch::mm(w, widen_if(wide, torch::randn({2, 2})));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  }
}

// A template callee, a lambda passed the constant, a macro around the call.
template <typename T> T widen_t(bool wide, const T &t) {
  return wide ? t.to(torch::kDouble) : t;
}

void template_callee() {
  auto w = torch::randn({2, 2});
  auto y = torch::mm(w, widen_t(true, torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void lambda_caller() {
  auto run = [](const torch::Tensor &x) {
    auto w = torch::randn({2, 2});
    return torch::mm(w, widen_if(true, x));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  };
  run(torch::randn({2, 2}));
}

#define WIDEN(x) widen_if(true, (x))

void macro_call() {
  auto w = torch::randn({2, 2});
  auto y = torch::mm(w, WIDEN(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

// The object a method runs on: the constants of its fields are the
// method's members (a const method of a config struct).
struct CastConfig {
  bool wide = false;
  Precision precision = Precision::Single;
  torch::Tensor cast(const torch::Tensor &x) const {
    return wide ? x.to(torch::kDouble) : x;
  }
  torch::Tensor by_precision(const torch::Tensor &x) const {
    switch (precision) {
    case Precision::Double:
      return x.to(torch::kDouble);
    default:
      return x;
    }
  }
};

void method_reads_assigned_field() {
  CastConfig cfg;
  cfg.wide = true;
  auto y = torch::mm(torch::randn({2, 2}), cfg.cast(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void method_reads_default_field_negative() {
  CastConfig cfg;
  auto y = torch::mm(torch::randn({2, 2}), cfg.cast(torch::randn({2, 2})));
}

void method_switches_on_field() {
  CastConfig cfg{false, Precision::Double};
  auto y = torch::mm(torch::randn({2, 2}),
                     cfg.by_precision(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

// A field set to what the caller does not know: a path per value of it.
void method_after_unknown_change(bool wide) {
  CastConfig cfg;
  cfg.wide = wide;
  auto y = torch::mm(torch::randn({2, 2}), cfg.cast(torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:48: note: assuming 'cfg.wide' is true
}

// A flag given false: the note names the flag and says false.
torch::Tensor widen_unless(bool narrow, const torch::Tensor &t) {
  if (!narrow)
    return t.to(torch::kDouble);
  return t;
}

void flag_given_false() {
  auto w = torch::randn({2, 2});
  auto y = torch::mm(w, widen_unless(false, torch::randn({2, 2})));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

// ---- What a call returns for the constants it passes ----------------------
// `parse("fp64")` returns the enumerator its paths pick for that string;
// `dtype_of(kind)` the dtype its switch picks for that enumerator.
enum class Kind { Single, Double, Half };

Kind parse_kind(const std::string &s) {
  if (s == "fp64")
    return Kind::Double;
  if (s == "fp16")
    return Kind::Half;
  return Kind::Single;
}

torch::Dtype dtype_of(Kind k) {
  switch (k) {
  case Kind::Double:
    return torch::kDouble;
  case Kind::Half:
    return torch::kHalf;
  default:
    return torch::kFloat;
  }
}

void returned_enum_picks_dtype() {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2}, dtype_of(parse_kind("fp64")));
  auto y = torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void returned_enum_picks_dtype_negative() {
  auto w = torch::randn({2, 2});
  const std::string flag = "fp32";
  auto x = torch::randn({2, 2}, dtype_of(parse_kind(flag)));
  auto y = torch::mm(x, w);
}

// A command-line flag with a default: where no argument is given, the
// default picks the paths (`argc > 1` false decides `argc > 1 ? ... : d`).
void default_of_a_flag(int argc, char **argv) {
  std::string flag = argc > 1 ? argv[1] : "fp64";
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2}, dtype_of(parse_kind(flag)));
  auto y = torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void default_of_a_flag_negative(int argc, char **argv) {
  std::string flag = argc > 1 ? argv[1] : "fp32";
  auto w = torch::randn({2, 2});
  if (flag == "fp64") // the given flag: converts both
    w = w.to(torch::kDouble);
  auto x = torch::randn({2, 2}, dtype_of(parse_kind(flag)));
  auto y = torch::mm(x, w);
}

// A module a callee converts on the paths the call's constant picks (a
// case that falls through converts twice: the last conversion stays).
void apply_kind(torch::nn::Module &m, Kind k) {
  switch (k) {
  case Kind::Double:
    m.to(torch::kDouble);
  case Kind::Half:
    m.to(torch::kHalf);
    break;
  default:
    break;
  }
}

void module_converted_by_picked_case() {
  torch::nn::Linear fc(4, 2);
  apply_kind(*fc, parse_kind("fp64"));
  auto y = fc->forward(torch::randn({3, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'fc' has Half parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

void module_converted_by_picked_case_negative() {
  torch::nn::Linear fc(4, 2);
  apply_kind(*fc, Kind::Single);
  auto y = fc->forward(torch::randn({3, 4}));
}

// A helper that converts the module through another helper.
void to_double(torch::nn::Module &m) { m.to(torch::kDouble); }
void prepare(torch::nn::Module &m) { to_double(m); }

void module_converted_through_two_helpers_negative() {
  torch::nn::Linear fc(4, 2);
  prepare(*fc);
  auto y = fc->forward(torch::randn({3, 4}, torch::kDouble));
}

void module_converted_through_two_helpers() {
  torch::nn::Linear fc(4, 2);
  prepare(*fc);
  auto y = fc->forward(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'fc' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

// A config struct a factory returns, its dtype field picked by the preset
// the call passes; then a struct of tensors made from that field (`* 0.1`
// mixes a summary's dtype, so the maker runs again for the call's struct).
struct TrainCfg {
  int64_t width = 8;
  torch::Dtype param_dtype = torch::kFloat32;
};

TrainCfg make_cfg(const std::string &preset) {
  TrainCfg c;
  if (preset == "precise") {
    c.param_dtype = torch::kFloat64;
    return c;
  }
  return c;
}

struct Weights {
  torch::Tensor w, b;
};

Weights init_weights(const TrainCfg &c) {
  auto opts = torch::TensorOptions().dtype(c.param_dtype);
  Weights p;
  p.w = torch::randn({4, c.width}, opts) * 0.1;
  p.b = torch::zeros({c.width}, opts);
  return p;
}

torch::Tensor apply_weights(const Weights &p, const torch::Tensor &x) {
  return torch::mm(x, p.w) + p.b;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
}

void struct_field_picked_by_preset() {
  const TrainCfg c = make_cfg("precise");
  Weights p = init_weights(c);
  auto y = apply_weights(p, torch::randn({2, 4}));
}

void struct_field_picked_by_preset_negative() {
  const TrainCfg c = make_cfg("fast");
  Weights p = init_weights(c);
  auto y = apply_weights(p, torch::randn({2, 4}));
}

void struct_tensor_field_of_a_run(int argc) {
  TrainCfg c;
  c.param_dtype = torch::kFloat64;
  Weights p = init_weights(c);
  auto y = torch::mm(torch::randn({2, 4}), p.w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double{{.*}} [torchdtype-mixed-precision]
  auto z = torch::mm(torch::randn({2, 4}, torch::kDouble), p.w);
}

// A helper that converts a module to the dtype another parameter gives.
void cast_module(torch::nn::Module &m, torch::Dtype d) { m.to(d); }

void module_cast_to_a_dtype_argument() {
  torch::nn::Linear fc(4, 2);
  cast_module(*fc, torch::kDouble);
  auto y = fc->forward(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'fc' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
  auto z = fc->forward(torch::randn({3, 4}, torch::kDouble));
}

void sequential_cast_to_a_dtype_argument() {
  torch::nn::Sequential net(torch::nn::Linear(4, 8), torch::nn::ReLU(),
                            torch::nn::Linear(8, 2));
  cast_module(*net, torch::kDouble);
  auto y = net->forward(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'net' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

void module_cast_to_a_dtype_argument_negative(torch::Dtype d) {
  torch::nn::Linear fc(4, 2);
  cast_module(*fc, d);
  auto y = fc->forward(torch::randn({3, 4}));
}
