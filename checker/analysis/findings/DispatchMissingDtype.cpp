//===- DispatchMissingDtype.cpp - dispatch-missing-dtype's finder ---------===//
//
// An AT_DISPATCH_* switch that does not cover the tensor's dtype. Its
// events: OpEvent (models/Dispatch.cpp); its report:
// checks/DispatchMissingDtypeCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

std::vector<DispatchFinding> findDispatchMissingDtype(const FunctionResult &R) {
  std::vector<DispatchFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!Ev.Covers || Ev.Operands.empty())
      continue;
    std::optional<DType> Got = Ev.Operands[0].V.DT.single();
    if (Got && !(Ev.Covers & (1u << unsigned(*Got))))
      Out.push_back({&Ev, *Got});
  }
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void dispatchMissingDtypeThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const auto &X : F.dispatchMissingDtype())
    Add(X.Ev->Call, X.Ev->Via, X.Ev->Assumed);
}

} // namespace torchdtype
