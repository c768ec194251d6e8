//===- DeviceMismatch.cpp - torchdtype-device-mismatch's finder -----------===//
//
// An op's tensors, or a module and its input, on different devices. Its
// events: OpEvent and ModuleCallEvent; its report:
// checks/DeviceMismatchCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

std::vector<DeviceMismatchFinding> findDeviceMismatch(const FunctionResult &R,
                                                      const ApiModel &Api,
                                                      bool OpaqueModules) {
  std::vector<DeviceMismatchFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    // A loss of class indices: its CUDA kernel checks that self, target
    // and weight share a device (check_and_update_common_device in the
    // generated wrapper of nll_loss_forward, 1.13.1's source); other ops
    // the model has no operand rule for are left out, and module calls are
    // judged below.
    std::optional<LossRule> Loss = Api.loss(Ev.Op);
    bool ClassIndexLoss =
        Loss && (*Loss == LossRule::ClassIndex ||
                 *Loss == LossRule::ClassIndexOrProbabilities);
    if ((Ev.Generic && !ClassIndexLoss) || Ev.FromModule)
      continue;
    const Operand *A = nullptr;
    for (const Operand &O : Ev.Operands) {
      std::optional<Device> D = O.V.DV.single();
      if (!D)
        continue;
      // TensorIterator ops accept a 0-dim CPU tensor beside any device.
      if (Ev.Elementwise && *D == Device::CPU && !O.V.nonScalar())
        continue;
      if (!A) {
        A = &O;
        continue;
      }
      if (*D != *A->V.DV.single()) {
        Out.push_back({Ev.Call, Ev.Op, A, &O, *A->V.DV.single(), *D, nullptr,
                       Ev.Via, Ev.Assumed, &Ev});
        break;
      }
    }
  }
  for (const ModuleCallEvent &MC : R.ModuleCalls) {
    std::optional<Device> M = MC.Module.DV.single();
    std::optional<Device> I = MC.Input.V.DV.single();
    if (!M || !I || *M == *I || MC.ForwardJudged ||
        MC.Module.Fwd == AbsValue::Forward::Converts ||
        (MC.Module.Fwd == AbsValue::Forward::Opaque && !OpaqueModules))
      continue;
    DeviceMismatchFinding F{MC.Call, "",  nullptr, &MC.Input, *M,
                            *I,      &MC, MC.Via,  MC.Assumed};
    F.OpaqueForward = MC.Module.Fwd == AbsValue::Forward::Opaque;
    Out.push_back(F);
  }
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void deviceMismatchThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const DeviceMismatchFinding &M : F.deviceMismatch(false))
    Add(M.Call, M.Via, M.Assumed);
}

} // namespace torchdtype
