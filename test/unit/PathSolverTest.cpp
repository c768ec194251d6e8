//===- PathSolverTest.cpp - the solver on a domain of its own -------------===//
//
// The solver (checker/analysis/solver) knows nothing of tensors: here it runs
// a toy constant propagation of int locals, split by bool flags, to show its
// own rules: edges refine and prune paths, correlated branches stay apart
// up to the path bound, loops reach a fixpoint, the visit and step caps
// stop a run, and dead locals leave the state.
//
//===----------------------------------------------------------------------===//

#include "analysis/solver/PathSolver.h"
#include "CfgTestUtil.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <functional>
#include <set>

using namespace clang;
using namespace torchdtype;

namespace path_solver_test {

/// A value per int local: a constant, or unknown (absent from the map is
/// "not seen"). Top is std::nullopt.
struct ToyState {
  Assumptions Assumed;
  llvm::DenseMap<const Decl *, std::optional<long>> Vars;
  bool operator==(const ToyState &O) const {
    return Assumed == O.Assumed && sameFacts(O);
  }
  bool sameFacts(const ToyState &O) const { return Vars == O.Vars; }
  void join(const ToyState &O) {
    for (const auto &[D, V] : O.Vars) {
      auto [It, New] = Vars.try_emplace(D, V);
      if (!New && It->second != V)
        It->second = std::nullopt;
    }
    for (auto &[D, V] : Vars)
      if (!O.Vars.count(D))
        V = std::nullopt;
    llvm::erase_if(Assumed, [&](const Assumption &A) {
      return !llvm::is_contained(O.Assumed, A);
    });
  }
};

struct ToyDomain {
  using State = ToyState;
  /// What each run saw: the paths at the exit, the visits, the values
  /// passed to `observe(...)` and the locals held where `probe()` is called.
  Paths<ToyState> Exit;
  unsigned Visits = 0;
  std::vector<std::optional<long>> Observed;
  std::set<std::string> Held;
  /// Join every path into one when false (no path sensitivity).
  bool SplitOnFlags = true;

  ToyState initialState() { return ToyState(); }

  static const VarDecl *boolVar(const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return V && V->getType()->isBooleanType() ? V : nullptr;
  }

  bool edge(ToyState &S, const CFGBlock &From, unsigned Succ) {
    const Stmt *Cond = From.getTerminatorCondition();
    const auto *E = dyn_cast_or_null<Expr>(Cond);
    if (!SplitOnFlags || !E || From.succ_size() != 2)
      return true;
    bool Negated = false;
    if (const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
        UO && UO->getOpcode() == UO_LNot) {
      Negated = true;
      E = UO->getSubExpr();
    }
    const VarDecl *Flag = boolVar(E);
    if (!Flag)
      return true;
    Assumption A;
    A.Var = Flag;
    A.Value = (Succ == 0) != Negated;
    A.Text = Flag->getName().str();
    return assume(S.Assumed, A);
  }

  bool isMinor(const Assumption &) { return false; }
  void beginVisit(const CFGBlock &) { ++Visits; }
  void beginPath(ToyState &) {}

  std::optional<long> eval(const Expr *E, const ToyState &S) {
    E = E->IgnoreParenImpCasts();
    if (const auto *IL = dyn_cast<IntegerLiteral>(E))
      return IL->getValue().getSExtValue();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      auto It = S.Vars.find(DRE->getDecl());
      return It == S.Vars.end() ? std::nullopt : It->second;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_Add) {
      std::optional<long> L = eval(BO->getLHS(), S), R = eval(BO->getRHS(), S);
      if (L && R)
        return *L + *R;
    }
    return std::nullopt;
  }

  void transfer(const CFGElement &El, ToyState &S) {
    std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
    if (!CS)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(CS->getStmt())) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && V->getType()->isIntegerType() &&
            !V->getType()->isBooleanType())
          S.Vars[V] = V->getInit() ? eval(V->getInit(), S) : std::nullopt;
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(CS->getStmt());
        CE && CE->getDirectCallee()) {
      StringRef Name = CE->getDirectCallee()->getName();
      if (Name == "observe" && CE->getNumArgs() == 1)
        Observed.push_back(eval(CE->getArg(0), S));
      if (Name == "probe")
        for (const auto &KV : S.Vars)
          Held.insert(cast<NamedDecl>(KV.first)->getNameAsString());
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(CS->getStmt());
        BO && BO->getOpcode() == BO_Assign)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        S.Vars[DRE->getDecl()] = eval(BO->getRHS(), S);
  }

  void atExit(const Paths<ToyState> &P) { Exit = P; }

  /// `choose3(n)`: n is 1, 2 or 3; the atom `n == k` for the first k the
  /// path has not ruled out, while two or more are left.
  std::optional<Assumption> choice(const CallExpr *CE, const ToyState &S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(CE->getArg(0)->IgnoreImpCasts());
    if (!DRE)
      return std::nullopt;
    std::vector<Assumption> Open;
    for (int K = 1; K <= 3; ++K) {
      Assumption A;
      A.Var = DRE->getDecl();
      A.Rel = Assumption::Relation::Equals;
      A.Const = std::to_string(K);
      A.Number = K;
      A.Value = true;
      std::optional<bool> D = decided(S.Assumed, A);
      if (D && *D)
        return std::nullopt;
      if (!D)
        Open.push_back(A);
    }
    if (Open.size() < 2)
      return std::nullopt;
    return Open.front();
  }

  /// `split(flag)` splits the path by flag where no edge decided it.
  std::optional<Assumption> splitAt(const CFGElement &El, ToyState &S) {
    std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
    const auto *CE = CS ? dyn_cast<CallExpr>(CS->getStmt()) : nullptr;
    if (!CE || !CE->getDirectCallee() ||
        (CE->getDirectCallee()->getName() != "split" &&
         CE->getDirectCallee()->getName() != "choose3") ||
        CE->getNumArgs() != 1)
      return std::nullopt;
    if (CE->getDirectCallee()->getName() == "choose3")
      return choice(CE, S);
    const VarDecl *Flag = boolVar(CE->getArg(0));
    if (!Flag || llvm::any_of(S.Assumed, [&](const Assumption &A) {
          return A.Var == Flag;
        }))
      return std::nullopt;
    Assumption A;
    A.Var = Flag;
    A.Text = Flag->getName().str();
    return A;
  }
};

