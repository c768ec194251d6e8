//===- InplaceDtype.cpp - torchdtype-inplace-dtype's finder ---------------===//
//
// Ops that write into a tensor they do not create: sources written into
// self (index_put_, index_copy_, scatter_ ...) and in-place arithmetic.
// The data (checker/data/api.json source_dtype_ops,
// names.result_cast_inplace) says which ops need which dtype. Its events:
// OpEvent (models/TensorOps.cpp); its report: checks/InplaceDtypeCheck.cpp
// (out= tensors: OutDtype.cpp). No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace torchdtype {
namespace {

/// The argument at a position (0: self or the first argument), or null.
const Expr *callArg(const Expr *Call, unsigned Pos) {
  const auto *CE = dyn_cast<CallExpr>(Call);
  const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
  if (!Callee)
    return nullptr;
  llvm::SmallVector<const Expr *, 6> Args;
  if (const Expr *Obj = splitCall(CE, Callee, Args))
    Args.insert(Args.begin(), Obj);
  if (Pos >= Args.size() || isa<CXXDefaultArgExpr>(Args[Pos]))
    return nullptr;
  return Args[Pos];
}

/// Kinds of numbers, in the order result types rank them (TensorValue.h;
/// a dtype not modelled ranks as an integer here, as before).
unsigned category(DType D) {
  DTypeCategory C = dtypeCategory(D);
  return C == DTypeCategory::Unknown ? unsigned(DTypeCategory::Integral)
                                     : unsigned(C);
}

bool literalFalse(const Expr *E) {
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(strip(E)))
    return !B->getValue();
  return false;
}

/// index_put_ takes Long tensor indices only (a bool mask may become
/// masked_fill_, which converts; no tensor at all becomes copy_). With two
/// or more, one of them Long, the others may be of any dtype not known:
/// only a lone mask is filled so, and the call throws whatever they are.
bool longIndices(const OpEvent &Ev) {
  auto IsLong = [](const Operand &O) { return O.V.DT.single() == DType::Long; };
  if (!Ev.IndexListSeen || Ev.Indices.empty())
    return false;
  if (Ev.Indices.size() >= 2 && llvm::any_of(Ev.Indices, IsLong))
    return llvm::all_of(Ev.Indices, [&](const Operand &O) {
      return IsLong(O) || !O.V.DT.single();
    });
  return llvm::all_of(Ev.Indices, IsLong);
}

std::optional<InplaceFinding> sourceFinding(const OpEvent &Ev,
                                            const SourceDTypeRule &Rule,
                                            const ApiModel &Api) {
  const Operand *Self = operandAt(Ev.Operands, 0);
  std::optional<DType> S = Self ? Self->V.DT.single() : std::nullopt;
  if (!S || Ev.OutVariant || autocastMayCover(Ev, Api, Ev.Op, std::nullopt))
    return std::nullopt;
  if (Rule.IndexList >= 0) {
    if (!longIndices(Ev))
      return std::nullopt;
    // accumulate=true on CUDA sorts the indices in another kernel.
    const Expr *Acc = callArg(Ev.Call, unsigned(Rule.IndexList) + 2);
    if (Acc && !literalFalse(Acc) && Self->V.DV.single() != Device::CPU)
      return std::nullopt;
  }
  for (const Operand &O : Ev.Operands) {
    if (O.Pos >= 8 || !(Rule.Sources & (1u << O.Pos)))
      continue;
    std::optional<DType> D = O.V.DT.single();
    if (D && *D != *S)
      return InplaceFinding{&Ev, Self, &O, *S, *D, false, "", Rule.Kb};
  }
  return std::nullopt;
}

std::optional<InplaceFinding> castFinding(const OpEvent &Ev,
                                          const ApiModel &Api) {
  const Operand *Self = operandAt(Ev.Operands, 0);
  std::optional<DType> S = Self ? Self->V.DT.single() : std::nullopt;
  if (!S)
    return std::nullopt;
  InplaceFinding F{&Ev, Self, nullptr, *S,
                   *S,  true, "",      "pytorch/result-type-cast"};
  if (const Operand *O = operandAt(Ev.Operands, 1)) {
    std::optional<DType> D = O->V.DT.single();
    if (!D)
      return std::nullopt;
    if (category(*D) > category(*S)) {
      F.Source = O;
      F.SourceDT = promoteTypes(*S, *D);
      return F;
    }
  } else if (const Expr *Arg = callArg(Ev.Call, 1)) {
    QualType NT = numberType(Arg);
    if (NT.isNull())
      return std::nullopt;
    if (NT->isRealFloatingType() && category(*S) < 2) {
      F.SourceDT = DType::Float; // the default dtype
      F.Why = "a floating number";
      return F;
    }
    if (NT->isIntegerType() && !NT->isBooleanType() && *S == DType::Bool) {
      F.SourceDT = DType::Long;
      F.Why = "a number";
      return F;
    }
  } else {
    return std::nullopt;
  }
  // True division of integers gives a floating result; div_ with a rounding
  // mode does not.
  llvm::StringRef W = Ev.Written;
  bool TrueDivision = W == "div_" || W == "true_divide_" || W == "operator/=";
  if (TrueDivision && category(*S) < 2 &&
      !(W == "div_" && callArg(Ev.Call, 2))) {
    F.SourceDT = DType::Float;
    F.Why = "true division";
    F.Source = nullptr;
    return F;
  }
  return std::nullopt;
}

} // namespace

std::optional<InplaceFinding> findInplaceDtype(const OpEvent &Ev,
                                               const ApiModel &Api) {
  if (Ev.FromModule)
    return std::nullopt;
  if (std::optional<SourceDTypeRule> Rule = Api.sourceDTypeOp(Ev.Op))
    return sourceFinding(Ev, *Rule, Api);
  if (Api.isResultCastInPlace(Ev.Written))
    return castFinding(Ev, Api);
  return std::nullopt;
}

std::vector<InplaceFinding> findInplaceDtype(const FunctionResult &R,
                                             const ApiModel &Api) {
  std::vector<InplaceFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops)
    if (std::optional<InplaceFinding> F = findInplaceDtype(Ev, Api))
      Out.push_back(std::move(*F));
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void inplaceDtypeThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const auto &X : F.inplaceDtype())
    Add(X.Ev->Call, X.Ev->Via, X.Ev->Assumed);
}

} // namespace torchdtype
