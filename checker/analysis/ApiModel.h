//===- ApiModel.h - what LibTorch's API does to dtypes and devices -*- C++
//-*-===//
//
// Classifies clang types and declarations as LibTorch entities by qualified
// name and real type, and answers questions from the tables generated from
// checker/data/*.json. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_APIMODEL_H
#define TORCHDTYPE_ANALYSIS_APIMODEL_H

#include "OpContracts.h"
#include "TensorValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <array>
#include <optional>
#include <string>

namespace torchdtype {

enum class FactoryRule : uint8_t {
  DefaultFloat,
  DefaultFloatScalar,
  FromFill,
  FromScalars,
  FromData,
  Long,
  Like
};
enum class ConversionRule : uint8_t {
  To,
  DTypeArg,
  LikeArg,
  DeviceCPU,
  DeviceCUDA,
  BackendArg
};
enum class OpRule : uint8_t {
  Preserve,
  Reduce,
  Promote,
  BoolResult,
  LongResult,
  ListPromote, ///< cat, stack: the promoted dtype of the list's tensors
  /// abs, angle, real, imag, view_as_real: a complex dtype's real
  /// counterpart, a real one kept (observed on 1.13.1).
  RealOfComplex
};
enum class ModuleRule : uint8_t { FloatInput, IndexInput };
enum class LossRule : uint8_t {
  ClassIndex,
  ClassIndexOrProbabilities,
  SameDType,
  FloatingTarget ///< an integer target throws
};

/// An op that writes a source tensor into self and needs it to have self's
/// dtype (checker/data/api.json "source_dtype_ops").
struct SourceDTypeRule {
  unsigned Sources = 0; ///< bit i: argument position i is a source
  int IndexList = -1;   ///< position of a braced index list, or -1
  std::string Kb;
};

/// An op that converts a number to a tensor's dtype with an overflow check
/// (checker/data/api.json "fill_value_ops"): positions among its operands
/// (0: self, or the object of a method).
struct FillValueRule {
  int Self = 0; ///< the tensor whose dtype the number takes; -1: the result
  unsigned Value = 0; ///< the number
};

/// What dtype each out= tensor of an op must have.
enum class OutRule : uint8_t { Input, Long };

/// A torch::nn layer the data describes.
struct ModuleInfo {
  ModuleRule Rule;
  std::string Op; ///< the aten op it runs ("linear", "conv2d" ...)
  std::string Kb; ///< record of the error a mismatched input raises
  /// Record of the error an integer input raises ("": not observed).
  std::string IntKb;
  /// Bit d: an input of floating dtype d runs beside float32 parameters,
  /// and the result has the input's dtype (BatchNorm: bfloat16).
  unsigned MixedInput = 0;
  /// Another floating input is reported only when known to be on the CPU.
  bool CpuOnly = false;
  /// The forward argument holding a hidden state that must have the
  /// parameters' dtype as well (GRU's hx), or -1.
  int StateInput = -1;
  bool mixed(DType D) const { return (MixedInput >> unsigned(D)) & 1; }
};
enum class AutocastPolicy : uint8_t {
  NotListed,
  LowerPrecision,
  FP32,
  Promote,
  Banned
};

/// What an at::autocast setter changes (a query reads), and for which
/// device.
struct AutocastSetter {
  enum class Sets : uint8_t { Enabled, DType } What;
  /// The device it applies to, or none: the first argument names it.
  std::optional<AutocastDevice> Device;
};

/// The LibTorch entity a type stands for.
enum class TypeKind : uint8_t {
  None,
  Tensor,
  Options,
  Device,     ///< c10::Device
  DeviceType, ///< c10::DeviceType
  ScalarType,
  TypeMeta,
  Optional,  ///< c10::optional / std::optional of something
  Holder,    ///< torch::nn::ModuleHolder<...> subclass (torch::nn::Linear ...)
  NNModule,  ///< class derived from torch::nn::Module
  ModulePtr, ///< std::shared_ptr<T>, T derived from torch::nn::Module
  JitModule, ///< torch::jit::Module
  IValue,
  IValueList, ///< std::vector<c10::IValue>: the inputs of a TorchScript call
  TensorList, ///< std::vector<at::Tensor>: the join of the tensors it holds
  Record,     ///< a user's plain class or struct with a tensor field
  RecordList, ///< a sequence of Records, or a map to them: their join
  ModuleList, ///< a sequence of module holders (or shared_ptrs of modules),
              ///< or a map to them: the join of the modules they hold
};

/// A torch::nn module holder or a std::shared_ptr of a module: what a
/// ModuleList holds.
inline bool isModuleHandleKind(TypeKind K) {
  return K == TypeKind::Holder || K == TypeKind::ModulePtr;
}
/// The kind of a sequence or map of values of kind E: the join of what it
/// holds (None: not followed).
inline TypeKind listKindOf(TypeKind E) {
  return E == TypeKind::Tensor   ? TypeKind::TensorList
         : E == TypeKind::Record ? TypeKind::RecordList
         : isModuleHandleKind(E) ? TypeKind::ModuleList
                                 : TypeKind::None;
}

/// A version of PyTorch as major.minor.
struct TorchVersion {
  unsigned Major = 2, Minor = 14;
  static std::optional<TorchVersion> parse(llvm::StringRef S);
  bool operator<(const TorchVersion &O) const {
    return Major != O.Major ? Major < O.Major : Minor < O.Minor;
  }
  bool atLeast(unsigned Ma, unsigned Mi) const {
    return !(*this < TorchVersion{Ma, Mi});
  }
  std::string str() const;
};

/// The roles of the names the analysis routes calls by: the keys of
/// checker/data/api.json's "names", as the tablegen writes them
/// (op_namespaces is OpNamespaces).
enum class NameRole : unsigned {
#define TD_ROLE(Role) Role,
#include "ApiTables.inc"
#undef TD_ROLE
};
constexpr unsigned NumNameRoles = 0
#define TD_ROLE(Role) +1
#include "ApiTables.inc"
#undef TD_ROLE
    ;

class ApiModel {
public:
  explicit ApiModel(TorchVersion V);

