//===- KnownConstantsTest.cpp - values a path knows of scalar expressions -===//
//
// checker/analysis/KnownConstants.cpp on its own: the condition of the
// first `if` of a snippet's `f`, folded with chosen assumptions of its
// parameters and their fields. No LibTorch: the fold knows none.
//
//===----------------------------------------------------------------------===//

#include "CfgTestUtil.h"
#include "analysis/KnownConstants.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace torchdtype;

namespace {

struct FirstIf : RecursiveASTVisitor<FirstIf> {
  const Expr *Cond = nullptr;
  bool VisitIfStmt(IfStmt *S) {
    if (!Cond)
      Cond = S->getCond();
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
  void flag(llvm::StringRef Name, bool Value) {
    Assumption A;
    A.Var = param(Name);
    A.Value = Value;
    assume(Known, A);
  }
  std::optional<bool> condition() {
    FirstIf V;
    V.TraverseDecl(const_cast<FunctionDecl *>(P.F));
    std::optional<Constant> K =
        knownValue(V.Cond, Known, P.AST->getASTContext());
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

} // namespace