using Parsed = ParsedFunction;

Parsed parse(llvm::StringRef Code) { return parseFunction(Code); }

SolverOutcome solve(const Parsed &P, ToyDomain &D, SolverLimits L = {}) {
  PathSolver<ToyDomain> S(*P.G, P.F->getBody(), D, L);
  return S.run();
}

bool saw(const ToyDomain &D, std::optional<long> V) {
  return llvm::is_contained(D.Observed, V);
}

constexpr const char *Decls =
    "void observe(int); void probe(); bool g(); void split(bool);\n"
    "void choose3(int);\n";

/// Two branches on one flag: x and y are set by the same condition.
constexpr const char *Correlated = R"cc(
    void f(bool fast) {
      int x = 0;
      if (fast) x = 1; else x = 2;
      int y = 0;
      if (fast) y = x + 10; else y = x + 20;
      observe(y);
    }
  )cc";

TEST(PathSolverTest, StraightLineConstants) {
  Parsed P = parse(std::string(Decls) +
                   "void f() { int a = 2; int r = a + 3; observe(r); }");
  ToyDomain D;
  EXPECT_EQ(solve(P, D), SolverOutcome::Converged);
  EXPECT_EQ(D.Observed, std::vector<std::optional<long>>{5});
  EXPECT_EQ(D.Exit.size(), 1u);
}

TEST(PathSolverTest, CorrelatedBranchesStayApart) {
  Parsed P = parse(std::string(Decls) + Correlated);
  ToyDomain D;
  ASSERT_EQ(solve(P, D), SolverOutcome::Converged);
  // Two paths, each consistent: 11 and 22, never 12 or 21.
  EXPECT_TRUE(saw(D, 11));
  EXPECT_TRUE(saw(D, 22));
  EXPECT_FALSE(saw(D, 12));
  EXPECT_FALSE(saw(D, 21));
  EXPECT_FALSE(saw(D, std::nullopt));
}

TEST(PathSolverTest, PathBoundJoins) {
  Parsed P = parse(std::string(Decls) + Correlated);
  ToyDomain D;
  SolverLimits One;
  One.MaxPaths = 1;
  ASSERT_EQ(solve(P, D, One), SolverOutcome::Converged);
  // One path: the flag was forgotten, x is unknown, so is y.
  EXPECT_EQ(D.Observed, std::vector<std::optional<long>>{std::nullopt});
}

TEST(PathSolverTest, ImpossibleEdgesArePruned) {
  Parsed P = parse(std::string(Decls) + R"cc(
    void f(bool fast) {
      if (fast) {
        if (!fast) observe(5); else observe(7);
      }
    }
  )cc");
  ToyDomain D;
  ASSERT_EQ(solve(P, D), SolverOutcome::Converged);
  EXPECT_TRUE(saw(D, 7));
  EXPECT_FALSE(saw(D, 5)); // contradicts `fast`: never taken
  ToyDomain Blind;
  Blind.SplitOnFlags = false;
  ASSERT_EQ(solve(P, Blind), SolverOutcome::Converged);
  EXPECT_TRUE(saw(Blind, 5)); // without refinement both are reached
}

TEST(PathSolverTest, LoopsReachAFixpoint) {
  Parsed P = parse(std::string(Decls) + R"cc(
    void f(int n) {
      int x = 0;
      for (int i = 0; i < n; i = i + 1) x = x + 1;
      observe(x);
    }
  )cc");
  ToyDomain D;
  ASSERT_EQ(solve(P, D), SolverOutcome::Converged);
  EXPECT_TRUE(saw(D, std::nullopt)); // 0 or more increments: unknown
  EXPECT_LT(D.Visits, 40u);
}

