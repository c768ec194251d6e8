//===- AnalysisTest.cpp - the flow analysis on annotated snippets
//----------===//
//
// The solver as the analysis runs it: straight lines, branches and the
// paths flags split, the path bound, loops to a fixpoint, first iterations,
// the work cap, lambdas, templates and macros.
// The harness is AnnotatedSnippets.h.
//
//===----------------------------------------------------------------------===//

#include "AnnotatedSnippets.h"

namespace analysis_test {

TEST(Analysis, StraightLine) {
  expectAnnotated(R"cpp(
void f() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  auto c = torch::mm(a, b); // [[mixed]]
  auto d = a.matmul(b.to(torch::kFloat));
  auto e = a + b;
  auto g = torch::ones({2, 2}, torch::TensorOptions().dtype(torch::kFloat64));
  auto h = g.mm(a); // [[mixed]]
  auto i = torch::arange(4) * a;
}
)cpp");
}

TEST(Analysis, UnknownStaysUnknown) {
  expectAnnotated(R"cpp(
torch::Tensor f(const torch::Tensor &x, torch::ScalarType st) {
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::mm(x, a);
  auto c = torch::randn({2, 2}, st);
  return torch::mm(c, a);
}
)cpp");
}

TEST(Analysis, Branches) {
  expectAnnotated(R"cpp(
void f(bool cond) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (cond)
    x = x.to(torch::kHalf);
  torch::mm(w, x); // [[mixed]]
  auto y = torch::randn({2, 2});
  if (cond)
    y = y.to(torch::kHalf);
  else
    y = y.toType(torch::kHalf);
  torch::mm(w, y); // [[mixed]]
  auto z = cond ? x.to(torch::kDouble) : y.to(torch::kDouble);
  torch::mm(z, w); // [[mixed]]
}
)cpp");
}

// Paths are kept apart by the bool variables their branches test: a
// conversion on one branch is reported on the path that took it, flags that
// agree stay correlated, and a constant flag takes one branch.
TEST(Analysis, PathsByFlag) {
  expectAnnotated(R"cpp(
void oneBranch(bool use_fp16) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (use_fp16)
    x = x.to(torch::kHalf);
  torch::mm(x, w); // [[mixed]]
}
void correlated(bool use_fp16) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (use_fp16)
    x = x.to(torch::kHalf);
  if (!use_fp16) {
  } else {
    w = w.to(torch::kHalf);
  }
  torch::mm(x, w);
}
void constantFlag() {
  bool use_fp16 = false;
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (use_fp16)
    x = x.to(torch::kHalf);
  torch::mm(x, w);
  use_fp16 = true;
  if (use_fp16 == true)
    w = w.to(torch::kHalf);
  torch::mm(x, w); // [[mixed]]
}
void reassignedFlag(bool use_fp16, bool other) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (use_fp16)
    x = x.to(torch::kHalf);
  // Set again: what the paths assumed of it is gone, and they join.
  use_fp16 = other;
  if (use_fp16)
    w = w.to(torch::kHalf);
  torch::mm(x, w);
}
void otherConditionsJoin(int n) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (w.sum().item<double>() > 2)
    x = x.to(torch::kHalf);
  torch::mm(x, w);
}
void comparedParameterSplits(int n) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (n > 2)
    x = x.to(torch::kHalf);
  torch::mm(x, w); // [[mixed]]
}
)cpp");
}

// Past the bound of paths per point, they are joined, a condition at a
// time: first one the facts do not depend on (b to e leave a float32 w
// float32), so a's paths stay apart and f's mm is reported. Where every
// condition changes a fact (g), what a forgotten one decided becomes
// unknown, and the paths still apart are judged: a alone still gives a
// float16 x and a float32 w.
TEST(Analysis, PathsPastTheBound) {
  expectAnnotated(R"cpp(
void f(bool a, bool b, bool c, bool d, bool e) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (a) x = x.to(torch::kHalf);
  if (b) w = w.to(torch::kFloat);
  if (c) w = w.to(torch::kFloat);
  if (d) w = w.to(torch::kFloat);
  if (e) w = w.to(torch::kFloat);
  torch::mm(x, w); // [[mixed]]
}
void g(bool a, bool b, bool c, bool d, bool e) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (a) x = x.to(torch::kHalf);
  if (b) w = w.to(torch::kHalf);
  if (c) w = w.to(torch::kDouble);
  if (d) x = x.to(torch::kDouble);
  if (e) w = w.to(torch::kHalf);
  torch::mm(x, w); // [[mixed]]
}
)cpp");
}

