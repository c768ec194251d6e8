//===- DeviceGuards.cpp - work on the current CUDA device, and its guards -===//

#include "DeviceGuards.h"
#include "ExprUtil.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include <functional>

using namespace clang;

namespace torchdtype {

namespace {

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

DeviceGuards::Verdict DeviceGuards::callersGuard(
    const FunctionDecl *F, unsigned Depth,
    llvm::SmallVectorImpl<const Expr *> *Unguarded) {
  const CallerIndex::Uses &U = Callers.usesOf(F);
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
    const FunctionDecl *Caller = Callers.enclosingFunction(Call);
    if (Caller && Depth < 4 && callerKey(Caller) != callerKey(F)) {
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
  W.Function = Callers.enclosingFunction(E);
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

const clang::CallExpr *launchTaking(const clang::Expr *E,
                                    clang::ASTContext &Ctx) {
  clang::DynTypedNode N = clang::DynTypedNode::create(*E);
  for (unsigned Steps = 0; Steps < 8; ++Steps) {
    clang::DynTypedNodeList Ps = Ctx.getParents(N);
    if (Ps.empty())
      return nullptr;
    N = Ps[0];
    if (const auto *L = N.get<clang::CUDAKernelCallExpr>())
      return L;
    if (const auto *V = N.get<clang::VarDecl>()) {
      if (!V->isLocalVarDecl() || V->getType()->isReferenceType())
        return nullptr;
      // The variable's uses in its function: a launch argument, and no
      // write (an assignment, ++, or its address taken).
      const auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(
          V->getParentFunctionOrMethod());
      if (!FD || rewrittenIn(V, FD->getBody()))
        return nullptr;
      const clang::CallExpr *Found = nullptr;
      std::function<void(const clang::Stmt *)> Walk =
          [&](const clang::Stmt *S) {
            if (!S || Found)
              return;
            if (const auto *DR = llvm::dyn_cast<clang::DeclRefExpr>(S)) {
              if (DR->getDecl() != V)
                return;
              clang::DynTypedNodeList Up = Ctx.getParents(*DR);
              while (!Up.empty() && Up[0].get<clang::ImplicitCastExpr>())
                Up = Ctx.getParents(*Up[0].get<clang::ImplicitCastExpr>());
              if (!Up.empty())
                Found = Up[0].get<clang::CUDAKernelCallExpr>();
              return;
            }
            for (const clang::Stmt *C : S->children())
              Walk(C);
          };
      Walk(FD->getBody());
      return Found;
    }
    const clang::Expr *PE = N.get<clang::Expr>();
    if (!PE || !(llvm::isa<clang::ImplicitCastExpr, clang::ParenExpr,
                           clang::CXXStaticCastExpr, clang::CStyleCastExpr,
                           clang::CXXReinterpretCastExpr,
                           clang::MaterializeTemporaryExpr,
                           clang::CXXConstructExpr, clang::ExprWithCleanups,
                           clang::CXXBindTemporaryExpr>(PE)))
      return nullptr;
  }
  return nullptr;
}

} // namespace torchdtype
