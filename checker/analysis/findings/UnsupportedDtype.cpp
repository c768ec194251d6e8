//===- UnsupportedDtype.cpp - torchdtype-unsupported-dtype's finder -------===//
//
// An op call whose operands' dtypes are a combination the measured table
// (OpContracts.h) records as raising a message about dtypes. Calls other
// checks judge with their own rules (ops needing one dtype, losses, writes
// into a tensor, out= variants, float16 and bfloat16 kernels on the CPU)
// are left to them. Its events: OpEvent with the contract it matched
// (models/TensorOps.cpp, models/Contracts.cpp); its report:
// checks/UnsupportedDtypeCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

namespace {

/// Another finder's matter: the same call would be reported twice. The
/// writes into self (a source of another dtype, a result that cannot be
/// cast back) are left to findInplaceDtype when it reports the call; its
/// other dtype errors (an Int index of index_copy_ or scatter_, a floating
/// bound of an integral clamp_) are the table's.
bool judgedElsewhere(const OpEvent &Ev, const ApiModel &Api) {
  return Ev.SameDType || (Ev.FromModule && !Ev.Contract) ||
         (Ev.OutVariant && !Api.outDTypeRules(Ev.Op).empty()) ||
         Ev.Op == "dispatch" || Api.loss(Ev.Op) ||
         Api.fillValueOp(Ev.Written) || findInplaceDtype(Ev, Api);
}

/// The tensors of the index list at P (Tensor::index's), as one operand
/// (the first) when they all have one dtype: the table measured lists so.
const Operand *indexListOperand(const OpEvent &Ev, unsigned P) {
  if (!Ev.IndexListSeen || Ev.Indices.empty() || Ev.Indices[0].Pos != P)
    return nullptr;
  std::optional<DType> D = Ev.Indices[0].V.DT.single();
  std::optional<Device> V = Ev.Indices[0].V.DV.single();
  for (const Operand &O : Ev.Indices)
    if (O.V.DT.single() != D || O.V.DV.single() != V)
      return nullptr;
  return &Ev.Indices[0];
}

/// The operand of the contract's slot at P (an index list's, as one).
const Operand *slotOperand(const OpEvent &Ev, unsigned P) {
  const Operand *O = operandAt(Ev.Operands, P);
  return O ? O : indexListOperand(Ev, P);
}

/// What every measured dtype of the one operand of no known dtype gives,
/// the others known (a helper's result, a module's output): the one dtype
/// error all of them raise, as when `gather` is given an Int index whatever
/// it gathers from; none when one runs, differs or was not measured. Slot
/// Open of DTypes is then the first measured dtype.
std::optional<ContractOutcome>
outcomeOfAnyDType(const OpEvent &Ev, const ApiModel &Api,
                  llvm::SmallVectorImpl<const Operand *> &Slots,
                  llvm::SmallVectorImpl<DType> &DTypes, unsigned &Open) {
  Slots.clear();
  DTypes.clear();
  Open = ~0u;
  for (unsigned P : Ev.Contract->SlotPos) {
    const Operand *O = slotOperand(Ev, P);
    std::optional<DType> D = O ? O->V.DT.single() : std::nullopt;
    std::optional<Device> V = O ? O->V.DV.single() : std::nullopt;
    if (!O || (V && *V != Device::CPU) || (!D && Open != ~0u) ||
        (!D && (O->V.DT.Param.isSymbolic() || O->V.MaybeUndefined)))
      return std::nullopt;
    if (!D)
      Open = DTypes.size();
    Slots.push_back(O);
    DTypes.push_back(D.value_or(OpContracts::dtypes().front()));
  }
  if (Open == ~0u)
    return std::nullopt;
  std::optional<ContractOutcome> First;
  for (DType D : OpContracts::dtypes()) {
    DTypes[Open] = D;
    std::optional<ContractOutcome> O =
        contractOutcome(Api.contracts(), *Ev.Contract, DTypes);
    if (!O || O->K != ContractOutcome::Throws ||
        (First && First->Message != O->Message))
      return std::nullopt;
    if (!First)
      First = O;
  }
  DTypes[Open] = OpContracts::dtypes().front();
  return First;
}

} // namespace

