//===- PathStates.cpp - the states of several paths at a point ------------===//

#include "PathStates.h"
#include "ExprUtil.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"

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

std::optional<std::pair<const NamedDecl *, bool>>
branchVariable(const Expr *Cond, const ApiModel &Api) {
  bool Value = true;
  for (int I = 0; Cond && I < 8; ++I) {
    Cond = strip(Cond);
    if (const auto *U = dyn_cast<UnaryOperator>(Cond);
        U && U->getOpcode() == UO_LNot) {
      Value = !Value;
      Cond = U->getSubExpr();
      continue;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(Cond);
        B && (B->getOpcode() == BO_EQ || B->getOpcode() == BO_NE)) {
      // flag == true, flag != false
      const auto *L = dyn_cast<CXXBoolLiteralExpr>(strip(B->getRHS()));
      if (!L)
        return std::nullopt;
      Value = Value == (L->getValue() == (B->getOpcode() == BO_EQ));
      Cond = B->getLHS();
      continue;
    }
    if (const auto *CE = dyn_cast<CallExpr>(Cond)) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || CE->getNumArgs() != 0 || !F->getReturnType()->isBooleanType() ||
          !Api.isMachineQuery(F->getQualifiedNameAsString()))
        return std::nullopt;
      return std::make_pair(F->getCanonicalDecl(), Value);
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(Cond);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->getType()->isBooleanType() ||
        !(VD->isLocalVarDecl() || isa<ParmVarDecl>(VD)) ||
        VD->getType()->isReferenceType())
      return std::nullopt;
    return std::make_pair(VD, Value);
  }
  return std::nullopt;
}

bool assume(FlowState &S, const NamedDecl *V, bool Value, const Expr *Where) {
  auto It =
      llvm::find_if(S.Assumed, [&](const Assumption &A) { return A.Var == V; });
  if (It != S.Assumed.end())
    return It->Value == Value;
  Assumption A{V, Value, Where};
  S.Assumed.insert(
      llvm::upper_bound(S.Assumed, A,
                        [](const Assumption &X, const Assumption &Y) {
                          return std::less<const NamedDecl *>()(X.Var, Y.Var);
                        }),
      A);
  return true;
}

void forget(FlowState &S, const NamedDecl *V) {
  llvm::erase_if(S.Assumed, [&](const Assumption &A) { return A.Var == V; });
}

bool takeEdge(FlowState &S, const CFGBlock &P, unsigned Succ,
              const ApiModel &Api) {
  if (P.succ_size() != 2 || Succ > 1)
    return true;
  const Expr *Cond = dyn_cast_or_null<Expr>(P.getTerminatorCondition());
  if (!Cond)
    return true;
  std::optional<std::pair<const NamedDecl *, bool>> B =
      branchVariable(Cond, Api);
  if (!B)
    return true;
  // Successor 0 is the true edge.
  return assume(S, B->first, Succ == 0 ? B->second : !B->second, Cond);
}

} // namespace torchdtype
