//===- ASTWalk.h - one RecursiveASTVisitor for every walk of the analysis -===//
//
// The analysis walks statements and declarations in a dozen places (the
// unit's prescan, liveness, callers, module state, condition subjects...).
// Each RecursiveASTVisitor subclass instantiates the whole visitor again
// (several seconds of compile time per subclass, in each of CI's three
// builds), so the walks share one instantiation, in ASTWalk.cpp: a walker
// derives from NodeVisitor, is called back for every node in the visitor's
// order (pre-order; a node's generic kinds before its own) and picks the
// kinds it wants with dyn_cast.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_ASTWALK_H
#define TORCHDTYPE_ANALYSIS_ASTWALK_H

namespace clang {
class Decl;
class LambdaExpr;
class Stmt;
} // namespace clang

namespace torchdtype {

class NodeVisitor {
public:
  virtual ~NodeVisitor();

  /// Every statement and expression; false stops the walk.
  virtual bool visitStmt(clang::Stmt *) { return true; }
  /// Every declaration; false stops the walk.
  virtual bool visitDecl(clang::Decl *) { return true; }
  /// Before a declaration and what it holds: false skips them (the walk
  /// goes on).
  virtual bool enterDecl(clang::Decl *) { return true; }
  /// After a declaration enterDecl let in.
  virtual void leaveDecl(clang::Decl *) {}
  /// Around a lambda expression (its captures and body).
  virtual void enterLambda(clang::LambdaExpr *) {}
  virtual void leaveLambda(clang::LambdaExpr *) {}

  /// RecursiveASTVisitor's shouldVisitTemplateInstantiations() and
  /// shouldVisitImplicitCode().
  bool TemplateInstantiations = false;
  bool ImplicitCode = false;

  /// Walks S (D) and everything under it; false when a callback stopped it.
  bool walk(clang::Stmt *S);
  bool walk(clang::Decl *D);
  bool walk(const clang::Stmt *S) { return walk(const_cast<clang::Stmt *>(S)); }
  bool walk(const clang::Decl *D) { return walk(const_cast<clang::Decl *>(D)); }
};

} // namespace torchdtype

#endif
