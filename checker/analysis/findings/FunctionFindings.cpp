//===- FunctionFindings.cpp - each finder run once per function -----------===//

#include "FunctionFindings.h"
#include "llvm/ADT/STLExtras.h"
#include <cassert>

namespace torchdtype {
namespace {

/// The list, found the first time it is asked for.
template <typename T, typename FindFn>
const std::vector<T> &once(std::optional<std::vector<T>> &L, FindFn Find) {
  if (!L)
    L = Find();
  return *L;
}

/// The event a finding is of (its address in FunctionResult's lists).
template <typename T> const void *eventOf(const T &F) { return F.Ev; }
const void *eventOf(const OpEvent *E) { return E; }
const void *eventOf(const MpsFloat64Event *E) { return E; }
const void *eventOf(const AutocastDTypeEvent *E) { return E; }
const void *eventOf(const ModuleInputFinding &F) { return F.Call; }
const void *eventOf(const DeviceMismatchFinding &F) {
  return F.ModuleCall ? static_cast<const void *>(F.ModuleCall) : F.Ev;
}

template <typename T>
void dropFrom(std::optional<std::vector<T>> &L,
              const llvm::DenseSet<const void *> &Dropped) {
  if (L)
    llvm::erase_if(*L, [&](const T &F) { return Dropped.count(eventOf(F)); });
}

/// Those found with opaque modules that were found only for them.
template <typename T>
std::vector<T> withOpaque(const std::vector<T> &All, bool OpaqueModules) {
  if (OpaqueModules)
    return All;
  std::vector<T> Out;
  llvm::copy_if(All, std::back_inserter(Out),
                [](const T &F) { return !F.OpaqueForward; });
  return Out;
}

} // namespace

const std::vector<MixedPrecisionFinding> &FunctionFindings::mixedPrecision() {
  return once(MixedPrecision, [&] { return findMixedPrecision(R, Api); });
}

std::vector<DeviceMismatchFinding>
FunctionFindings::deviceMismatch(bool OpaqueModules) {
  return withOpaque(
      once(DeviceMismatch, [&] { return findDeviceMismatch(R, Api, true); }),
      OpaqueModules);
}

const std::vector<const MpsFloat64Event *> &FunctionFindings::mpsFloat64() {
  return once(MpsFloat64, [&] { return findMpsFloat64(R); });
}

const std::vector<const OpEvent *> &FunctionFindings::halfOnCpu() {
  return once(HalfOnCpu, [&] { return findHalfOnCpu(R, Api); });
}

const std::vector<const AutocastDTypeEvent *> &
FunctionFindings::refusedAutocastDType() {
  return once(RefusedAutocastDType,
              [&] { return findRefusedAutocastDType(R); });
}

std::vector<ModuleInputFinding>
FunctionFindings::moduleInputDtype(bool OpaqueModules) {
  return withOpaque(
      once(ModuleInput, [&] { return findModuleInputDtype(R, Api, true); }),
      OpaqueModules);
}

const std::vector<LossTargetFinding> &FunctionFindings::lossTargetDtype() {
  return once(LossTarget, [&] { return findLossTargetDtype(R, Api, Ctx); });
}

const std::vector<UnsafeAutocastFinding> &FunctionFindings::autocastUnsafe() {
  return once(AutocastUnsafe, [&] { return findAutocastUnsafe(R, Api); });
}

const std::vector<DataPtrFinding> &FunctionFindings::dataPtrDtype() {
  return once(DataPtr, [&] { return findDataPtrDtype(R, Api, Ctx); });
}

const std::vector<HostLaunchFinding> &FunctionFindings::hostTensorLaunch() {
  return once(HostLaunch, [&] { return findHostTensorLaunch(R, Api, Ctx); });
}

const std::vector<DispatchFinding> &FunctionFindings::dispatchMissingDtype() {
  return once(DispatchMissing, [&] { return findDispatchMissingDtype(R); });
}

const std::vector<OverflowFinding> &FunctionFindings::halfOverflow() {
  return once(HalfOverflow, [&] { return findHalfOverflow(R, Api, Ctx); });
}

const std::vector<FromBlobFinding> &FunctionFindings::fromBlobDtype() {
  return once(FromBlob, [&] { return findFromBlobDtype(R, Ctx); });
}

const std::vector<FromBlobDeviceFinding> &FunctionFindings::fromBlobDevice() {
  return once(FromBlobDevice, [&] { return findFromBlobDevice(R, Ctx); });
}

const std::vector<InplaceFinding> &FunctionFindings::inplaceDtype() {
  return once(Inplace, [&] { return findInplaceDtype(R, Api); });
}

const std::vector<OutFinding> &FunctionFindings::outDtype() {
  return once(Out, [&] { return findOutDtype(R, Api); });
}

const std::vector<ContractFinding> &FunctionFindings::opContract() {
  return once(Contract, [&] { return findOpContract(R, Api); });
}

void FunctionFindings::dropEvents(FunctionResult &Result,
                                  const llvm::DenseSet<const void *> &Dropped) {
  assert(&Result == &R && OldOps.empty() && OldModuleCalls.empty() &&
         OldMpsFloat64.empty() && OldRefusedAutocastDTypes.empty() &&
         "the events of this result, once");
  // Each finder judges each event on its own: the findings of the events
  // kept are those it would find among them.
  dropFrom(MixedPrecision, Dropped);
  dropFrom(DeviceMismatch, Dropped);
  dropFrom(MpsFloat64, Dropped);
  dropFrom(HalfOnCpu, Dropped);
  dropFrom(RefusedAutocastDType, Dropped);
  dropFrom(ModuleInput, Dropped);
  dropFrom(LossTarget, Dropped);
  dropFrom(AutocastUnsafe, Dropped);
  dropFrom(DataPtr, Dropped);
  dropFrom(HostLaunch, Dropped);
  dropFrom(DispatchMissing, Dropped);
  dropFrom(HalfOverflow, Dropped);
  dropFrom(FromBlob, Dropped);
  dropFrom(FromBlobDevice, Dropped);
  dropFrom(Inplace, Dropped);
  dropFrom(Out, Dropped);
  dropFrom(Contract, Dropped);
  auto Keep = [&](auto &Events, auto &Old) {
    std::remove_reference_t<decltype(Events)> Kept;
    for (const auto &E : Events)
      if (!Dropped.count(&E))
        Kept.push_back(E);
    Old = std::move(Events); // the findings' events stay where they are
    Events = std::move(Kept);
  };
  Keep(Result.Ops, OldOps);
  Keep(Result.ModuleCalls, OldModuleCalls);
  Keep(Result.MpsFloat64, OldMpsFloat64);
  Keep(Result.RefusedAutocastDTypes, OldRefusedAutocastDTypes);
}

namespace {

/// A check whose findings throw where they stand, and where they stand.
struct ThrowingCheck {
  llvm::StringLiteral Name;
  void (*Sites)(FunctionFindings &, ThrowSiteFn);
};

/// The checks checks.json marks "throws", each with the function of its
/// finder's file (findings/<Name>.cpp) that gives its findings' places.
constexpr ThrowingCheck ThrowingChecks[] = {
#define TORCHDTYPE_THROWING_CHECK(Name, Sites) {Name, &Sites},
#include "ChecksTables.inc"
#undef TORCHDTYPE_THROWING_CHECK
};

} // namespace

bool throwSites(llvm::StringRef Check, FunctionFindings &F, ThrowSiteFn Add) {
  for (const ThrowingCheck &C : ThrowingChecks)
    if (C.Name == Check) {
      C.Sites(F, Add);
      return true;
    }
  return false;
}

} // namespace torchdtype