TEST(PathSolverTest, StepCapStopsTheRun) {
  Parsed P = parse(std::string(Decls) + R"cc(
    void f() { int a = 1; int b = a + 1; int c = b + 1; observe(c); }
  )cc");
  ToyDomain D;
  SolverLimits Tight;
  Tight.MaxSteps = 3;
  EXPECT_EQ(solve(P, D, Tight), SolverOutcome::OverBudget);
  EXPECT_TRUE(D.Observed.empty());
  ToyDomain Enough;
  EXPECT_EQ(solve(P, Enough), SolverOutcome::Converged);
  EXPECT_TRUE(saw(Enough, 3));
}

TEST(PathSolverTest, VisitCapStopsTheRun) {
  Parsed P = parse(std::string(Decls) + R"cc(
    void f(int n) {
      int x = 0;
      while (n) x = x + 1;
      observe(x);
    }
  )cc");
  ToyDomain D;
  SolverLimits Few;
  Few.MaxVisitsPerBlock = 1; // the loop's test is reached twice at least
  EXPECT_EQ(solve(P, D, Few), SolverOutcome::OverBudget);
  ToyDomain Enough;
  EXPECT_EQ(solve(P, Enough), SolverOutcome::Converged);
}

TEST(PathSolverTest, DeadLocalsLeaveTheState) {
  Parsed P = parse(std::string(Decls) + R"cc(
    void f() {
      int t = 4;
      int r = t + 1;
      if (g()) r = r + 1;
      probe();
      observe(r);
    }
  )cc");
  ToyDomain D;
  ASSERT_EQ(solve(P, D), SolverOutcome::Converged);
  // t is never read after `r = t + 1`: the block after the branch no
  // longer carries it; r is read later and stays.
  EXPECT_EQ(D.Held.count("t"), 0u);
  EXPECT_EQ(D.Held.count("r"), 1u);
}

TEST(PathSolverTest, ReversePostOrderVisitsPredecessorsFirst) {
  Parsed P = parse(R"cc(
    int f(bool c) { int x = 0; if (c) x = 1; else x = 2; return x; }
  )cc");
  std::vector<const CFGBlock *> Order = reversePostOrder(*P.G);
  ASSERT_FALSE(Order.empty());
  EXPECT_EQ(Order.front(), &P.G->getEntry());
  EXPECT_EQ(Order.back(), &P.G->getExit());
}

TEST(PathSolverTest, SplitMakesAPathPerValue) {
  // split(fast) in the middle of a block: the later branch on fast is
  // decided on each path, so x is 1 or 2, never unknown.
  Parsed P = parse(std::string(Decls) + R"cc(
    void f(bool fast) {
      int x = 0;
      split(fast);
      if (fast) x = 1; else x = 2;
      observe(x);
    }
  )cc");
  ToyDomain D;
  D.SplitOnFlags = true;
  ASSERT_EQ(solve(P, D), SolverOutcome::Converged);
  EXPECT_TRUE(saw(D, 1));
  EXPECT_TRUE(saw(D, 2));
  EXPECT_EQ(D.Exit.size(), 2u);
}

TEST(PathSolverTest, SplitAfterTheBranchDecidedAddsNothing) {
  Parsed P = parse(std::string(Decls) + R"cc(
    void f(bool fast) {
      int x = 0;
      if (fast) x = 1;
      split(fast);
      observe(x);
    }
  )cc");
  ToyDomain D;
  ASSERT_EQ(solve(P, D), SolverOutcome::Converged);
  EXPECT_EQ(D.Exit.size(), 2u);
  EXPECT_EQ(D.Observed.size(), 2u);
}

TEST(PathSolverTest, ASplitPathIsAskedAgainAtTheSameElement) {
  // choose3(n) splits by n == 1, then the path where n != 1 by n == 2: three
  // paths leave the element, one per value.
  Parsed P = parse(std::string(Decls) + R"cc(
    void f(int n) {
      choose3(n);
      observe(n);
    }
  )cc");
  ToyDomain D;
  ASSERT_EQ(solve(P, D), SolverOutcome::Converged);
  ASSERT_EQ(D.Exit.size(), 3u);
  std::set<std::string> Held;
  for (const ToyState &S : D.Exit) {
    std::string Text;
    for (const Assumption &A : S.Assumed)
      Text += A.Const + (A.Value ? "=" : "!") + ";";
    Held.insert(Text);
  }
  EXPECT_EQ(Held, (std::set<std::string>{"1=;", "1!;2=;", "1!;2!;"}));
}

TEST(PathSolverTest, SplitRespectsThePathBound) {
  Parsed P = parse(std::string(Decls) + R"cc(
    void f(bool fast) {
      int x = 5;
      split(fast);
      observe(x);
    }
  )cc");
  ToyDomain D;
  SolverLimits One;
  One.MaxPaths = 1;
  ASSERT_EQ(solve(P, D, One), SolverOutcome::Converged);
  EXPECT_EQ(D.Observed, std::vector<std::optional<long>>{5});
  EXPECT_EQ(D.Exit.size(), 1u);
  EXPECT_TRUE(D.Exit.front().Assumed.empty());
}

} // namespace path_solver_test
