//===- ConditionsTest.cpp - what branch conditions say of tensors ---------===//
//
// checker/analysis/Conditions.cpp on its own: a snippet's function `f` and
// its CFG (CfgTestUtil.h, over the mock LibTorch headers), a path state
// with chosen facts, and the edge of one branch taken through the
// analyzer's edge hook (FunctionAnalyzer::edge, the solver's). Each test
// says what the edge leaves of a tensor's dtype or device, or that the
// edge is not taken on that path.
//
//===----------------------------------------------------------------------===//

#include "CfgTestUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "clang/AST/ExprCXX.h"
#include "gtest/gtest.h"
#include <string>

using namespace clang;
using namespace torchdtype;

namespace conditions_test {

constexpr unsigned bit(DType D) { return 1u << unsigned(D); }
constexpr unsigned bit(Device D) { return 1u << unsigned(D); }

AbsValue tensorOf(uint32_t DTypes, uint32_t Devices = DeviceFact::AllBits) {
  DTypeFact DT;
  DT.Bits = DTypes;
  DeviceFact DV;
  DV.Bits = Devices;
  return AbsValue::tensor(DT, DV);
}

/// An `f` with two local tensors x and y and one branch on Cond, marked.
std::string branchOn(llvm::StringRef Cond) {
  return "void f(bool b) {\n"
         "  auto x = torch::randn({2});\n"
         "  auto y = torch::randn({2});\n"
         "  if (" +
         Cond.str() +
         ") // <-\n"
         "    b = !b;\n"
         "}\n";
}

/// A snippet's `f` over the mock headers, its CFG and an analyzer of it.
struct Conditions {
  ParsedFunction P;
  std::unique_ptr<AnalysisContext> AC;
  FunctionResult Result;
  Summary Sum;
  std::unique_ptr<FunctionAnalyzer> FA;
  /// The snippet's line marked `// <-` (1-based, in the parsed text).
  unsigned Marked = 0;

  explicit Conditions(llvm::StringRef Code) {
    std::string Full = "#include <torch/torch.h>\n"
                       "#include <ATen/TensorUtils.h>\n" +
                       Code.str();
    llvm::SmallVector<llvm::StringRef, 64> Rows;
    llvm::StringRef(Full).split(Rows, '\n');
    for (unsigned I = 0; I < Rows.size(); ++I)
      if (Rows[I].contains("// <-"))
        Marked = I + 1;
    P = parseFunction(Full, {"-isystem", TORCHDTYPE_MOCK_INCLUDE,
                             "-include-pch", TORCHDTYPE_MOCK_PCH});
    EXPECT_FALSE(P.AST->getDiagnostics().hasErrorOccurred())
        << "snippet does not compile";
    AC = std::make_unique<AnalysisContext>(
        P.AST->getASTContext(), AnalysisConfig{*TorchVersion::parse("2.14")});
    FA = std::make_unique<FunctionAnalyzer>(*AC, P.F, Result, Sum, nullptr,
                                            /*InvariantMode=*/false);
  }

  /// A parameter or top-level local of f, by name.
  const ValueDecl *decl(llvm::StringRef Name) const {
    for (const ParmVarDecl *PD : P.F->parameters())
      if (PD->getName() == Name)
        return PD;
    const VarDecl *V = P.var(Name);
    EXPECT_TRUE(V) << Name.str();
    return V;
  }

  /// The block whose terminator (a branch or a switch) is on the marked line.
  const CFGBlock &branch() const {
    const SourceManager &SM = P.AST->getSourceManager();
    for (const CFGBlock *B : *P.G)
      if (const Stmt *T = B->getTerminatorStmt();
          T && B->succ_size() >= 2 &&
          SM.getExpansionLineNumber(T->getBeginLoc()) == Marked)
        return *B;
    ADD_FAILURE() << "no branch on line " << Marked;
    return P.G->getEntry();
  }

  /// S along edge Succ (0: the condition holds) of the marked branch;
  /// whether that edge is possible on S's path.
  bool take(FlowState &S, unsigned Succ) const {
    S.Reached = true;
    return FA->edge(S, branch(), Succ);
  }

  /// The successor of the marked switch that a case of dtype D labels.
  unsigned caseOf(DType D) const {
    const CFGBlock &B = branch();
    for (unsigned I = 0; I < B.succ_size(); ++I) {
      const CFGBlock *To = (B.succ_begin() + I)->getReachableBlock();
      const auto *CS =
          To ? dyn_cast_or_null<CaseStmt>(To->getLabel()) : nullptr;
      std::string Text;
      if (CS)
        if (const auto *DRE = dyn_cast<DeclRefExpr>(
                CS->getLHS()->IgnoreParenImpCasts()->IgnoreImplicit()))
          Text = DRE->getDecl()->getName().str();
      if (Text == dtypeConstant(D) || Text == dtypeName(D))
        return I;
    }
    ADD_FAILURE() << "no case for " << dtypeName(D).str();
    return 0;
  }