TEST(Analysis, PathAssumptionsOnTheEvent) {
  Analysis R = analyse(R"cpp(
void f(bool use_fp16, bool verbose) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (use_fp16)
    x = x.to(torch::kHalf);
  if (verbose)
    w = w.to(torch::kFloat);
  torch::mm(x, w);
}
)cpp");
  ASSERT_TRUE(R.AST);
  EXPECT_EQ(R.Found["mixed"], LineSet{9});
  AnalysisContext AC(R.AST->getASTContext(),
                     AnalysisConfig{*TorchVersion::parse("2.14"), 20000});
  const FunctionDecl *F = nullptr;
  for (const BoundNodes &N :
       match(functionDecl(isDefinition(), hasName("f")).bind("f"),
             R.AST->getASTContext()))
    F = N.getNodeAs<FunctionDecl>("f");
  ASSERT_TRUE(F);
  std::vector<MixedPrecisionFinding> Found =
      findMixedPrecision(AC.analyze(F), AC.api());
  ASSERT_EQ(Found.size(), 1u);
  // Only the flag the facts depend on is named; the other joined away.
  ASSERT_EQ(Found[0].Ev->Assumed.size(), 1u);
  EXPECT_EQ(Found[0].Ev->Assumed[0].Var->getName(), "use_fp16");
  EXPECT_TRUE(Found[0].Ev->Assumed[0].Value);
}

// An op that throws ends its path: what runs only after it is not reported,
// in the function and in a callee judged for one call; what a branch, a loop's
// next iteration, a try block or another path may still reach is.
TEST(Analysis, AnOpThatThrowsEndsItsPath) {
  expectAnnotated(R"cpp(
void straight() {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2}).to(torch::kHalf);
  torch::mm(w, x); // [[mixed]]
  torch::mm(x, w);
}
void otherBranch(bool c) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2}).to(torch::kDouble);
  if (c)
    torch::mm(w, x); // [[mixed]]
  torch::mm(x, w); // [[mixed]]
}
void caught() {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2}).to(torch::kDouble);
  try {
    torch::mm(w, x); // [[mixed]]
  } catch (...) {
  }
  torch::mm(x, w); // [[mixed]]
}
torch::Tensor head(torch::Tensor a, torch::Tensor b) {
  auto h = torch::mm(a, b); // [[mixed]]
  return torch::mm(b, a);
}
void throughCall(bool fp16) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (fp16)
    x = x.to(torch::kHalf);
  head(x, w);
  torch::mm(x, w);
}
)cpp",
                  "2.14", /*DropAfterThrow=*/true);
}

TEST(Analysis, LoopsReachAFixpoint) {
  expectAnnotated(R"cpp(
void f(int n) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  for (int i = 0; i < n; ++i) {
    torch::mm(w, x); // [[mixed]] on the second iteration
    x = x.to(torch::kHalf);
  }
  auto y = torch::randn({2, 2}).to(torch::kHalf);
  while (n-- > 0)
    torch::mm(w, y); // [[mixed]]
}
)cpp");
}

// The first iteration of a loop is a path of its own; comparisons with
// numbers split paths, and bounds that contradict rule a path out; a
// switch's cases are alternatives of one value.
TEST(Analysis, FirstIterationsNumbersAndCases) {
  expectAnnotated(R"cpp(
void first(int n) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2}, torch::kDouble);
  for (int i = 0; i < n; ++i) {
    torch::mm(w, x); // [[mixed]]
    x = x.to(torch::kFloat);
  }
}
void bounds(double s) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  if (s >= 0.5)
    x = x.to(torch::kDouble);
  if (s < 0.25)
    torch::mm(w, x);
  if (s > 0.75)
    torch::mm(w, x); // [[mixed]]
}
void cases(int mode) {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2});
  switch (mode) {
  case 1:
    x = x.to(torch::kDouble);
    break;
  case 2:
    w = w.to(torch::kDouble);
    break;
  }
  if (mode == 3)
    torch::mm(w, x);
  if (mode == 2)
    torch::mm(w, x); // [[mixed]]
}
)cpp");
}

