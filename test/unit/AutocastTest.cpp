//===- AutocastTest.cpp - autocast regions
//---------------------------------===//
//
// Autocast regions as the analysis follows them: what they cover, the
// state at a function's entry, the ops they refuse, a region's results.
// The harness is AnnotatedSnippets.h.
//
//===----------------------------------------------------------------------===//

#include "AnnotatedSnippets.h"

namespace analysis_test {

TEST(Analysis, AutocastRegions) {
  expectAnnotated(R"cpp(
struct CpuAutocast {
  CpuAutocast() { at::autocast::set_cpu_enabled(true); }
  ~CpuAutocast() { at::autocast::set_cpu_enabled(false); }
};
int main() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  auto d = torch::randn({2, 2}, torch::kDouble);
  torch::mm(a, b); // [[mixed]]
  at::autocast::set_cpu_enabled(true);
  torch::mm(a, b);
  a.addmm_(b, b); // [[mixed]]
  torch::mm(d, a); // [[mixed]]
  torch::mv(a, b.select(1, 0)); // [[mixed]]
  at::autocast::set_cpu_enabled(false);
  torch::mm(a, b); // [[mixed]]
  at::autocast::set_enabled(true);
  torch::mm(a, b); // [[mixed]]
  auto ca = a.cuda();
  auto cb = b.cuda();
  torch::mm(ca, cb);
  at::autocast::set_enabled(false);
  {
    CpuAutocast guard;
    torch::mm(a, b);
  }
  torch::mm(a, b); // [[mixed]]
  at::autocast::set_autocast_enabled(at::kCPU, true);
  torch::mm(a, b);
  return 0;
}
)cpp");
}

TEST(Analysis, AutocastUnknownAtEntryOnlyWhenCalledFromARegion) {
  expectAnnotated(R"cpp(
void enable() { at::autocast::set_cpu_enabled(true); }
void inner() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  torch::mm(a, b);
  a.addmm_(b, b); // [[mixed]]
}
void helper() { inner(); }
void region() {
  enable();
  helper();
}
void unrelated() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kBFloat16);
  torch::mm(a, b); // [[mixed]]
}
)cpp");
}

TEST(Analysis, AutocastRefusesBinaryCrossEntropyOnCuda) {
  expectAnnotated(R"cpp(
void f(const torch::Tensor &unknown) {
  auto p = torch::rand({4}).cuda();
  auto t = torch::rand({4}).cuda();
  torch::binary_cross_entropy(p, t);
  at::autocast::set_enabled(true);
  torch::binary_cross_entropy(p, t); // [[bce]]
  torch::binary_cross_entropy(unknown, unknown); // [[bce]]
  torch::binary_cross_entropy(torch::rand({4}), torch::rand({4}));
  torch::binary_cross_entropy_with_logits(p, t);
  at::autocast::set_enabled(false);
  at::autocast::set_cpu_enabled(true);
  torch::binary_cross_entropy(torch::rand({4}), torch::rand({4}));
}
)cpp");
}

// Autocast results (observed on LibTorch 1.13.1, CPU autocast): ops on the
// lower-precision list and torch::nn::Linear return bfloat16 inside the
// region; elementwise ops promote back; the result flows out of the region.
TEST(Autocast, ResultsOfARegion) {
  expectAnnotated(R"cpp(
void region() {
  auto w = torch::randn({4, 4});
  auto v = torch::randn({4});
  torch::nn::Linear lin(4, 4);
  at::autocast::set_cpu_enabled(true);
  auto h = torch::mm(w, w);
  torch::mv(h, v);                  // [[mixed]]
  auto y = lin(w);
  auto s = w + h;
  torch::mv(s, v);
  at::autocast::set_cpu_enabled(false);
  torch::mm(h, w);                  // [[mixed]]
  lin(h);                           // [[modin]]
  torch::mm(y, w);                  // [[mixed]]
  torch::mm(h.to(torch::kFloat), w);
}
void maybe_on(bool on) {
  // A flag given to the setter splits the path, as `if (on)` would: where
  // it is true, h is bfloat16.
  auto w = torch::randn({4, 4});
  at::autocast::set_cpu_enabled(on);
  auto h = torch::mm(w, w);
  at::autocast::set_cpu_enabled(false);
  torch::mm(h, w);                  // [[mixed]]
}
void maybe_on_computed(const torch::Tensor &x) {
  // Not a flag: what the setter is given is not known on any path.
  auto w = torch::randn({4, 4});
  at::autocast::set_cpu_enabled(x.numel() > 4);
  auto h = torch::mm(w, w);
  at::autocast::set_cpu_enabled(false);
  torch::mm(h, w);
}
)cpp",
                  "1.13");
}

} // namespace analysis_test