  /// The state after the call element to the function named Callee.
  void transferCall(FlowState &S, llvm::StringRef Callee) const {
    S.Reached = true;
    FA->beginPath(S);
    for (const CFGBlock *B : *P.G)
      for (const CFGElement &El : *B)
        if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
          if (const auto *CE = dyn_cast<CallExpr>(CS->getStmt());
              CE && CE->getDirectCallee() &&
              CE->getDirectCallee()->getName() == Callee) {
            FA->transfer(El, S);
            return;
          }
    ADD_FAILURE() << "no call of " << Callee.str();
  }
};

// ---- A dtype compared with a constant --------------------------------------

TEST(ConditionsTest, DTypeEqualsConstantSplitsTheFact) {
  Conditions C(branchOn("x.scalar_type() == torch::kDouble"));
  const ValueDecl *X = C.decl("x");
  FlowState T, F;
  T.Vars[X] = F.Vars[X] = tensorOf(bit(DType::Float) | bit(DType::Double));
  ASSERT_TRUE(C.take(T, 0));
  EXPECT_EQ(T.Vars[X].DT.single(), DType::Double);
  EXPECT_TRUE(T.Vars[X].DT.Where.isValid()) << "known here by the test";
  ASSERT_TRUE(C.take(F, 1));
  EXPECT_EQ(F.Vars[X].DT.single(), DType::Float);
  EXPECT_TRUE(F.Vars[X].DV.isUnknown()) << "the device is left alone";
}

TEST(ConditionsTest, AnEdgeTheFactsRuleOutIsNotTaken) {
  Conditions C(branchOn("x.scalar_type() == torch::kDouble"));
  const ValueDecl *X = C.decl("x");
  FlowState T, F;
  T.Vars[X] = F.Vars[X] = tensorOf(bit(DType::Float));
  EXPECT_FALSE(C.take(T, 0)) << "a Float tensor is never Double";
  ASSERT_TRUE(C.take(F, 1));
  EXPECT_EQ(F.Vars[X].DT.single(), DType::Float);
  FlowState D;
  D.Vars[X] = tensorOf(bit(DType::Double));
  EXPECT_TRUE(C.take(D, 0));
  D = FlowState();
  D.Vars[X] = tensorOf(bit(DType::Double));
  EXPECT_FALSE(C.take(D, 1)) << "a Double tensor always is";
}

TEST(ConditionsTest, NotEqualAndNegationSwapTheEdges) {
  const std::string Snippets[] = {
      branchOn("x.dtype() != torch::kHalf"),
      branchOn("!(x.scalar_type() == torch::kHalf)"),
      branchOn("torch::kHalf != x.scalar_type()")};
  for (const std::string &Code : Snippets) {
    SCOPED_TRACE(Code);
    Conditions C(Code);
    const ValueDecl *X = C.decl("x");
    FlowState T, F;
    T.Vars[X] = F.Vars[X] = tensorOf(bit(DType::Half) | bit(DType::Float));
    ASSERT_TRUE(C.take(T, 0));
    EXPECT_EQ(T.Vars[X].DT.single(), DType::Float);
    ASSERT_TRUE(C.take(F, 1));
    EXPECT_EQ(F.Vars[X].DT.single(), DType::Half);
  }
}

TEST(ConditionsTest, UnknownConstantsAndOtherConditionsChangeNothing) {
  Conditions C(R"cpp(
void f(bool b, torch::ScalarType st) {
  auto x = torch::randn({2});
  if (x.scalar_type() == st) // <-
    b = !b;
}
)cpp");
  const ValueDecl *X = C.decl("x");
  AbsValue Before = tensorOf(bit(DType::Half) | bit(DType::Float));
  for (unsigned Succ : {0u, 1u}) {
    FlowState S;
    S.Vars[X] = Before;
    EXPECT_TRUE(C.take(S, Succ));
    EXPECT_EQ(S.Vars[X], Before);
  }
  // A tensor the path knows nothing of (not tracked, not a parameter).
  Conditions Untracked(branchOn("x.scalar_type() == torch::kDouble"));
  FlowState S;
  EXPECT_TRUE(Untracked.take(S, 0));
  EXPECT_FALSE(S.Vars.count(Untracked.decl("x")));
}

// ---- A device compared, or asked for ---------------------------------------

TEST(ConditionsTest, DeviceTests) {
  const std::string Snippets[] = {
      branchOn("x.is_cuda()"), branchOn("x.device().is_cuda()"),
      branchOn("x.device() == torch::kCUDA"),
      branchOn("x.device().type() == torch::kCUDA"), branchOn("!x.is_cpu()")};
  for (const std::string &Code : Snippets) {
    SCOPED_TRACE(Code);
    Conditions C(Code);
    const ValueDecl *X = C.decl("x");
    FlowState T, F;
    T.Vars[X] = F.Vars[X] =
        tensorOf(bit(DType::Float), bit(Device::CPU) | bit(Device::CUDA));
    ASSERT_TRUE(C.take(T, 0));
    EXPECT_EQ(T.Vars[X].DV.single(), Device::CUDA);
    EXPECT_EQ(T.Vars[X].DT.single(), DType::Float) << "the dtype stays";
    ASSERT_TRUE(C.take(F, 1));
    EXPECT_EQ(F.Vars[X].DV.single(), Device::CPU);
    FlowState OnCpu;
    OnCpu.Vars[X] = tensorOf(bit(DType::Float), bit(Device::CPU));
    EXPECT_FALSE(C.take(OnCpu, 0)) << "a CPU tensor is not on CUDA";
  }
}

TEST(ConditionsTest, FloatingPointTestKeepsTheFloatingDTypes) {
  Conditions C(branchOn("x.is_floating_point()"));
  const ValueDecl *X = C.decl("x");
  FlowState T, F;
  T.Vars[X] = F.Vars[X] =
      tensorOf(bit(DType::Long) | bit(DType::Half) | bit(DType::Double));
  ASSERT_TRUE(C.take(T, 0));
  EXPECT_EQ(T.Vars[X].DT.Bits, bit(DType::Half) | bit(DType::Double));
  ASSERT_TRUE(C.take(F, 1));
  EXPECT_EQ(F.Vars[X].DT.single(), DType::Long);
  FlowState Int;
  Int.Vars[X] = tensorOf(bit(DType::Int));
  EXPECT_FALSE(C.take(Int, 0));
}

// ---- A parameter's symbolic dtype ------------------------------------------

TEST(ConditionsTest, ATestForOneDTypeFixesAParameterAndWhatFollowsIt) {
  Conditions C(R"cpp(
void f(const torch::Tensor &x, bool b) {
  auto y = torch::empty_like(x);
  if (x.scalar_type() == torch::kHalf) // <-
    b = !b;
}
)cpp");
  const ValueDecl *X = C.decl("x"), *Y = C.decl("y");
  FlowState T, F;
  // y has x's dtype (as empty_like leaves it): the parameter's, symbolic.
  T.Vars[Y] = F.Vars[Y] =
      AbsValue::tensor(DTypeFact::param(0), DeviceFact::unknown());
  ASSERT_TRUE(C.take(T, 0));
  EXPECT_EQ(T.Vars[X].DT.single(), DType::Half);
  EXPECT_EQ(T.Vars[Y].DT.single(), DType::Half) << "derived from x";
  ASSERT_TRUE(C.take(F, 1));
  EXPECT_EQ(F.Vars[X].DT.Param, ParamRef::param(0))
      << "not Half says nothing of one dtype";
  EXPECT_EQ(F.Vars[Y].DT.Param, ParamRef::param(0));
}

TEST(ConditionsTest, ATestForSeveralDTypesLeavesAParameterSymbolic) {
  Conditions C(R"cpp(
void f(const torch::Tensor &x, bool b) {
  if (x.is_floating_point()) // <-
    b = !b;
}
)cpp");
  FlowState T;
  ASSERT_TRUE(C.take(T, 0));
  EXPECT_EQ(T.Vars[C.decl("x")].DT.Param, ParamRef::param(0));
}

// ---- Two tensors compared --------------------------------------------------

TEST(ConditionsTest, EqualDTypesOfTwoTensorsUnify) {
  Conditions C(branchOn("x.scalar_type() == y.scalar_type()"));
  const ValueDecl *X = C.decl("x"), *Y = C.decl("y");
  // Definite facts intersect.
  FlowState T;
  T.Vars[X] = tensorOf(bit(DType::Half) | bit(DType::Float));
  T.Vars[Y] = tensorOf(bit(DType::Float) | bit(DType::Double));
  ASSERT_TRUE(C.take(T, 0));
  EXPECT_EQ(T.Vars[X].DT.single(), DType::Float);
  EXPECT_EQ(T.Vars[Y].DT.single(), DType::Float);
  // Disjoint facts: never equal.
  FlowState D;
  D.Vars[X] = tensorOf(bit(DType::Half));
  D.Vars[Y] = tensorOf(bit(DType::Double));
  EXPECT_FALSE(C.take(D, 0));
  D = FlowState();
  D.Vars[X] = tensorOf(bit(DType::Half));
  D.Vars[Y] = tensorOf(bit(DType::Double));
  EXPECT_TRUE(C.take(D, 1)) << "where they differ nothing is learnt";
  EXPECT_EQ(D.Vars[Y].DT.single(), DType::Double);
  // An unknown fact takes the other's.
  FlowState U;
  U.Vars[X] = tensorOf(bit(DType::BFloat16));
  U.Vars[Y] = AbsValue::unknownTensor();
  ASSERT_TRUE(C.take(U, 0));
  EXPECT_EQ(U.Vars[Y].DT.single(), DType::BFloat16);
}

// ---- TORCH_CHECK and switches on a dtype -----------------------------------

TEST(ConditionsTest, TorchCheckLeavesTheConditionOnItsPassingSide) {
  Conditions C(R"cpp(
void f() {
  auto x = torch::randn({2});
  TORCH_CHECK(x.scalar_type() == torch::kFloat, "float32 only"); // <-
}
)cpp");
  // The macro is `if (C10_UNLIKELY(!(cond))) fail(...)`: edge 0 throws.
  const ValueDecl *X = C.decl("x");
  FlowState Pass, Fail;
  Pass.Vars[X] = Fail.Vars[X] =
      tensorOf(bit(DType::Float) | bit(DType::Double));
  ASSERT_TRUE(C.take(Pass, 1));
  EXPECT_EQ(Pass.Vars[X].DT.single(), DType::Float);
  ASSERT_TRUE(C.take(Fail, 0));
  EXPECT_EQ(Fail.Vars[X].DT.single(), DType::Double);
}

TEST(ConditionsTest, SwitchCasesAndDefault) {
  Conditions C(R"cpp(
void f(bool b) {
  auto x = torch::randn({2});
  switch (x.scalar_type()) { // <-
  case torch::kFloat:
    b = !b;
    break;
  case torch::kDouble:
    break;
  default:
    b = false;
  }
}
)cpp");
  const ValueDecl *X = C.decl("x");
  AbsValue Three =
      tensorOf(bit(DType::Half) | bit(DType::Float) | bit(DType::Double));
  FlowState Float, Double, Default;
  Float.Vars[X] = Double.Vars[X] = Default.Vars[X] = Three;
  ASSERT_TRUE(C.take(Float, C.caseOf(DType::Float)));
  EXPECT_EQ(Float.Vars[X].DT.single(), DType::Float);
  ASSERT_TRUE(C.take(Double, C.caseOf(DType::Double)));
  EXPECT_EQ(Double.Vars[X].DT.single(), DType::Double);
  // The default: none of the cases' dtypes.
  const CFGBlock &B = C.branch();
  unsigned Dflt = B.succ_size() - 1;
  ASSERT_TRUE(isa_and_nonnull<DefaultStmt>(
      (B.succ_begin() + Dflt)->getReachableBlock()->getLabel()));
  ASSERT_TRUE(C.take(Default, Dflt));
  EXPECT_EQ(Default.Vars[X].DT.single(), DType::Half);
  FlowState Known;
  Known.Vars[X] = tensorOf(bit(DType::Float));
  EXPECT_FALSE(C.take(Known, C.caseOf(DType::Double)));
}

// ---- The TensorArg checks (at::checkSameType ...) --------------------------

TEST(ConditionsTest, TensorArgChecksUnifyOrFix) {
  Conditions Same(R"cpp(
void f() {
  auto a = torch::randn({2});
  auto b = torch::randn({2});
  at::checkSameType("f", {a, "a", 1}, {b, "b", 2});
}
)cpp");
  FlowState S;
  S.Vars[Same.decl("a")] = tensorOf(bit(DType::Double));
  S.Vars[Same.decl("b")] = AbsValue::unknownTensor();
  Same.transferCall(S, "checkSameType");
  EXPECT_EQ(S.Vars[Same.decl("b")].DT.single(), DType::Double);

  Conditions Scalar(R"cpp(
void f() {
  auto a = torch::randn({2});
  at::checkScalarTypes("f", {a, "a", 1}, {torch::kHalf, torch::kFloat});
}
)cpp");
  FlowState T;
  T.Vars[Scalar.decl("a")] = AbsValue::unknownTensor();
  Scalar.transferCall(T, "checkScalarTypes");
  EXPECT_EQ(T.Vars[Scalar.decl("a")].DT.Bits,
            bit(DType::Half) | bit(DType::Float));
}

} // namespace conditions_test
