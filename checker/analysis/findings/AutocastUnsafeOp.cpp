//===- AutocastUnsafeOp.cpp - torchdtype-autocast-unsafe-op's finder ------===//
//
// Ops autocast refuses (binary_cross_entropy) inside a region of their
// device. Its events: OpEvent; its report: checks/AutocastUnsafeOpCheck.cpp.
// No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

std::vector<UnsafeAutocastFinding> findAutocastUnsafe(const FunctionResult &R,
                                                      const ApiModel &Api) {
  std::vector<UnsafeAutocastFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    for (AutocastDevice AD : {AutocastDevice::CUDA, AutocastDevice::XPU}) {
      if (Api.autocastPolicy(AD, Ev.Op) != AutocastPolicy::Banned ||
          Ev.Autocast[unsigned(AD)] != AutocastState::On)
        continue;
      // The operands are on that device, or not known to be elsewhere.
      bool Elsewhere = llvm::any_of(Ev.Operands, [&](const Operand &O) {
        std::optional<Device> D = O.V.DV.single();
        return D && autocastDeviceOf(*D) != AD;
      });
      if (!Elsewhere) {
        Out.push_back({&Ev, AD});
        break;
      }
    }
  }
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void autocastUnsafeOpThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const auto &X : F.autocastUnsafe())
    Add(X.Ev->Call, X.Ev->Via, X.Ev->Assumed);
}

} // namespace torchdtype
