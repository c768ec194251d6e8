//===- ContractFindings.cpp - ops given dtypes their contract rejects -----===//
//
// An op call whose operands' dtypes are a combination the measured table
// (OpContracts.h) records as raising a message about dtypes. Calls other
// checks judge with their own rules (ops needing one dtype, losses, writes
// into a tensor, out= variants, float16 and bfloat16 kernels on the CPU)
// are left to them. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "Findings.h"

namespace torchdtype {

namespace {

/// Another finder's matter: the same call would be reported twice.
bool judgedElsewhere(const OpEvent &Ev, const ApiModel &Api) {
  return Ev.SameDType || Ev.FromModule || Ev.OutVariant ||
         Ev.Op == "dispatch" || Api.loss(Ev.Op) || Api.sourceDTypeOp(Ev.Op) ||
         Api.isResultCastInPlace(Ev.Written) || Api.fillValueOp(Ev.Written);
}

} // namespace

std::vector<ContractFinding> findOpContract(const FunctionResult &R,
                                            const ApiModel &Api) {
  std::vector<ContractFinding> Out;
  if (R.Skipped || !Api.contractsApply())
    return Out;
  const OpContracts &C = Api.contracts();
  for (const OpEvent &Ev : R.Ops) {
    // Measured with the number 1 where the op takes a number: a floating
    // one may give another result type.
    if (!Ev.Contract || Ev.Contract->FloatScalar || judgedElsewhere(Ev, Api))
      continue;
    ContractFinding F{&Ev, {}, {}, {}};
    bool Known = true, OffCpu = false;
    for (unsigned P : Ev.Contract->SlotPos) {
      const Operand *O = operandAt(Ev.Operands, P);
      std::optional<DType> D = O ? O->V.DT.single() : std::nullopt;
      if (!D) {
        Known = false;
        break;
      }
      // Measured on the CPU: another device's kernels may differ.
      std::optional<Device> V = O->V.DV.single();
      OffCpu |= V && *V != Device::CPU;
      F.Slots.push_back(O);
      F.DTypes.push_back(*D);
    }
    if (!Known || OffCpu)
      continue;
    std::optional<ContractOutcome> Outcome =
        contractOutcome(C, *Ev.Contract, F.DTypes);
    if (!Outcome || Outcome->K != ContractOutcome::Throws ||
        !OpContracts::isDTypeMessage(Outcome->Message, Outcome->Class) ||
        OpContracts::isLowPrecisionKernelMessage(Outcome->Message))
      continue;
    // Autocast, on for the CPU here, may recast the operands first.
    if (autocastMayCover(Ev, Api, Ev.Op, Device::CPU))
      continue;
    F.Message = Outcome->Message;
    for (unsigned I = 0; I < F.DTypes.size(); ++I) {
      llvm::SmallVector<DType, 4> Runs;
      for (DType D : OpContracts::dtypes()) {
        llvm::SmallVector<DType, 3> Other(F.DTypes);
        Other[I] = D;
        std::optional<ContractOutcome> O =
            D == F.DTypes[I] ? std::nullopt
                             : contractOutcome(C, *Ev.Contract, Other);
        if (O && O->K == ContractOutcome::Runs)
          Runs.push_back(D);
      }
      if (!Runs.empty())
        F.Culprits.push_back({I, std::move(Runs)});
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace torchdtype
