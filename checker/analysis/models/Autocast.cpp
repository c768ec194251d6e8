//===- Autocast.cpp - autocast and the default dtype
//---------------===//
//
// The at::autocast setters (checker/data/api.json "autocast_setters") turn
// autocast on or off, or set its dtype, per device; set_default_dtype
// changes what factories create.
//
//===----------------------------------------------------------------------===//

#include "analysis/FunctionAnalyzer.h"
#include "analysis/ExprUtil.h"
#include "analysis/KnownConstants.h"
#include "llvm/ADT/STLExtras.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace torchdtype {

void FunctionAnalyzer::setterEffects(const CallSite &S, const AbsValue &V) {
  // A function of the user's by such a name is a user call; a TensorArg
  // check by one (tensorArgCheck) is a check.
  if (!S.IsLibTorch)
    userEffects(S, V);
  else if (tensorArgCheck(S))
    return;
  else if (S.Family == CallFamily::DefaultDType)
    defaultDTypeCall(S);
  else
    autocastCall(S);
}

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

std::optional<Assumption>
FunctionAnalyzer::autocastFlagToSplit(const CallExpr *CE,
                                      const FlowState &S) {
  // `set_cpu_enabled(amp)` with a bool variable the path knows nothing
  // of: each value is a path of its own, as `if (amp)` would make.
  const CallSite &Site = site(CE);
  if (Site.Family != CallFamily::Autocast || !Site.IsLibTorch)
    return std::nullopt;
  std::optional<AutocastSetter> Setter = Api.autocastSetter(Site.Name);
  if (!Setter || Setter->What != AutocastSetter::Sets::Enabled ||
      Site.Args.empty())
    return std::nullopt;
  const Expr *Value = Site.Args.back();
  std::optional<Assumption> A = branchVariable(Value, Api, TrackedFn);
  if (!A || A->Rel != Assumption::Relation::Is || A->Site)
    return std::nullopt;
  const auto *V = dyn_cast_or_null<VarDecl>(A->Var);
  if (!V || !trackedVar(V) || knownValue(Value, S.Assumed, Ctx, CallsFn) ||
      savedState(S, Value))
    return std::nullopt;
  A->Where = Value;
  return A;
}

void FunctionAnalyzer::autocastCall(const CallSite &S) {
  std::optional<AutocastSetter> Setter = Api.autocastSetter(S.Name);
  if (!Setter) {
    // A query of whether autocast is on, kept in a variable: what a setter
    // given that variable later restores.
    std::optional<AutocastSetter> Q = Api.autocastQuery(S.Name);
    const auto *V = dyn_cast_or_null<VarDecl>(guardHolder(S.E));
    if (Q && Q->What == AutocastSetter::Sets::Enabled && Q->Device && V &&
        (V->getType().isConstQualified() || stableVar(V))) {
      llvm::erase_if(Cur->Guards, [&](const auto &G) { return G.first == V; });
      GuardSnapshot G = stateSnapshot();
      G.Restores = 0;
      Cur->Guards.push_back({V, G});
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
    AbsValue D = eval(S.Args[0]);
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
        Value->isValueDependent() ? std::nullopt
                                  : knownValue(Value, Cur->Assumed, Ctx, CallsFn);
    if (std::optional<bool> B = K ? K->truth() : std::nullopt)
      State = *B ? AutocastState::On : AutocastState::Off;
    else if (const GuardSnapshot *G = savedState(*Cur, Value); G && Dev)
      State = G->Autocast[unsigned(*Dev)]; // given back what was saved
    if (Dev)
      Cur->Autocast[unsigned(*Dev)] = State;
    else
      Cur->Autocast.fill(AutocastState::Unknown);
    return;
  }
  AbsValue D = eval(Value);
  std::optional<DType> DT =
      D.K == AbsValue::Kind::DType ? D.DT.single() : std::nullopt;
  if (Dev && DT && Api.autocastDTypeRefusal(*Dev, *DT))
    record(RefusedAutocastDTypes, S.E,
           AutocastDTypeEvent{S.E, *Dev, *DT, Operand{Value, D, "", 0},
                              Cur->Assumed});
  if (Dev)
    Cur->AutocastDType[unsigned(*Dev)] = DT;
  else
    Cur->AutocastDType.fill(std::nullopt);
}

void FunctionAnalyzer::defaultDTypeCall(const CallSite &S) {
  AbsValue D = eval(S.Args[0]);
  Cur->DefaultDType = D.K == AbsValue::Kind::DType ? D.DT : DTypeFact::unknown();
}

AbsValue FunctionAnalyzer::autocastResult(const CallSite &S, llvm::StringRef Op,
                                          AbsValue R,
                                          llvm::ArrayRef<AbsValue> Operands) {
  bool InPlace, Out, OutLast;
  baseOpName(S.Name, InPlace, Out, OutLast);
  if (InPlace || Out || hasExplicitDType(S))
    return R; // not autocast
  AutocastArray State = currentAutocast();
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
    DType Lower = Cur->AutocastDType[I].value_or(*Default);
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

} // namespace torchdtype