std::optional<ContractOutcome>
measuredOutcome(const OpEvent &Ev, const ApiModel &Api,
                llvm::SmallVectorImpl<const Operand *> *Slots,
                llvm::SmallVectorImpl<DType> &DTypes) {
  if (!Ev.Contract || !Api.contractsApply())
    return std::nullopt;
  for (unsigned P : Ev.Contract->SlotPos) {
    const Operand *O = slotOperand(Ev, P);
    std::optional<DType> D = O ? O->V.DT.single() : std::nullopt;
    // Measured on the CPU: another device's kernels may differ.
    std::optional<Device> V = O ? O->V.DV.single() : std::nullopt;
    if (!D || (V && *V != Device::CPU))
      return std::nullopt;
    if (Slots)
      Slots->push_back(O);
    DTypes.push_back(*D);
  }
  return contractOutcome(Api.contracts(), *Ev.Contract, DTypes);
}

std::vector<ContractFinding> findOpContract(const FunctionResult &R,
                                            const ApiModel &Api) {
  std::vector<ContractFinding> Out;
  if (R.Skipped || !Api.contractsApply())
    return Out;
  const OpContracts &C = Api.contracts();
  for (const OpEvent &Ev : R.Ops) {
    // A Scalar given as no run gave it (a Scalar variable, a bool) leaves
    // the outcome unmeasured (contractOutcome).
    if (!Ev.Contract || judgedElsewhere(Ev, Api))
      continue;
    ContractFinding F{&Ev, {}, {}, {}};
    unsigned Open = ~0u; // (an operand of no known dtype: every one fails)
    std::optional<ContractOutcome> Outcome =
        measuredOutcome(Ev, Api, &F.Slots, F.DTypes);
    if (!Outcome)
      Outcome = outcomeOfAnyDType(Ev, Api, F.Slots, F.DTypes, Open);
    if (!Outcome || Outcome->K != ContractOutcome::Throws ||
        !OpContracts::isDTypeMessage(Outcome->Message, Outcome->Class) ||
        OpContracts::isLowPrecisionKernelMessage(Outcome->Message))
      continue;
    // Autocast, on for the CPU here, may recast the operands first.
    if (autocastMayCover(Ev, Api, Ev.Op, Device::CPU))
      continue;
    F.Message = Outcome->Message;
    // Slot I of another dtype D runs (with an open operand: whatever its
    // dtype is).
    auto RunsWith = [&](unsigned I, DType D) {
      if (D == F.DTypes[I] || I == Open)
        return false;
      llvm::SmallVector<DType, 3> Other(F.DTypes);
      Other[I] = D;
      auto Runs = [&] {
        std::optional<ContractOutcome> O =
            contractOutcome(C, *Ev.Contract, Other);
        return O && O->K == ContractOutcome::Runs;
      };
      return Open == ~0u ? Runs()
                         : llvm::all_of(OpContracts::dtypes(), [&](DType E) {
                             Other[Open] = E;
                             return Runs();
                           });
    };
    for (unsigned I = 0; I < F.DTypes.size(); ++I) {
      llvm::SmallVector<DType, 4> Runs;
      for (DType D : OpContracts::dtypes())
        if (RunsWith(I, D))
          Runs.push_back(D);
      if (!Runs.empty())
        F.Culprits.push_back({I, std::move(Runs)});
    }
    // An open operand is named by no report: a known one must be the cause.
    if (Open != ~0u && F.Culprits.empty())
      continue;
    Out.push_back(std::move(F));
  }
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void unsupportedDtypeThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const auto &X : F.opContract())
    Add(X.Ev->Call, X.Ev->Via, X.Ev->Assumed);
}

} // namespace torchdtype
