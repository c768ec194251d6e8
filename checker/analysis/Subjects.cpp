//===- Subjects.cpp - the variables branch conditions test ----------------===//
//
// Which variables a path's assumptions may name, and what becomes of those
// assumptions where such a variable changes: a variable is tracked when
// every change of it is one the analysis sees (an assignment or increment
// of it or of its fields), so the assumption is forgotten there, or renewed
// when the new value is a constant.
//
//===----------------------------------------------------------------------===//

#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "PathStates.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {

namespace {

/// The variable at the root of `v`, `v.f`, `v.f.g`.
const VarDecl *rootVar(const Expr *E) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
      continue;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  }
  return nullptr;
}

/// The uses of one variable in a body: all, the writes the analysis sees,
/// and whether a lambda captures it by reference.
class Uses : public RecursiveASTVisitor<Uses> {
public:
  explicit Uses(const VarDecl *VD) : VD(VD) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (DRE->getDecl() == VD)
      All.push_back(DRE);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCapturedVar() == VD &&
          C.getCaptureKind() == LCK_ByRef)
        ByRef = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      write(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      write(UO->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      write(OC->getArg(0));
    return true;
  }
  const VarDecl *VD;
  llvm::SmallVector<const DeclRefExpr *, 8> All;
  llvm::SmallPtrSet<const Expr *, 8> Writes;
  bool ByRef = false;

private:
  void write(const Expr *LHS) {
    for (int I = 0; LHS && I < 8; ++I) {
      LHS = strip(LHS);
      if (const auto *ME = dyn_cast<MemberExpr>(LHS); ME && !ME->isArrow()) {
        LHS = ME->getBase();
        continue;
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS);
          DRE && DRE->getDecl() == VD)
        Writes.insert(DRE);
      return;
    }
  }
};

} // namespace

bool FunctionAnalyzer::stableVar(const VarDecl *VD) {
  auto [It, New] = Stable.try_emplace(VD, false);
  if (!New)
    return It->second;
  bool S = VD->getType().getNonReferenceType().isConstQualified();
  if (!S && FD->getBody()) {
    if (!Mutations)
      Mutations = std::make_unique<ExprMutationAnalyzer>(*FD->getBody(), Ctx);
    S = !Mutations->isMutated(VD);
  }
  return Stable[VD] = S;
}

bool FunctionAnalyzer::trackedVar(const VarDecl *VD) {
  if (stableVar(VD))
    return true;
  auto [It, New] = Tracked.try_emplace(VD, false);
  if (!New || VD->getType()->isReferenceType() || !FD->getBody())
    return It->second;
  Uses U(VD);
  U.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  bool T = !U.ByRef && llvm::all_of(U.All, [&](const DeclRefExpr *DRE) {
    return U.Writes.count(DRE) || !Mutations->isMutated(DRE);
  });
  return Tracked[VD] = T;
}

void FunctionAnalyzer::collectSubjects(const CFG &G) {
  for (const CFGBlock *B : G) {
    const Stmt *T = B->getTerminatorStmt();
    std::optional<Subject> Sub;
    if (const auto *SW = dyn_cast_or_null<SwitchStmt>(T))
      Sub = subjectOf(SW->getCond());
    else if (const auto *Cond =
                 dyn_cast_or_null<Expr>(B->getTerminatorCondition()))
      if (std::optional<Assumption> A = branchVariable(Cond, Api, TrackedFn))
        if (const auto *VD = dyn_cast<VarDecl>(A->Var))
          Sub = Subject{VD, A->Field};
    if (Sub)
      Subjects.insert({Sub->Var, Sub->Field});
  }
}

void FunctionAnalyzer::writeSubject(const Expr *LHS, const Expr *Value) {
  const VarDecl *Root = rootVar(LHS);
  if (!Root)
    return;
  std::optional<Subject> Sub = subjectOf(LHS);
  if (!Sub || Sub->Var != Root) {
    forget(Cur, Root);
    return;
  }
  setSubject(*Sub, Value);
}

void FunctionAnalyzer::setSubject(const Subject &Sub, const Expr *Value) {
  forget(Cur, Sub.Var, Sub.Field);
  bool Flag = !Sub.Field && Sub.type()->isBooleanType();
  if (!Flag && !Subjects.count({Sub.Var, Sub.Field}))
    return;
  if (std::optional<Assumption> A = assignedConstant(Sub, Value))
    assume(Cur, std::move(*A));
}

} // namespace torchdtype
