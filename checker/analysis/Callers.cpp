//===- Callers.cpp - who calls the functions of a translation unit --------===//

#include "Callers.h"
#include "PythonWrappers.h"
#include "analysis/ASTWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {

const FunctionDecl *callerKey(const FunctionDecl *F) {
  if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
    F = P;
  return F->getCanonicalDecl();
}

bool isLambdaOperator(const Decl *D) {
  const auto *M = dyn_cast<CXXMethodDecl>(D);
  return M && M->getParent()->isLambda();
}

bool holdsTensor(QualType T, const ApiModel &Api) {
  T = T.getNonReferenceType();
  TypeKind K = Api.classify(T);
  if (K == TypeKind::Tensor || K == TypeKind::TensorList)
    return true;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  return Api.classify(Spec->getTemplateArgs()[0].getAsType()) ==
         TypeKind::Tensor;
}

namespace {

/// Every naming of a function: as the callee of a call, or otherwise.
class UseIndexer : public NodeVisitor {
public:
  UseIndexer(llvm::DenseMap<const FunctionDecl *, CallerIndex::Uses> &Index,
             const ApiModel &Api)
      : Index(Index), Api(Api) {
    TemplateInstantiations = true;
  }

  bool visitStmt(Stmt *S) override {
    if (const auto *CE = dyn_cast<CallExpr>(S))
      return visitCall(CE);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
      if (const CXXConstructorDecl *C = CE->getConstructor())
        Index[callerKey(C)].Calls.push_back(CE);
      return true;
    }
    if (const auto *E = dyn_cast<DeclRefExpr>(S))
      return named(E, E->getDecl());
    if (const auto *E = dyn_cast<MemberExpr>(S))
      return named(E, E->getMemberDecl());
    return true;
  }
  bool visitCall(const CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F)
      return true;
    Index[callerKey(F)].Calls.push_back(CE);
    Callees.insert(CE->getCallee()->IgnoreParenImpCasts());
    // m.def("name", &f), m.impl("name", f): f is called from Python.
    if (Api.isPythonBinding(F->getQualifiedNameAsString())) {
      std::string Name = boundName(CE);
      for (const Expr *A : CE->arguments()) {
        const Expr *Named = A->IgnoreParenImpCasts();
        if (const auto *UO = dyn_cast<UnaryOperator>(Named);
            UO && UO->getOpcode() == UO_AddrOf)
          Named = UO->getSubExpr()->IgnoreParenImpCasts();
        if (const auto *DR = dyn_cast<DeclRefExpr>(Named))
          if (const auto *G = dyn_cast<FunctionDecl>(DR->getDecl())) {
            Bound.insert(callerKey(G));
            if (!Name.empty())
              Index[callerKey(G)].BoundNames.push_back(Name);
          }
      }
    }
    return true;
  }

  /// After the traversal (a callee is seen before the names in it).
  void finish() {
    for (const FunctionDecl *F : Escaping)
      Index[F].Escapes = true;
    for (const FunctionDecl *F : Bound)
      Index[F].Bound = true;
  }

private:
  /// The Python name of a binding: m.def("name", ...), and for a schema
  /// ("ns::name(Tensor x) -> Tensor") its name without namespace.
  static std::string boundName(const CallExpr *CE) {
    if (CE->getNumArgs() == 0)
      return "";
    const auto *S =
        dyn_cast<StringLiteral>(CE->getArg(0)->IgnoreParenImpCasts());
    if (!S || !S->isOrdinary())
      return "";
    llvm::StringRef Name = S->getString();
    Name = Name.take_until([](char C) { return C == '(' || C == '.'; });
    size_t Colons = Name.rfind("::");
    if (Colons != llvm::StringRef::npos)
      Name = Name.drop_front(Colons + 2);
    return Name.trim().str();
  }
  bool named(const Expr *E, const ValueDecl *D) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (F && !Callees.count(E))
      Escaping.insert(callerKey(F));
    return true;
  }
  llvm::DenseMap<const FunctionDecl *, CallerIndex::Uses> &Index;
  const ApiModel &Api;
  llvm::SmallPtrSet<const Expr *, 32> Callees;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Escaping, Bound;
};

} // namespace

const CallerIndex::Uses &CallerIndex::usesOf(const FunctionDecl *F) {
  if (!Indexed) {
    Indexed = true;
    UseIndexer I(Index, Api);
    I.walk(Ctx.getTranslationUnitDecl());
    I.finish();
  }
  // Not inserted: the map does not grow (and move its entries) after
  // indexing, so references stay valid through recursive queries.
  static const Uses None;
  auto It = Index.find(callerKey(F));
  return It == Index.end() ? None : It->second;
}

bool CallerIndex::callersInUnit(const FunctionDecl *F) {
  const Uses &U = usesOf(F);
  return U.Bound || (!U.Escapes && !U.Calls.empty() && !F->isMain());
}

bool CallerIndex::entryInSight(
    const FunctionDecl *F, llvm::function_ref<const PythonWrappers *()> Python,
    unsigned Depth) {
  if (!callersInUnit(F))
    return false;
  const Uses &U = usesOf(F);
  if (U.Bound) {
    if (!Python || U.BoundNames.empty())
      return true;
    const PythonWrappers *Package = Python();
    return !Package || llvm::any_of(U.BoundNames, [&](const std::string &Name) {
      return Package->callersOf(Name) != PythonWrappers::Callers::Casting;
    });
  }
  if (Depth >= 4)
    return false;
  for (const Expr *Call : U.Calls) {
    const FunctionDecl *Caller = enclosingFunction(Call);
    if (!Caller || callerKey(Caller) == callerKey(F))
      continue;
    // A caller that takes no tensor makes the ones it passes (main, a
    // training loop, a test); one that does passes its callers'.
    bool Origin =
        llvm::none_of(Caller->parameters(), [&](const ParmVarDecl *P) {
          return holdsTensor(P->getType(), Api);
        });
    if (Origin || entryInSight(Caller, Python, Depth + 1))
      return true;
  }
  return false;
}

const FunctionDecl *CallerIndex::enclosingFunction(const Stmt *S) const {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 256; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *F = Node.get<FunctionDecl>())
      if (!isLambdaOperator(F))
        return F;
    if (Node.get<TranslationUnitDecl>())
      return nullptr;
  }
  return nullptr;
}

} // namespace torchdtype
