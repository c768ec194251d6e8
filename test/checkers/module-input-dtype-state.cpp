// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// REAL-VERSION: ==1.13
// A recurrent layer's hidden state is judged like its input (GRU's hx);
// MultiheadAttention is judged by its query; a plain object made by its own
// constructor has the fields that constructor leaves, for its arguments.
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

torch::Tensor metadata_state(int64_t batch) {
  return torch::full({1, batch, 8}, 2019.0, torch::kDouble);
}

void gru_with_a_double_state() {
  torch::nn::GRU gru(8, 8);
  auto out = std::get<0>(gru(torch::randn({5, 2, 8}), metadata_state(2)));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: module 'gru' has Float parameters but gets a Double input; this throws at run time: "mat1 and mat2 must have the same dtype" [kb: pytorch/addmm-dtype-mismatch] [torchdtype-module-input-dtype]
}

struct TaggerImpl : torch::nn::Module {
  TaggerImpl() : gru(register_module("gru", torch::nn::GRU(8, 8))) {}
  torch::Tensor forward(const torch::Tensor &x, const torch::Tensor &h0) {
    return std::get<0>(gru->forward(x, h0));
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: module 'gru' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
    // CHECK-MESSAGES: :[[@LINE+9]]:11: note: in this call of 'forward'
  }
  torch::nn::GRU gru;
};
TORCH_MODULE(Tagger);

void tagger_with_a_double_state() {
  Tagger tagger;
  auto h0 = torch::zeros({1, 2, 8}, torch::kDouble);
  tagger->forward(torch::randn({5, 2, 8}), h0);
}

void attention_over_double_memory(bool unused) {
  torch::nn::MultiheadAttention attn(8, 2);
  auto memory = torch::zeros({6, 2, 8}, torch::kDouble);
  attn(memory, memory, memory);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'attn' has Float parameters but gets a Double input; this throws at run time: "expected scalar type Double but found Float" [kb: pytorch/scalar-type-mismatch] [torchdtype-module-input-dtype]
}

// The fields its constructor leaves, for its arguments.
struct MemoryBank {
  torch::Tensor slots;
  explicit MemoryBank(int64_t n) : slots(torch::zeros({n, 2, 8}, torch::kDouble)) {}
};
struct Projection {
  torch::Tensor w;
  Projection(const torch::Tensor &init, bool transpose)
      : w(transpose ? init.t() : init) {}
};

