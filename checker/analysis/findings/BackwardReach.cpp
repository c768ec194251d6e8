//===- BackwardReach.cpp - the backward() a loss's value reaches ----------===//
//
// Some losses given operands of two dtypes compute their forward and throw
// only in backward (mse_loss, huber_loss: 'Found dtype Double but expected
// Float', observed on 1.13.1). Such a finding stands on the backward() call
// the loss's value reaches in the function that computes it: the call
// itself (`mse_loss(a, b).backward()`), or the variables it is stored in
// and those computed from them (`auto total = loss + reg; total.backward()`).
// A loss returned, stored elsewhere or never given to backward() is not
// followed: no finding. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "Findings.h"
#include "analysis/ASTWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {

namespace {

/// The body of the function (or lambda) that holds E.
const Stmt *enclosingBody(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (int Depth = 0; Depth < 256; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    N = Parents[0];
    if (const auto *L = N.get<LambdaExpr>())
      return L->getBody();
    if (const auto *F = N.get<FunctionDecl>())
      return F->getBody();
  }
  return nullptr;
}

/// Does S contain Target, or name one of Vars?
bool mentions(const Stmt *S, const Expr *Target,
              const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (S == Target)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return Vars.contains(V);
  for (const Stmt *C : S->children())
    if (mentions(C, Target, Vars))
      return true;
  return false;
}

/// The variables a value flows into, and the backward() calls of a body.
class Uses : public NodeVisitor {
public:
  /// v = init, v = rhs, v += rhs: (v, the expression).
  std::vector<std::pair<const VarDecl *, const Expr *>> Flows;
  std::vector<const CallExpr *> Backwards;

  bool visitDecl(Decl *D) override {
    if (const auto *V = dyn_cast<VarDecl>(D))
      if (const Expr *Init = V->getInit())
        Flows.push_back({V, Init});
    return true;
  }
  bool visitStmt(Stmt *S) override {
    if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (B->isAssignmentOp())
        add(B->getLHS(), B->getRHS());
    } else if (const auto *C = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *F = C->getDirectCallee();
      if (F && F->getIdentifier() && F->getName() == "backward")
        Backwards.push_back(C);
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C);
          OC && OC->isAssignmentOp() && OC->getNumArgs() == 2)
        add(OC->getArg(0), OC->getArg(1));
    }
    return true;
  }

private:
  void add(const Expr *L, const Expr *R) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Flows.push_back({V, R});
  }
};

} // namespace

const CallExpr *backwardReached(const Expr *Loss, ASTContext &Ctx) {
  const Stmt *Body = enclosingBody(Loss, Ctx);
  if (!Body)
    return nullptr;
  Uses U;
  U.walk(Body);
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[V, E] : U.Flows)
      if (!Vars.contains(V) && mentions(E, Loss, Vars))
        Changed = Vars.insert(V).second;
  }
  for (const CallExpr *B : U.Backwards) {
    // loss.backward(), or torch::autograd::backward({loss}).
    const Expr *On = nullptr;
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(B))
      On = M->getImplicitObjectArgument();
    if ((On && mentions(On, Loss, Vars)) ||
        llvm::any_of(B->arguments(),
                     [&](const Expr *A) { return mentions(A, Loss, Vars); }))
      return B;
  }
  return nullptr;
}

} // namespace torchdtype
