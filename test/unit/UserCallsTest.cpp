//===- UserCallsTest.cpp - calls of the user's functions
//-------------------===//
//
// Summaries of helpers, callees run again for one call, results of
// callees, fields of plain structs, the call-depth bound.
// The harness is AnnotatedSnippets.h.
//
//===----------------------------------------------------------------------===//

#include "AnnotatedSnippets.h"

namespace analysis_test {

// A helper whose return does not follow its parameters in its summary
// (true division of an integral tensor, promotion with a local) is analysed
// again with one call's argument facts; other calls keep theirs.
TEST(Analysis, ReturnForOneCall) {
  expectAnnotated(R"cpp(
torch::Tensor normalize(const torch::Tensor &pixels) {
  auto mean = torch::ones({3}, torch::kDouble);
  return pixels / 255.0 - mean;
}
torch::Tensor scale(torch::Tensor t, bool twice) {
  if (twice)
    t = t * 2;
  return t / 2.0;
}
void f(torch::Tensor unknown) {
  auto w = torch::randn({3, 3});
  auto raw = torch::randint(0, 256, {3, 3}, torch::kByte);
  torch::mm(normalize(raw), w); // [[mixed]]
  torch::mm(scale(raw, true), w);
  torch::mm(scale(raw.to(torch::kDouble), false), w); // [[mixed]]
  torch::mm(scale(unknown, false), w);
}
)cpp");
}

TEST(Analysis, HelperSummaries) {
  expectAnnotated(R"cpp(
torch::Tensor half(const torch::Tensor &t) { return t.to(torch::kHalf); }
torch::Tensor same(const torch::Tensor &t) { return t.relu(); }
torch::Tensor toDevice(const torch::Tensor &t, torch::Device d) { return t.to(d); } // [[mps]]
void f() {
  auto a = torch::randn({2, 2});
  torch::mm(a, half(a)); // [[mixed]]
  torch::mm(a, same(a));
  torch::mm(half(a), same(half(a)));
  auto c = toDevice(a, torch::Device(torch::kCUDA, 0));
  torch::mm(c, a); // [[device]]
  // (reported where the helper converts, this call its context)
  auto m = toDevice(torch::randn({2}, torch::kDouble), torch::Device("mps"));
}
)cpp");
}

TEST(Analysis, SummaryOfAConvertingHelper) {
  Analysis R = analyse(R"cpp(
torch::Tensor half(const torch::Tensor &t) { return t.to(torch::kHalf); }
)cpp");
  ASSERT_TRUE(R.AST);
  ASTContext &Ctx = R.AST->getASTContext();
  AnalysisContext AC(Ctx, AnalysisConfig{*TorchVersion::parse("2.14")});
  auto M = match(functionDecl(hasName("half"), isDefinition()).bind("f"), Ctx);
  ASSERT_EQ(M.size(), 1u);
  const Summary *S = AC.summary(M[0].getNodeAs<FunctionDecl>("f"));
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->HasReturn);
  EXPECT_EQ(S->Return.DT.single(), DType::Half);
  EXPECT_EQ(S->Return.DV.Param, ParamRef::param(0));
}

// A callee's return under the caller's autocast state; a Sequential's
// result through its layers; cat's promotion.
TEST(Analysis, ResultsOfCalleesModulesAndLists) {
  expectAnnotated(R"cpp(
torch::Tensor project(const torch::Tensor &a) { return torch::mm(a, a.t()); }
struct Head : torch::nn::Module {
  Head() {
    body = register_module("body", torch::nn::Sequential(
        torch::nn::Linear(4, 8), torch::nn::ReLU(), torch::nn::Linear(8, 4)));
  }
  torch::Tensor forward(const torch::Tensor &x) { return body->forward(x); }
  torch::nn::Sequential body{nullptr};
};
void f() {
  auto x = torch::randn({4, 4});
  auto d = torch::randn({4, 4}, torch::kDouble);
  Head head;
  torch::mm(d, project(x)); // [[mixed]]
  torch::mm(d, head.forward(x)); // [[mixed]]
  torch::mm(x, head.forward(x));
  torch::mm(x, torch::cat({x, d})); // [[mixed]]
  torch::mm(x, torch::cat({x, x}));
  at::autocast::set_cpu_enabled(true);
  auto p = project(x);
  auto h = head.forward(x);
  at::autocast::set_cpu_enabled(false);
  torch::mm(x, p); // [[mixed]]
  torch::mm(x, h); // [[mixed]]
  torch::mm(x, project(x));
}
// A layer's result under autocast: what its known operands are cast to
// (an input it cannot take would throw first).
void g(const torch::Tensor &tokens) {
  torch::nn::Linear wq(4, 4);
  auto x = torch::randn({4, 4});
  at::autocast::set_cpu_enabled(true);
  auto q = wq(tokens);
  auto s = torch::mm(q, tokens);
  at::autocast::set_cpu_enabled(false);
  torch::mm(x, q); // [[mixed]]
  torch::mm(x, s); // [[mixed]]
  torch::mm(x, tokens);
}
)cpp",
                  "1.13");
}

