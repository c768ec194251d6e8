//===- MpsFloat64.cpp - torchdtype-mps-float64's finder -------------------===//
//
// A tensor or module placed as float64 on MPS. Its events: MpsFloat64Event
// (models/Conversions.cpp, models/Factories.cpp); its report:
// checks/MpsFloat64Check.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

std::vector<const MpsFloat64Event *> findMpsFloat64(const FunctionResult &R) {
  std::vector<const MpsFloat64Event *> Out;
  if (R.Skipped)
    return Out;
  for (const MpsFloat64Event &P : R.MpsFloat64)
    Out.push_back(&P);
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void mpsFloat64ThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const MpsFloat64Event *P : F.mpsFloat64())
    Add(P->E, {}, {});
}

} // namespace torchdtype
