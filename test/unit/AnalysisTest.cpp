//===- AnalysisTest.cpp - the flow analysis on annotated snippets ---------===//
//
// Each snippet marks the lines that must be reported with // [[mixed]],
// // [[device]] or // [[mps]]; every other line must stay quiet. The
// snippets are parsed over the mock LibTorch headers and analysed without
// clang-tidy.
//
//===----------------------------------------------------------------------===//

#include "analysis/AnalysisContext.h"
#include "analysis/findings/FunctionFindings.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchdtype;

namespace analysis_test {

using LineSet = std::set<unsigned>;
/// Lines by annotation: "mixed", "device", "mps", "half", "modin", "loss",
/// "bce", "blob", "write", "out", "contract" (one per finding kind).
using Lines = std::map<std::string, LineSet>;
const char *const Tags[] = {"mixed", "device", "mps",   "half",
                            "modin", "loss",   "bce",   "blob",
                            "write", "out",    "contract"};

Lines annotations(llvm::StringRef Code) {
  Lines L;
  llvm::SmallVector<llvm::StringRef, 64> Rows;
  Code.split(Rows, '\n');
  for (unsigned I = 0; I < Rows.size(); ++I)
    for (const char *Tag : Tags)
      if (Rows[I].contains((std::string("[[") + Tag + "]]")))
        L[Tag].insert(I + 1);
  return L;
}

/// The lists the checks read (AnalysisContext::findings: each finder run
/// once, before the throw order dropped events) are those the finders give
/// run again on the events kept.
void expectSameFindings(AnalysisContext &AC, const FunctionResult &Res) {
  FunctionFindings &F = AC.findings(Res);
  const ApiModel &Api = AC.api();
  ASTContext &Ctx = AC.ast();
  auto Calls = [](const auto &List, auto CallOf) {
    std::vector<const Expr *> Out;
    for (const auto &X : List)
      Out.push_back(CallOf(X));
    return Out;
  };
  auto Ev = [](const auto &X) -> const Expr * { return X.Ev->Call; };
  auto Op = [](const OpEvent *E) -> const Expr * { return E->Call; };
  auto Mps = [](const MpsFloat64Event *E) { return E->E; };
  auto Dev = [](const DeviceMismatchFinding &X) { return X.Call; };
  auto Mod = [](const ModuleInputFinding &X) { return X.Call->Call; };
  auto Loss = [](const LossTargetFinding &X) -> const Expr * {
    return X.Backward ? X.Backward : X.Ev->Call;
  };
  EXPECT_EQ(Calls(F.mixedPrecision(), Ev),
            Calls(findMixedPrecision(Res, Api), Ev));
  for (bool Opaque : {false, true}) {
    EXPECT_EQ(Calls(F.deviceMismatch(Opaque), Dev),
              Calls(findDeviceMismatch(Res, Api, Opaque), Dev));
    EXPECT_EQ(Calls(F.moduleInputDtype(Opaque), Mod),
              Calls(findModuleInputDtype(Res, Api, Opaque), Mod));
  }
  EXPECT_EQ(Calls(F.mpsFloat64(), Mps), Calls(findMpsFloat64(Res), Mps));
  EXPECT_EQ(Calls(F.halfOnCpu(), Op), Calls(findHalfOnCpu(Res, Api), Op));
  EXPECT_EQ(Calls(F.lossTargetDtype(), Loss),
            Calls(findLossTargetDtype(Res, Api, Ctx), Loss));
  EXPECT_EQ(Calls(F.autocastUnsafe(), Ev),
            Calls(findAutocastUnsafe(Res, Api), Ev));
  EXPECT_EQ(Calls(F.dataPtrDtype(), Ev),
            Calls(findDataPtrDtype(Res, Api, Ctx), Ev));
  EXPECT_EQ(Calls(F.dispatchMissingDtype(), Ev),
            Calls(findDispatchMissingDtype(Res), Ev));
  EXPECT_EQ(Calls(F.halfOverflow(), Ev),
            Calls(findHalfOverflow(Res, Api, Ctx), Ev));
  EXPECT_EQ(Calls(F.inplaceDtype(), Ev), Calls(findInplaceDtype(Res, Api), Ev));
  EXPECT_EQ(Calls(F.outDtype(), Ev), Calls(findOutDtype(Res, Api), Ev));
  EXPECT_EQ(Calls(F.opContract(), Ev), Calls(findOpContract(Res, Api), Ev));
  EXPECT_EQ(Calls(F.fromBlobDtype(), Ev),
            Calls(findFromBlobDtype(Res, Ctx), Ev));
}

struct Analysis {
  std::unique_ptr<ASTUnit> AST;
  Lines Found;
  unsigned Skipped = 0;
};

/// Tests put several findings in one function: all are reported unless
/// DropAfterThrow.
Analysis analyse(llvm::StringRef Code, llvm::StringRef Version = "2.14",
                 unsigned MaxSteps = 20000, bool DropAfterThrow = false) {
  Analysis R;
  std::string Full = "#include <torch/torch.h>\n#include <torch/script.h>\n"
                     "#include <ATen/autocast_mode.h>\n" +
                     Code.str();
  R.AST = tooling::buildASTFromCodeWithArgs(
      Full,
      {"-std=c++17", "-isystem", TORCHDTYPE_MOCK_INCLUDE, "-include-pch",
       TORCHDTYPE_MOCK_PCH},
      "input.cc");
  EXPECT_TRUE(R.AST);
  if (!R.AST)
    return R;
  EXPECT_FALSE(R.AST->getDiagnostics().hasErrorOccurred())
      << "snippet does not compile";
  ASTContext &Ctx = R.AST->getASTContext();
  AnalysisConfig Config{*TorchVersion::parse(Version), MaxSteps};
  Config.DropAfterThrow = DropAfterThrow;
  AnalysisContext AC(Ctx, Config);
  auto Matches = match(
      functionDecl(isDefinition(), isExpansionInMainFile()).bind("f"), Ctx);
  SourceManager &SM = Ctx.getSourceManager();
  auto LineOf = [&](const Expr *E) {
    // Lines of the snippet, not of the include lines in front of it.
    return SM.getExpansionLineNumber(E->getBeginLoc()) - 3;
  };
  for (const BoundNodes &N : Matches) {
    const auto *FD = N.getNodeAs<FunctionDecl>("f");
    if (FD->isDependentContext())
      continue;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda())
        continue;
    const FunctionResult &Res = AC.analyze(FD);
    R.Skipped += Res.Skipped;
    for (const MixedPrecisionFinding &F : findMixedPrecision(Res, AC.api()))
      R.Found["mixed"].insert(LineOf(F.Ev->Call));
    for (const DeviceMismatchFinding &F : findDeviceMismatch(Res, AC.api(), true))
      R.Found["device"].insert(LineOf(F.Call));
    for (const MpsFloat64Event *P : findMpsFloat64(Res))
      R.Found["mps"].insert(LineOf(P->E));
    for (const OpEvent *E : findHalfOnCpu(Res, AC.api()))
      R.Found["half"].insert(LineOf(E->Call));
    for (const ModuleInputFinding &F :
         findModuleInputDtype(Res, AC.api(), true))
      R.Found["modin"].insert(LineOf(F.Call->Call));
    for (const LossTargetFinding &F : findLossTargetDtype(Res, AC.api(), Ctx))
      R.Found["loss"].insert(
          LineOf(F.Backward ? static_cast<const Expr *>(F.Backward)
                            : F.Ev->Call));
    for (const ContractFinding &F : findOpContract(Res, AC.api()))
      R.Found["contract"].insert(LineOf(F.Ev->Call));
    for (const UnsafeAutocastFinding &F : findAutocastUnsafe(Res, AC.api()))
      R.Found["bce"].insert(LineOf(F.Ev->Call));
    for (const FromBlobFinding &F : findFromBlobDtype(Res, Ctx))
      R.Found["blob"].insert(LineOf(F.Ev->Call));
    for (const InplaceFinding &F : findInplaceDtype(Res, AC.api()))
      R.Found["write"].insert(LineOf(F.Ev->Call));
    for (const OutFinding &F : findOutDtype(Res, AC.api()))
      R.Found["out"].insert(LineOf(F.Ev->Call));
  }
  // Each snippet again with the throw order on, for the shared findings.
  Config.DropAfterThrow = true;
  AnalysisContext Dropping(Ctx, Config);
  for (const BoundNodes &N : Matches) {
    const auto *FD = N.getNodeAs<FunctionDecl>("f");
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!FD->isDependentContext() && !(MD && MD->getParent()->isLambda()))
      expectSameFindings(Dropping, Dropping.analyze(FD));
  }
  return R;
}

