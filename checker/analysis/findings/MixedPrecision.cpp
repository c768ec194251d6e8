//===- MixedPrecision.cpp - torchdtype-mixed-precision's finder -----------===//
//
// Ops that need one dtype (api.json same_dtype_ops, and promoting ops the
// measured table has throw) given operands of several, where autocast does
// not make them agree. Its events: OpEvent (models/TensorOps.cpp); its
// report: checks/MixedPrecisionCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

namespace {

/// Why autocast does not make the op's operands agree, or "" when it does.
std::string autocastGap(const OpEvent &Ev, const ApiModel &Api,
                        AutocastDevice Dev, const std::vector<DType> &DTypes) {
  if (Ev.InPlace)
    return "in-place ops are not autocast";
  if (Ev.OutVariant)
    return "'out=' variants are not autocast";
  if (Ev.ExplicitDType)
    return "ops given an explicit dtype are not autocast";
  AutocastPolicy P = Api.autocastPolicy(Dev, Ev.Op);
  std::optional<DType> Default = Api.autocastDefault(Dev);
  if (P == AutocastPolicy::NotListed || P == AutocastPolicy::Banned || !Default)
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

std::vector<MixedPrecisionFinding> findMixedPrecision(const FunctionResult &R,
                                                      const ApiModel &Api) {
  std::vector<MixedPrecisionFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!Ev.SameDType || Ev.FromModule)
      continue;
    const Operand *A = nullptr, *B = nullptr;
    std::vector<DType> DTypes;
    std::optional<Device> Dev;
    bool DevKnown = true;
    // Any two dtypes throw in these ops, integral ones too (observed on
    // LibTorch 1.13.1: mm of Float and Long, Long and Int, Float and Bool).
    for (const Operand &O : Ev.Operands) {
      std::optional<DType> D = O.V.DT.single();
      if (D) {
        if (isFloating(*D))
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
    // The input alone picks the CPU kernel and the version has none for its
    // dtype (layer_norm of float16 on 1.13): that is what throws, and
    // half-on-cpu reports it.
    if (std::optional<DType> In = Ev.Operands.front().V.DT.single();
        In && Ev.Operands.front().Pos == 0 && Api.cpuKernelByInput(Ev.Op) &&
        Api.cpuKernelMissing(Ev.Op, *In) && Dev == Device::CPU && DevKnown)
      continue;
    // The list of ops needing one dtype is coarser than the measured
    // table: baddbmm and addmv add a float64 self to float32 products
    // (observed on 1.13.1). Where the table has the call running, quiet.
    llvm::SmallVector<DType, 3> Measured;
    if (std::optional<ContractOutcome> M =
            measuredOutcome(Ev, Api, nullptr, Measured);
        M && M->K == ContractOutcome::Runs)
      continue;
    // Autocast casts floating operands only: it never reconciles an
    // integral one (observed: mm of Float and Long under CPU autocast).
    bool Integral =
        !isFloating(*A->V.DT.single()) || !isFloating(*B->V.DT.single());
    // Which autocast states could apply to the operands' device?
    std::string Reason;
    bool MayBeCovered = false;
    auto Consider = [&](AutocastDevice AD) {
      AutocastState S = Ev.Autocast[unsigned(AD)];
      if (S == AutocastState::Off || S == AutocastState::Entry || Integral)
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

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void mixedPrecisionThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const auto &X : F.mixedPrecision())
    Add(X.Ev->Call, X.Ev->Via, X.Ev->Assumed);
}

} // namespace torchdtype
