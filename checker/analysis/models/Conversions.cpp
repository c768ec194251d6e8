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

AbsValue models::tensorMethodValue(TransferState &St, const CallSite &S) {
  const ApiModel &Api = St.api();
  llvm::StringRef Name = S.Name;
  llvm::ArrayRef<const Expr *> Args = S.Args;
  if (std::optional<ConversionRule> Conv = Api.conversion(Name))
    return models::conversion(St, *Conv, S);
  AbsValue Self = St.eval(S.Obj);
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
    return St.unknownOf(S.E->getType());
  llvm::SmallVector<const Expr *, 4> Operands{S.Obj};
  Operands.append(Args.begin(), Args.end());
  return tensorOpValue(St, S, Operands);
}

void models::conversionEffects(TransferState &St, const CallSite &S,
                               const AbsValue &V) {
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(storageOf(S.Obj)))
    St.paramConverted(P);
  // Already float64 on MPS before: reported where it got there.
  if (!derivedFromFloat64OnMps(St, S.Obj) &&
      llvm::none_of(S.Args, [&](const Expr *A) {
        return derivedFromFloat64OnMps(St, A);
      }))
    St.recordPlacement(S.E, V);
}

bool models::derivedFromFloat64OnMps(TransferState &St, const Expr *E,
                                     unsigned Depth) {
  // A tensor placed (float64 on MPS) before, and reported where it was:
  // what takes its dtype or device from it (`x.to(t.device())`,
  // `x.to(t.scalar_type())`) fails with it, not on its own.
  if (!E || Depth > 6)
    return false;
  E = E->IgnoreParenImpCasts();
  if (St.api().classify(E->getType()) == TypeKind::Tensor &&
      float64OnMps(St.eval(E)))
    return true;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child);
        CE && derivedFromFloat64OnMps(St, CE, Depth + 1))
      return true;
  return false;
}

void FunctionAnalyzer::recordPlacement(const Expr *E, const AbsValue &V) {
  if (float64OnMps(V))
    record(MpsFloat64, E, MpsFloat64Event{E, V, {}});
  else if (V.isTensor() || V.K == AbsValue::Kind::Module)
    keepPlacement(MpsFloat64Event{E, V, {}});
}

bool FunctionAnalyzer::keepPlacement(MpsFloat64Event P) {
  if (InvariantMode || P.Via.size() >= AC.config().MaxCallDepth ||
      !(P.V.DT.Param.isSymbolic() || P.V.DV.Param.isSymbolic()))
    return false;
  if (llvm::none_of(Sum.SymbolicPlacements, [&](const MpsFloat64Event &Q) {
        return Q.E == P.E && Q.V == P.V && llvm::equal(Q.Via, P.Via);
      }))
    Sum.SymbolicPlacements.push_back(std::move(P));
  return true;
}

bool FunctionAnalyzer::instantiatePlacements(const Summary &Callee,
                                             llvm::ArrayRef<const Expr *> Args,
                                             const AbsValue *Receiver,
                                             const CallExpr *Call) {
  // A callee's conversion placed by the arguments: judged where it runs, with
  // this call as its context (Placed: it was, or will be at this function's
  // callers, so the call is not judged by its result as well).
  bool Placed = false;
  // (An argument itself a float64 tensor on MPS was reported where it was
  // placed: a placement reading its dtype or device fails with it.)
  auto FromPlaced = [&](const ParamRef &R) {
    return (R.isParam() || R.isFieldOfParam()) && R.Index < Args.size() &&
           models::derivedFromFloat64OnMps(*this, Args[R.Index]);
  };
  for (const MpsFloat64Event &P : Callee.SymbolicPlacements) {
    if (P.Via.size() >= AC.config().MaxCallDepth || FromPlaced(P.V.DT.Param) ||
        FromPlaced(P.V.DV.Param))
      continue;
    AbsValue V = bindParams(P.V, Args, Receiver);
    MpsFloat64Event I{P.E, V, P.Via};
    I.Via.push_back(Call);
    if (float64OnMps(V)) {
      record(MpsFloat64, Call, std::move(I));
      Placed = true;
    } else {
      // still the caller's parameters': judged at the caller's callers
      Placed |= keepPlacement(std::move(I));
    }
  }
  return Placed;
}

} // namespace torchdtype
