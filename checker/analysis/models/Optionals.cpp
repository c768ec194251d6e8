//===- Optionals.cpp - std::optional and c10::optional --------------------===//
//
// An optional's value is that of what it holds, with whether it holds one
// (AbsValue::Opt): made empty (default, nullopt, reset()) or from a value;
// read with value(), operator*, operator-> or value_or(fallback), which
// gives the fallback when it is empty and the join of both when that is not
// known.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"

using namespace clang;

namespace torchdtype::models {

namespace {

AbsValue contents(AbsValue V) {
  V.Opt = AbsValue::Engaged::Unknown;
  return V;
}

} // namespace

AbsValue optionalOf(TransferState &St, QualType T, const Expr *From) {
  if (!From || isNulloptType(strip(From)->getType())) {
    AbsValue V = St.unknownOf(T);
    V.Opt = AbsValue::Engaged::No;
    return V;
  }
  AbsValue V = St.eval(From);
  if (St.api().classify(strip(From)->getType()) != TypeKind::Optional)
    V.Opt = AbsValue::Engaged::Yes;
  return V;
}

std::optional<AbsValue> optionalRead(TransferState &St, const CallSite &S) {
  if (S.Receiver != TypeKind::Optional || !S.Obj || !S.Callee)
    return std::nullopt;
  QualType RT = S.E->getType();
  AbsValue O = St.eval(S.Obj);
  llvm::StringRef N = S.Name;
  if (N == "value" || N == "operator*")
    return St.convertTo(contents(O), RT.getNonReferenceType());
  if (N == "value_or" && S.Args.size() == 1) {
    AbsValue Fallback = St.convertTo(St.eval(S.Args[0]), RT);
    if (O.Opt == AbsValue::Engaged::No)
      return Fallback;
    AbsValue R = St.convertTo(contents(O), RT);
    if (O.Opt != AbsValue::Engaged::Yes)
      R.join(Fallback);
    return R;
  }
  return std::nullopt;
}

void optionalEffects(TransferState &St, const CallSite &S) {
  // reset() empties it; emplace() fills it with what is not followed.
  if (S.Receiver != TypeKind::Optional || !S.Obj)
    return;
  if (S.Name == "reset" || S.Name == "emplace") {
    AbsValue V = St.unknownOf(S.Obj->getType());
    if (S.Name == "reset")
      V.Opt = AbsValue::Engaged::No;
    St.assign(S.Obj, V);
  }
}

AbsValue assignedValue(TransferState &St, const Expr *LHS, const Expr *RHS) {
  // `opt = t` fills an optional, `opt = c10::nullopt` empties it.
  if (St.api().classify(LHS->getType()) == TypeKind::Optional)
    return optionalOf(St, LHS->getType().getNonReferenceType(), RHS);
  return St.eval(RHS);
}

} // namespace torchdtype::models
