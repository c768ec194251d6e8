// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// Branches on two variables compared (`bytes > budget`): each spelling of
// one comparison is one atom (`budget < bytes`, `!(bytes <= budget)`), so
// the paths a branch on it chose stay apart and a second branch on it is
// correlated. A counter of a loop compared (`i < n`) is given up where it
// dies. Past the bound of paths, conditions the facts do not depend on
// are forgotten first. A pointer to no module (`return nullptr`) joined
// with one that holds a module is that module.
#include <torch/torch.h>
#include <memory>
#include <string>
#include <vector>

void over_budget(const std::vector<int64_t> &sizes, int64_t budget) {
  int64_t bytes = 0;
  for (int64_t s : sizes)
    bytes += s * 4;
  torch::Dtype dt = torch::kFloat;
  if (bytes > budget)
    dt = torch::kDouble;
  auto h = torch::randn({8, 16}).to(dt);
  auto w = torch::randn({16, 4});
  auto y = torch::mm(h, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

// The same comparison spelt the other way round decides the second branch.
void correlated(int64_t bytes, int64_t budget) {
  auto h = torch::randn({8, 16});
  if (bytes > budget)
    h = h.to(torch::kDouble);
  if (budget < bytes)
    h = h.to(torch::kFloat);
  auto ok = torch::mm(h, torch::randn({16, 4}));
  if (!(bytes <= budget))
    h = h.to(torch::kDouble);
  if (bytes > budget)
    h = h.to(torch::kFloat);
  auto ok2 = torch::mm(h, torch::randn({16, 4}));
}

// Equal, in either order.
void same_step(int step, int every) {
  auto h = torch::randn({8, 16});
  if (step == every)
    h = h.to(torch::kDouble);
  if (every == step)
    auto ok = h.to(torch::kFloat);
  else
    auto y = torch::mm(h, torch::randn({16, 4}));
}

// Assigned twice, then compared: the branch's paths stay apart after it.
void reassigned(int argc) {
  const int64_t budget = 1;
  int64_t bytes = 0;
  bytes = argc;
  torch::ScalarType dt = torch::kFloat;
  if (bytes > budget)
    dt = torch::kDouble;
  auto h = torch::randn({8, 16}).to(dt);
  for (int i = 0; i < 3; ++i) {
    auto w = torch::randn({16, 16});
    h = torch::mm(h, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}

// A loop's counter compared with a variable: no path per iteration left.
void counted(int n, int limit) {
  auto h = torch::randn({8, 16});
  for (int i = 0; i < n; ++i)
    if (i > limit)
      h = h * 2;
  auto ok = torch::mm(h, torch::randn({16, 4}));
}

// In a lambda, a template and a macro.
template <typename T> void in_template(T bytes, T budget) {
  auto h = torch::randn({8, 16});
  if (bytes > budget)
    h = h.to(torch::kDouble);
  auto y = torch::mm(h, torch::randn({16, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}
template void in_template<long>(long, long);

void in_lambda() {
  auto run = [](int bytes, int budget) {
    auto h = torch::randn({8, 16});
    if (bytes > budget)
      h = h.to(torch::kDouble);
    return torch::mm(h, torch::randn({16, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  };
  run(1, 2);
}

#define OVER(a, b) ((a) > (b))
void in_macro(int bytes, int budget) {
  auto h = torch::randn({8, 16});
  if (OVER(bytes, budget))
    h = h.to(torch::kDouble);
  if (OVER(bytes, budget))
    h = h.to(torch::kFloat);
  auto ok = torch::mm(h, torch::randn({16, 4}));
}

// Five conditions, one the facts depend on: it stays apart past the bound.
void past_the_bound(bool a, bool b, bool c, bool d, bool e) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (a) x = x.to(torch::kDouble);
  if (b) w = w.to(torch::kFloat);
  if (c) w = w.to(torch::kFloat);
  if (d) w = w.to(torch::kFloat);
  if (e) w = w.to(torch::kFloat);
  auto y = torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

struct Mixer : torch::nn::Module {
  virtual torch::Tensor forward(const torch::Tensor &x) = 0;
};
struct Favor : Mixer {
  explicit Favor(int64_t d) { omega_ = torch::randn({d, 4}); }
  torch::Tensor forward(const torch::Tensor &x) override {
    return torch::mm(x, omega_);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
  torch::Tensor omega_;
};
std::shared_ptr<Mixer> make_mixer(const std::string &kind, int64_t d) {
  if (kind == "favor")
    return std::make_shared<Favor>(d);
  return nullptr;
}
struct Layer : torch::nn::Module {
  Layer(const std::string &kind, int64_t d) {
    mixer = register_module("mixer", make_mixer(kind, d));
  }
  torch::Tensor forward(const torch::Tensor &x) { return mixer->forward(x); }
  std::shared_ptr<Mixer> mixer;
};
void factory_or_null() {
  auto layer = std::make_shared<Layer>("favor", 8);
  layer->to(torch::kFloat64);
  auto y = layer->forward(torch::randn({2, 8}, torch::kFloat64));
}