  TypeKind classify(clang::QualType T) const;
  /// The record behind a holder, module or shared_ptr type.
  const clang::CXXRecordDecl *moduleRecord(clang::QualType T) const;
  /// A torch::nn layer with parameters (holder, Impl or pointer), if the
  /// data lists it.
  std::optional<ModuleInfo> builtinModule(clang::QualType T) const;
  /// The op a torch::nn loss module runs ("mse_loss" for MSELoss), or "".
  std::string lossModuleOp(clang::QualType T) const;
  /// The ops the step() of a torch::optim class runs on each parameter with
  /// a gradient, in order (api.json optimizer_steps; OptimizerSteps.cpp),
  /// for RD or the torch::optim class it derives from; empty if none.
  llvm::ArrayRef<std::string>
  optimizerStepOps(const clang::CXXRecordDecl *RD) const;
  /// The op a torch::nn module without parameters runs on its input
  /// ("tanh" for Tanh), or "".
  std::string activationModuleOp(clang::QualType T) const;
  /// torch::nn::Sequential (holder, Impl or pointer).
  bool isSequential(clang::QualType T) const;
  std::optional<LossRule> loss(llvm::StringRef Op) const;
  std::optional<SourceDTypeRule> sourceDTypeOp(llvm::StringRef Op) const;
  /// An op converting a number to a tensor's dtype with an overflow check
  /// (api.json "fill_value_ops"), by the name it is called with.
  std::optional<FillValueRule> fillValueOp(llvm::StringRef Op) const;
  /// The dtype rule of each out= tensor of an op whose result dtype it
  /// computes itself; empty if the op casts into its out tensor.
  llvm::SmallVector<OutRule, 2> outDTypeRules(llvm::StringRef Op) const;
  /// In-place arithmetic whose result type must be castable to self's.
  bool isResultCastInPlace(llvm::StringRef Name) const {
    return hasName(NameRole::ResultCastInplace, Name);
  }
  /// An op returning (values, indices): element 0 has its input's dtype,
  /// element 1 is int64 (max(dim), sort, topk ...).
  bool isValuesIndicesOp(llvm::StringRef Name) const {
    return hasName(NameRole::TupleValuesIndices, Name);
  }
  /// An op returning a tuple whose every element has its input's dtype
  /// (linalg_qr, linalg_eigh, std_mean ...).
  bool isSameDTypeTupleOp(llvm::StringRef Name) const {
    return hasName(NameRole::TupleSameDtype, Name);
  }
  /// A method of a tensor whose first template argument is its C++ element
  /// type (data_ptr<T>, accessor<T, N>, item<T> ...).
  bool isElementAccessor(llvm::StringRef Name) const {
    return hasName(NameRole::ElementAccessors, Name);
  }
  /// An element accessor that checks the tensor's dtype against its
  /// element type (data_ptr<T>, accessor<T, N> ...; not item<T>, which
  /// converts).
  bool isDTypeCheckedAccessor(llvm::StringRef Name) const {
    return hasName(NameRole::DtypeCheckedAccessors, Name);
  }
  /// The function an AT_DISPATCH_* macro reads the dispatched ScalarType
  /// through (qualified name: detail::scalar_type).
  bool isDispatchTypeReader(llvm::StringRef QualName) const {
    return hasName(NameRole::DispatchTypeReaders, QualName);
  }
  /// A guard object that turns gradients off while it lives
  /// (names.no_grad_guards).
  bool isNoGradGuard(clang::QualType T) const;
  /// A query of the machine a condition may test, whose answer stays the
  /// same for the run (torch::cuda::is_available).
  /// Device guards, device setters, work on the current CUDA device
  /// (qualified names; DeviceGuards.h).
  bool isDeviceGuard(llvm::StringRef QualName) const {
    return hasName(NameRole::DeviceGuards, QualName);
  }
  bool isDeviceSetter(llvm::StringRef QualName) const {
    return hasName(NameRole::DeviceSetters, QualName);
  }
  bool isCurrentDeviceWork(llvm::StringRef QualName) const {
    return hasName(NameRole::CurrentDeviceWork, QualName);
  }
  /// pybind11's def, torch::Library's def and impl: they make their
  /// function argument callable from Python.
  bool isPythonBinding(llvm::StringRef QualName) const {
    return hasName(NameRole::PythonBindings, QualName);
  }
  /// at::checkSameType / checkAllSameType, and the device forms (qualified
  /// names): they throw unless their TensorArgs agree.
  bool isSameDTypeCheck(llvm::StringRef QualName) const {
    return hasName(NameRole::SameDtypeChecks, QualName);
  }
  /// at::checkScalarType / checkScalarTypes: they throw unless their
  /// TensorArg has the dtype (one of the dtypes) they are given.
  bool isDTypeCheck(llvm::StringRef QualName) const {
    return hasName(NameRole::DtypeChecks, QualName);
  }
  bool isSameDeviceCheck(llvm::StringRef QualName) const {
    return hasName(NameRole::SameDeviceChecks, QualName);
  }
  bool isMachineQuery(llvm::StringRef QualName) const {
    return hasName(NameRole::MachineQueries, QualName);
  }
  /// The message an op with no CPU kernel for DT (Half or BFloat16) in the
  /// targeted version raises ("" where not recorded); none if it has one.
  /// A composite of cpu_half.json inner_kernels lacks its inner ops'.
  /// The op's CPU kernel is chosen by its input's dtype alone (cpu_half.json
  /// input_decides: layer_norm, group_norm).
  bool cpuKernelByInput(llvm::StringRef Op) const;
  std::optional<std::string> cpuKernelMissing(llvm::StringRef Op,
                                              DType DT) const;
  llvm::StringRef cpuHalfDataVersion() const { return CpuHalfVersion; }

