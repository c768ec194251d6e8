// torchdtype-module-input-dtype, torchdtype-mixed-precision: a plain
// object's method that makes a module from the object's fields (`l->to(
// dtype_)` in a builder's build()) gives the module the call's object has,
// and a setter returning `*this` (`Builder().width(8).precision(kDouble)`)
// gives the object as the setter leaves it, so a chain of setters ending in
// a build is followed like a variable set field by field.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-mixed-precision %t
#include <torch/torch.h>

bool flag();

class HeadBuilder {
public:
  HeadBuilder &inputs(int64_t n) {
    in_ = n;
    return *this;
  }
  HeadBuilder &precision(torch::Dtype dt) {
    dtype_ = dt;
    return *this;
  }
  torch::nn::Linear build() const {
    torch::nn::Linear head(in_, 1);
    head->to(dtype_);
    return head;
  }
  torch::Tensor probe() const {
    return torch::zeros({2, in_}, torch::dtype(dtype_));
  }

private:
  int64_t in_ = 4;
  torch::Dtype dtype_ = torch::kFloat;
};

#define DOUBLE_HEAD(n) HeadBuilder().inputs(n).precision(torch::kDouble).build()

// ---- Positives ---------------------------------------------------------------

void chained_double_head_fed_float() {
  auto head = HeadBuilder().inputs(4).precision(torch::kDouble).build();
  auto y = head(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

void builder_variable_double_head_fed_float() {
  HeadBuilder b;
  b.inputs(4);
  b.precision(torch::kDouble);
  auto head = b.build();
  auto y = head->forward(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

void default_head_fed_double() {
  HeadBuilder b;
  auto head = b.build();
  auto y = head(torch::ones({2, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

void chained_probe_against_float() {
  auto p = HeadBuilder().precision(torch::kDouble).probe();
  auto y = torch::mm(p, torch::ones({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void macro_double_head_fed_float() {
  auto head = DOUBLE_HEAD(4);
  auto y = head(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'head' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

void loop_of_double_heads_fed_float() {
  for (int i = 1; i < 4; ++i) {
    auto head = HeadBuilder().inputs(4).precision(torch::kDouble).build();
    auto y = head(torch::ones({2, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: module 'head' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
  }
}

// ---- Negatives ---------------------------------------------------------------

void chained_double_head_fed_double() {
  auto head = HeadBuilder().inputs(4).precision(torch::kDouble).build();
  auto y = head(torch::ones({2, 4}, torch::kDouble));
}

void chained_default_head_fed_float() {
  auto head = HeadBuilder().inputs(4).build();
  auto y = head(torch::ones({2, 4}));
}

void precision_set_back_to_float() {
  HeadBuilder b;
  b.precision(torch::kDouble).precision(torch::kFloat);
  auto head = b.build();
  auto y = head(torch::ones({2, 4}));
}

void branch_decides_both() {
  HeadBuilder b;
  auto x = torch::ones({2, 4});
  if (flag()) {
    b.precision(torch::kDouble);
    x = x.to(torch::kDouble);
  }
  auto head = b.build();
  auto y = head(x);
}

void lambda_builds_matching() {
  auto make = [] { return HeadBuilder().precision(torch::kDouble).build(); };
  auto head = make();
  auto y = head(torch::ones({2, 4}, torch::kDouble));
}

template <typename B> void template_builds_matching() {
  auto head = B().inputs(4).precision(torch::kDouble).build();
  auto y = head(torch::ones({2, 4}, torch::kDouble));
}
template void template_builds_matching<HeadBuilder>();

void chained_probe_against_double() {
  auto p = HeadBuilder().precision(torch::kDouble).probe();
  auto y = torch::mm(p, torch::ones({4, 4}, torch::kDouble));
}
