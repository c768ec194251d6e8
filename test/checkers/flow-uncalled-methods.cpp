// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-module-input-dtype %t
// RUN: %check_clang_tidy -check-suffix=LIB %s torchdtype-mixed-precision,torchdtype-module-input-dtype %t -- -- -DLIBRARY
// A method that writes a member counts where the member is read in the
// class's other methods only if it may run: in a program (a unit that
// defines main), a non-virtual method nothing calls or names does not. In a
// library (no main: -DLIBRARY) any method may be called from elsewhere, so
// the member stays unknown and nothing is reported.
#include <torch/torch.h>

struct RetrievalHead : torch::nn::Module {
  RetrievalHead() {
    project = register_module("project", torch::nn::Linear(8, 4));
    prototypes = torch::randn({6, 4});
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return torch::matmul(project(x), prototypes.t());
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'matmul' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  }
  // Never called: its write does not make `prototypes` unknown.
  void reset_prototypes(const torch::Tensor &c) { prototypes = c; }
  torch::nn::Linear project{nullptr};
  torch::Tensor prototypes;
};

// Named in a template (not resolved there): it may run.
struct Codebook : torch::nn::Module {
  Codebook() {
    project = register_module("project", torch::nn::Linear(8, 4));
    codes = torch::randn({6, 4});
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return torch::matmul(project(x), codes.t());
  }
  void refit(const torch::Tensor &c) { codes = c; }
  torch::nn::Linear project{nullptr};
  torch::Tensor codes;
};

// Called through a pointer to member: the object may change there.
struct Calibrated {
  Calibrated() : offset(torch::zeros({4})) {}
  torch::Tensor apply(const torch::Tensor &x) const { return torch::mm(x, offset.view({4, 1})); }
  void load(const torch::Tensor &o) { offset = o; }
  torch::Tensor offset;
};

template <typename T> void refresh(T &obj) { obj.refit(torch::ones({4})); }

#ifndef LIBRARY
void use_head() {
  auto head = std::make_shared<RetrievalHead>();
  head->to(torch::kDouble);
  auto y = head->forward(torch::randn({2, 8}, torch::kDouble));
}

void use_codebook() {
  auto book = std::make_shared<Codebook>();
  book->to(torch::kDouble);
  auto z = book->forward(torch::randn({2, 8}, torch::kDouble));
}

void use_calibrated() {
  Calibrated c;
  auto loader = &Calibrated::load;
  (c.*loader)(torch::ones({4}, torch::kDouble));
  auto u = c.apply(torch::randn({2, 4}, torch::kDouble));
}

int main() {
  use_head();
  use_codebook();
  use_calibrated();
  return 0;
}
#endif