// User calls: an op whose operands are the callee's parameters is judged at
// each call site with the arguments' facts, reported at the op.
TEST(UserCalls, OpInCalleeJudgedWithCallersFacts) {
  expectAnnotated(R"cpp(
torch::Tensor project(const torch::Tensor &f, const torch::Tensor &w) {
  return torch::mm(f, w); // [[mixed]]
}
torch::Tensor alignThenProject(const torch::Tensor &f, const torch::Tensor &w) {
  return torch::mm(f.to(w.dtype()), w);
}
torch::Tensor contiguousProject(const torch::Tensor &f, const torch::Tensor &w) {
  return project(f.contiguous(), w);
}
void f() {
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  project(a, a);
  alignThenProject(a, h);
  contiguousProject(a.to(torch::kHalf), h);
  contiguousProject(h, a);
}
)cpp");
}

TEST(UserCalls, NoCallerBreaksTheRequirement) {
  expectAnnotated(R"cpp(
torch::Tensor project(const torch::Tensor &f, const torch::Tensor &w) {
  return torch::mm(f, w);
}
void f(torch::Tensor unknown, bool flag) {
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  project(a, a);
  project(h, h);
  project(unknown, a);
  project(unknown.dim() > 1 ? a : h, a); // not a flag: the arms join
}
)cpp");
}

TEST(UserCalls, FieldsOfPlainStructs) {
  expectAnnotated(R"cpp(
struct Params { torch::Tensor w; torch::Tensor b; };
Params make() { return {torch::randn({2, 2}), torch::randn({2}, torch::kHalf)}; }
torch::Tensor use(const Params &p, const torch::Tensor &x) {
  return torch::addmm(p.b, x, p.w); // [[mixed]]
}
void f(Params &out) {
  auto p = make();
  use(p, torch::randn({2, 2}));
  Params q;
  q.w = torch::randn({2, 2});
  q.b = torch::zeros({2});
  use(q, torch::randn({2, 2}));
  torch::mm(q.w, p.b.unsqueeze(0)); // [[mixed]]
  out.b = torch::randn({2}, torch::kHalf);
  torch::mm(out.b.unsqueeze(0), q.w); // [[mixed]]
}
)cpp");
}

TEST(UserCalls, BuildersAndModulesMadeFromFields) {
  // A setter returning `*this` gives the object it leaves; a method making
  // a module from the object's fields is run with the call's object; a
  // chain of setters on a variable changes the variable.
  expectAnnotated(R"cpp(
struct Builder {
  torch::Dtype dt = torch::kFloat;
  Builder &precision(torch::Dtype d) { dt = d; return *this; }
  torch::nn::Linear build() const { torch::nn::Linear l(2, 2); l->to(dt); return l; }
  torch::Tensor probe() const { return torch::zeros({2, 2}, torch::dtype(dt)); }
};
void f() {
  auto a = Builder().precision(torch::kHalf).probe();
  torch::mm(a, torch::randn({2, 2})); // [[mixed]]
  torch::mm(a, torch::randn({2, 2}, torch::kHalf));
  auto m = Builder().precision(torch::kDouble).build();
  m(torch::randn({2, 2})); // [[modin]]
  m(torch::randn({2, 2}, torch::kDouble));
  Builder b;
  b.precision(torch::kHalf).precision(torch::kFloat);
  torch::mm(b.probe(), torch::randn({2, 2}));
  torch::mm(b.probe(), torch::randn({2, 2}, torch::kHalf)); // [[mixed]]
}
)cpp");
}

