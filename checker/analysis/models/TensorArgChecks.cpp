//===- TensorArgChecks.cpp - ATen/TensorUtils.h's argument checks -------===//
//
// at::checkScalarType(s), checkSameType, checkAllSameType, checkSameGPU,
// checkAllSameGPU: each throws unless its TensorArgs have the dtypes (share
// the dtype, the device) it names, so past the call the path knows it, as
// past a TORCH_CHECK. The names are api.json's (dtype_checks,
// same_dtype_checks, same_device_checks).
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace torchdtype {

/// The tensor a TensorArg is made of (`at::TensorArg a_arg{a, "a", 1}`,
/// `{a, "a", 1}` in a list), through a variable holding one.
static const Decl *tensorOfArg(const Expr *E, unsigned Depth = 0) {
  E = strip(E);
  if (!E || Depth > 4)
    return nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl());
        V && V->getInit() && !V->getType()->isReferenceType())
      return tensorOfArg(V->getInit(), Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 0)
      return nullptr;
    if (isCopyOrMoveOf(CE))
      return tensorOfArg(CE->getArg(0), Depth + 1);
    return storageOf(CE->getArg(0));
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return IL->getNumInits() ? storageOf(IL->getInit(0)) : nullptr;
  return nullptr;
}

bool models::tensorArgChecks(TransferState &St, const CallSite &S) {
  if (!S.Callee || S.IsMethod || S.Args.size() < 2)
    return false;
  const ApiModel &Api = St.api();
  std::string Name = S.Callee->getQualifiedNameAsString();
  if (Api.isDTypeCheck(Name)) {
    // checkScalarType(c, arg, kFloat), checkScalarTypes(c, arg, {...}):
    // past it, arg's tensor has one of the dtypes.
    if (S.Args.size() < 3)
      return true;
    uint32_t Bits = 0;
    llvm::SmallVector<const Expr *, 4> Types;
    if (const InitListExpr *IL = bracedList(S.Args[2]))
      Types.append(IL->inits().begin(), IL->inits().end());
    else
      Types.push_back(S.Args[2]);
    for (const Expr *T : Types) {
      std::optional<DType> D = St.constantOf(peelConversion(T)).DT.single();
      if (!D)
        return true;
      Bits |= 1u << unsigned(*D);
    }
    if (const Decl *Tensor = tensorOfArg(S.Args[1]); Tensor && Bits)
      St.assumeDTypes(Tensor, Bits, S.E->getBeginLoc());
    return true;
  }
  bool SameDType = Api.isSameDTypeCheck(Name);
  if (!SameDType && !Api.isSameDeviceCheck(Name))
    return false;
  // The TensorArgs after the CheckedFrom: one each, or a braced list.
  llvm::SmallVector<const Decl *, 4> Tensors;
  for (const Expr *A : llvm::ArrayRef(S.Args).drop_front()) {
    if (const InitListExpr *IL = bracedList(A)) {
      for (const Expr *El : IL->inits())
        Tensors.push_back(tensorOfArg(El));
    } else {
      Tensors.push_back(tensorOfArg(A));
    }
  }
  for (size_t I = 1; I < Tensors.size(); ++I)
    if (Tensors[0] && Tensors[I] && Tensors[0] != Tensors[I])
      St.assumeSame(Tensors[0], Tensors[I], /*IsDevice=*/!SameDType);
  return true;
}

} // namespace torchdtype
