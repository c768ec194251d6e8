//===- KnownConstantsTest.cpp - values a path knows of scalar expressions -===//
//
// checker/analysis/KnownConstants.cpp on its own: the condition of the
// first `if` of a snippet's `f`, folded with chosen assumptions of its
// parameters and their fields. No LibTorch: the fold knows none.
//
//===----------------------------------------------------------------------===//

#include "CfgTestUtil.h"
#include "analysis/KnownConstants.h"
#include "analysis/ASTWalk.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace torchdtype;

namespace known_constants_test {

struct FirstIf : NodeVisitor {
  const Expr *Cond = nullptr;
  bool visitStmt(Stmt *S) override {
    if (const auto *If = dyn_cast<IfStmt>(S); If && !Cond)
      Cond = If->getCond();
    return true;
  }
};

struct Fold {
  ParsedFunction P;
  Assumptions Known;
  explicit Fold(llvm::StringRef Code) : P(parseFunction(Code)) {}
  const ParmVarDecl *param(llvm::StringRef Name) const {
    for (const ParmVarDecl *V : P.F->parameters())
      if (V->getName() == Name)
        return V;
    return nullptr;
  }
  const FieldDecl *field(const ParmVarDecl *V, llvm::StringRef Name) const {
    const auto *RD = V->getType().getNonReferenceType()->getAsCXXRecordDecl();
    for (const FieldDecl *F : RD->fields())
      if (F->getName() == Name)
        return F;
    return nullptr;
  }
  /// `Name == K` (Number when K is one), or a flag's value.
  void equals(llvm::StringRef Name, std::string K,
              std::optional<double> Number = std::nullopt,
              llvm::StringRef Field = "") {
    Assumption A;
    A.Var = param(Name);
    A.Field = Field.empty() ? nullptr : field(param(Name), Field);
    A.Rel = Assumption::Relation::Equals;
    A.Const = std::move(K);
    A.Number = Number;
    A.Value = true;
    assume(Known, A);
  }
  /// `Name Rel N` assumed Value.
  void bound(llvm::StringRef Name, Assumption::Relation Rel, double N,
             bool Value) {
    Assumption A;
    A.Var = param(Name);
    A.Rel = Rel;
    A.Const = std::to_string(N);
    A.Number = N;
    A.Value = Value;
    assume(Known, A);
  }
  void flag(llvm::StringRef Name, bool Value) {
    Assumption A;
    A.Var = param(Name);
    A.Value = Value;
    assume(Known, A);
  }
  std::optional<bool> condition(CallConstant Calls = nullptr) {
    FirstIf V;
    V.walk(P.F);
    std::optional<Constant> K =
        knownValue(V.Cond, Known, P.AST->getASTContext(), Calls);
    return K ? K->truth() : std::nullopt;
  }
};

TEST(KnownConstantsTest, LiteralConditionIsKnownWithoutAssumptions) {
  Fold F("void f(int n) { if (2 > 1 && sizeof(int) == 4) n = 1; }");
  EXPECT_EQ(F.condition(), std::optional<bool>(true));
}

TEST(KnownConstantsTest, UnknownVariableIsNotFolded) {
  Fold F("void f(int n) { if (n <= 2147483647) n = 1; }");
  EXPECT_EQ(F.condition(), std::nullopt);
}

TEST(KnownConstantsTest, AssumedNumberDecidesComparison) {
  Fold F("#include <cstdint>\n"
         "void f(int64_t vocab) { if (vocab <= 2147483647) vocab = 1; }");
  F.equals("vocab", "20", 20);
  EXPECT_EQ(F.condition(), std::optional<bool>(true));
}

TEST(KnownConstantsTest, ArithmeticOfAssumedNumbers) {
  Fold F("void f(int t, int k) { if ((t + 1) % k == 0) t = 1; }");
  F.equals("t", "3", 3);
  F.equals("k", "2", 2);
  EXPECT_EQ(F.condition(), std::optional<bool>(true));
  Fold G("void f(int t, int k) { if ((t + 1) % k == 0) t = 1; }");
  G.equals("t", "2", 2);
  G.equals("k", "2", 2);
  EXPECT_EQ(G.condition(), std::optional<bool>(false));
}

TEST(KnownConstantsTest, ShortCircuitNeedsOnlyTheDecidingSide) {
  Fold F("void f(bool a, bool b) { if (a || b) a = false; }");
  F.flag("a", true);
  EXPECT_EQ(F.condition(), std::optional<bool>(true));
  Fold G("void f(bool a, bool b) { if (a && b) a = false; }");
  G.flag("a", true);
  EXPECT_EQ(G.condition(), std::nullopt);
}

TEST(KnownConstantsTest, StringFieldComparedWithLiteral) {
  Fold F("#include <string>\n"
         "struct Cfg { std::string precision = \"fp64\"; int n = 0; };\n"
         "void f(const Cfg &cfg) {\n"
         "  if (cfg.precision == \"fp64\" || cfg.precision == \"double\")\n"
         "    (void)0;\n"
         "}\n");
  F.equals("cfg", "\"fp64\"", std::nullopt, "precision");
  EXPECT_EQ(F.condition(), std::optional<bool>(true));
  Fold G("#include <string>\n"
         "struct Cfg { std::string precision = \"fp64\"; int n = 0; };\n"
         "void f(const Cfg &cfg) { if (cfg.precision == \"double\") (void)0; }\n");
  G.equals("cfg", "\"fp64\"", std::nullopt, "precision");
  EXPECT_EQ(G.condition(), std::optional<bool>(false));
}

TEST(KnownConstantsTest, EnumeratorsCompareByValue) {
  Fold F("enum class Mode { A, B };\n"
         "void f(Mode m) { if (m != Mode::B) m = Mode::A; }");
  F.equals("m", "Mode::B", 1);
  EXPECT_EQ(F.condition(), std::optional<bool>(false));
}

// A constexpr variable of an enum type (`torch::kHalf` is one of
// c10::ScalarType) is the enumerator it holds.
TEST(KnownConstantsTest, EnumConstantVariablesAreTheirEnumerator) {
  Fold F("enum class Mode { A, B };\n"
         "constexpr Mode kB = Mode::B;\n"
         "void f(Mode m) { if (m == kB) m = Mode::A; }");
  F.equals("m", "Mode::B", 1);
  EXPECT_EQ(F.condition(), std::optional<bool>(true));
}

TEST(KnownConstantsTest, TernaryChoosesTheKnownArm) {
  Fold F("void f(bool wide, int n) { if ((wide ? n : 0) > 3) n = 1; }");
  F.flag("wide", true);
  F.equals("n", "5", 5);
  EXPECT_EQ(F.condition(), std::optional<bool>(true));
  Fold G("void f(bool wide, int n) { if ((wide ? n : 0) > 3) n = 1; }");
  G.flag("wide", true);
  EXPECT_EQ(G.condition(), std::nullopt);
}

TEST(KnownConstantsTest, StringAgainstNumberIsNotDecided) {
  Fold F("void f(int n) { if (n == 2) n = 1; }");
  F.equals("n", "\"two\"");
  EXPECT_EQ(F.condition(), std::nullopt);
}

TEST(KnownConstantsTest, DivisionByZeroIsNotFolded) {
  Fold F("void f(int n, int d) { if (n / d == 1) n = 1; }");
  F.equals("n", "1", 1);
  F.equals("d", "0", 0);
  EXPECT_EQ(F.condition(), std::nullopt);
}

using Rel = Assumption::Relation;

TEST(KnownConstantsTest, IntegerBoundsDecideComparisons) {
  // `argc > 1` assumed false: argc <= 1, whole numbers only.
  for (auto [Cond, Want] :
       {std::pair<const char *, std::optional<bool>>{"n > 1", false},
        {"n >= 2", false},
        {"1 < n", false},
        {"n <= 1", true},
        {"n < 2", true},
        {"n != 5", true},
        {"n == 0", std::nullopt},
        {"n > 0", std::nullopt}}) {
    Fold F(std::string("void f(int n) { if (") + Cond + ") n = 1; }");
    F.bound("n", Rel::Greater, 1, false);
    EXPECT_EQ(F.condition(), Want) << Cond;
  }
}

TEST(KnownConstantsTest, RealBoundsStayOpen) {
  // `x > 1` false leaves x == 1 possible: `x < 1` is not decided.
  Fold F("void f(double x) { if (x < 1) x = 0; }");
  F.bound("x", Rel::Greater, 1, false);
  EXPECT_EQ(F.condition(), std::nullopt);
  Fold G("void f(double x) { if (x > 1.5) x = 0; }");
  G.bound("x", Rel::LessEqual, 1, true);
  EXPECT_EQ(G.condition(), std::optional<bool>(false));
}

TEST(KnownConstantsTest, CallsAreAskedWhatTheyReturn) {
  Fold F("int pick(int); void f(int n) { if (pick(n) == 3 && n > 0) n = 1; }");
  F.equals("n", "2", 2);
  // Without an answer for the call, nothing is known of it.
  EXPECT_EQ(F.condition(), std::nullopt);
  auto Three = [](const CallExpr *CE) -> std::optional<Constant> {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || Callee->getName() != "pick")
      return std::nullopt;
    Constant K;
    K.Key = K.Text = "3";
    K.Number = 3;
    return K;
  };
  EXPECT_EQ(F.condition(Three), std::optional<bool>(true));
}

