//===- Conversions.cpp - tensor conversions and what a tensor says -------===//
//
// Tensor conversions (to, toType, type_as, cpu, cuda, toBackend: the rules of
// checker/data/api.json, free functions of the state) and what a tensor says
// of itself (options(), dtype(), device()). TensorOptions and TypeMeta are
// in Options.cpp.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace torchdtype {

AbsValue models::conversion(TransferState &St, ConversionRule Rule,
                            const CallSite &S) {
  AbsValue Self = St.eval(S.Obj);
  if (!Self.isTensor())
    Self = AbsValue::unknownTensor();
  SourceLocation L = S.E->getExprLoc();
  llvm::ArrayRef<const Expr *> Args = S.Args;
  const FunctionDecl *Callee = S.Callee;
  AbsValue R = Self;
  bool Explicit;
  switch (Rule) {
  case ConversionRule::To:
    R = applyDTypeDeviceArgs(St, Self, Callee, Args, Explicit);
    if (!R.DT.Param.isSymbolic() && !(R.DT == Self.DT))
      R.DT.Where = L;
    if (!R.DV.Param.isSymbolic() && !(R.DV == Self.DV))
      R.DV.Where = L;
    // Re-stamp what the call named explicitly, even when unchanged.
    for (unsigned I = 0; I < Args.size(); ++I) {
      AbsValue A = St.eval(Args[I]);
      if (A.K == AbsValue::Kind::DType && R.DT.single())
        R.DT.Where = L;
      if (A.K == AbsValue::Kind::Device && R.DV.single())
        R.DV.Where = L;
    }
    return R;
  case ConversionRule::DTypeArg:
    if (!Args.empty()) {
      AbsValue A = St.eval(Args[0]);
      R.DT = A.K == AbsValue::Kind::DType ? A.DT : DTypeFact::unknown();
      if (R.DT.single())
        R.DT.Where = L;
    }
    return R;
  case ConversionRule::LikeArg:
    if (!Args.empty()) {
      AbsValue A = St.eval(Args[0]);
      R.DT = A.isTensor() ? A.DT : DTypeFact::unknown();
      R.DV = A.isTensor() ? A.DV : DeviceFact::unknown();
      if (R.DT.single())
        R.DT.Where = L;
      if (R.DV.single())
        R.DV.Where = L;
    }
    return R;
  case ConversionRule::DeviceCPU:
    R.DV = DeviceFact::of(Device::CPU, L);
    return R;
  case ConversionRule::DeviceCUDA:
    R.DV = DeviceFact::of(Device::CUDA, L);
    return R;
  case ConversionRule::BackendArg:
    R.DV = DeviceFact::unknown();
    if (!Args.empty())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(Args[0])))
        if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
          if (std::optional<Device> D = deviceFromEnumerator(EC->getName()))
            R.DV = DeviceFact::of(*D, L);
    return R;
  }
  return R;
}

AbsValue FunctionAnalyzer::tensorMethod(const CallSite &S) {
  llvm::StringRef Name = S.Name;
  llvm::ArrayRef<const Expr *> Args = S.Args;
  if (std::optional<ConversionRule> Conv = Api.conversion(Name))
    return models::conversion(*this, *Conv, S);
  AbsValue Self = eval(S.Obj);
  if (!Self.isTensor())
    Self = AbsValue::unknownTensor();
  if (Api.isOptionsAccessor(Name) && Args.empty()) {
    AbsValue O;
    O.K = AbsValue::Kind::Options;
    O.DT = Self.DT;
    O.DV = Self.DV;
    return O;
  }
  if (Api.isDTypeAccessor(Name) && Args.empty()) {
    AbsValue D;
    D.K = AbsValue::Kind::DType;
    D.DT = Self.DT;
    return D;
  }
  if (Api.isDeviceAccessor(Name) && Args.empty()) {
    AbsValue D;
    D.K = AbsValue::Kind::Device;
    D.DV = Self.DV;
    return D;
  }
  if (S.Result != TypeKind::Tensor && S.Result != TypeKind::TensorList)
    return unknownOf(S.E->getType());
  llvm::SmallVector<const Expr *, 4> Operands{S.Obj};
  Operands.append(Args.begin(), Args.end());
  return tensorOp(S, Operands);
}

void FunctionAnalyzer::conversionEffects(const CallSite &S, const AbsValue &V) {
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(storageOf(S.Obj)))
    if (P->getDeclContext() == FD && P->getFunctionScopeIndex() < 64)
      Sum.ParamsReassigned |= uint64_t(1) << P->getFunctionScopeIndex();
  // Already float64 on MPS before: reported where it got there.
  AbsValue Self = eval(S.Obj);
  if (!(Self.DT.single() == DType::Double && Self.DV.single() == Device::MPS))
    recordMpsFloat64(S.E, V);
}

void FunctionAnalyzer::recordMpsFloat64(const Expr *E, const AbsValue &V) {
  if (V.DT.single() == DType::Double && V.DV.single() == Device::MPS)
    record(MpsFloat64, E, MpsFloat64Event{E, V});
}

} // namespace torchdtype
