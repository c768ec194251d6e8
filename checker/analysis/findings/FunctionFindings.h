//===- FunctionFindings.h - each finder run once per function ---*- C++ -*-===//
//
// The findings of one analysed function, each finder run once (on first
// use) and kept: the throw order (ThrowOrder.cpp) and the checks read the
// same lists. Owned by the unit's AnalysisContext (AnalysisContext::
// findings), never shared between units. Also the registry of the checks
// whose findings throw: where each of their findings stands, by check name
// (the names checks.json marks "throws"). No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_FINDINGS_FUNCTIONFINDINGS_H
#define TORCHDTYPE_ANALYSIS_FINDINGS_FUNCTIONFINDINGS_H

#include "Findings.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>
#include <vector>

namespace torchdtype {

class FunctionFindings {
public:
  FunctionFindings(const FunctionResult &R, const ApiModel &Api,
                   clang::ASTContext &Ctx)
      : R(R), Api(Api), Ctx(Ctx) {}
  FunctionFindings(const FunctionFindings &) = delete;
  FunctionFindings &operator=(const FunctionFindings &) = delete;

  const std::vector<MixedPrecisionFinding> &mixedPrecision();
  /// OpaqueModules as findDeviceMismatch's (the finder runs once, with
  /// them; without, those are left out).
  std::vector<DeviceMismatchFinding> deviceMismatch(bool OpaqueModules);
  const std::vector<const MpsFloat64Event *> &mpsFloat64();
  const std::vector<const OpEvent *> &halfOnCpu();
  const std::vector<const AutocastDTypeEvent *> &refusedAutocastDType();
  /// OpaqueModules as findModuleInputDtype's (as deviceMismatch).
  std::vector<ModuleInputFinding> moduleInputDtype(bool OpaqueModules);
  const std::vector<LossTargetFinding> &lossTargetDtype();
  const std::vector<UnsafeAutocastFinding> &autocastUnsafe();
  const std::vector<DataPtrFinding> &dataPtrDtype();
  const std::vector<HostLaunchFinding> &hostTensorLaunch();
  const std::vector<DispatchFinding> &dispatchMissingDtype();
  const std::vector<OverflowFinding> &halfOverflow();
  const std::vector<FromBlobFinding> &fromBlobDtype();
  const std::vector<FromBlobDeviceFinding> &fromBlobDevice();
  const std::vector<InplaceFinding> &inplaceDtype();
  const std::vector<OutFinding> &outDtype();
  const std::vector<ContractFinding> &opContract();

  /// Takes the events of R at the addresses in Dropped out of it (the
  /// throw order's), and their findings out of the lists found so far. The
  /// lists point into R's events as they were: those stay here, and R
  /// keeps copies of the others, in their order.
  void dropEvents(FunctionResult &Result,
                  const llvm::DenseSet<const void *> &Dropped);

private:
  template <typename T> using List = std::optional<std::vector<T>>;

  const FunctionResult &R;
  const ApiModel &Api;
  clang::ASTContext &Ctx;
  List<MixedPrecisionFinding> MixedPrecision;
  List<DeviceMismatchFinding> DeviceMismatch; ///< with opaque modules
  List<const MpsFloat64Event *> MpsFloat64;
  List<const OpEvent *> HalfOnCpu;
  List<const AutocastDTypeEvent *> RefusedAutocastDType;
  List<ModuleInputFinding> ModuleInput; ///< with opaque modules
  List<LossTargetFinding> LossTarget;
  List<UnsafeAutocastFinding> AutocastUnsafe;
  List<DataPtrFinding> DataPtr;
  List<HostLaunchFinding> HostLaunch;
  List<DispatchFinding> DispatchMissing;
  List<OverflowFinding> HalfOverflow;
  List<FromBlobFinding> FromBlob;
  List<FromBlobDeviceFinding> FromBlobDevice;
  List<InplaceFinding> Inplace;
  List<OutFinding> Out;
  List<ContractFinding> Contract;
  /// R's events before dropEvents, which the lists found before point into.
  std::vector<OpEvent> OldOps;
  std::vector<ModuleCallEvent> OldModuleCalls;
  std::vector<MpsFloat64Event> OldMpsFloat64;
  std::vector<AutocastDTypeEvent> OldRefusedAutocastDTypes;
};

/// Where an op or module call that throws stands (as OpEvent's fields).
using ThrowSiteFn = llvm::function_ref<void(
    const clang::Expr *Call, llvm::ArrayRef<const clang::Expr *> Via,
    llvm::ArrayRef<Assumption> Assumed)>;

/// Each throwing check's places, defined beside its finder
/// (findings/<Name>.cpp) and named by checks.json through ChecksTables.inc.
#define TORCHDTYPE_THROWING_CHECK(Name, Sites)                                 \
  void Sites(FunctionFindings &F, ThrowSiteFn Add);
#include "ChecksTables.inc"
#undef TORCHDTYPE_THROWING_CHECK

/// Gives Add the place of each finding of the check named Check (the
/// throwing configuration of its finder: no opaque modules). False if no
/// check of that name has findings that throw (checks.json's "throws").
bool throwSites(llvm::StringRef Check, FunctionFindings &F, ThrowSiteFn Add);

} // namespace torchdtype

#endif
