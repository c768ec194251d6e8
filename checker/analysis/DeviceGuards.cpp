//===- DeviceGuards.cpp - work on the current CUDA device, and its guards -===//

#include "DeviceGuards.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {

namespace {

/// The function a declaration-level name stands for in the index: the
/// template a specialization was instantiated from, its first declaration.
const FunctionDecl *key(const FunctionDecl *F) {
  if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
    F = P;
  return F->getCanonicalDecl();
}

bool isLambdaOperator(const Decl *D) {
  const auto *M = dyn_cast<CXXMethodDecl>(D);
  return M && M->getParent()->isLambda();
}

/// Whether an argument leaves the device to the current one: absent,
/// defaulted, or -1.
bool currentDeviceArgument(const Expr *A, ASTContext &Ctx) {
  if (isa<CXXDefaultArgExpr>(A))
    return true;
  Expr::EvalResult R;
  return !A->isValueDependent() &&
         A->IgnoreImplicit()->EvaluateAsInt(R, Ctx) && R.Val.getInt() == -1;
}

bool callsSetter(const Stmt *S, const ApiModel &Api) {
  if (!S)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = CE->getDirectCallee())
      if (Api.isDeviceSetter(F->getQualifiedNameAsString()))
        return true;
  if (isa<LambdaExpr>(S))
    return false;
  for (const Stmt *C : S->children())
    if (callsSetter(C, Api))
      return true;
  return false;
}

/// A tensor, or a list or optional of tensors (at::TensorList,
/// std::vector<at::Tensor>, c10::optional<at::Tensor> ...).
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

/// Every naming of a function: as the callee of a call, or otherwise.
class UseIndexer : public RecursiveASTVisitor<UseIndexer> {
public:
  using Uses = llvm::SmallVector<const Expr *, 4>;
  UseIndexer(llvm::DenseMap<const FunctionDecl *, Uses> &Calls,
             llvm::SmallPtrSetImpl<const FunctionDecl *> &Escaping,
             llvm::SmallPtrSetImpl<const FunctionDecl *> &Bound,
             const ApiModel &Api)
      : Calls(Calls), Escaping(Escaping), Bound(Bound), Api(Api) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F)
      return true;
    Calls[key(F)].push_back(CE);
    Callees.insert(CE->getCallee()->IgnoreParenImpCasts());
    // m.def("name", &f), m.impl("name", f): f is called from Python.
    if (Api.isPythonBinding(F->getQualifiedNameAsString()))
      for (const Expr *A : CE->arguments()) {
        const Expr *Named = A->IgnoreParenImpCasts();
        if (const auto *UO = dyn_cast<UnaryOperator>(Named);
            UO && UO->getOpcode() == UO_AddrOf)
          Named = UO->getSubExpr()->IgnoreParenImpCasts();
        if (const auto *DR = dyn_cast<DeclRefExpr>(Named))
          if (const auto *G = dyn_cast<FunctionDecl>(DR->getDecl()))
            Bound.insert(key(G));
      }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (const CXXConstructorDecl *C = CE->getConstructor())
      Calls[key(C)].push_back(CE);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return named(E, E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return named(E, E->getMemberDecl()); }

private:
  bool named(const Expr *E, const ValueDecl *D) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (F && !Callees.count(E))
      Escaping.insert(key(F));
    return true;
  }
  llvm::DenseMap<const FunctionDecl *, Uses> &Calls;
  llvm::SmallPtrSetImpl<const FunctionDecl *> &Escaping;
  llvm::SmallPtrSetImpl<const FunctionDecl *> &Bound;
  const ApiModel &Api;
  llvm::SmallPtrSet<const Expr *, 32> Callees;
};

} // namespace

std::optional<DeviceWork> deviceWork(const Expr *E, const ApiModel &Api) {
  if (isa<CUDAKernelCallExpr>(E))
    return DeviceWork::Launch;
  const auto *CE = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  if (!F || !Api.isCurrentDeviceWork(F->getQualifiedNameAsString()))
    return std::nullopt;
  ASTContext &Ctx = F->getASTContext();
  for (const Expr *A : CE->arguments())
    if (!currentDeviceArgument(A, Ctx))
      return std::nullopt;
  return DeviceWork::CurrentStream;
}