TEST(UserCalls, MembersTheClassKeepsAtOneConstant) {
  // A flag no running method sets is its initializer's value in a method
  // analysed alone; one a running method sets, or one written outside the
  // class, is not known.
  expectAnnotated(R"cpp(
struct A {
  bool on_ = false;
  torch::Tensor w = torch::randn({2, 2});
  void enable() { on_ = true; }
  torch::Tensor f(const torch::Tensor &x) const {
    if (on_) return torch::mm(x.to(torch::kHalf), w);
    return x;
  }
};
struct B {
  bool on_ = false;
  torch::Tensor w = torch::randn({2, 2});
  void enable() { on_ = true; }
  torch::Tensor f(const torch::Tensor &x) const {
    if (on_) return torch::mm(x.to(torch::kHalf), w); // [[mixed]]
    return x;
  }
};
struct C {
  bool on_ = false;
  torch::Tensor w = torch::randn({2, 2});
  torch::Tensor f(const torch::Tensor &x) const {
    if (on_) return torch::mm(x.to(torch::kHalf), w); // [[mixed]]
    return x;
  }
};
int main() {
  A a;
  a.f(torch::randn({2, 2}));
  B b;
  b.enable();
  C c;
  c.on_ = true;
  return 0;
}
)cpp");
}

TEST(UserCalls, FieldsANonConstMethodLeaves) {
  // After a non-const method, the object's fields are what every path of
  // its run for the call left: the flag set with the state it guards.
  expectAnnotated(R"cpp(
struct W {
  torch::Tensor w = torch::randn({2, 2});
  bool on_ = false;
  void enable() { w = w.to(torch::kHalf); on_ = true; }
  torch::Tensor run(const torch::Tensor &x) {
    if (on_) return torch::mm(x.to(torch::kHalf), w);
    return torch::mm(x, w);
  }
};
int main() {
  W a;
  a.run(torch::randn({2, 2}));
  a.enable();
  a.run(torch::randn({2, 2}));
  return 0;
}
)cpp");
}

TEST(UserCalls, ReferenceMembersWriteTheirArgument) {
  // A constructor binding a reference member to its argument writes the
  // caller's tensor through it; a destructor or method writing it leaves
  // the argument unknown.
  expectAnnotated(R"cpp(
struct Up {
  explicit Up(torch::Tensor &t) : t_(t), s_(t.scalar_type()) {
    t_ = t_.to(torch::kFloat);
  }
  ~Up() { t_ = t_.to(s_); }
  torch::Tensor &t_;
  torch::ScalarType s_;
};
void f(torch::Tensor q) {
  auto h = torch::randn({2, 2}, torch::kHalf);
  {
    Up u(h);
    torch::mm(torch::randn({2, 2}), h);
    torch::mm(q.to(torch::kDouble), h); // [[mixed]]
  }
  torch::mm(h, torch::randn({2, 2}, torch::kDouble));
}
)cpp");
}

TEST(UserCalls, OpsJudgedForOneCall) {
  expectAnnotated(R"cpp(
torch::Tensor center(const torch::Tensor &x, const torch::Tensor &w) {
  auto mean = torch::zeros({2});
  return torch::mm(x - mean, w); // [[mixed]]
}
void f() {
  center(torch::randn({2, 2}), torch::randn({2, 2}));
  center(torch::randn({2, 2}), torch::randn({2, 2}, torch::kHalf));
}
)cpp");
}

TEST(UserCalls, TupleResults) {
  expectAnnotated(R"cpp(
void f() {
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto w = torch::randn({2, 2});
  auto [v, i] = h.max(1);
  torch::mm(v.unsqueeze(1), torch::randn({1, 2})); // [[mixed]]
  torch::mm(i.unsqueeze(1).to(torch::kFloat), torch::randn({1, 2}));
  torch::mm(std::get<0>(w.sort()), w);
}
)cpp");
}

TEST(UserCalls, TernaryOnAFlagSplitsPaths) {
  expectAnnotated(R"cpp(
torch::Tensor project(const torch::Tensor &f, const torch::Tensor &w) {
  return torch::mm(f, w); // [[mixed]]
}
void f(bool flag) {
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  project(flag ? a : h, a);
  project(flag ? a : h, flag ? a : h);
}
)cpp");
}

