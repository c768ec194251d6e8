//===- FromBlobDevice.cpp - torchdtype-from-blob-device's finder ----------===//
//
// from_blob over host memory told it is on a device (or device memory told
// it is on the CPU). Its events: FromBlobEvent (models/Factories.cpp); its
// report: checks/FromBlobDeviceCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

namespace torchdtype {

namespace {

/// The buffer argument as written: through parentheses and casts.
const clang::Expr *bufferArg(const clang::Expr *E) {
  E = strip(E);
  while (const auto *C = llvm::dyn_cast_or_null<clang::ExplicitCastExpr>(E))
    E = strip(C->getSubExpr());
  return E;
}

bool isOneOf(const clang::NamedDecl *D,
             std::initializer_list<llvm::StringRef> Names) {
  if (!D || !D->getIdentifier())
    return false;
  return llvm::is_contained(Names, D->getName());
}

/// What makes E a pointer to pageable host memory: a std::vector's or
/// std::array's data(), an array, new, malloc (not a CPU tensor's memory:
/// it may be pinned, which CUDA accepts, and pinning is not tracked).
/// Depth: through local pointers initialized with one and never rewritten.
std::optional<std::string>
hostMemory(const clang::Expr *E, clang::ASTContext &Ctx, unsigned Depth = 0) {
  E = bufferArg(E);
  if (!E)
    return std::nullopt;
  if (llvm::isa<clang::CXXNewExpr>(E))
    return std::string("memory from new");
  if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E))
    if (const clang::FunctionDecl *F = CE->getDirectCallee();
        F && F->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
        isOneOf(F, {"malloc", "calloc", "aligned_alloc"}))
      return "memory from " + F->getName().str();
  if (const auto *MC = llvm::dyn_cast<clang::CXXMemberCallExpr>(E)) {
    const clang::CXXRecordDecl *RD = MC->getRecordDecl();
    if (MC->getMethodDecl() && MC->getMethodDecl()->getName() == "data" && RD &&
        RD->isInStdNamespace() &&
        isOneOf(RD, {"vector", "array", "basic_string"}))
      return "the host memory of std::" + RD->getName().str();
    return std::nullopt;
  }
  const auto *DR = llvm::dyn_cast<clang::DeclRefExpr>(E);
  const auto *V = DR ? llvm::dyn_cast<clang::VarDecl>(DR->getDecl()) : nullptr;
  if (!V || V->hasAttr<clang::CUDADeviceAttr>() ||
      V->hasAttr<clang::CUDAConstantAttr>() ||
      V->hasAttr<clang::CUDASharedAttr>())
    return std::nullopt;
  if (V->getType()->isArrayType())
    return "the array '" + V->getName().str() + "'";
  // A local pointer: its initializer's memory, if nothing rewrites it.
  const auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(
      V->getParentFunctionOrMethod());
  if (Depth > 2 || !V->isLocalVarDecl() || !V->getType()->isPointerType() ||
      !V->getInit() || !FD || rewrittenIn(V, FD->getBody()))
    return std::nullopt;
  return hostMemory(V->getInit(), Ctx, Depth + 1);
}

} // namespace

std::vector<FromBlobDeviceFinding> findFromBlobDevice(const FunctionResult &R,
                                                      clang::ASTContext &Ctx) {
  std::vector<FromBlobDeviceFinding> Out;
  if (R.Skipped)
    return Out;
  for (const FromBlobEvent &F : R.FromBlobs) {
    if (F.Call->getNumArgs() < 1 || F.V.DV.single() != Device::CUDA)
      continue;
    if (std::optional<std::string> What = hostMemory(F.Call->getArg(0), Ctx))
      Out.push_back({&F, std::move(*What)});
  }
  return Out;
}

} // namespace torchdtype