bool DeviceGuards::isGuard(const Stmt *S) const {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (const CXXRecordDecl *RD =
                V->getType().getNonReferenceType()->getAsCXXRecordDecl())
          if (Api.isDeviceGuard(RD->getQualifiedNameAsString()))
            return true;
  }
  return callsSetter(S, Api);
}

bool DeviceGuards::guardedAt(const Stmt *S) const {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (unsigned Steps = 0; Steps < 256; ++Steps) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (const auto *CS = P.get<CompoundStmt>()) {
      const Stmt *Child = Node.get<Stmt>();
      for (const Stmt *Before : CS->body()) {
        if (Before == Child)
          break;
        if (isGuard(Before))
          return true;
      }
    }
    if (const auto *D = P.get<Decl>())
      if ((isa<FunctionDecl>(D) && !isLambdaOperator(D)) ||
          isa<TranslationUnitDecl>(D))
        return false;
    Node = P;
  }
  return false;
}

const FunctionDecl *DeviceGuards::enclosingFunction(const Stmt *S) const {
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

const DeviceGuards::Uses &DeviceGuards::usesOf(const FunctionDecl *F) {
  if (!Indexed) {
    Indexed = true;
    llvm::DenseMap<const FunctionDecl *, UseIndexer::Uses> Calls;
    llvm::SmallPtrSet<const FunctionDecl *, 16> Escaping, Bound;
    UseIndexer(Calls, Escaping, Bound, Api).TraverseAST(Ctx);
    for (auto &[Fn, List] : Calls)
      Index[Fn].Calls = std::move(List);
    for (const FunctionDecl *Fn : Escaping)
      Index[Fn].Escapes = true;
    for (const FunctionDecl *Fn : Bound)
      Index[Fn].Bound = true;
  }
  return Index[key(F)];
}

DeviceGuards::Verdict DeviceGuards::callersGuard(
    const FunctionDecl *F, unsigned Depth,
    llvm::SmallVectorImpl<const Expr *> *Unguarded) {
  const Uses &U = usesOf(F);
  if (U.Bound)
    return Verdict::Unguarded; // Python sets no device
  // Called from elsewhere (another file, a function pointer): what its
  // callers do is not seen.
  if (U.Escapes || U.Calls.empty() || F->isMain())
    return Verdict::Unseen;
  Verdict V = Verdict::Guarded;
  for (const Expr *Call : U.Calls) {
    if (guardedAt(Call))
      continue;
    const FunctionDecl *Caller = enclosingFunction(Call);
    if (Caller && Depth < 4 && key(Caller) != key(F)) {
      Verdict Up = callersGuard(Caller, Depth + 1, nullptr);
      if (Up == Verdict::Guarded)
        continue;
      if (Up == Verdict::Unseen) {
        // Maybe guarded in a caller elsewhere; named if the function is
        // reported on another call's account, or in strict mode.
        if (V == Verdict::Guarded)
          V = Verdict::Unseen;
        if (Unguarded)
          Unguarded->push_back(Call);
        continue;
      }
    }
    V = Verdict::Unguarded;
    if (!Unguarded)
      return V;
    Unguarded->push_back(Call);
  }
  return V;
}

std::optional<UnguardedWork> DeviceGuards::unguarded(const Expr *E,
                                                      bool Strict) {
  if (guardedAt(E))
    return std::nullopt;
  UnguardedWork W;
  W.Function = enclosingFunction(E);
  if (!W.Function)
    return std::nullopt;
  for (const ParmVarDecl *P : W.Function->parameters())
    if (holdsTensor(P->getType(), Api)) {
      W.Tensor = P;
      break;
    }
  if (!W.Tensor)
    return std::nullopt;
  Verdict V = callersGuard(W.Function, 0, &W.UnguardedCalls);
  if (V == Verdict::Guarded || (V == Verdict::Unseen && !Strict))
    return std::nullopt;
  return W;
}

} // namespace torchdtype
