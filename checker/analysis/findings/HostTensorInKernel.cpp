//===- HostTensorInKernel.cpp - torchdtype-host-tensor-in-kernel's finder -===//
//
// A CPU tensor's data pointer handed to a CUDA kernel launch. Its events:
// OpEvent; its report: checks/HostTensorInKernelCheck.cpp. No clang-tidy
// includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"
#include "analysis/DeviceGuards.h"

namespace torchdtype {

std::vector<HostLaunchFinding> findHostTensorLaunch(const FunctionResult &R,
                                                    const ApiModel &Api,
                                                    clang::ASTContext &Ctx) {
  std::vector<HostLaunchFinding> Out;
  if (R.Skipped || !Ctx.getLangOpts().CUDA)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!isCheckedAccessor(Ev, Api) ||
        Ev.Operands[0].V.DV.single() != Device::CPU)
      continue;
    if (const clang::CallExpr *L = launchTaking(Ev.Call, Ctx))
      Out.push_back({&Ev, L});
  }
  return Out;
}

} // namespace torchdtype
