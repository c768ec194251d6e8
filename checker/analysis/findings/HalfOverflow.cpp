//===- HalfOverflow.cpp - torchdtype-half-overflow's finder ---------------===//
//
// A number outside float16's range given to a float16 tensor. Its events:
// OpEvent; its report: checks/HalfOverflowCheck.cpp. No clang-tidy
// includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"
#include "analysis/ExprUtil.h"
#include <cmath>

namespace torchdtype {

std::vector<OverflowFinding> findHalfOverflow(const FunctionResult &R,
                                              const ApiModel &Api,
                                              clang::ASTContext &Ctx) {
  constexpr double HalfMax = 65504.0; // the largest finite float16
  std::vector<OverflowFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    std::optional<FillValueRule> Rule = Api.fillValueOp(Ev.Written);
    const auto *Call = llvm::dyn_cast_or_null<clang::CallExpr>(Ev.Call);
    if (!Rule || !Call)
      continue;
    // The op's operands: the object of a method first, then the arguments.
    llvm::SmallVector<const clang::Expr *, 4> Ops;
    if (const clang::Expr *Obj = splitCall(Call, Call->getDirectCallee(), Ops))
      Ops.insert(Ops.begin(), Obj);
    if (Rule->Value >= Ops.size())
      continue;
    const Operand *Self = nullptr;
    for (const Operand &O : Ev.Operands)
      if (Rule->Self < 0 ? O.E == Ev.Call : int(O.Pos) == Rule->Self)
        Self = &O;
    if (!Self || Self->V.DT.single() != DType::Half)
      continue;
    std::optional<double> V = numberValue(Ops[Rule->Value], Ctx);
    // Infinities and NaN convert; finite numbers past the largest do not.
    if (!V || !std::isfinite(*V) || std::fabs(*V) <= HalfMax)
      continue;
    Out.push_back({&Ev, Self, Ops[Rule->Value], *V, DType::Half});
  }
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void halfOverflowThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const auto &X : F.halfOverflow())
    Add(X.Ev->Call, X.Ev->Via, X.Ev->Assumed);
}

} // namespace torchdtype
