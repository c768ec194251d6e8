//===- Autocast.cpp - autocast and the default dtype ----------------------===//
//
// The at::autocast setters (checker/data/api.json "autocast_setters") turn
// autocast on or off, or set its dtype, per device; set_default_dtype
// changes what factories create.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"
#include "analysis/KnownConstants.h"
#include "analysis/PathStates.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace torchdtype::models {

/// `const bool prev = at::autocast::is_cpu_enabled();`: the variable that
/// saved the autocast state, and the state it saved on this path (kept as a
/// guard entry that restores nothing by itself).
static const GuardSnapshot *savedState(const FlowState &S, const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(E));
  const auto *It = DRE ? llvm::find_if(S.Guards,
                                       [&](const auto &G) {
                                         return G.first == DRE->getDecl() &&
                                                G.second.Restores == 0;
                                       })
                       : S.Guards.end();
  return It == S.Guards.end() ? nullptr : &It->second;
}

std::optional<Assumption> autocastFlagToSplit(TransferState &St,
                                              const CallExpr *CE) {
  // `set_cpu_enabled(amp)` with a bool variable the path knows nothing
  // of: each value is a path of its own, as `if (amp)` would make.
  const CallSite &Site = St.site(CE);
  if (Site.Family != CallFamily::Autocast || !Site.IsLibTorch)
    return std::nullopt;
  std::optional<AutocastSetter> Setter = St.api().autocastSetter(Site.Name);
  if (!Setter || Setter->What != AutocastSetter::Sets::Enabled ||
      Site.Args.empty())
    return std::nullopt;
  const Expr *Value = Site.Args.back();
  std::optional<Assumption> A = branchVariable(
      Value, St.api(), [&](const VarDecl *V) { return St.trackedVar(V); });
  if (!A || A->Rel != Assumption::Relation::Is || A->Site)
    return std::nullopt;
  const auto *V = dyn_cast_or_null<VarDecl>(A->Var);
  if (!V || !St.trackedVar(V) || St.knownConstant(Value) ||
      savedState(St.path(), Value))
    return std::nullopt;
  A->Where = Value;
  return A;
}

/// An autocast setter or query (the at::autocast namespace).
static void autocastCall(TransferState &St, const CallSite &S) {
  const ApiModel &Api = St.api();
  FlowState &Cur = St.path();
  std::optional<AutocastSetter> Setter = Api.autocastSetter(S.Name);
  if (!Setter) {
    // A query of whether autocast is on, kept in a variable: what a setter
    // given that variable later restores.
    std::optional<AutocastSetter> Q = Api.autocastQuery(S.Name);
    const auto *V = dyn_cast_or_null<VarDecl>(holderOf(S.E, St.astContext()));
    if (Q && Q->What == AutocastSetter::Sets::Enabled && Q->Device && V &&
        (V->getType().isConstQualified() || St.stableVar(V))) {
      llvm::erase_if(Cur.Guards, [&](const auto &G) { return G.first == V; });
      GuardSnapshot G = snapshotOf(Cur);
      G.Restores = 0;
      Cur.Guards.push_back({V, G});
    }
    return;
  }
  // The device is the setter's own, or its first argument (2.4 and later).
  std::optional<AutocastDevice> Dev = Setter->Device;
  const Expr *Value = nullptr;
  if (Dev && S.Args.size() == 1) {
    Value = S.Args[0];
  } else if (!Dev && S.Args.size() == 2) {
    Value = S.Args[1];
    AbsValue D = St.eval(S.Args[0]);
    if (D.K == AbsValue::Kind::Device && D.DV.single())
      Dev = autocastDeviceOf(*D.DV.single());
  } else {
    return;
  }
  if (Setter->What == AutocastSetter::Sets::Enabled) {
    AutocastState State = AutocastState::Unknown;
    // A constant, or a flag whose value the path assumed (split there by
    // splitAt when nothing was).
    std::optional<Constant> K =
        Value->isValueDependent() ? std::nullopt : St.knownConstant(Value);
    if (std::optional<bool> B = K ? K->truth() : std::nullopt)
      State = *B ? AutocastState::On : AutocastState::Off;
    else if (const GuardSnapshot *G = savedState(Cur, Value); G && Dev)
      State = G->Autocast[unsigned(*Dev)]; // given back what was saved
    if (Dev)
      Cur.Autocast[unsigned(*Dev)] = State;
    else
      Cur.Autocast.fill(AutocastState::Unknown);
    return;
  }
  AbsValue D = St.eval(Value);
  std::optional<DType> DT =
      D.K == AbsValue::Kind::DType ? D.DT.single() : std::nullopt;
  if (Dev && DT && Api.autocastDTypeRefusal(*Dev, *DT))
    St.recordAutocastDType(AutocastDTypeEvent{
        S.E, *Dev, *DT, Operand{Value, D, "", 0}, Cur.Assumed});
  if (Dev)
    Cur.AutocastDType[unsigned(*Dev)] = DT;
  else
    Cur.AutocastDType.fill(std::nullopt);
}

