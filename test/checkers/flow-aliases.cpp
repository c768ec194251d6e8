// torchdtype-mixed-precision: a local reference (`auto &r = a`) or const
// pointer (`Tensor *const p = &a`) names its target for its whole life, so
// writes through it change the target and reads see the target as it is
// now; `t.set_data(u)` gives t u's dtype and device (observed on 1.13.1:
// test/runtime's set_data cases), in a variable or a range-for's element.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <functional>
#include <vector>

#define WIDEN(t) (t) = (t).to(torch::kDouble)

// ---- Positives ------------------------------------------------------------

void written_through_a_reference() {
  auto a = torch::randn({4, 4});
  auto &r = a;
  r = r.to(torch::kDouble);
  torch::mm(torch::randn({2, 4}), a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void read_through_a_reference_after_the_target_changed() {
  auto a = torch::randn({4, 4});
  const auto &r = a;
  a = a.to(torch::kDouble);
  torch::mm(torch::randn({2, 4}), r);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void written_through_a_const_pointer() {
  auto a = torch::randn({4, 4});
  torch::Tensor *const p = &a;
  *p = p->to(torch::kDouble);
  torch::mm(torch::randn({2, 4}), a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void set_data_of_a_variable() {
  auto a = torch::randn({4, 4});
  a.set_data(a.to(torch::kDouble));
  torch::mm(torch::randn({2, 4}), a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void set_data_on_one_branch(bool wide) {
  auto a = torch::randn({4, 4}, torch::kDouble);
  auto b = torch::randn({4, 4}, torch::kDouble);
  if (wide)
    b.set_data(a);
  torch::mm(torch::randn({2, 4}), b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

void written_through_a_reference_by_a_macro() {
  auto a = torch::randn({4, 4});
  auto &r = a;
  WIDEN(r);
  torch::mm(torch::randn({2, 4}), a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

template <typename T> void written_through_a_reference_in_a_template(T a) {
  T &r = a;
  r = r.to(torch::kDouble);
  torch::mm(torch::randn({2, 4}), a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}
template void written_through_a_reference_in_a_template(torch::Tensor);

void written_through_a_reference_in_a_lambda() {
  auto run = [] {
    auto a = torch::randn({4, 4});
    auto &r = a;
    r = r.to(torch::kDouble);
    return torch::mm(torch::randn({2, 4}), a);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
  };
  run();
}

struct Batch {
  torch::Tensor x, y;
};

void written_through_a_reference_to_a_field() {
  Batch b{torch::randn({4, 4}), torch::randn({4, 4})};
  auto &w = b.x;
  w = w.to(torch::kDouble);
  torch::mm(torch::randn({2, 4}), b.x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double; {{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

void reference_to_a_field_makes_it_double() {
  Batch b{torch::randn({4, 4}), torch::randn({4, 4})};
  auto &w = b.x;
  w = w.to(torch::kDouble);
  torch::mm(b.x, torch::randn({4, 4}, torch::kDouble));
}

void reference_write_makes_the_target_double() {
  auto a = torch::randn({4, 4});
  auto &r = a;
  r = r.to(torch::kDouble);
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
}

void reference_read_after_the_target_changed() {
  auto a = torch::randn({4, 4});
  const auto &r = a;
  a = a.to(torch::kDouble);
  torch::mm(r, torch::randn({4, 4}, torch::kDouble));
}

void set_data_makes_the_variable_double() {
  auto a = torch::randn({4, 4});
  a.set_data(a.to(torch::kDouble));
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
}

void set_data_on_every_element_in_a_loop() {
  std::vector<torch::Tensor> v{torch::randn({4, 4}), torch::randn({4, 4})};
  for (auto &t : v)
    t.set_data(t.to(torch::kDouble));
  torch::mm(v[0], torch::randn({4, 4}, torch::kDouble));
}

void reference_to_a_temporary_keeps_its_value() {
  const auto &c = torch::randn({4, 4}, torch::kDouble);
  torch::mm(c, torch::randn({4, 4}, torch::kDouble));
}

// A pointer that could be made to point elsewhere, or a std::reference_wrapper,
// is not followed: a write through it leaves its target unknown.
void written_through_a_pointer() {
  auto a = torch::randn({4, 4});
  torch::Tensor *p = &a;
  *p = p->to(torch::kDouble);
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
}

void written_through_a_reference_wrapper() {
  auto a = torch::randn({4, 4});
  auto r = std::ref(a);
  r.get() = r.get().to(torch::kDouble);
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
}

// A callee that writes through a pointer it is given, and a loop over a
// container of pointers: the variables whose address was taken may hold
// anything after; the others are still known.
void widen_through(torch::Tensor *t) { *t = t->to(torch::kDouble); }
void widen_all(std::vector<torch::Tensor *> &ps) {
  for (torch::Tensor *p : ps)
    *p = p->to(torch::kDouble);
}
double read_through(const torch::Tensor *t) { return t->sum().item<double>(); }

void written_by_a_callee_through_a_pointer() {
  auto a = torch::randn({4, 4});
  widen_through(&a);
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
}

void written_through_pointers_in_a_loop() {
  auto a = torch::randn({4, 4});
  std::vector<torch::Tensor *> ps{&a};
  for (torch::Tensor *p : ps)
    *p = p->to(torch::kDouble);
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
}

void written_by_a_callee_through_a_container_of_pointers() {
  auto a = torch::randn({4, 4});
  std::vector<torch::Tensor *> ps{&a};
  widen_all(ps);
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
}

void only_read_through_a_pointer() {
  auto a = torch::randn({4, 4});
  read_through(&a);
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double
}

void another_variable_written_through_a_pointer() {
  auto a = torch::randn({4, 4});
  auto b = torch::randn({4, 4}, torch::kDouble);
  widen_through(&b);
  torch::mm(a, torch::randn({4, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Float and Double
}
