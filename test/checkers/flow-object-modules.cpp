// torchdtype-module-input-dtype, torchdtype-mixed-precision: a module held
// by a plain object (a holder or a shared_ptr field) keeps what a method of
// the object did to it: to(dtype) in one method is seen by the forward run
// in another, through the object held in a variable. A lookup layer's
// output (Embedding, EmbeddingBag) has its weight's dtype and device,
// whatever the indices' dtype.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-mixed-precision %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>

#include <memory>

struct ScorerImpl : torch::nn::Module {
  ScorerImpl() { proj = register_module("proj", torch::nn::Linear(6, 3)); }
  torch::Tensor forward(const torch::Tensor &x) { return proj(x); }
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: module 'proj' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Scorer);

// ---- Positives ------------------------------------------------------------

// The holder field is widened by one method and run by another.
class Ranker {
public:
  explicit Ranker(Scorer s) : scorer_(std::move(s)) {}
  void widen() { scorer_->to(torch::kFloat64); }
  torch::Tensor rank(const torch::Tensor &feats) {
    return scorer_->forward(feats);
  }

private:
  Scorer scorer_;
};

void widened_then_ranked() {
  Ranker r(Scorer{});
  r.widen();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: module 'proj' has dtype Double from here
  auto out = r.rank(torch::rand({4, 6}, torch::kFloat32));
}

struct TaggerImpl : torch::nn::Module {
  TaggerImpl() { fc = register_module("fc", torch::nn::Linear(6, 2)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: module 'fc' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  torch::nn::Linear fc{nullptr};
};

// A shared_ptr field made by its default member initializer.
struct Evaluator {
  std::shared_ptr<TaggerImpl> net = std::make_shared<TaggerImpl>();
  void precise(bool on) {
    if (on)
      net->to(torch::kDouble);
  }
  torch::Tensor eval(const torch::Tensor &x) { return net->forward(x); }
};

void evaluator_made_by_its_initializer_fed_double() {
  Evaluator ev;
  auto y = ev.eval(torch::ones({2, 6}, torch::kDouble));
}

// A lookup's rows have the table's dtype: float64 rows beside float32 ones.
void double_table_rows() {
  torch::nn::Embedding table(32, 6);
  table->to(torch::kDouble);
  torch::Tensor rows = table(torch::arange(4, torch::kLong));
  auto mixed = torch::mm(rows, torch::rand({6, 2}, torch::kFloat32));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// A bag's pooled rows go into a layer of another dtype, in a loop.
void pooled_rows_in_a_loop() {
  torch::nn::EmbeddingBag bag(32, 6);
  torch::nn::Linear head(6, 2);
  bag->to(torch::kDouble);
  for (int step = 0; step < 3; ++step) {
    auto pooled = bag(torch::arange(8, torch::kLong).view({2, 4}));
    head(pooled);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module 'head' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  }
}

// A holder field converted through the variable holding the object.
struct Head {
  torch::nn::Linear fc{6, 2};
  torch::Tensor score(const torch::Tensor &x) { return fc(x); }
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: module 'fc' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
};

void head_field_widened_through_the_variable() {
  Head h;
  h.fc->to(torch::kDouble);
  h.score(torch::ones({2, 6}));
}

bool coin();

// ---- Negatives ------------------------------------------------------------

void head_field_widened_and_fed_double() {
  Head h;
  h.fc->to(torch::kDouble);
  h.score(torch::ones({2, 6}, torch::kDouble));
}

void head_field_widened_on_an_unknown_path() {
  Head h;
  if (coin())
    h.fc->to(torch::kDouble);
  h.score(torch::ones({2, 6}));
}

// Converted and fed the same dtype.
void widened_and_fed_double() {
  Ranker r(Scorer{});
  r.widen();
  r.rank(torch::rand({4, 6}, torch::kFloat64));
}

// The converting method is never called: the module keeps its float32.
void never_widened() {
  Ranker r(Scorer{});
  r.rank(torch::rand({4, 6}, torch::kFloat32));
}

// Converted on one path only: not reported.
void widened_on_one_path(bool wide) {
  Ranker r(Scorer{});
  if (wide)
    r.widen();
  r.rank(torch::rand({4, 6}, torch::kFloat32));
}

// A method the analysis cannot see may convert it back.
void restore(Ranker &r);
void widened_then_restored_elsewhere() {
  Ranker r(Scorer{});
  r.widen();
  restore(r);
  r.rank(torch::rand({4, 6}, torch::kFloat32));
}

// Converted or not as a flag the analysis does not know says.
void evaluator_maybe_precise(bool flag) {
  Evaluator ev;
  ev.precise(flag);
  ev.eval(torch::ones({2, 6}, torch::kDouble));
}

// Rows of a float32 table into a float32 layer; int32 indices are fine.
void float_rows_into_float_layer() {
  torch::nn::Embedding table(32, 6);
  torch::nn::Linear head(6, 2);
  head(table(torch::arange(4, torch::kInt)));
}

// A template and a lambda: the rows follow the table they come from.
template <typename Fn> torch::Tensor apply_rows(Fn f) {
  return f(torch::arange(3, torch::kLong));
}
void rows_through_a_lambda() {
  torch::nn::Embedding table(32, 6);
  table->to(torch::kDouble);
  auto rows = apply_rows([&](const torch::Tensor &ids) { return table(ids); });
  torch::mm(rows, torch::rand({6, 2}, torch::kDouble));
}

#define LOOKUP(t, i) (t)->forward(i)
void rows_through_a_macro() {
  torch::nn::Embedding table(32, 6);
  torch::mm(LOOKUP(table, torch::arange(2, torch::kLong)), torch::rand({6, 1}));
}

// A trainer that also holds an optimizer made from the module's parameters
// in its member initializers: handing them to the optimizer leaves the
// module as it is.
struct OptimizingTrainer {
  torch::nn::Linear model;
  torch::optim::SGD optimizer;
  explicit OptimizingTrainer(torch::nn::Linear m)
      : model(m), optimizer(m->parameters(), torch::optim::SGDOptions(0.1)) {}
  void step(const torch::Tensor &x) {
    optimizer.zero_grad();
    model(x).sum().backward();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module 'model' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
    optimizer.step();
  }
};

void optimizing_trainer_of_a_double_model() {
  torch::nn::Linear lin(4, 4);
  lin->to(torch::kDouble);
  OptimizingTrainer trainer(lin);
  trainer.step(torch::ones({2, 4}));
}

// A module member converted in the constructor to the dtype it was given:
// that dtype for the object made with a constant, in methods with no
// arguments too (run for the call with the object).
class Teacher {
public:
  explicit Teacher(torch::Dtype storage) : net_(torch::nn::Linear(4, 4)) {
    net_->to(storage);
  }
  torch::Tensor score() const {
    return torch::mm(net_->weight, torch::ones({4, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float; {{.*}} [torchdtype-mixed-precision]
  }
  torch::Tensor score_in(torch::Dtype d) const {
    return torch::mm(net_->weight, torch::ones({4, 4}, d));
  }
  torch::nn::Linear net_;
};

void use_teachers() {
  Teacher low(torch::kBFloat16);
  low.score();
  low.score_in(torch::kBFloat16);
  Teacher full(torch::kFloat);
  full.score();
  auto y = low.net_(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'low.net_' has BFloat16 parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}