void setterEffects(TransferState &St, const CallSite &S, const AbsValue &V) {
  // A function of the user's by such a name is a user call.
  if (!S.IsLibTorch) {
    callEffects(St, S, V);
  } else if (S.Family == CallFamily::DefaultDType) {
    AbsValue D = St.eval(S.Args[0]);
    St.path().DefaultDType =
        D.K == AbsValue::Kind::DType ? D.DT : DTypeFact::unknown();
  } else {
    autocastCall(St, S);
  }
}

bool hasExplicitDType(const ApiModel &Api, const CallSite &S) {
  for (unsigned I = 0; I < S.Args.size() && I < S.Callee->getNumParams(); ++I)
    if (!isa<CXXDefaultArgExpr>(S.Args[I]) &&
        Api.classify(unwrapOptional(
            Api, S.Callee->getParamDecl(I)->getType())) == TypeKind::ScalarType)
      return true;
  // A functional's options given a dtype (`F::SoftmaxFuncOptions(1)
  // .dtype(kFloat)`, also through a copy): the op computes in it.
  return llvm::any_of(S.Args, [&](const Expr *A) {
    return !isa<CXXDefaultArgExpr>(A) &&
           optionSetterArg(A, "dtype", Api,
                           [](const VarDecl *) { return true; });
  });
}

AbsValue autocastResult(TransferState &St, const CallSite &S,
                        llvm::StringRef Op, AbsValue R,
                        llvm::ArrayRef<AbsValue> Operands) {
  const ApiModel &Api = St.api();
  bool InPlace, Out, OutLast;
  baseOpName(S.Name, InPlace, Out, OutLast);
  if (InPlace || Out || hasExplicitDType(Api, S))
    return R; // not autocast
  // No result on this path (`stack` of a vector nothing was put in throws):
  // nothing to cast.
  if (!R.DT.Param.isSymbolic() && R.DT.Bits == 0)
    return R;
  // Operands autocast leaves alone on every device (float64, integral):
  // the op runs as it would without it, wherever it runs.
  if (!Operands.empty() && llvm::all_of(Operands, [](const AbsValue &V) {
        std::optional<DType> D = V.DT.single();
        return D && (!isFloating(*D) || *D == DType::Double);
      }))
    return R;
  AutocastArray State = St.autocast();
  std::optional<Device> Dev = R.DV.single();
  for (unsigned I = 0; I < NumAutocastDevices; ++I) {
    AutocastDevice AD = AutocastDevice(I);
    if ((Dev && autocastDeviceOf(*Dev) != AD) ||
        State[I] == AutocastState::Off || State[I] == AutocastState::Entry)
      continue;
    AutocastPolicy P = Api.autocastPolicy(AD, Op);
    if (P == AutocastPolicy::NotListed && Api.autocastInside(AD, Op)) {
      R.DT = DTypeFact::unknown(); // an op inside may be cast
      return R;
    }
    if (P == AutocastPolicy::NotListed || P == AutocastPolicy::Banned)
      continue;
    std::optional<DType> Default = Api.autocastDefault(AD);
    R.DT = DTypeFact::unknown();
    if (State[I] != AutocastState::On || !Dev || !Default)
      return R; // autocast may or may not decide
    // The operands as autocast casts them; they must agree (else the op
    // throws, which the checks report).
    DType Lower = St.path().AutocastDType[I].value_or(*Default);
    DType Widest = Lower;
    for (const AbsValue &V : Operands)
      if (V.DT.single() == DType::Float)
        Widest = DType::Float;
    // An operand of unknown dtype: under a policy that casts to one dtype,
    // the op either returns what the known operands are cast to, or throws
    // (an operand autocast leaves alone, float64 or integral, that differs).
    std::optional<DType> Result;
    for (const AbsValue &V : Operands) {
      std::optional<DType> D = V.DT.single();
      if (!D) {
        if (P == AutocastPolicy::Promote)
          return R;
        continue;
      }
      DType C = castByAutocast(*D, P, Lower, Widest);
      if (Result && *Result != C)
        return R;
      Result = C;
    }
    if (Result)
      R.DT = DTypeFact::of(*Result, S.E->getExprLoc());
    return R;
  }
  return R;
}

} // namespace torchdtype::models

torchdtype::DType torchdtype::castByAutocast(DType D, AutocastPolicy P,
                                             DType Lower, DType Widest) {
  if (!isFloating(D) || D == DType::Double)
    return D; // autocast only casts float16/bfloat16/float32 tensors
  switch (P) {
  case AutocastPolicy::LowerPrecision:
    return Lower;
  case AutocastPolicy::FP32:
    return DType::Float;
  case AutocastPolicy::Promote:
    return Widest;
  default:
    return D;
  }
}