TEST(UserCalls, ModuleForwardJudgedWithTheInput) {
  expectAnnotated(R"cpp(
struct ScorerImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x, torch::Tensor proj) {
    return x.mm(proj); // [[mixed]]
  }
};
TORCH_MODULE(Scorer);
struct SafeImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x, torch::Tensor proj) {
    return x.to(proj.dtype()).mm(proj);
  }
};
TORCH_MODULE(Safe);
void f() {
  Scorer s;
  Safe t;
  auto x = torch::randn({2, 2});
  auto p = torch::randn({2, 2}, torch::kDouble);
  t(x, p);
  t->forward(x, p);
  s->forward(x, x);
  s(x, p);
}
)cpp");
}

TEST(UserCalls, CallDepthIsBounded) {
  const char *Chain = R"cpp(
torch::Tensor l0(const torch::Tensor &a, const torch::Tensor &b) { return torch::mm(a, b); }
torch::Tensor l1(const torch::Tensor &a, const torch::Tensor &b) { return l0(a, b); }
torch::Tensor l2(const torch::Tensor &a, const torch::Tensor &b) { return l1(a, b); }
torch::Tensor l3(const torch::Tensor &a, const torch::Tensor &b) { return l2(a, b); }
torch::Tensor l4(const torch::Tensor &a, const torch::Tensor &b) { return l3(a, b); }
)cpp";
  // Three calls away: reported at the op in l0 (line 2).
  Analysis Near =
      analyse(std::string(Chain) + "void near() { l2(torch::randn({2, 2}), "
                                   "torch::randn({2, 2}, torch::kHalf)); }\n");
  EXPECT_EQ(Near.Found["mixed"], LineSet({2}));
  // Five calls away: beyond MaxCallDepth (4), nothing.
  Analysis Far =
      analyse(std::string(Chain) + "void far() { l4(torch::randn({2, 2}), "
                                   "torch::randn({2, 2}, torch::kHalf)); }\n");
  EXPECT_EQ(Far.Found["mixed"], LineSet());
}

// A bool the caller does not know, given to a helper whose result it picks
// (models/CallFlags.cpp): a path per value before the call. A later test of
// the same flag agrees with the split; a constant, or a flag the result
// does not depend on, splits nothing.
TEST(Analysis, FlagGivenToACallSplitsThePath) {
  expectAnnotated(R"cpp(
torch::Tensor narrow_if(const torch::Tensor &t, bool half) {
  return half ? t.to(torch::kHalf) : t;
}
torch::Tensor same(const torch::Tensor &t, bool verbose) {
  return verbose ? t.relu() : t.relu();
}
void f(bool half, bool verbose) {
  auto w = torch::randn({2, 2});
  torch::mm(narrow_if(w, half), w); // [[mixed]]
  auto x = narrow_if(w, half);
  if (half)
    x = x.to(torch::kFloat);
  torch::mm(x, w);
  torch::mm(narrow_if(w, false), w);
  torch::mm(same(w, verbose), w);
}
)cpp");
}

TEST(UserCalls, TestsOfAParameterNarrowTheArgument) {
  // A helper's dtype test of its parameter, written in the condition or
  // held by a flag, leaves only the arguments that pass it on each path;
  // a flag set from a dtype query of a tensor the path knows is known.
  expectAnnotated(R"cpp(
void scale(torch::Tensor x, double s) {
  if (x.is_floating_point())
    x.mul_(s);
}
void unless_byte(torch::Tensor x, double s) {
  const bool raw = x.scalar_type() == torch::kByte;
  if (!raw)
    x.mul_(s); // [[write]]
}
void f() {
  scale(torch::zeros({4}, torch::kLong), 0.5);
  unless_byte(torch::zeros({4}, torch::kByte), 0.5);
  unless_byte(torch::zeros({4}, torch::kLong), 0.5);
  auto img = torch::zeros({4}, torch::kByte);
  bool raw = img.scalar_type() == torch::kByte;
  if (raw)
    img.div_(255.0); // [[write]]
  else
    img.sub_(0.5);
}
)cpp");
}

} // namespace analysis_test