void object_made_by_its_constructor() {
  torch::nn::MultiheadAttention attn(8, 2);
  MemoryBank bank(6);
  attn(bank.slots, bank.slots, bank.slots);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'attn' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  Projection p(torch::ones({4, 4}, torch::kDouble), true);
  torch::mm(torch::ones({2, 4}), p.w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

#define STEP(g, x, h) std::get<0>((g)(x, h))
void in_a_loop_macro_and_lambda() {
  torch::nn::GRU gru(8, 8);
  auto h = torch::zeros({1, 2, 8}, torch::kHalf);
  for (int t = 0; t < 3; ++t)
    STEP(gru, torch::randn({1, 2, 8}), h);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module 'gru' has Float parameters but gets a Half input; {{.*}} [torchdtype-module-input-dtype]
  auto step = [&](const torch::Tensor &x) { return gru(x, h); };
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: module 'gru' has Float parameters but gets a Half input; {{.*}} [torchdtype-module-input-dtype]
  step(torch::randn({1, 2, 8}));
}

// ---- Negatives ------------------------------------------------------------

void state_in_the_parameters_dtype() {
  torch::nn::GRU gru(8, 8);
  gru(torch::randn({5, 2, 8}), torch::zeros({1, 2, 8}));
  gru->to(torch::kDouble);
  gru(torch::randn({5, 2, 8}, torch::kDouble), metadata_state(2));
}

void state_cast_on_both_branches(bool exact) {
  torch::nn::GRU gru(8, 8);
  auto h = metadata_state(2);
  if (exact)
    h = h.to(torch::kFloat);
  else
    h = h.toType(torch::kFloat);
  gru(torch::randn({5, 2, 8}), h);
}

// Only the query is judged: a float64 value beside a float32 query runs
// (observed on 1.13.1).
void attention_value_in_double() {
  torch::nn::MultiheadAttention attn(8, 2);
  auto q = torch::randn({6, 2, 8});
  attn(q, q, q.to(torch::kDouble));
}

struct CastingBank {
  torch::Tensor slots;
  explicit CastingBank(const torch::Tensor &init) : slots(init.to(torch::kFloat)) {}
};
void object_converted_in_its_constructor() {
  torch::nn::MultiheadAttention attn(8, 2);
  CastingBank bank(torch::zeros({6, 2, 8}, torch::kDouble));
  attn(bank.slots, bank.slots, bank.slots);
}

template <typename Bank> void read_bank(torch::nn::MultiheadAttention &attn) {
  Bank bank(6);
  attn(bank.slots, bank.slots, bank.slots);
}
struct FloatBank {
  torch::Tensor slots;
  explicit FloatBank(int64_t n) : slots(torch::zeros({n, 2, 8})) {}
};
void instantiated_with_a_float_bank() {
  torch::nn::MultiheadAttention attn(8, 2);
  read_bank<FloatBank>(attn);
}

// ---- A callee given a module converts it: the caller's module is shared ----

void to_double_by_reference(torch::nn::Linear &l) { l->to(torch::kDouble); }
void to_double_as_module(torch::nn::Module &m) { m.to(torch::kDouble); }
void to_double_if(torch::nn::Linear &l, bool b) {
  if (b)
    l->to(torch::kDouble);
}
template <typename M> void to_half(M &m) { m->to(torch::kHalf); }

void converted_in_a_callee() {
  torch::nn::Linear l(4, 2);
  to_double_by_reference(l);
  auto y = l(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'l' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: input {{.*}} has dtype Float from here
}

void converted_through_the_module_base() {
  torch::nn::Linear l(4, 2);
  to_double_as_module(*l);
  auto y = l(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'l' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: input {{.*}} has dtype Float from here
}

void converted_in_a_template_callee() {
  torch::nn::Linear l(4, 2);
  to_half(l);
  auto y = l(torch::randn({3, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'l' has Half parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: input {{.*}} has dtype Double from here
}

void to_double_by_value(torch::nn::Linear l) { l->to(torch::kDouble); }
void converted_in_a_callee_given_the_holder_by_value() {
  torch::nn::Linear l(4, 2);
  to_double_by_value(l); // the holder shares its module
  auto y = l(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'l' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

void converted_on_one_path_of_the_callee_negative(bool b) {
  torch::nn::Linear l(4, 2);
  to_double_if(l, b);
  auto y = l(torch::randn({3, 4}));
}

void converted_back_after_the_callee_negative() {
  torch::nn::Linear l(4, 2);
  to_double_by_reference(l);
  l->to(torch::kFloat);
  auto y = l(torch::randn({3, 4}));
}

void converted_in_a_lambda_negative() {
  torch::nn::Linear l(4, 2);
  auto convert = [](torch::nn::Linear &m) { m->to(torch::kDouble); };
  convert(l);
  auto y = l(torch::randn({3, 4}, torch::kDouble));
}

// ---- Every parameter given one conversion through set_data ----------------

void set_data_every_parameter() {
  torch::nn::Linear l(4, 2);
  for (auto &p : l->parameters())
    p.set_data(p.data().to(torch::kDouble));
  auto y = l(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'l' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: module 'l' has dtype Double from here
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: input {{.*}} has dtype Float from here
}

void set_data_every_named_parameter_in_a_callee(torch::nn::Linear &l) {
  for (auto &item : l->named_parameters()) {
    item.value().set_data(item.value().data().to(torch::kDouble));
  }
}
void given_to_the_set_data_callee() {
  torch::nn::Linear l(4, 2);
  set_data_every_named_parameter_in_a_callee(l);
  auto y = l(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'l' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

void set_data_of_some_parameters_negative() {
  torch::nn::Linear l(4, 2);
  for (auto &item : l->named_parameters())
    if (item.key() == "weight")
      item.value().set_data(item.value().data().to(torch::kDouble));
  auto y = l(torch::randn({3, 4}));
}

void set_data_of_direct_parameters_only_negative() {
  torch::nn::Sequential s(torch::nn::Linear(4, 2));
  for (auto &p : s->parameters(/*recurse=*/false))
    p.set_data(p.data().to(torch::kDouble));
  auto y = s->forward(torch::randn({3, 4}));
}

void set_data_then_matching_input_negative() {
  torch::nn::Linear l(4, 2);
  for (auto &p : l->parameters())
    p.set_data(p.to(torch::kDouble));
  auto y = l(torch::randn({3, 4}, torch::kDouble));
}

// One parameter looked up by name is read, unless it is set anew.
void set_data_then_a_parameter_looked_up() {
  torch::nn::Linear l(4, 2);
  for (auto &p : l->parameters())
    p.set_data(p.data().to(torch::kDouble));
  auto w = l->named_parameters()["weight"];
  auto first = w[0][0].item<double>();
  auto y = l(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'l' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-5]]:{{[0-9]+}}: note: module 'l' has dtype Double from here
  // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: input {{.*}} has dtype Float from here
}

void looked_up_parameter_set_anew_negative() {
  torch::nn::Linear l(4, 2);
  for (auto &p : l->parameters())
    p.set_data(p.data().to(torch::kDouble));
  auto w = l->named_parameters()["weight"];
  w.set_data(w.data().to(torch::kFloat)); // the weight only: mixed now
  auto y = l(torch::randn({3, 4}));
}

void looked_up_parameter_set_directly_negative() {
  torch::nn::Linear l(4, 2);
  for (auto &p : l->parameters())
    p.set_data(p.data().to(torch::kDouble));
  l->named_parameters()["bias"].set_data(torch::zeros({2}));
  auto y = l(torch::randn({3, 4}));
}

// ---- Values copied into the parameters keep their dtype ------------------

// copy_ converts what it is given into the parameter, which keeps its dtype
// and device: a loop over the parameters, or over a list of them, copying
// another model's weights in leaves the module as it was.
void weights_copied_in_keep_the_dtype() {
  torch::nn::Linear ref(4, 2), cand(4, 2);
  ref->to(torch::kDouble);
  torch::NoGradGuard no_grad;
  auto src = cand->parameters();
  auto dst = ref->parameters();
  for (size_t i = 0; i < dst.size(); ++i)
    dst[i].copy_(src[i]);
  for (auto &p : ref->parameters())
    p.mul_(0.5);
  auto y = ref(torch::randn({3, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'ref' has Double parameters but gets a Float input{{.*}} [torchdtype-module-input-dtype]
}

void element_of_the_list_set_anew_negative() {
  torch::nn::Linear ref(4, 2);
  ref->to(torch::kDouble);
  auto dst = ref->parameters();
  for (size_t i = 0; i < dst.size(); ++i)
    dst[i].set_data(dst[i].data().to(torch::kFloat));
  auto y = ref(torch::randn({3, 4}));
}