  /// True for declarations inside LibTorch's namespaces (at, c10, torch,
  /// caffe2): the analysis models them and never reads their bodies.
  bool isLibTorchDecl(const clang::Decl *D) const;
  /// "at", "torch", "torch::nn::functional", "at::autocast" ... or "".
  std::string namespaceOf(const clang::Decl *D) const;

  std::optional<FactoryRule> factory(llvm::StringRef Name) const;
  std::optional<ConversionRule> conversion(llvm::StringRef Name) const;
  std::optional<OpRule> tensorOp(llvm::StringRef Name) const;
  /// Operand mask of an op that needs equal dtypes (bit 0 = self / first).
  std::optional<unsigned> sameDTypeOperands(llvm::StringRef Name) const;
  /// For an op whose operands are the elements of one list argument that
  /// need one dtype (einsum, api.json same_dtype_ops "list"): that
  /// argument's position.
  std::optional<unsigned> sameDTypeList(llvm::StringRef Name) const;
  /// The knowledge-base record of the error such an op raises in the
  /// targeted version ("pytorch/..."), or "".
  std::string sameDTypeRecord(llvm::StringRef Name) const;

  /// Names the analysis routes calls by (checker/data/api.json "names").
  /// A top-level namespace of LibTorch (at, c10, torch, caffe2).
  bool isLibTorchNamespace(llvm::StringRef NS) const {
    return hasName(NameRole::LibtorchNamespaces, NS);
  }
  /// A top-level namespace whose functions the analysis never enters:
  /// LibTorch's (modelled by name), the standard library's (std, and
  /// libstdc++'s __gnu_cxx) and pybind11's.
  bool isModelledNamespace(llvm::StringRef NS) const {
    return isLibTorchNamespace(NS) || NS == "std" || NS == "__gnu_cxx" ||
           NS == "pybind11";
  }
  bool isOpNamespace(llvm::StringRef NS) const {
    return hasName(NameRole::OpNamespaces, NS);
  }
  /// The prefix of the aten ops a namespace's functions return
  /// (api.json wrapper_namespaces: torch::fft's are fft_*); empty if none.
  llvm::StringRef wrapperPrefix(llvm::StringRef NS) const {
    return textOf(WrapperNamespaces, NS);
  }
  bool isOptionsNamespace(llvm::StringRef NS) const {
    return hasName(NameRole::OptionsNamespaces, NS);
  }
  bool isAutocastNamespace(llvm::StringRef NS) const {
    return hasName(NameRole::AutocastNamespaces, NS);
  }
  bool isDefaultDTypeSetter(llvm::StringRef Name) const {
    return hasName(NameRole::DefaultDtypeSetters, Name);
  }
  bool isDefaultDTypeQuery(llvm::StringRef Name) const {
    return hasName(NameRole::DefaultDtypeQueries, Name);
  }
  /// std functions that construct their template argument behind a
  /// pointer (make_unique, make_shared).
  bool isOwnerMaker(llvm::StringRef Name) const {
    return hasName(NameRole::OwnerMakers, Name);
  }
  /// Methods of std::optional and the smart pointers that construct
  /// (destroy) the object they own.
  bool isOwnerEmplacer(llvm::StringRef Name) const {
    return hasName(NameRole::OwnerEmplacers, Name);
  }
  bool isOwnerReset(llvm::StringRef Name) const {
    return hasName(NameRole::OwnerResets, Name);
  }
  bool isDTypeConversionFunction(llvm::StringRef Name) const {
    return hasName(NameRole::DtypeConversions, Name);
  }
  bool isAccessorMethod(llvm::StringRef Name) const {
    return hasName(NameRole::HolderAccessors, Name);
  }
  bool isRegisterModuleMethod(llvm::StringRef Name) const {
    return hasName(NameRole::RegisterModule, Name);
  }
  bool isMakeShared(llvm::StringRef Name) const {
    return hasName(NameRole::MakeShared, Name);
  }
  bool isDTypeAccessor(llvm::StringRef Name) const {
    return hasName(NameRole::DtypeAccessors, Name);
  }
  bool isDeviceAccessor(llvm::StringRef Name) const {
    return hasName(NameRole::DeviceAccessors, Name);
  }
  bool isOptionsAccessor(llvm::StringRef Name) const {
    return hasName(NameRole::OptionsAccessors, Name);
  }
  bool isDeviceTypeAccessor(llvm::StringRef Name) const {
    return hasName(NameRole::DeviceTypeAccessors, Name);
  }
  bool isTypeMetaMaker(llvm::StringRef Name) const {
    return hasName(NameRole::TypeMetaMakers, Name);
  }
  bool isModuleConversion(llvm::StringRef Name) const {
    return hasName(NameRole::ModuleConversions, Name);
  }
  bool isModuleForward(llvm::StringRef Name) const {
    return hasName(NameRole::ModuleForwards, Name);
  }
  /// parameters(), buffers(), children() ... of torch::nn::Module.
  bool isModuleStateList(llvm::StringRef Name) const {
    return hasName(NameRole::ModuleStateLists, Name);
  }
  /// Tensor members of torch::nn layers that are integral buffers.
  bool isIntegralModuleBuffer(llvm::StringRef Name) const {
    return hasName(NameRole::IntegralModuleBuffers, Name);
  }
  /// Ops that divide truly: integral operands give a floating result.
  bool isTrueDivision(llvm::StringRef Name) const {
    return hasName(NameRole::TrueDivision, Name);
  }
  /// Factories whose result always has a dimension (linspace, arange ...).
  bool isSameRankOp(llvm::StringRef Name) const {
    return hasName(NameRole::SameRankOps, Name);
  }
  /// Ops whose result has exactly their input's number of dimensions.
  bool isExactRankOp(llvm::StringRef Name) const {
    return hasName(NameRole::ExactRankOps, Name);
  }
  /// Ops whose size argument gives their result's number of dimensions.
  bool isShapeGivenOp(llvm::StringRef Name) const {
    return hasName(NameRole::ShapeGivenOps, Name);
  }
  /// Ops whose result is 1-D when given no dimension arguments.
  bool isFlatResultOp(llvm::StringRef Name) const {
    return hasName(NameRole::FlatResultOps, Name);
  }
  /// Tensor methods that give the tensor their argument's data, dtype and
  /// device (set_data).
  bool isDataSetter(llvm::StringRef Name) const {
    return hasName(NameRole::DataSetters, Name);
  }
  bool isNonScalarFactory(llvm::StringRef Name) const {
    return hasName(NameRole::NonscalarFactories, Name);
  }
  bool isBufferFactory(llvm::StringRef Name) const {
    return hasName(NameRole::BufferFactories, Name);
  }
  std::optional<AutocastSetter> autocastSetter(llvm::StringRef Name) const;
  std::optional<AutocastSetter> autocastQuery(llvm::StringRef Name) const;