void expectAnnotated(llvm::StringRef Code, llvm::StringRef Version = "2.14",
                     bool DropAfterThrow = false) {
  Lines Want = annotations(Code);
  Analysis R = analyse(Code, Version, 20000, DropAfterThrow);
  for (const char *Tag : Tags)
    EXPECT_EQ(R.Found[Tag], Want[Tag]) << Tag << " lines";
  EXPECT_EQ(R.Skipped, 0u);
}

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

// Past the bound of paths per point, they are joined: what differs is
// unknown and nothing is reported.
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
  torch::mm(x, w);
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

TEST(Analysis, ClassMembers) {
  expectAnnotated(R"cpp(
struct Scorer {
  torch::Tensor w;
  torch::Tensor maybe;
  Scorer() : w(torch::randn({2, 2}, torch::kHalf)) {}
  void reset(bool c) { if (c) maybe = torch::randn({2}); else maybe = torch::randn({2}, torch::kHalf); }
  torch::Tensor run() {
    auto x = torch::randn({2, 2});
    torch::mm(x, maybe);
    return torch::mm(x, w); // [[mixed]]
  }
  torch::Tensor run_ok() { return torch::mm(torch::randn({2, 2}).to(torch::kHalf), w); }
};
)cpp");
}

TEST(Analysis, ModulesAndTorchScript) {
  expectAnnotated(R"cpp(
struct NetImpl : torch::nn::Module {
  torch::nn::Linear fc{nullptr};
  NetImpl() { fc = register_module("fc", torch::nn::Linear(3, 4)); }
  // Judged with each call's input and module: net moved to CUDA below.
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); } // [[device]]
};
TORCH_MODULE(Net);
struct MovingImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.to(torch::kCUDA); }
};
TORCH_MODULE(Moving);
void f() {
  torch::nn::Linear lin(3, 4);
  auto x = torch::randn({2, 3});
  lin(x);
  lin->to(torch::kCUDA);
  lin(x); // [[device]]
  lin->forward(x.to(torch::kCUDA));
  Net net;
  net->to(torch::kCUDA);
  net->forward(x); // reported inside forward, where it throws
  Moving mv;
  mv->to(torch::kCUDA);
  mv->forward(x);
  auto m = torch::jit::load("m.pt");
  m.forward({x});
  m.to(torch::kCUDA);
  m.forward({x}); // [[device]]
  m.forward({x.cuda()});
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

TEST(Analysis, MpsFloat64) {
  expectAnnotated(R"cpp(
int main() {
  auto a = torch::randn({2}, torch::TensorOptions().dtype(torch::kFloat64).device(torch::kMPS)); // [[mps]]
  auto d = torch::randn({2}, torch::kDouble);
  auto m = d.to(torch::Device("mps")); // [[mps]]
  auto ok = d.to(torch::Device("mps"), torch::kFloat);
  auto cpu = d.to(torch::kCPU);
  torch::set_default_dtype(caffe2::TypeMeta::Make<double>());
  auto e = torch::zeros({2}, torch::Device(torch::kMPS)); // [[mps]]
  auto f = torch::zeros({2}, torch::TensorOptions().device(torch::kMPS).dtype(torch::kFloat));
  return 0;
}
)cpp");
}

TEST(Analysis, DeviceScalarsAndElementwise) {
  expectAnnotated(R"cpp(
void f() {
  auto c = torch::randn({2, 2}).cuda();
  auto s = torch::tensor(2.0);
  auto ok = c + s;
  auto v = torch::randn({2, 2});
  auto bad = c + v; // [[device]]
  auto bad2 = c.mul(v); // [[device]]
  auto sum = v.sum();
  auto ok2 = c * sum;
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

TEST(Analysis, TorchScriptInputsPushedIntoAVector) {
  expectAnnotated(R"cpp(
void f(bool c) {
  auto m = torch::jit::load("m.pt");
  m.to(torch::kCUDA);
  std::vector<torch::jit::IValue> inputs;
  m.forward(inputs);
  inputs.push_back(torch::randn({1, 3}));
  m.forward(inputs); // [[device]]
  inputs.clear();
  inputs.push_back(torch::randn({1, 3}).cuda());
  m.forward(inputs);
  std::vector<torch::jit::IValue> mixed;
  mixed.push_back(torch::randn({1, 3}).cuda());
  if (c)
    mixed.push_back(torch::randn({1, 3}));
  m.forward(mixed);
}
)cpp");
}

TEST(Analysis, ModuleConvertedToDoubleThenMovedToMps) {
  expectAnnotated(R"cpp(
void f() {
  torch::nn::Linear lin(3, 4);
  lin->to(torch::kDouble);
  lin->to(torch::kMPS); // [[mps]]
  torch::nn::Linear ok(3, 4);
  ok->to(torch::kMPS);
}
)cpp");
}

TEST(Analysis, HalfOnCpuDependsOnTheVersion) {
  const char *Code = R"cpp(
void f() {
  auto h = torch::randn({2, 2}, torch::kHalf);
  torch::mm(h, h); // [[half]]
  h.relu(); // [[half]]
  h.log_softmax(1); // [[half]]
  torch::log_softmax(h, 1, torch::kFloat); // computes in float32
  h + h;
  auto c = h.cuda();
  torch::mm(c, c);
  torch::nn::Linear lin(2, 2);
  lin->to(torch::kHalf);
  lin(h); // [[half]]
  at::autocast::set_cpu_enabled(true);
  torch::mm(h, h);
  at::autocast::set_cpu_enabled(false);
}
)cpp";
  expectAnnotated(Code, "1.13");
  Analysis New = analyse(Code, "2.14");
  EXPECT_TRUE(New.Found["half"].empty());
}

TEST(Analysis, ModuleInputDtype) {
  expectAnnotated(R"cpp(
void f(const torch::Tensor &unknown) {
  torch::nn::Linear lin(3, 4);
  auto x = torch::randn({2, 3});
  lin(x);
  lin(x.to(torch::kDouble)); // [[modin]]
  lin->to(torch::kHalf);
  lin->forward(x); // [[modin]]
  lin(x.to(torch::kHalf));
  lin(unknown);
  torch::nn::Embedding emb(10, 3);
  emb(torch::tensor({1, 2}));
}
)cpp");
}

TEST(Analysis, LossTargets) {
  expectAnnotated(R"cpp(
void f() {
  auto logp = torch::randn({4, 3});
  auto y = torch::tensor({0, 1, 2, 0});
  torch::nll_loss(logp, y);
  torch::nll_loss(logp, y.to(torch::kFloat)); // [[loss]]
  torch::nll_loss(logp, y.to(torch::kInt)); // [[loss]]
  torch::nll_loss(logp, y.to(torch::kByte)); // uint8 class ids run
  auto p = torch::randn({4, 3});
  // mse_loss's forward runs: the backward its value reaches throws.
  torch::mse_loss(p, p.to(torch::kDouble)).backward(); // [[loss]]
  double metric = torch::mse_loss(p, p.to(torch::kDouble)).item<double>();
  torch::mse_loss(p, p);
  torch::binary_cross_entropy(p.sigmoid(), p.to(torch::kDouble)); // [[loss]]
  torch::nn::MSELoss mse;
  auto l = mse(p, p.to(torch::kDouble));
  auto total = l + 0.1 * p.sum();
  total.backward(); // [[loss]]
  mse(p, p);
  auto clicked = torch::tensor({1, 0, 1, 0});
  torch::binary_cross_entropy_with_logits(p, clicked); // [[loss]]
  torch::binary_cross_entropy_with_logits(p, clicked.to(torch::kFloat));
  torch::mse_loss(p, clicked);
  torch::nn::Linear lin(4, 2);
  lin(clicked); // [[modin]]
  lin(clicked.to(torch::kFloat));
}
)cpp");
}

TEST(Analysis, OpContracts) {
  expectAnnotated(R"cpp(
void gathers(torch::Tensor x) {
  auto idx = torch::zeros({4, 1}, torch::kInt);
  x.gather(1, idx); // [[contract]] judged with gathersLocal's x
}
void gathersLocal() {
  auto x = torch::rand({4, 3});
  auto idx = torch::zeros({4, 1}, torch::kInt);
  x.gather(1, idx); // [[contract]]
  gathers(x);
}
void reduces() {
  auto counts = torch::randint(0, 10, {8});
  counts.mean(); // [[contract]]
}
void quiet() {
  auto counts = torch::randint(0, 10, {8});
  counts.mean(torch::kFloat); // an explicit dtype: another call
  counts.to(torch::kFloat).mean();
  auto x = torch::rand({4, 3});
  x.gather(1, torch::zeros({4, 1}, torch::kLong));
  torch::index_select(x, 0, torch::zeros({2}, torch::kInt)); // int32 runs
  auto m = (x > 0.5) & (x < 0.9);
}
void floats() {
  auto a = torch::rand({4});
  auto c = a & a; // [[contract]]
}
void unknownDevice(torch::Tensor x) {
  auto counts = torch::randint(0, 10, {8}).to(torch::kCUDA);
  counts.mean(); // measured on the CPU: not judged on CUDA
}
void resultFromTable() {
  auto in = torch::rand({4, 4});
  auto order = torch::argsort(in); // no list names argsort: Long, measured
  torch::mm(in, order); // [[mixed]]
}
)cpp",
                  "1.13");
}

TEST(Analysis, OpContractsOnlyFor113) {
  // Measured on 1.13.1; what 2.x changed is not recorded: quiet.
  expectAnnotated(R"cpp(
void reduces() {
  auto counts = torch::randint(0, 10, {8});
  counts.mean();
  torch::zeros({4}).gather(0, torch::zeros({2}, torch::kInt));
}
)cpp",
                  "2.14");
}

TEST(Analysis, WritesIntoTensors) {
  expectAnnotated(R"cpp(
void write(torch::Tensor &dst, const torch::Tensor &src) {
  dst.index_copy_(0, torch::arange(2), src); // [[write]]
}
void f() {
  auto a = torch::zeros({4});
  auto idx = torch::tensor({0, 1});
  auto d = torch::ones({2}, torch::kDouble);
  a.index_add_(0, idx, d); // [[write]]
  a.index_add_(0, idx, d.to(torch::kFloat));
  a.index_put_({idx}, d); // [[write]]
  a.index_put_({a > 0}, torch::tensor(1.0, torch::kDouble));
  a.scatter_(0, idx, 2.5);
  a.copy_(d);
  write(a, d);
  write(a, d.to(torch::kFloat));
  auto n = torch::arange(4);
  n /= 2; // [[write]]
  n.div_(2, "floor");
  n.mul_(0.5); // [[write]]
  n.add_(torch::ones({4}, torch::kInt));
  a.add_(d);
  auto out = torch::empty({2, 2}, torch::kDouble);
  auto m = torch::randn({2, 2});
  torch::mm_out(out, m, m); // [[out]]
  torch::mm_out(out, m.to(torch::kDouble), m.to(torch::kDouble));
  auto preds = torch::empty({2}, torch::kInt);
  at::argmax_out(preds, m, 1); // [[out]]
  at::add_out(out, m, m);
}
)cpp");
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

TEST(Analysis, FromBlobBufferTypes) {
  expectAnnotated(R"cpp(
void f(std::vector<int64_t> &ids, void *raw, unsigned char *bytes) {
  double d[4];
  float fl[4];
  torch::from_blob(d, {4}); // [[blob]]
  torch::from_blob(d, {4}, torch::kDouble);
  torch::from_blob(fl, {4}, torch::kDouble); // [[blob]]
  torch::from_blob(fl, {4});
  torch::from_blob(ids.data(), {4}, torch::kFloat); // [[blob]]
  torch::from_blob(ids.data(), {4}, torch::kLong);
  torch::from_blob(raw, {4});
  torch::from_blob(bytes, {4}, torch::kByte);
  torch::from_blob(reinterpret_cast<float *>(d), {8});
}
)cpp");
}
// The optimizer family: step() is the first op of its update the
// parameters' dtype lacks a CPU kernel for, where a backward ran.
TEST(Analysis, OptimizerSteps) {
  expectAnnotated(R"cpp(
void f(bool small) {
  torch::nn::Linear fc(4, 4);
  fc->to(torch::kHalf);
  torch::optim::Adam adam(fc->parameters());
  torch::optim::SGD sgd(fc->parameters(), torch::optim::SGDOptions(0.1));
  torch::Tensor loss = torch::ones({1}, torch::kHalf).sum();
  loss.backward();
  adam.step(); // [[half]]
  sgd.step();
}
void g() {
  torch::nn::Linear fc(4, 4);
  fc->to(torch::kHalf);
  torch::optim::Adam adam(fc->parameters());
  adam.step();
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

// Module state: registered members read in a module's methods follow the
// receiver module: converted with it by to(), else as the constructor made
// them.
TEST(ModuleState, MembersFollowTheReceiver) {
  expectAnnotated(R"cpp(
struct HeadImpl : torch::nn::Module {
  torch::Tensor proj;
  torch::Tensor steps;
  torch::nn::Linear fc{nullptr};
  HeadImpl() {
    proj = register_parameter("proj", torch::randn({4, 4}));
    steps = register_buffer("steps", torch::zeros({1}, torch::kLong));
    fc = register_module("fc", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = x.mm(proj); // [[mixed]]
    return fc(h);
  }
  torch::Tensor count(torch::Tensor n) { return n.mm(steps); } // [[mixed]]
};
TORCH_MODULE(Head);
void converted() {
  Head head;
  head->to(torch::kDouble);
  head(torch::randn({2, 4}));
}
void as_created() {
  Head head;
  head(torch::randn({2, 4}));
  head->count(torch::ones({1, 1}, torch::kLong));
}
// Module::to(dtype) of the C++ frontend converts integer buffers too.
void converted_long_buffer_converts() {
  Head head;
  head->to(torch::kDouble);
  head->count(torch::ones({1, 1}, torch::kLong));
}
void unknown_module(Head &given) {
  given(torch::randn({2, 4}, torch::kDouble));
}
)cpp");
}

TEST(ModuleState, SubmodulesAndDevices) {
  expectAnnotated(R"cpp(
struct BlockImpl : torch::nn::Module {
  torch::nn::Linear inner{nullptr};
  BlockImpl() { inner = register_module("inner", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return inner(x); } // [[modin]] [[device]]
};
TORCH_MODULE(Block);
struct NetImpl : torch::nn::Module {
  Block block{nullptr};
  NetImpl() { block = register_module("block", Block()); }
  torch::Tensor forward(torch::Tensor x) { return block(x); }
};
TORCH_MODULE(Net);
void half_input() {
  Net net;
  net(torch::randn({2, 4}, torch::kDouble));
}
void moved_to_cuda() {
  Net net;
  net->to(torch::kCUDA);
  net(torch::randn({2, 4}));
}
void both_moved() {
  Net net;
  net->to(torch::kCUDA);
  net->to(torch::kDouble);
  net(torch::randn({2, 4}, torch::TensorOptions().dtype(torch::kDouble).device(torch::kCUDA)));
}
)cpp");
}

// Tensor ops: a C++ number beside a tensor (torch.result_type; observed on
// LibTorch 1.13.1): an integral tensor with a floating number, or divided,
// becomes the default dtype; floating tensors keep theirs.
TEST(TensorOps, NumbersBesideTensors) {
  expectAnnotated(R"cpp(
void f() {
  auto w = torch::randn({3, 3}, torch::kDouble);
  auto ids = torch::arange(9).view({3, 3});
  auto pixels = torch::randint(0, 255, {3, 3}, torch::kByte);
  torch::mm(ids / 2, w);         // [[mixed]]
  torch::mm(pixels / 255.0, w);  // [[mixed]]
  torch::mm(2.0 * ids, w);       // [[mixed]]
  torch::mm(ids * 2, w);         // [[mixed]] Long beside Double throws too
  torch::mm(ids.div(2), w.to(torch::kFloat));
  torch::mm(w * 2.0, w);
  auto half = torch::ones({3, 3}, torch::kHalf) * 2.0;
  torch::mm(half, w);            // [[mixed]]
}
void positions() {
  auto tokens = torch::randn({7, 12});
  // linspace always has a dimension: it widens tokens to Double.
  auto pos = torch::linspace(0.0, 1.0, 7, torch::kDouble).unsqueeze(1);
  auto x = tokens + pos;
  torch::mm(x, torch::randn({12, 2})); // [[mixed]]
}
)cpp");
}

// Ops that need one dtype throw on any two dtypes, integral ones included,
// and autocast does not reconcile an integral operand (observed on LibTorch
// 1.13.1).
TEST(TensorOps, IntegralOperandsInSameDtypeOps) {
  expectAnnotated(R"cpp(
void f() {
  auto w = torch::randn({3, 3});
  auto labels = torch::tensor({0, 1, 2});
  auto ids = torch::randint(0, 5, {3, 3});
  torch::mm(w, ids);                             // [[mixed]]
  torch::matmul(ids, w);                         // [[mixed]]
  torch::mm(ids, ids);
  torch::mm(ids, ids.to(torch::kInt));           // [[mixed]]
  torch::mv(w, labels);                          // [[mixed]]
  torch::mm(w, ids.to(torch::kFloat));
  torch::mm(w, (ids > 2).to(w.dtype()));
  auto counts = torch::ones({3}, torch::kInt).sum();
  torch::mv(w, labels.to(torch::kFloat) * counts); // a 0-dim Long: Float
  at::autocast::set_cpu_enabled(true);
  torch::mm(w, ids);                             // [[mixed]]
  torch::mm(w, ids.to(torch::kBFloat16));
  at::autocast::set_cpu_enabled(false);
}
)cpp",
                  "1.13");
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