struct Lambdas : NodeVisitor {
  std::vector<const LambdaExpr *> Found;
  std::vector<const VarDecl *> Vars;
  bool visitStmt(Stmt *S) override {
    if (const auto *L = dyn_cast<LambdaExpr>(S))
      Found.push_back(L);
    return true;
  }
  bool visitDecl(Decl *D) override {
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
      Vars.push_back(V);
    return true;
  }
};

TEST(KnownConstantsTest, ALambdaIsTheConstantOfItsClosureType) {
  Fold F("#include <functional>\n"
         "void f() {\n"
         "  auto a = [](int x) { return x; };\n"
         "  std::function<int(int)> g = a;\n"
         "  std::function<int(int)> h = [](int x) { return x + 1; };\n"
         "}");
  Lambdas W;
  W.walk(F.P.F);
  ASSERT_EQ(W.Found.size(), 2u);
  ASSERT_EQ(W.Vars.size(), 3u);
  ASTContext &Ctx = F.P.AST->getASTContext();
  std::optional<Constant> A = constantOf(W.Found[0], Ctx);
  std::optional<Constant> H = constantOf(W.Vars[2]->getInit(), Ctx);
  ASSERT_TRUE(A && A->Class && A->Class->isLambda());
  EXPECT_EQ(A->Class, W.Found[0]->getLambdaClass());
  // The std::function made from the variable holding the first lambda, and
  // the one made from the second: the same closure, another one.
  std::optional<Constant> G = constantOf(W.Vars[1]->getInit(), Ctx);
  ASSERT_TRUE(G && H);
  EXPECT_EQ(G->Key, A->Key);
  EXPECT_EQ(G->Class, A->Class);
  EXPECT_NE(H->Key, A->Key);
  EXPECT_EQ(H->Class, W.Found[1]->getLambdaClass());
  EXPECT_EQ(A->Text, "the lambda");
}

} // namespace known_constants_test
