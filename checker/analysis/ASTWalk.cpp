//===- ASTWalk.cpp - the analysis' one RecursiveASTVisitor ----------------===//

#include "analysis/ASTWalk.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace torchdtype {

NodeVisitor::~NodeVisitor() = default;

namespace {
class Walker : public RecursiveASTVisitor<Walker> {
public:
  explicit Walker(NodeVisitor &V) : V(V) {}
  bool shouldVisitTemplateInstantiations() const {
    return V.TemplateInstantiations;
  }
  bool shouldVisitImplicitCode() const { return V.ImplicitCode; }

  bool TraverseDecl(Decl *D) {
    if (!D || !V.enterDecl(D))
      return true;
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    V.leaveDecl(D);
    return R;
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    V.enterLambda(L);
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    V.leaveLambda(L);
    return R;
  }
  bool VisitStmt(Stmt *S) { return V.visitStmt(S); }
  bool VisitDecl(Decl *D) { return V.visitDecl(D); }

private:
  NodeVisitor &V;
};
} // namespace

bool NodeVisitor::walk(Stmt *S) { return Walker(*this).TraverseStmt(S); }
bool NodeVisitor::walk(Decl *D) { return Walker(*this).TraverseDecl(D); }

} // namespace torchdtype
