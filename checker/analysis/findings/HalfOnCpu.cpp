//===- HalfOnCpu.cpp - torchdtype-half-on-cpu's finder --------------------===//
//
// Ops the version has no CPU kernel for in float16, and autocast dtypes the
// CPU refuses. Its events: OpEvent and AutocastDTypeEvent
// (models/Autocast.cpp); its report: checks/HalfOnCpuCheck.cpp. No
// clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

std::vector<const AutocastDTypeEvent *>
findRefusedAutocastDType(const FunctionResult &R) {
  std::vector<const AutocastDTypeEvent *> Out;
  if (R.Skipped)
    return Out;
  for (const AutocastDTypeEvent &E : R.RefusedAutocastDTypes)
    Out.push_back(&E);
  return Out;
}

std::optional<std::string> lowPrecisionKernelMissing(const OpEvent &Ev,
                                                     const ApiModel &Api,
                                                     DType Low) {
  if (std::optional<std::string> M = Api.cpuKernelMissing(Ev.Op, Low))
    return M;
  // As for the op's own rule: only overloads of tensors and numbers (sizes,
  // dims and flags may pick another kernel than the measured one).
  if (!Ev.Contract || !llvm::all_of(Ev.Contract->Overloads, [&](unsigned I) {
        return Api.contracts().overload(I).tensorsAndNumbersOnly();
      }))
    return std::nullopt;
  llvm::SmallVector<DType, 3> DTypes;
  std::optional<ContractOutcome> O = measuredOutcome(Ev, Api, nullptr, DTypes);
  if (!O || O->K != ContractOutcome::Throws ||
      !OpContracts::isLowPrecisionKernelMessage(O->Message) ||
      !O->Message.contains(Low == DType::Half ? "'Half'" : "'BFloat16'"))
    return std::nullopt;
  return O->Message.str();
}

std::vector<const OpEvent *> findHalfOnCpu(const FunctionResult &R,
                                           const ApiModel &Api) {
  std::vector<const OpEvent *> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    // An op given a dtype computes in it (log_softmax(x, 1, kFloat) runs
    // on a float16 x: observed on LibTorch 1.13.1).
    if (Ev.Operands.empty() || Ev.ExplicitDType)
      continue;
    // Every operand's dtype is known; the floating ones all have one
    // 16-bit dtype (index and target tensors are integral). An op whose
    // kernel the input's dtype alone chooses needs only the input's.
    std::optional<DType> Low;
    bool ByInput = Api.cpuKernelByInput(Ev.Op);
    llvm::ArrayRef<Operand> Judged = Ev.Operands;
    if (ByInput)
      Judged = Judged.take_front(1);
    bool Known = llvm::all_of(Judged, [&](const Operand &O) {
      std::optional<DType> D = O.V.DT.single();
      if (!D)
        return false;
      if (isIntegral(*D))
        return true;
      if (*D != DType::Half && *D != DType::BFloat16)
        return false;
      if (!Low)
        Low = *D;
      return *Low == *D;
    });
    if (!Known || !Low || !lowPrecisionKernelMissing(Ev, Api, *Low))
      continue;
    bool OnCpu = commonDevice(Ev.Operands) == Device::CPU;
    if (!OnCpu || autocastMayCover(Ev, Api, Ev.Op, Device::CPU))
      continue;
    Out.push_back(&Ev);
  }
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void halfOnCpuThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const OpEvent *E : F.halfOnCpu())
    Add(E->Call, E->Via, E->Assumed);
  for (const AutocastDTypeEvent *E : F.refusedAutocastDType())
    Add(E->Call, {}, E->Assumed);
}

} // namespace torchdtype
