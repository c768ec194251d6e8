//===- FieldConstants.cpp - members that always hold one constant -------===//
//
// A class invariant for the constant members of the user's classes (a
// flag, a number, an enum, a dtype or a device): the value every
// initializer and every write of the class's methods that may run gives a
// member, when they agree and nothing outside the class writes it
// (UnitPrescan's FieldsWrittenOutside), and no object of the class, nor
// `this`, is given to code the unit does not show (EscapedRecords). A
// method analysed on its own then
// knows it (`precise_` is false in a class whose only setter never runs),
// as a call's constants tell it the object's fields.
//
//===----------------------------------------------------------------------===//

#include "ASTWalk.h"
#include "AnalysisContext.h"
#include "ExprUtil.h"
#include "clang/AST/ParentMap.h"

using namespace clang;

namespace torchdtype {

namespace {
/// The writes of `this->F` in one body: each a constant, or Mixed.
class MemberWrites : public NodeVisitor {
public:
  MemberWrites(ASTContext &Ctx, const CXXRecordDecl *RD, Stmt *Body)
      : Ctx(Ctx), RD(RD), Parents(Body) {
    ImplicitCode = true;
  }
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<Constant, 2>> Values;
  llvm::DenseSet<const FieldDecl *> Mixed;

  /// `this` given to other code (`enroll(this)`, `*this` by reference):
  /// what it does to the object is not seen.
  bool ThisEscapes = false;

  bool visitStmt(Stmt *S) override {
    if (const auto *TE = dyn_cast<CXXThisExpr>(S)) {
      const Stmt *P = Parents.getParent(TE);
      while (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P))
        P = Parents.getParent(IC);
      if (!isa_and_nonnull<MemberExpr>(P))
        ThisEscapes = true;
      return true;
    }
    const auto *ME = dyn_cast<MemberExpr>(S);
    const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    if (!F || F->getParent()->getCanonicalDecl() != RD->getCanonicalDecl() ||
        !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return true;
    const Stmt *P = Parents.getParent(ME);
    while (isa_and_nonnull<ParenExpr>(P))
      P = Parents.getParent(P);
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P);
        IC && IC->getCastKind() == CK_LValueToRValue)
      return true; // a read
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
        BO && BO->getOpcode() == BO_Assign &&
        BO->getLHS()->IgnoreParens() == ME) {
      if (std::optional<Constant> K = constantOf(BO->getRHS(), Ctx))
        Values[F].push_back(*K);
      else
        Mixed.insert(F);
      return true;
    }
    Mixed.insert(F); // any other use may change it
    return true;
  }

private:
  ASTContext &Ctx;
  const CXXRecordDecl *RD;
  ParentMap Parents;
};

bool sameConstant(const Constant &A, const Constant &B) {
  return A.Number && B.Number ? *A.Number == *B.Number : A.Key == B.Key;
}
} // namespace

std::optional<Constant> AnalysisContext::fieldConstant(const FieldDecl *F) {
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!RD || !RD->hasDefinition() || RD->isUnion() || RD->isLambda() ||
      Api.isLibTorchDecl(RD) || !constantCarrier(F->getType(), Api))
    return std::nullopt;
  RD = RD->getDefinition();
  auto Done = FieldConstants.find(RD);
  if (Done == FieldConstants.end()) {
    prescan();
    llvm::DenseMap<const FieldDecl *, llvm::SmallVector<Constant, 2>> Values;
    llvm::DenseSet<const FieldDecl *> Mixed;
    auto Add = [&](const FieldDecl *G, const Expr *Init) {
      if (std::optional<Constant> K = Init ? constantOf(Init, Ctx) : std::nullopt)
        Values[G].push_back(*K);
      else
        Mixed.insert(G);
    };
    for (const FieldDecl *G : RD->fields())
      if (G->hasInClassInitializer())
        Add(G, G->getInClassInitializer());
    bool AnyCtor = false;
    for (const CXXConstructorDecl *C : RD->ctors()) {
      const FunctionDecl *Def = nullptr;
      if (C->isCopyOrMoveConstructor() || !C->hasBody(Def) || !Def)
        continue;
      AnyCtor = true;
      for (const CXXCtorInitializer *I : cast<CXXConstructorDecl>(Def)->inits())
        if (const FieldDecl *G = I->getMember();
            G && I->isWritten() && !isa<CXXDefaultInitExpr>(I->getInit()))
          Add(G, I->getInit());
    }
    bool Escapes = EscapedRecords.count(RD->getCanonicalDecl());
    for (const Decl *D : RD->decls()) {
      const auto *M = dyn_cast_or_null<CXXMethodDecl>(D->getAsFunction());
      const FunctionDecl *Def = nullptr;
      if (!M || !M->hasBody(Def) || !Def || !Def->getBody() ||
          Def->isDependentContext() || !mayRun(Def))
        continue;
      MemberWrites W(Ctx, RD, Def->getBody());
      W.walk(Def->getBody());
      for (auto &[G, Ks] : W.Values)
        Values[G].append(Ks.begin(), Ks.end());
      Mixed.insert(W.Mixed.begin(), W.Mixed.end());
      Escapes |= W.ThisEscapes;
    }
    llvm::DenseMap<const FieldDecl *, Constant> &Known = FieldConstants[RD];
    for (const FieldDecl *G : RD->fields()) {
      auto It = Values.find(G);
      // Never given a value (not initialized where made), or given others.
      if (Escapes || Mixed.count(G) || It == Values.end() ||
          FieldsWrittenOutside.count(G->getCanonicalDecl()) ||
          (!G->hasInClassInitializer() && !AnyCtor))
        continue;
      const Constant &K = It->second.front();
      if (llvm::all_of(It->second,
                       [&](const Constant &O) { return sameConstant(K, O); }))
        Known[G] = K;
    }
    Done = FieldConstants.find(RD);
  }
  auto It = Done->second.find(F);
  if (It == Done->second.end())
    return std::nullopt;
  return It->second;
}

} // namespace torchdtype