TEST(Analysis, ReassignmentFixesADType) {
  expectAnnotated(R"cpp(
void f() {
  auto w = torch::randn({2, 2});
  auto x = torch::randn({2, 2}, torch::kHalf);
  x = x.to(torch::kFloat);
  torch::mm(w, x);
  x = x.type_as(torch::randn({1}, torch::kBFloat16));
  torch::mm(w, x); // [[mixed]]
}
)cpp");
}

// A reference to an element of a followed map holds the element; an
// assignment through it rebinds the element; `m[k]` of an empty map is
// undefined, so a lazy initialisation sets the dtype.
TEST(Analysis, ReferencesToListElements) {
  expectAnnotated(R"cpp(
#include <map>
#include <string>
void f(const std::string &k) {
  std::map<std::string, torch::Tensor> sums;
  sums[k] = torch::zeros({8});
  auto &s = sums[k];
  s.index_add_(0, torch::arange(8), torch::rand({8}, torch::kDouble)); // [[write]]
  std::map<std::string, torch::Tensor> tallies;
  auto &t = tallies[k];
  if (!t.defined())
    t = torch::zeros({4}, torch::kLong);
  t.add_(torch::rand({4})); // [[write]]
  auto &r = sums[k];
  r = torch::zeros({8}, torch::kDouble);
  sums[k].index_add_(0, torch::arange(8), torch::rand({8}, torch::kDouble));
}
)cpp");
}

TEST(Analysis, LambdasTemplatesMacros) {
  expectAnnotated(R"cpp(
#define MATMUL(a, b) torch::mm(a, b)
#define HALF torch::kHalf
template <typename T> torch::Tensor twice(T x) { return torch::mm(x, x); }
template <typename T> torch::Tensor mixT(T x) {
  T y = torch::randn({2, 2});
  return torch::mm(y, torch::randn({2, 2}, torch::kHalf)); // [[mixed]]
}
template <typename T> torch::Tensor never(T x) {
  T y = torch::randn({2, 2});
  return torch::mm(y, torch::randn({2, 2}, torch::kHalf));
}
void f() {
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto a = torch::randn({2, 2});
  auto l = [h](const torch::Tensor &x) {
    return torch::mm(x, h);
  };
  auto l2 = [&]() { return torch::mm(a, h); }; // [[mixed]]
  l(a);
  l2();
  twice(a);
  mixT(a);
  MATMUL(a, h); // [[mixed]]
  auto b = torch::randn({2, 2}, HALF);
  MATMUL(b, h);
  torch::mm(a, b); // [[mixed]]
}
)cpp");
}

TEST(Analysis, WorkCapSkipsSilently) {
  std::string Code = "void big() {\n  auto a = torch::randn({2, 2});\n"
                     "  auto b = torch::randn({2, 2}, torch::kHalf);\n";
  for (int I = 0; I < 200; ++I)
    Code += "  a = a.relu();\n";
  Code += "  torch::mm(a, b);\n}\n";
  Analysis Small = analyse(Code, "2.14", 100);
  EXPECT_EQ(Small.Skipped, 1u);
  EXPECT_TRUE(Small.Found["mixed"].empty());
  Analysis Large = analyse(Code, "2.14", 100000);
  EXPECT_EQ(Large.Skipped, 0u);
  EXPECT_EQ(Large.Found["mixed"].size(), 1u);
}

} // namespace analysis_test

namespace analysis_test {

TEST(Analysis, BoundsCarriedAcrossALoopsStep) {
  // `step > 3` holds as `step > 4` after `++step`: the path that took the
  // branch meets the next iteration's op; the last iteration's branch is
  // told apart by the loop's condition.
  expectAnnotated(R"cpp(
void f() {
  auto w = torch::randn({2, 2});
  auto h = torch::randn({2, 2});
  for (int step = 0; step < 12; ++step) {
    torch::mm(h, w); // [[mixed]]
    if (step > 3)
      h = h.to(torch::kHalf);
  }
  auto g = torch::randn({2, 2});
  for (int step = 0; step < 10; ++step) {
    torch::mm(g, w);
    if (step >= 9)
      g = g.to(torch::kHalf);
  }
}
)cpp");
}

} // namespace analysis_test
