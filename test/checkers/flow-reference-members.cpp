// torchdtype-mixed-precision: a class whose constructor binds a reference
// member to its argument (`ScopedUpcast(Tensor &t) : t_(t)`) writes the
// caller's tensor when it writes the member. The constructor's write is the
// argument's value after the object is made; a method or the destructor
// writing the member leaves the argument unknown (the analysis does not
// follow which saved dtype it restores), so nothing is said of it there.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>

// Holds `t` in float32 while it lives and gives it back its dtype after.
class ScopedUpcast {
public:
  explicit ScopedUpcast(torch::Tensor &t) : t_(t), saved_(t.scalar_type()) {
    t_ = t_.to(torch::kFloat);
  }
  ~ScopedUpcast() { t_ = t_.to(saved_); }

private:
  torch::Tensor &t_;
  torch::ScalarType saved_;
};

// Converts only when asked.
class Widener {
public:
  explicit Widener(torch::Tensor &t) : t_(t) {}
  void widen() { t_ = t_.to(torch::kDouble); }
  torch::Tensor peek() const { return t_; }

private:
  torch::Tensor &t_;
};

// A const reference member: the argument is never written.
class Viewer {
public:
  explicit Viewer(const torch::Tensor &t) : t_(t) {}
  torch::Tensor get() const { return t_.to(torch::kDouble); }

private:
  const torch::Tensor &t_;
};

struct Store {
  torch::Tensor table;
};

// Inside the scope the table is float32: float32 queries are right.
torch::Tensor search(Store &store, const torch::Tensor &queries) {
  torch::Tensor scores;
  {
    ScopedUpcast upcast(store.table);
    scores = torch::mm(queries, store.table.t());
  }
  return scores;
}

// Inside the scope float16 queries meet the float32 table.
torch::Tensor search_half(Store &store) {
  auto queries = torch::ones({2, 4}, torch::kHalf);
  torch::Tensor scores;
  {
    ScopedUpcast upcast(store.table);
    scores = torch::mm(queries, store.table.t());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
  }
  return scores;
}

// After the scope the destructor gave the table its dtype back: float64.
torch::Tensor after_scope() {
  auto table = torch::ones({4, 4}, torch::kDouble);
  {
    ScopedUpcast upcast(table);
    auto norms = table.norm(2, 1);
  }
  return torch::mm(table, torch::ones({4, 4}, torch::kDouble));
}

// In a loop, each pass upcasting for its own scope.
torch::Tensor in_loop(torch::Tensor table) {
  torch::Tensor acc = torch::zeros({4, 4});
  for (int i = 0; i < 3; ++i) {
    ScopedUpcast upcast(table);
    acc = acc + torch::mm(table, torch::ones({4, 4}));
  }
  return acc;
}

// A method writing the member: the argument is no longer known to be Half.
torch::Tensor widened(bool wide) {
  auto w = torch::ones({4, 4}, torch::kHalf);
  Widener wd(w);
  if (wide)
    wd.widen();
  auto d = torch::ones({4, 4}, torch::kDouble);
  return wide ? torch::mm(w, d) : torch::mm(w.to(torch::kDouble), d);
}

// A method that only reads it leaves the argument as it was.
torch::Tensor peeked() {
  auto w = torch::ones({4, 4}, torch::kHalf);
  Widener wd(w);
  auto p = wd.peek();
  return torch::mm(w, torch::ones({4, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Half and Double; {{.*}} [torchdtype-mixed-precision]
}

torch::Tensor viewed() {
  auto w = torch::ones({4, 4});
  Viewer v(w);
  auto d = v.get();
  return torch::mm(w, torch::ones({4, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

// Through a macro and a lambda.
#define UPCAST_FOR_SCOPE(t) ScopedUpcast upcast_##t(t)

torch::Tensor macro_and_lambda() {
  auto table = torch::ones({4, 4}, torch::kHalf);
  auto score = [](torch::Tensor &t) {
    UPCAST_FOR_SCOPE(t);
    return torch::mm(t, torch::ones({4, 4}));
  };
  auto bad = [](torch::Tensor &t) {
    UPCAST_FOR_SCOPE(t);
    return torch::mm(t, torch::ones({4, 4}, torch::kDouble));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  };
  return score(table) + bad(table);
}

// A template over the element holder.
template <typename Guard> torch::Tensor guarded(torch::Tensor t) {
  Guard g(t);
  return torch::mm(t, torch::ones({4, 4}));
}
template torch::Tensor guarded<ScopedUpcast>(torch::Tensor);

int main() {
  Store s{torch::ones({4, 4}, torch::kHalf)};
  search(s, torch::ones({2, 4}));
  search_half(s);
  after_scope();
  in_loop(torch::ones({4, 4}, torch::kHalf));
  widened(true);
  peeked();
  viewed();
  macro_and_lambda();
  return 0;
}