  AutocastPolicy autocastPolicy(AutocastDevice Dev, llvm::StringRef Op) const;
  /// An op that runs others inside, one of which autocast lists for Dev.
  bool autocastInside(AutocastDevice Dev, llvm::StringRef Op) const;
  /// Default lower-precision dtype of autocast on a device, if the targeted
  /// version has autocast for it.
  std::optional<DType> autocastDefault(AutocastDevice Dev) const;
  /// The message this version's setter of Dev's autocast dtype throws when
  /// given DT, if it refuses DT (autocast.json "accepted_dtypes": 1.13's
  /// CPU setter takes bfloat16 only).
  std::optional<llvm::StringRef> autocastDTypeRefusal(AutocastDevice Dev,
                                                      DType DT) const;
  const TorchVersion &version() const { return Version; }
  /// The measured dtype contracts of the aten ops (OpContracts.h).
  const OpContracts &contracts() const { return Contracts; }
  /// Do they hold for the targeted version? They were measured on 1.13.1;
  /// what 2.x changed is not recorded, so for 2.x they are not used.
  bool contractsApply() const { return !Version.atLeast(2, 0); }
  /// The aten op a callee's contract is recorded under: its name, or for
  /// an operator the op it calls (api.json "operator_ops"); "" if none.
  llvm::StringRef contractName(llvm::StringRef Name) const;
  /// The aten op a functional runs for a mode its options give
  /// (`interpolate` with kBilinear: upsample_bilinear2d), or for that mode
  /// and the length of the list its options are made of (`pad` with
  /// kReflect and 4 numbers: reflection_pad2d), or "".
  llvm::StringRef modeOp(llvm::StringRef Fn, llvm::StringRef Mode,
                         std::optional<unsigned> Length) const {
    auto It = FunctionalOps.find((Fn + ":" + Mode).str());
    if (It == FunctionalOps.end() && Length)
      It = FunctionalOps.find((Fn + ":" + Mode + ":" + llvm::Twine(*Length)).str());
    return It == FunctionalOps.end() ? "" : llvm::StringRef(It->second);
  }
  /// The in-place op an operator runs on an empty_like of its right tensor
  /// when a number is on its left (`1.0 / t` is div_), or "" (api.json
  /// "reverse_scalar_operators").
  llvm::StringRef reverseScalarOp(llvm::StringRef Name) const;
  /// The data version the autocast tables were taken from.
  llvm::StringRef autocastDataVersion() const { return AutocastVersion; }

private:
  bool hasName(NameRole Role, llvm::StringRef Name) const;

