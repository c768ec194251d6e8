//===- HeldLambdas.cpp - the lambda a std::function member always holds --===//
//
// A member of type std::function that every write in the unit gives the
// same lambda (its initializer in the class, a constructor's initializer,
// `obj.f = [...](...) {...}`) holds that lambda wherever it is called, on
// any object of its class: `ff.activation(x)` runs the body assigned in the
// constructor. Walked once per unit, on the first call through a member.
// Every other use of the member (a non-const reference to it, an
// assignment of something else, std::swap) leaves it unknown, and so does
// a class declared outside the main file (another unit may assign it).
//
//===----------------------------------------------------------------------===//

#include "ASTWalk.h"
#include "AnalysisContext.h"
#include "CallSite.h"
#include "ExprUtil.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchdtype {

namespace {

class MemberLambdas : public NodeVisitor {
public:
  MemberLambdas() {
    TemplateInstantiations = true;
    ImplicitCode = true;
  }

  struct Uses {
    unsigned All = 0, Followed = 0;
    const CXXRecordDecl *Lambda = nullptr;
    bool Mixed = false; ///< something other than that one lambda written
  };
  llvm::DenseMap<const FieldDecl *, Uses> Fields;

  bool visitDecl(Decl *D) override {
    if (const auto *F = dyn_cast<FieldDecl>(D)) {
      if (isStdFunction(F->getType()) && F->hasInClassInitializer())
        write(F, F->getInClassInitializer());
    } else if (const auto *C = dyn_cast<CXXConstructorDecl>(D)) {
      for (const CXXCtorInitializer *I : C->inits())
        if (const FieldDecl *F = I->getMember();
            F && isStdFunction(F->getType()) && I->isWritten())
          write(F, I->getInit());
    }
    return true;
  }

  bool visitStmt(Stmt *S) override {
    if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      if (const FieldDecl *F = member(ME))
        ++Fields[F].All;
      return true;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      const FieldDecl *F =
          OC->getNumArgs() >= 1 ? member(OC->getArg(0)) : nullptr;
      if (!F)
        return true;
      if (OC->getOperator() == OO_Call) {
        ++Fields[F].Followed;
      } else if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
        ++Fields[F].Followed;
        if (member(OC->getArg(1)) == F) // a copy's (implicit operator=)
          ++Fields[F].Followed;
        else
          write(F, OC->getArg(1));
      }
      return true;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      // `if (obj.f)`: operator bool reads it.
      if (const FieldDecl *F = member(MC->getImplicitObjectArgument());
          F && isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
        ++Fields[F].Followed;
      return true;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
      // A copy of it holds what it holds.
      const CXXConstructorDecl *C = CE->getConstructor();
      if (C && C->isCopyOrMoveConstructor() && CE->getNumArgs() == 1)
        if (const FieldDecl *F = member(CE->getArg(0)))
          ++Fields[F].Followed;
      return true;
    }
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      // Given to a const reference parameter: read.
      const FunctionDecl *FD = CE->getDirectCallee();
      if (!FD || isa<CXXOperatorCallExpr>(CE))
        return true;
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams();
           ++I) {
        QualType PT = FD->getParamDecl(I)->getType();
        if (PT->isReferenceType() && PT.getNonReferenceType().isConstQualified())
          if (const FieldDecl *F = member(CE->getArg(I)))
            ++Fields[F].Followed;
      }
    }
    return true;
  }

private:
  static const FieldDecl *member(const Expr *E) {
    if (E)
      E = strip(strip(E)->IgnoreParenCasts()); // and the casts of a move
    const auto *ME = dyn_cast_or_null<MemberExpr>(E);
    const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    return F && isStdFunction(F->getType()) ? F : nullptr;
  }
  void write(const FieldDecl *F, const Expr *Value) {
    Uses &U = Fields[F];
    const LambdaExpr *L = lambdaOf(Value);
    const CXXRecordDecl *C = L ? L->getLambdaClass() : nullptr;
    if (!C || (U.Lambda && U.Lambda != C))
      U.Mixed = true;
    else
      U.Lambda = C;
  }
};

} // namespace

const CXXRecordDecl *AnalysisContext::heldLambda(const FieldDecl *F) {
  if (!HeldLambdasDone) {
    HeldLambdasDone = true;
    MemberLambdas W;
    W.walk(Ctx.getTranslationUnitDecl());
    const SourceManager &SM = Ctx.getSourceManager();
    for (const auto &[Field, U] : W.Fields)
      if (U.Lambda && !U.Mixed && U.All == U.Followed &&
          SM.isInMainFile(SM.getExpansionLoc(Field->getLocation())))
        HeldLambdas[Field] = U.Lambda;
  }
  return HeldLambdas.lookup(F);
}

} // namespace torchdtype
