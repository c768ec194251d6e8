//===- Findings.h - what the checks report, from analysis events -*- C++
//-*-===//
//
// Turns the events of FunctionResult into findings: which ops really throw
// given the autocast state and policy, which devices really clash. The
// checks only print these. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_FINDINGS_FINDINGS_H
#define TORCHDTYPE_ANALYSIS_FINDINGS_FINDINGS_H

#include "analysis/ApiModel.h"
#include "analysis/AnalysisContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>
#include <vector>

namespace torchdtype {

class CallerIndex;
class PythonWrappers;

struct MixedPrecisionFinding {
  const OpEvent *Ev;
  const Operand *A, *B;
  DType DA, DB;
  /// Why autocast, on for the operands' device, does not cover the op ("" if
  /// autocast is off).
  std::string AutocastReason;
};

struct DeviceMismatchFinding {
  const clang::Expr *Call;
  std::string Op; ///< op name, or "" for a module call
  const Operand *A = nullptr, *B = nullptr;
  Device DA, DB;
  const ModuleCallEvent *ModuleCall = nullptr; ///< set for module calls
  llvm::ArrayRef<const clang::Expr *> Via;     ///< as in OpEvent
  llvm::ArrayRef<Assumption> Assumed;          ///< as in OpEvent
  const OpEvent *Ev = nullptr;                 ///< set for op calls
  /// A module whose forward is not visible here: reported only with
  /// OpaqueModules.
  bool OpaqueForward = false;
};

// findings/EventFacts.cpp: what several finders ask of an event.
/// The one device all operands with a known device are on, if any.
std::optional<Device> commonDevice(llvm::ArrayRef<Operand> Ops);
/// May autocast recast the operands of this op call (on Dev, or on any
/// device if not given)? In-place, out= and explicit-dtype calls are never
/// autocast; otherwise autocast must be on or unknown for a device whose
/// list has the op.
bool autocastMayCover(const OpEvent &Ev, const ApiModel &Api,
                      llvm::StringRef Op, std::optional<Device> Dev);
/// The same for an autocast state (a module call's), with Inside: also
/// where the op runs inside one on the list (ApiModel::autocastInside).
bool autocastMayCover(const AutocastArray &Autocast, const ApiModel &Api,
                      llvm::StringRef Op, std::optional<Device> Dev,
                      bool Inside = false);
/// An element accessor that checks the tensor's dtype (data_ptr<T>,
/// accessor<T, N> ...): the tensor method itself, its receiver operand 0,
/// by the name it was called with.
bool isCheckedAccessor(const OpEvent &Ev, const ApiModel &Api);

// The finders, each in the file named for its check (findings/<Name>.cpp).

std::vector<MixedPrecisionFinding> findMixedPrecision(const FunctionResult &R,
                                                      const ApiModel &Api);
/// OpaqueModules: also report modules whose forward is not visible here
/// (defined in another file, or TorchScript), assuming it keeps its input.
/// Losses of class indices check that input, target and class weights
/// share a device (ApiModel::loss).
std::vector<DeviceMismatchFinding> findDeviceMismatch(const FunctionResult &R,
                                                      const ApiModel &Api,
                                                      bool OpaqueModules);
std::vector<const MpsFloat64Event *> findMpsFloat64(const FunctionResult &R);
/// Autocast dtype setters given a dtype the version's setter refuses.
std::vector<const AutocastDTypeEvent *>
findRefusedAutocastDType(const FunctionResult &R);

/// Float16 compute on the CPU that the targeted version has no kernel for.
std::vector<const OpEvent *> findHalfOnCpu(const FunctionResult &R,
                                           const ApiModel &Api);

struct ModuleInputFinding {
  const ModuleCallEvent *Call;
  DType Params, Input;
  std::string Kb;
  bool Index = false; ///< a lookup layer given indices it does not take
  /// Autocast may be on for the layer: it casts the weights, never the
  /// float64 input (the message then names the lower precision).
  bool AutocastLeavesInput = false;
  /// A user's module whose forward is not visible here: reported only
  /// with OpaqueModules.
  bool OpaqueForward = false;
};
/// A module whose parameters have one floating dtype, given an input of
/// another, where autocast does not reconcile them; a lookup layer
/// (Embedding) given floating or bool indices.
std::vector<ModuleInputFinding> findModuleInputDtype(const FunctionResult &R,
                                                     const ApiModel &Api,
                                                     bool OpaqueModules);

struct LossTargetFinding {
  const OpEvent *Ev;
  const Operand *Input, *Target;
  DType InputDT, TargetDT;
  bool ClassIndex; ///< the target must be Long (else: input and target agree)
  /// The target must be floating (an integer one makes the result type
  /// Float, which cannot be cast to it).
  bool FloatingTarget = false;
  /// Class weights (Target is then the weight operand) of another dtype
  /// than the input, with class indices as the target.
  bool Weight = false;
  /// For a loss whose forward runs and whose backward throws: the
  /// backward() call its value reaches, where the program stops.
  const clang::CallExpr *Backward = nullptr;
  /// The calls that lead to Backward, as OpEvent::Via.
  llvm::ArrayRef<const clang::Expr *> BackwardVia;
  /// A floating target read as class indices because its number of
  /// dimensions is not the input's: both numbers (-1: not so).
  int InputRank = -1, TargetRank = -1;
};
std::vector<LossTargetFinding> findLossTargetDtype(const FunctionResult &R,
                                                   const ApiModel &Api,
                                                   clang::ASTContext &Ctx);

/// The backward() call (a method of the tensor, or a free function given
/// it) that the value of Loss reaches in the function computing it, through
/// the variables it is stored in and those computed from them; null if
/// none (BackwardReach.cpp).
const clang::CallExpr *backwardReached(const clang::Expr *Loss,
                                       clang::ASTContext &Ctx);

struct UnsafeAutocastFinding {
  const OpEvent *Ev;
  AutocastDevice Dev;
};
/// Ops autocast refuses (binary_cross_entropy) inside a region where autocast
/// is on for their device.
std::vector<UnsafeAutocastFinding> findAutocastUnsafe(const FunctionResult &R,
                                                      const ApiModel &Api);

/// An element accessor (data_ptr<float>, accessor<float, 2> ...) called on
/// a tensor of another dtype than its element type.
struct DataPtrFinding {
  const OpEvent *Ev;
  DType Asked, Got;
  std::string ElementType; ///< the template argument, as the callee has it
};
std::vector<DataPtrFinding> findDataPtrDtype(const FunctionResult &R,
                                             const ApiModel &Api,
                                             clang::ASTContext &Ctx);

/// An element accessor (data_ptr, packed_accessor32 ...) of a tensor on the
/// CPU on every path, whose pointer reaches an argument of a CUDA kernel
/// launch (directly, or through a local variable initialized with it and
/// never assigned again): the kernel reads host memory.
struct HostLaunchFinding {
  const OpEvent *Ev;
  const clang::CallExpr *Launch;
};
std::vector<HostLaunchFinding> findHostTensorLaunch(const FunctionResult &R,
                                                    const ApiModel &Api,
                                                    clang::ASTContext &Ctx);

/// An AT_DISPATCH_* macro reached by a tensor of a dtype none of its cases
/// covers: its default throws '"name" not implemented for 'Half''.
struct DispatchFinding {
  const OpEvent *Ev; ///< Op "dispatch"; Written is the kernel's name
  DType Got;
};
std::vector<DispatchFinding> findDispatchMissingDtype(const FunctionResult &R);

/// A number outside a tensor's dtype's range given to an op that converts
/// it with an overflow check (masked_fill(mask, -1e9) on float16).
struct OverflowFinding {
  const OpEvent *Ev;
  const Operand *Self;
  const clang::Expr *Value;
  double Number;
  DType DT;
};
std::vector<OverflowFinding> findHalfOverflow(const FunctionResult &R,
                                              const ApiModel &Api,
                                              clang::ASTContext &Ctx);

/// An element accessor reading a tensor with the element type (scalar_t)
/// of an AT_DISPATCH_* macro on another tensor, where nothing ties the
/// read tensor's dtype to the dispatched one: a caller passing two dtypes
/// gets 'expected scalar type BFloat16 but found Float'. Unless Strict,
/// only in functions whose entry the unit shows (CallerIndex::entryInSight):
/// a launcher called from another file gets its tensors from callers that
/// may check or allocate them. Python (may be null; it may give null) gives
/// the extension's package, asked only for a function that would be
/// reported: a bound function its Python callers cast for is not reported.
struct DispatchOperandFinding {
  const OpEvent *Ev;
  const clang::Expr *Dispatched; ///< the tensor the macro dispatches on
  const clang::SwitchStmt *Switch;
};
std::vector<DispatchOperandFinding> findDispatchOperand(
    const FunctionResult &R, const ApiModel &Api, CallerIndex &Callers,
    bool Strict, llvm::function_ref<const PythonWrappers *()> Python = nullptr);

struct FromBlobFinding {
  const FromBlobEvent *Ev;
  DType Buffer, Told;
  std::string BufferType; ///< the C++ element type, as written
};
/// from_blob told a dtype other than its buffer's element type.
std::vector<FromBlobFinding> findFromBlobDtype(const FunctionResult &R,
                                               clang::ASTContext &Ctx);

/// from_blob told a CUDA device for pageable host memory (a std::vector's
/// data(), an array, new, malloc): a CUDA build
/// throws 'The specified pointer resides on host memory and is not
/// registered with any CUDA device.' (getDeviceFromPtr).
struct FromBlobDeviceFinding {
  const FromBlobEvent *Ev;
  std::string What; ///< "the host memory of std::vector" ...
};
std::vector<FromBlobDeviceFinding> findFromBlobDevice(const FunctionResult &R,
                                                      clang::ASTContext &Ctx);

/// A write into a tensor whose dtype the value written cannot take: a
/// source of another dtype (index_put_, index_copy_, scatter_ ...), or an
/// in-place arithmetic result that cannot be cast back to self's dtype.
struct InplaceFinding {
  const OpEvent *Ev;
  const Operand *Self;
  /// The source, or the other operand of the arithmetic (null for a number
  /// or a true division).
  const Operand *Source = nullptr;
  DType SelfDT, SourceDT;
  /// Arithmetic whose result dtype (SourceDT) cannot be cast to SelfDT.
  bool ResultCast = false;
  /// The reason for a ResultCast without a Source: "a floating number",
  /// "a number", "true division".
  std::string Why;
  std::string Kb;
};
std::vector<InplaceFinding> findInplaceDtype(const FunctionResult &R,
                                             const ApiModel &Api);
/// The write of one op event that findInplaceDtype reports, if any.
std::optional<InplaceFinding> findInplaceDtype(const OpEvent &Ev,
                                               const ApiModel &Api);

/// An out= tensor of another dtype than the op's result.
struct OutFinding {
  const OpEvent *Ev;
  const Operand *Out;
  const Operand *Input; ///< the operand whose dtype the result has, or null
  DType Expected, Got;
};
std::vector<OutFinding> findOutDtype(const FunctionResult &R,
                                     const ApiModel &Api);

/// An op call given a combination of dtypes its measured contract
/// (OpContracts.h) raises a message about dtypes for, on the CPU of the
/// targeted version (1.13: where the table was measured).
struct ContractFinding {
  const OpEvent *Ev;
  /// The operands in the contract's slots, and their dtypes.
  llvm::SmallVector<const Operand *, 3> Slots;
  llvm::SmallVector<DType, 3> DTypes;
  llvm::StringRef Message; ///< what LibTorch raised, its first line
  /// The slots whose dtype alone, changed, makes the call run, and the
  /// dtypes that do (empty: no one slot's change does).
  llvm::SmallVector<std::pair<unsigned, llvm::SmallVector<DType, 4>>, 2>
      Culprits;
};
std::vector<ContractFinding> findOpContract(const FunctionResult &R,
                                            const ApiModel &Api);
/// What the measured table says of an event's call (its contract, the
/// dtypes of its slots, all known and none off the CPU), with the slots'
/// operands and dtypes; none when the table cannot say.
std::optional<ContractOutcome>
measuredOutcome(const OpEvent &Ev, const ApiModel &Api,
                llvm::SmallVectorImpl<const Operand *> *Slots,
                llvm::SmallVectorImpl<DType> &DTypes);

/// The message an op of the event raises for lacking a CPU kernel in Low
/// (float16 or bfloat16): the version's lists and the op's measured
/// overloads (ApiModel::cpuKernelMissing), else the overloads this call
/// may run (`clamp_min(x, 1e-6)` of a Half x: the Scalar overload raises
/// "clamp_min_cpu" not implemented for 'Half' on 1.13.1, the Tensor one
/// runs); none when it has the kernel or the table cannot say.
std::optional<std::string> lowPrecisionKernelMissing(const OpEvent &Ev,
                                                     const ApiModel &Api,
                                                     DType Low);

class FunctionFindings;

/// Drops the events that run only after an op that throws (a finding of a
/// check that checks.json marks "throws"): on every path that reaches
/// them, the program has stopped. FD is the function R is of; Found its
/// findings, which keep those of the events kept (ThrowOrder.cpp).
void dropAfterThrow(FunctionResult &R, const clang::FunctionDecl *FD,
                    FunctionFindings &Found, clang::ASTContext &Ctx);

} // namespace torchdtype

#endif
