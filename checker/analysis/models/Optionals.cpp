//===- Optionals.cpp - std::optional and c10::optional --------------------===//
//
// An optional's value is that of what it holds, with whether it holds one
// (AbsValue::Opt): made empty (default, nullopt, reset()) or from a value;
// read with value(), operator*, operator-> or value_or(fallback), which
// gives the fallback when it is empty and the join of both when that is not
// known.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"

using namespace clang;

namespace torchdtype {

namespace {

AbsValue contents(AbsValue V) {
  V.Opt = AbsValue::Engaged::Unknown;
  return V;
}

} // namespace

AbsValue FunctionAnalyzer::optionalOf(QualType T, const Expr *From) {
  if (!From || isNulloptType(strip(From)->getType())) {
    AbsValue V = unknownOf(T);
    V.Opt = AbsValue::Engaged::No;
    return V;
  }
  AbsValue V = eval(From);
  if (Api.classify(strip(From)->getType()) != TypeKind::Optional)
    V.Opt = AbsValue::Engaged::Yes;
  return V;
}

std::optional<AbsValue> FunctionAnalyzer::optionalRead(const CallSite &S) {
  if (S.Receiver != TypeKind::Optional || !S.Obj || !S.Callee)
    return std::nullopt;
  QualType RT = S.E->getType();
  AbsValue O = eval(S.Obj);
  llvm::StringRef N = S.Name;
  if (N == "value" || N == "operator*")
    return convertTo(contents(O), RT.getNonReferenceType());
  if (N == "value_or" && S.Args.size() == 1) {
    AbsValue Fallback = convertTo(eval(S.Args[0]), RT);
    if (O.Opt == AbsValue::Engaged::No)
      return Fallback;
    AbsValue R = convertTo(contents(O), RT);
    if (O.Opt != AbsValue::Engaged::Yes)
      R.join(Fallback);
    return R;
  }
  return std::nullopt;
}

void FunctionAnalyzer::optionalEffects(const CallSite &S) {
  // reset() empties it; emplace() fills it with what is not followed.
  if (S.Receiver != TypeKind::Optional || !S.Obj)
    return;
  if (S.Name == "reset" || S.Name == "emplace") {
    AbsValue V = unknownOf(S.Obj->getType());
    if (S.Name == "reset")
      V.Opt = AbsValue::Engaged::No;
    assign(S.Obj, V);
  }
}

AbsValue FunctionAnalyzer::assignedValue(const Expr *LHS, const Expr *RHS) {
  // `opt = t` fills an optional, `opt = c10::nullopt` empties it.
  if (Api.classify(LHS->getType()) == TypeKind::Optional)
    return optionalOf(LHS->getType().getNonReferenceType(), RHS);
  return eval(RHS);
}

} // namespace torchdtype