  TorchVersion Version;
  std::array<llvm::StringSet<>, NumNameRoles> Names;
  llvm::StringMap<AutocastSetter> AutocastSetters;
  llvm::StringMap<AutocastSetter> AutocastQueries;
  std::string AutocastVersion;
  llvm::StringMap<FactoryRule> Factories;
  llvm::StringMap<ConversionRule> Conversions;
  llvm::StringMap<OpRule> TensorOps;
  llvm::StringMap<unsigned> SameDTypeOps;
  llvm::StringMap<unsigned> SameDTypeLists;
  llvm::StringMap<std::string> OpRecords;
  llvm::StringMap<ModuleInfo> Modules;
  llvm::StringMap<std::string> LossModules;
  llvm::StringMap<std::string> ActivationModules;
  llvm::StringMap<std::string> OperatorOps;
  /// The text M maps Name to; empty if none.
  static llvm::StringRef textOf(const llvm::StringMap<std::string> &M,
                                llvm::StringRef Name) {
    auto It = M.find(Name);
    return It == M.end() ? llvm::StringRef() : llvm::StringRef(It->second);
  }
  llvm::StringMap<std::string> FunctionalOps; ///< api.json functional_ops
  llvm::StringMap<std::string> WrapperNamespaces; ///< wrapper_namespaces
  llvm::StringMap<std::string> ReverseScalarOps;
  OpContracts Contracts;
  llvm::StringMap<LossRule> Losses;
  llvm::StringMap<SourceDTypeRule> SourceDTypeOps;
  llvm::StringMap<FillValueRule> FillValueOps;
  llvm::StringMap<std::string> OutDTypeOps;
  llvm::StringMap<llvm::SmallVector<std::string, 2>> Composites;
  llvm::StringMap<llvm::SmallVector<std::string, 6>> OptimizerSteps;
  void loadOptimizerSteps();
  llvm::StringMap<std::string> CpuKernelMissing; ///< "<dtype>:<op>" -> message
  llvm::StringSet<> CpuKernelByInput, CpuKernelInner;
  std::string CpuHalfVersion;
  llvm::StringMap<AutocastPolicy> Autocast[NumAutocastDevices];
  std::optional<DType> AutocastDefaults[NumAutocastDevices];
  llvm::SmallVector<DType, 1> AutocastAccepted[NumAutocastDevices];
  std::string AutocastRefusals[NumAutocastDevices];
  mutable llvm::DenseMap<const clang::Type *, TypeKind> TypeCache;
};

/// The kinds of fields whose values a plain struct (TypeKind::Record)
/// carries: tensors, dtypes, devices, options.
bool isCarriedField(TypeKind K);

/// The dtype whose elements have the C++ type T (float, double, the integer
/// types by size, bool, c10::Half, c10::BFloat16), as data_ptr<T>(),
/// from_blob and caffe2::TypeMeta::Make<T> relate them.
std::optional<DType> dtypeOfCxxType(clang::QualType T, clang::ASTContext &Ctx);

/// The dtype an operand has once autocast has cast it under a policy
/// (Lower: the region's dtype; Widest: of the op's floating operands).
/// Only float16, bfloat16 and float32 tensors are cast.
DType castByAutocast(DType D, AutocastPolicy P, DType Lower, DType Widest);

/// Strips a trailing '_' (in-place) or '_out'/'_outf' suffix: "addmm_" ->
/// "addmm". Sets the flags accordingly.
llvm::StringRef baseOpName(llvm::StringRef Name, bool &InPlace, bool &Out,
                           bool &OutLast);

} // namespace torchdtype

#endif
