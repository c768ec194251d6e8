//===- OutDtype.cpp - torchdtype-out-dtype's finder -----------------------===//
//
// out= tensors of another dtype than the op's result (checker/data/api.json
// out_dtype_ops says which). Its events: OpEvent (models/TensorOps.cpp);
// its report: checks/OutDtypeCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

std::vector<OutFinding> findOutDtype(const FunctionResult &R,
                                     const ApiModel &Api) {
  std::vector<OutFinding> Found;
  if (R.Skipped)
    return Found;
  for (const OpEvent &Ev : R.Ops) {
    if (!Ev.OutVariant || Ev.FromModule)
      continue;
    llvm::SmallVector<OutRule, 2> Rules = Api.outDTypeRules(Ev.Op);
    if (Rules.empty() || Ev.Outs.size() != Rules.size())
      continue;
    // The result has the first input's dtype, which same-dtype operands
    // share (where they do not, the op throws for that first).
    const Operand *In = operandAt(Ev.Operands, 0);
    std::optional<DType> InDT = In ? In->V.DT.single() : std::nullopt;
    if (Ev.ExplicitDType ||
        (Ev.SameDType && llvm::any_of(Ev.Operands, [&](const Operand &O) {
           return O.V.DT.single() != InDT;
         })))
      InDT.reset();
    for (unsigned I = 0; I < Rules.size(); ++I) {
      const Operand &O = Ev.Outs[I];
      std::optional<DType> Got = O.V.DT.single();
      std::optional<DType> Want =
          Rules[I] == OutRule::Long ? std::optional<DType>(DType::Long) : InDT;
      if (!Got || !Want || *Got == *Want)
        continue;
      Found.push_back(
          {&Ev, &O, Rules[I] == OutRule::Input ? In : nullptr, *Want, *Got});
      break;
    }
  }
  return Found;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void outDtypeThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const auto &X : F.outDtype())
    Add(X.Ev->Call, X.Ev->Via, X.Ev->Assumed);
}

} // namespace torchdtype
