//===- PathStates.cpp - the states of several paths at a point ------------===//

#include "PathStates.h"
#include "ExprUtil.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace torchdtype {

void addPath(PathStates &Paths, FlowState S) {
  for (FlowState &P : Paths)
    if (P.Assumed == S.Assumed) {
      P.join(S);
      return;
    }
  Paths.push_back(std::move(S));
}

void boundPaths(PathStates &Paths, unsigned MaxPaths) {
  if (Paths.size() <= std::max(MaxPaths, 1u))
    return;
  FlowState All = joinPaths(Paths);
  All.Assumed.clear();
  Paths.clear();
  Paths.push_back(std::move(All));
}

FlowState joinPaths(const PathStates &Paths) {
  FlowState All;
  for (const FlowState &P : Paths)
    All.join(P);
  return All;
}

bool samePaths(const PathStates &A, const PathStates &B) {
  if (A.size() != B.size())
    return false;
  return llvm::all_of(
      A, [&](const FlowState &S) { return llvm::is_contained(B, S); });
}

/// A constant a stable variable may be compared with, as written: a string
/// literal ("fp64"), an integer (2), an enumerator (Precision::Double).
static std::optional<std::string> constantText(const Expr *E, ASTContext &Ctx) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1) {
      E = CE->getArg(0);
      continue;
    }
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
      continue;
    }
    break;
  }
  if (const auto *SL = dyn_cast_or_null<StringLiteral>(E))
    return "\"" + SL->getString().str() + "\"";
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return EC->getQualifiedNameAsString();
  Expr::EvalResult R;
  if (E && E->getType()->isIntegerType() && !E->isValueDependent() &&
      E->EvaluateAsInt(R, Ctx))
    return llvm::toString(R.Val.getInt(), 10);
  return std::nullopt;
}

std::optional<Assumption> branchVariable(const Expr *Cond, const ApiModel &Api,
                                         StableVar Stable) {
  bool Value = true;
  for (int I = 0; Cond && I < 8; ++I) {
    Cond = strip(Cond);
    if (const auto *U = dyn_cast<UnaryOperator>(Cond);
        U && U->getOpcode() == UO_LNot) {
      Value = !Value;
      Cond = U->getSubExpr();
      continue;
    }
    // `mode == "fp64"`: std::string's operator== or a built-in comparison.
    if (std::optional<Equality> Eq = equalityOf(Cond)) {
      const Expr *L = Eq->L, *R = Eq->R;
      bool NE = Eq->NotEqual;
      if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(strip(R))) {
        // flag == true, flag != false
        Value = Value == (Lit->getValue() == !NE);
        Cond = L;
        continue;
      }
      for (int Swap = 0; Swap < 2; ++Swap, std::swap(L, R)) {
        const auto *DRE = dyn_cast<DeclRefExpr>(strip(L));
        const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (!VD || VD->getType()->isBooleanType() ||
            !(VD->isLocalVarDecl() || isa<ParmVarDecl>(VD)) || !Stable(VD))
          continue;
        std::optional<std::string> K = constantText(R, VD->getASTContext());
        if (!K)
          continue;
        Assumption A;
        A.Var = VD;
        A.Const = *K;
        A.Value = Value != NE;
        return A;
      }
      return std::nullopt;
    }
    if (const auto *CE = dyn_cast<CallExpr>(Cond)) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || CE->getNumArgs() != 0 || !F->getReturnType()->isBooleanType() ||
          !Api.isMachineQuery(F->getQualifiedNameAsString()))
        return std::nullopt;
      Assumption A;
      A.Var = F->getCanonicalDecl();
      A.Value = Value;
      return A;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(Cond);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->getType()->isBooleanType() ||
        !(VD->isLocalVarDecl() || isa<ParmVarDecl>(VD)) ||
        VD->getType()->isReferenceType())
      return std::nullopt;
    Assumption A;
    A.Var = VD;
    A.Value = Value;
    return A;
  }
  return std::nullopt;
}

bool assume(FlowState &S, Assumption A) {
  auto It = llvm::find_if(S.Assumed,
                          [&](const Assumption &X) { return X.sameAtom(A); });
  if (It != S.Assumed.end())
    return It->Value == A.Value;
  // A stable variable equals one constant at most.
  if (!A.Const.empty() && A.Value &&
      llvm::any_of(S.Assumed, [&](const Assumption &X) {
        return X.Var == A.Var && !X.Const.empty() && X.Value;
      }))
    return false;
  S.Assumed.insert(
      llvm::upper_bound(S.Assumed, A,
                        [](const Assumption &X, const Assumption &Y) {
                          if (X.Var != Y.Var)
                            return std::less<const NamedDecl *>()(X.Var, Y.Var);
                          return X.Const < Y.Const;
                        }),
      A);
  return true;
}

bool assume(FlowState &S, const NamedDecl *V, bool Value, const Expr *Where) {
  Assumption A;
  A.Var = V;
  A.Value = Value;
  A.Where = Where;
  return assume(S, std::move(A));
}

void forget(FlowState &S, const NamedDecl *V) {
  llvm::erase_if(S.Assumed, [&](const Assumption &A) { return A.Var == V; });
}

bool takeEdge(FlowState &S, const CFGBlock &P, unsigned Succ,
              const ApiModel &Api, StableVar Stable) {
  if (P.succ_size() != 2 || Succ > 1)
    return true;
  const Expr *Cond = dyn_cast_or_null<Expr>(P.getTerminatorCondition());
  if (!Cond)
    return true;
  std::optional<Assumption> B = branchVariable(Cond, Api, Stable);
  if (!B)
    return true;
  // Successor 0 is the true edge.
  if (Succ != 0)
    B->Value = !B->Value;
  B->Where = Cond;
  return assume(S, std::move(*B));
}

} // namespace torchdtype
