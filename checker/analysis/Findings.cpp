//===- Findings.cpp - what the checks report, from analysis events --------===//

#include "Findings.h"

namespace torchdtype {

namespace {

/// The dtype an operand has once autocast has cast it, under a policy.
DType castByAutocast(DType D, AutocastPolicy P, DType Lower, DType Widest) {
  if (!isFloating(D) || D == DType::Double)
    return D; // autocast only casts float16/bfloat16/float32 tensors
  switch (P) {
  case AutocastPolicy::LowerPrecision:
    return Lower;
  case AutocastPolicy::FP32:
    return DType::Float;
  case AutocastPolicy::Promote:
    return Widest;
  default:
    return D;
  }
}

/// Why autocast does not make the op's operands agree, or "" when it does.
std::string autocastGap(const OpEvent &Ev, const ApiModel &Api,
                        AutocastDevice Dev,
                        const std::vector<DType> &DTypes) {
  if (Ev.InPlace)
    return "in-place ops are not autocast";
  if (Ev.OutVariant)
    return "'out=' variants are not autocast";
  if (Ev.ExplicitDType)
    return "ops given an explicit dtype are not autocast";
  AutocastPolicy P = Api.autocastPolicy(Dev, Ev.Op);
  std::optional<DType> Default = Api.autocastDefault(Dev);
  if (P == AutocastPolicy::NotListed || P == AutocastPolicy::Banned ||
      !Default)
    return "'" + Ev.Op + "' is not autocast on this device in PyTorch " +
           Api.autocastDataVersion().str();
  DType Lower = Ev.AutocastDType[unsigned(Dev)].value_or(*Default);
  DType Widest = Lower;
  for (DType D : DTypes)
    if (D == DType::Float)
      Widest = DType::Float;
  std::optional<DType> First;
  bool Agree = true, HasDouble = false;
  for (DType D : DTypes) {
    DType C = castByAutocast(D, P, Lower, Widest);
    HasDouble |= D == DType::Double;
    if (First && *First != C)
      Agree = false;
    First = C;
  }
  if (Agree)
    return "";
  return HasDouble ? "autocast leaves float64 operands unchanged"
                   : "autocast does not make the operands agree";
}

} // namespace

std::vector<MixedPrecisionFinding>
findMixedPrecision(const FunctionResult &R, const ApiModel &Api) {
  std::vector<MixedPrecisionFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!Ev.SameDType)
      continue;
    const Operand *A = nullptr, *B = nullptr;
    std::vector<DType> DTypes;
    std::optional<Device> Dev;
    bool DevKnown = true;
    for (const Operand &O : Ev.Operands) {
      std::optional<DType> D = O.V.DT.single();
      if (D && isFloating(*D)) {
        DTypes.push_back(*D);
        if (!A)
          A = &O;
        else if (!B && *D != *A->V.DT.single())
          B = &O;
      }
      std::optional<Device> V = O.V.DV.single();
      if (!V || (Dev && *Dev != *V))
        DevKnown = false;
      Dev = V;
    }
    if (!A || !B)
      continue;
    // Which autocast states could apply to the operands' device?
    std::string Reason;
    bool MayBeCovered = false;
    auto Consider = [&](AutocastDevice AD) {
      AutocastState S = Ev.Autocast[unsigned(AD)];
      if (S == AutocastState::Off || S == AutocastState::Entry)
        return;
      std::string Gap = autocastGap(Ev, Api, AD, DTypes);
      if (Gap.empty())
        MayBeCovered = true;
      else if (Reason.empty())
        Reason = Gap;
    };
    if (DevKnown && Dev) {
      if (std::optional<AutocastDevice> AD = autocastDeviceOf(*Dev))
        Consider(*AD);
    } else {
      for (unsigned I = 0; I < NumAutocastDevices; ++I)
        Consider(AutocastDevice(I));
    }
    if (MayBeCovered)
      continue;
    Out.push_back({&Ev, A, B, *A->V.DT.single(), *B->V.DT.single(), Reason});
  }
  return Out;
}

std::vector<DeviceMismatchFinding> findDeviceMismatch(const FunctionResult &R,
                                                      bool OpaqueModules) {
  std::vector<DeviceMismatchFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    const Operand *A = nullptr;
    for (const Operand &O : Ev.Operands) {
      std::optional<Device> D = O.V.DV.single();
      if (!D)
        continue;
      // TensorIterator ops accept a 0-dim CPU tensor beside any device.
      if (Ev.Elementwise && *D == Device::CPU && !O.V.NonScalar)
        continue;
      if (!A) {
        A = &O;
        continue;
      }
      if (*D != *A->V.DV.single()) {
        Out.push_back({Ev.Call, Ev.Op, A, &O, *A->V.DV.single(), *D, nullptr});
        break;
      }
    }
  }
  for (const ModuleCallEvent &MC : R.ModuleCalls) {
    std::optional<Device> M = MC.Module.DV.single();
    std::optional<Device> I = MC.Input.V.DV.single();
    if (!M || !I || *M == *I ||
        MC.Module.Fwd == AbsValue::Forward::Converts ||
        (MC.Module.Fwd == AbsValue::Forward::Opaque && !OpaqueModules))
      continue;
    DeviceMismatchFinding F{MC.Call, "", nullptr, &MC.Input, *M, *I, &MC};
    Out.push_back(F);
  }
  return Out;
}

std::vector<const PlacementEvent *> findMpsFloat64(const FunctionResult &R) {
  std::vector<const PlacementEvent *> Out;
  if (R.Skipped)
    return Out;
  for (const PlacementEvent &P : R.Placements)
    Out.push_back(&P);
  return Out;
}

} // namespace torchdtype
