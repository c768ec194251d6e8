//===- Liveness.cpp - which locals a CFG block's successors may read ------===//

#include "Liveness.h"
#include "analysis/ASTWalk.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {

namespace {

/// The local variables of a body that may be dropped, and those that may not.
class Candidates : public NodeVisitor {
public:
  bool visitDecl(Decl *D) override {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return true;
    if (VD->isLocalVarDecl() && !VD->isStaticLocal() && !isa<ParmVarDecl>(VD) &&
        !VD->getType()->isReferenceType())
      Locals.insert(VD);
    // `T &r = x;` and `T *p = &x;`: x is reachable through another name.
    if (VD->getType()->isReferenceType() || VD->getType()->isPointerType())
      if (const Expr *Init = VD->getInit())
        pin(Init);
    // `Holder h(m->items());`: an object made from what a method of m gave
    // may read m later (an optimizer holds a module's parameters).
    if (const Expr *Init = VD->getInit())
      pinObjectsGiven(Init);
    // `auto it = m.find(k);`: m is read through its iterator.
    if (const Expr *Init = VD->getInit())
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Init->IgnoreImplicit()))
        if (isIterator(MC->getType()))
          pin(MC->getImplicitObjectArgument());
    return true;
  }
  bool visitStmt(Stmt *S) override {
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable())
          Pinned.insert(C.getCapturedVar());
    } else if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
      // `for (x : v)`: v is read through its iterator on every iteration.
      if (const Expr *Range = R->getRangeInit())
        pin(Range);
    } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->getOpcode() == UO_AddrOf)
        pin(U->getSubExpr());
    }
    return true;
  }
  llvm::SmallPtrSet<const Decl *, 32> Locals, Pinned;

private:
  static bool isIterator(QualType T) {
    const auto *RD = T->getAsCXXRecordDecl();
    return RD && RD->getIdentifier() && RD->getName().contains("iterator");
  }
  void pinObjectsGiven(const Expr *Init) {
    Init = Init->IgnoreImplicit();
    if (const auto *C = dyn_cast<CXXConstructExpr>(Init);
        C && C->getNumArgs() == 1 &&
        C->getConstructor()->isCopyOrMoveConstructor())
      Init = C->getArg(0)->IgnoreImplicit();
    llvm::ArrayRef<const Expr *> Args;
    if (const auto *C = dyn_cast<CXXConstructExpr>(Init))
      Args = llvm::ArrayRef(C->getArgs(), C->getNumArgs());
    else if (const auto *C = dyn_cast<CallExpr>(Init);
             C && !isa<CXXMemberCallExpr>(C))
      Args = llvm::ArrayRef(C->getArgs(), C->getNumArgs());
    for (const Expr *A : Args) {
      A = A->IgnoreImplicit();
      if (const auto *C = dyn_cast<CXXConstructExpr>(A); C && C->getNumArgs() == 1)
        A = C->getArg(0)->IgnoreImplicit();
      const auto *MC = dyn_cast<CXXMemberCallExpr>(A);
      if (!MC)
        continue;
      const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreImplicit();
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Obj);
          Op && Op->getOperator() == OO_Arrow && Op->getNumArgs() == 1)
        Obj = Op->getArg(0);
      pin(Obj);
    }
  }
  void pin(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      Pinned.insert(DRE->getDecl());
  }
};

/// The variables of Index a statement reads (anywhere below it).
class Reads : public NodeVisitor {
public:
  Reads(const llvm::DenseMap<const Decl *, unsigned> &Index,
        llvm::BitVector &Out)
      : Index(Index), Out(Out) {}
  bool visitStmt(Stmt *S) override {
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    if (!DRE)
      return true;
    // A structured binding's name reads the variable it decomposes.
    const Decl *D = DRE->getDecl();
    if (const auto *BD = dyn_cast<BindingDecl>(D))
      if (const ValueDecl *Whole = BD->getDecomposedDecl())
        D = Whole;
    auto It = Index.find(D);
    if (It != Index.end())
      Out.set(It->second);
    return true;
  }

private:
  const llvm::DenseMap<const Decl *, unsigned> &Index;
  llvm::BitVector &Out;
};

} // namespace

LocalLiveness::LocalLiveness(const CFG &G, const Stmt *Body) {
  Candidates C;
  C.walk(Body);
  for (const Decl *D : C.Locals)
    if (!C.Pinned.count(D))
      Index.try_emplace(D, Index.size());
  unsigned N = Index.size(), NumBlocks = G.getNumBlockIDs();
  LiveOut.assign(NumBlocks, llvm::BitVector(N));
  if (N == 0)
    return;
  std::vector<llvm::BitVector> Use(NumBlocks, llvm::BitVector(N));
  for (const CFGBlock *B : G) {
    llvm::BitVector &U = Use[B->getBlockID()];
    Reads R(Index, U);
    for (const CFGElement &E : *B)
      if (std::optional<CFGStmt> S = E.getAs<CFGStmt>())
        R.walk(S->getStmt());
  }
  // live-in = use + live-out (no kills); iterate to the fixpoint, blocks in
  // reverse order of their ids (the CFG numbers them roughly backwards).
  std::vector<llvm::BitVector> LiveIn = Use;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const CFGBlock *B : G) {
      unsigned Id = B->getBlockID();
      llvm::BitVector Out(N);
      for (const CFGBlock *S : B->succs())
        if (S)
          Out |= LiveIn[S->getBlockID()];
      if (Out != LiveOut[Id]) {
        LiveOut[Id] = Out;
        llvm::BitVector In = Use[Id];
        In |= Out;
        if (In != LiveIn[Id]) {
          LiveIn[Id] = std::move(In);
          Changed = true;
        }
      }
    }
  }
  // What a block's own branch condition reads stays until its edges, which
  // refine it (`if (!device.is_cpu())` where nothing reads device after).
  for (const CFGBlock *B : G)
    if (const Stmt *Cond = B->getTerminatorCondition()) {
      llvm::BitVector T(N);
      Reads R(Index, T);
      R.walk(const_cast<Stmt *>(Cond));
      LiveOut[B->getBlockID()] |= T;
    }
}

} // namespace torchdtype
