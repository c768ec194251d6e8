//===- TensorValue.h - abstract dtype/device values -------------*- C++ -*-===//
//
// The lattice of the flow analysis. A Fact is a set of dtypes (or devices);
// the full set means unknown. A Fact may instead be symbolic: "the same as
// the dtype (device) of parameter N", which is how function summaries are
// written and applied at call sites.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_TENSORVALUE_H
#define TORCHDTYPE_ANALYSIS_TENSORVALUE_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class CXXConstructExpr;
class CXXRecordDecl;
class FieldDecl;
} // namespace clang
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace torchdtype {

/// PyTorch's scalar types that the analysis tells apart.
enum class DType : uint8_t {
#define TD_DTYPE(Enumerator, Constant, TypeMeta, Category) Enumerator,
#include "DTypes.def"
  NumDTypes
};

/// Kinds of numbers, in the order result types rank them (Unknown: a dtype
/// not modelled, which ranks with none).
enum class DTypeCategory : uint8_t {
  Bool,
  Integral,
  Floating,
  Complex,
  Unknown
};
DTypeCategory dtypeCategory(DType D);

enum class Device : uint8_t { CPU, CUDA, MPS, XPU, Meta, Other, NumDevices };

/// Name as PyTorch prints a ScalarType ("Float", "Half", ...).
llvm::StringRef dtypeName(DType D);
/// Name as a caffe2::TypeMeta prints it ("float", "c10::Half", "long int"),
/// or "" where not established.
llvm::StringRef typeMetaName(DType D);
/// The C++ constant naming a dtype ("kFloat", "kHalf" ...), or "" if none.
llvm::StringRef dtypeConstant(DType D);
/// Lowercase device type name as PyTorch prints it ("cpu", "cuda", ...).
llvm::StringRef deviceName(Device D);
/// The legacy type name a TensorArg prints ("CPUFloatType", "CUDAHalfType"),
/// or "" for devices without one here.
std::string legacyTypeName(Device V, DType D);
/// Parses a c10::ScalarType enumerator name ("Float", "Half", "Double" ...).
std::optional<DType> dtypeFromEnumerator(llvm::StringRef Name);
/// Parses a c10::DeviceType enumerator name ("CPU", "CUDA", "MPS" ...).
std::optional<Device> deviceFromEnumerator(llvm::StringRef Name);
/// Parses a device string as torch::Device does ("cuda:0", "mps", "cpu").
std::optional<Device> deviceFromString(llvm::StringRef S);
inline bool isFloating(DType D) {
  return dtypeCategory(D) == DTypeCategory::Floating;
}
inline bool isComplex(DType D) {
  return dtypeCategory(D) == DTypeCategory::Complex;
}
/// Bool or an integer type.
inline bool isIntegral(DType D) {
  return dtypeCategory(D) == DTypeCategory::Bool ||
         dtypeCategory(D) == DTypeCategory::Integral;
}
/// The set (a KindFact's bits) of the dtypes Pred accepts.
inline uint32_t dtypeBits(bool (*Pred)(DType)) {
  uint32_t Bits = 0;
  for (unsigned D = 0; D < unsigned(DType::NumDTypes); ++D)
    if (Pred(DType(D)))
      Bits |= 1u << D;
  return Bits;
}
/// torch.promote_types for two known dtypes.
DType promoteTypes(DType A, DType B);
/// The real dtype of a complex one (c10::toRealValueType); others as they
/// are.
DType realCounterpart(DType D);

/// What a symbolic fact stands for: the same component (dtype or device)
/// as parameter Index (Param), as field Field of the plain struct that is
/// parameter Index (FieldOfParam), or as the module whose method reads it
/// (ThisModule: a member of a torch::nn::Module subclass, whose component
/// is the module's when the module was converted (moved) with to(), else
/// what it was created with; bound at each call from the receiver module's
/// value). None: the fact is not symbolic.
struct ParamRef {
  enum class Kind : uint8_t { None, Param, FieldOfParam, ThisModule };
  Kind K = Kind::None;
  unsigned Index = 0; ///< Param, FieldOfParam: the parameter
  unsigned Field = 0; ///< FieldOfParam: the field's number

  static ParamRef param(unsigned I) { return {Kind::Param, I, 0}; }
  /// None past 255 parameters or fields, as the analysis has always had it.
  static ParamRef fieldOf(unsigned I, unsigned F) {
    if (I >= 256 || F >= 256)
      return {};
    return {Kind::FieldOfParam, I, F};
  }
  static ParamRef thisModule() { return {Kind::ThisModule, 0, 0}; }
  bool isSymbolic() const { return K != Kind::None; }
  bool isParam() const { return K == Kind::Param; }
  bool isFieldOfParam() const { return K == Kind::FieldOfParam; }
  bool isThisModule() const { return K == Kind::ThisModule; }
  bool operator==(const ParamRef &O) const {
    return K == O.K && Index == O.Index && Field == O.Field;
  }
  bool operator!=(const ParamRef &O) const { return !(*this == O); }
};

/// One component of an abstract value: a set of kinds, or a symbolic
/// reference to a parameter's component, plus the place that set it.
template <typename KindT, unsigned NumKinds> class KindFact {
public:
  static constexpr uint32_t AllBits = (1u << NumKinds) - 1;
  uint32_t Bits = AllBits;
  /// Symbolic: the same as that parameter's (field's, module's) component.
  /// For ThisModule, Bits is what a member was created with.
  ParamRef Param;
  clang::SourceLocation Where;

  static KindFact unknown() { return {}; }
  static KindFact of(KindT K, clang::SourceLocation L) {
    KindFact F;
    F.Bits = 1u << unsigned(K);
    F.Where = L;
    return F;
  }
  static KindFact symbolic(ParamRef P) {
    KindFact F;
    F.Param = P;
    return F;
  }
  static KindFact param(unsigned P) { return symbolic(ParamRef::param(P)); }
  static KindFact paramField(unsigned P, unsigned Field) {
    return symbolic(ParamRef::fieldOf(P, Field));
  }
  static KindFact thisModule() { return symbolic(ParamRef::thisModule()); }
  bool isUnknown() const { return !Param.isSymbolic() && Bits == AllBits; }
  /// The kind, when exactly one is possible.
  std::optional<KindT> single() const {
    if (Param.isSymbolic() || Bits == 0 || (Bits & (Bits - 1)))
      return std::nullopt;
    return KindT(__builtin_ctz(Bits));
  }
  bool operator==(const KindFact &O) const {
    return Bits == O.Bits && Param == O.Param;
  }
  /// Least upper bound; keeps the first place when both agree.
  void join(const KindFact &O) {
    if (Param.isSymbolic() || O.Param.isSymbolic()) {
      if (Param != O.Param)
        *this = unknown();
      else
        Bits |= O.Bits; // a module member: what it was created with
      return;
    }
    if (Bits == 0 && O.Bits != 0)
      Where = O.Where;
    Bits |= O.Bits;
    if (Bits == AllBits)
      Where = clang::SourceLocation();
  }
};

using DTypeFact = KindFact<DType, unsigned(DType::NumDTypes)>;
using DeviceFact = KindFact<Device, unsigned(Device::NumDevices)>;

/// What a tracked storage (or an expression) holds.
struct AbsValue;
/// The field of a map of tensors' value saying its keys are all known: a
/// key it has no field for is not in the map (models/Containers.cpp).
constexpr unsigned MapKeysKnown = 0x40000000u;
/// The field of a map's value that holds what the key written Key (a
/// Constant's Key) maps to.
unsigned mapKeyFieldOf(llvm::StringRef Key);
/// What is known of the fields of a plain struct value (by field index) or
/// the elements of a std::tuple or std::pair of tensors (by position); one
/// not listed is unknown. Shared between copies, never changed once made.
using RecordFields = std::vector<std::pair<unsigned, AbsValue>>;

struct AbsValue {
  enum class Kind : uint8_t {
    None,    ///< not a value the analysis tracks
    Tensor,  ///< at::Tensor
    Options, ///< c10::TensorOptions: dtype/device may be unset
    Device,  ///< c10::Device / c10::DeviceType
    DType,   ///< c10::ScalarType / caffe2::TypeMeta
    Module,  ///< torch::nn module or torch::jit::Module (its parameters)
    Record,  ///< a plain struct holding tensors (Fields)
  };
  Kind K = Kind::None;
  DTypeFact DT;
  DeviceFact DV;
  bool DTypeSet = true;   ///< Options only: dtype given
  bool DeviceSet = true;  ///< Options only: device given
  /// How many dimensions it has at least (0: it may be a 0-dim tensor,
  /// which does not take part in dtype promotion beside dimensioned ones).
  uint8_t Dims = 0;
  bool nonScalar() const { return Dims > 0; }
  /// At least N dimensions.
  void atLeast(unsigned N) { Dims = std::max<unsigned>(Dims, std::min(N, 255u)); }
  /// Exactly how many dimensions it has, where a rule knows it (-1: not
  /// known). Only the rules that know it set it (a factory given its sizes,
  /// ops of api.json's exact-rank lists); every other op's result leaves it
  /// unknown.
  int8_t Rank = -1;
  /// Exactly N dimensions.
  void exactly(unsigned N) {
    Rank = int8_t(std::min(N, 64u));
    Dims = uint8_t(Rank);
  }
  std::optional<unsigned> rank() const {
    return Rank < 0 ? std::nullopt : std::optional<unsigned>(unsigned(Rank));
  }
  /// Module only: its forward needs an input of the parameters' dtype.
  bool FloatModule = false;
  /// Module only: what its forward does with the input's dtype and device.
  enum class Forward : uint8_t {
    Keeps,    ///< uses it as given (torch::nn layers, visible user forward)
    Opaque,   ///< forward not visible here (other file, TorchScript)
    Converts, ///< converts or reassigns its input first
  };
  Forward Fwd = Forward::Keeps;
  /// Module only: its device was last set by a to() call (for notes).
  bool Moved = false;
  /// Tensor only: on some path it is still undefined (`torch::Tensor x;`,
  /// the bottom, joined with a value another path gave it).
  bool MaybeUndefined = false;
  /// Module only: what happened to it since it was created is known here
  /// (created in this function, or a member of the module running).
  bool Tracked = false;
  /// Module only: to() gave all its floating parameters one dtype, or all
  /// its parameters one device, on some path since it was created.
  bool DTypeConverted = false, DeviceConverted = false;
  /// Module only: a torch::nn::Sequential built from this list of layers
  /// (each a torch::nn layer or activation), run in order by forward.
  const clang::CXXConstructExpr *Layers = nullptr;
  /// Module only: its class, where every path made it here as one of the
  /// user's polymorphic modules (`std::make_shared<D>()`, a `D` by value):
  /// a virtual forward called on it through its base runs D's.
  const clang::CXXRecordDecl *Class = nullptr;
  /// Record: its fields' values (null: none known); a map of tensors
  /// (Tensor, the join of what it maps to): what the keys a path knows map
  /// to (models/Containers.cpp's mapKeyField).
  std::shared_ptr<const RecordFields> Fields;
  /// The value of a std::optional or c10::optional (the facts are those of
  /// what it holds), or of a module's pointer or holder: whether it holds
  /// one.
  enum class Engaged : uint8_t { Unknown, Yes, No };
  Engaged Opt = Engaged::Unknown;

  /// Record only: the value of field (element) I, null when unknown.
  const AbsValue *field(unsigned I) const;
  /// Record only: a copy with field (element) I set to V.
  AbsValue withField(unsigned I, const AbsValue &V) const;
  /// A map's value: two of the keys it knows map to different facts.
  bool mapEntriesDiffer() const;

  static AbsValue none() { return {}; }
  static AbsValue tensor(DTypeFact D, DeviceFact V, bool NonScalar = false) {
    AbsValue A;
    A.K = Kind::Tensor;
    A.DT = D;
    A.DV = V;
    A.Dims = NonScalar ? 1 : 0;
    return A;
  }
  static AbsValue unknownTensor() {
    return tensor(DTypeFact::unknown(), DeviceFact::unknown());
  }
  /// No tensor: the bottom (`torch::Tensor x;`, undefined; what an empty
  /// list holds).
  static AbsValue noTensor() {
    AbsValue V = unknownTensor();
    V.DT.Bits = V.DV.Bits = 0;
    return V;
  }
  /// Module only: its parameters as one tensor (each floating parameter
  /// has the module's dtype and device; none is a scalar).
  AbsValue parameters() const {
    return tensor(DT, DV, /*NonScalar=*/true);
  }
  /// A module whose parameters' dtype and device are not known.
  static AbsValue unknownModule() {
    AbsValue M;
    M.K = Kind::Module;
    M.Fwd = Forward::Opaque;
    M.DT = DTypeFact::unknown();
    M.DV = DeviceFact::unknown();
    return M;
  }
  /// The module a method runs on, as its caller has it (ParamRef::ThisModule).
  static AbsValue ownModule() {
    AbsValue M;
    M.K = Kind::Module;
    M.DT = DTypeFact::thisModule();
    M.DV = DeviceFact::thisModule();
    M.Tracked = true;
    return M;
  }
  bool isTensor() const { return K == Kind::Tensor; }
  /// Tensor only: `torch::Tensor x;`, nothing assigned on this path (no
  /// dtype, no device: the bottom).
  bool undefinedTensor() const {
    return K == Kind::Tensor && !DT.Param.isSymbolic() && DT.Bits == 0 &&
           !DV.Param.isSymbolic() && DV.Bits == 0;
  }
  /// A tensor, options, a dtype or a device: a value with dtype and device
  /// facts (a struct's field a call may decide).
  bool carriesFacts() const {
    return K == Kind::Tensor || K == Kind::Options || K == Kind::DType ||
           K == Kind::Device;
  }
  bool operator==(const AbsValue &O) const {
    return K == O.K && DT == O.DT && DV == O.DV && DTypeSet == O.DTypeSet &&
           DeviceSet == O.DeviceSet && Dims == O.Dims && Rank == O.Rank &&
           FloatModule == O.FloatModule && Fwd == O.Fwd && Moved == O.Moved &&
           MaybeUndefined == O.MaybeUndefined && Tracked == O.Tracked &&
           DTypeConverted == O.DTypeConverted &&
           DeviceConverted == O.DeviceConverted && Layers == O.Layers &&
           Class == O.Class && Opt == O.Opt && sameFields(O);
  }
  bool sameFields(const AbsValue &O) const;
  bool operator!=(const AbsValue &O) const { return !(*this == O); }
  void join(const AbsValue &O);
  /// This value with the dtype and device Run has where this one's are not
  /// one (a field a run for a call decided); a place Run does not give is
  /// Where.
  AbsValue decidedBy(const AbsValue &Run, clang::SourceLocation Where) const;
};

/// A float64 tensor on a device that is MPS on at least one path: on that
/// path the conversion throws ("Cannot convert a MPS Tensor to float64
/// dtype"). The dtype must be float64 on every path (so no path pairs MPS
/// with another dtype, as `hasMPS() ? kFloat : kDouble` beside
/// `hasMPS() ? kMPS : kCPU` would), the device known to be one of a few.
/// A module's parameters alike.
inline bool float64OnMps(const AbsValue &V) {
  return (V.isTensor() || V.K == AbsValue::Kind::Module) &&
         V.DT.single() == DType::Double && !V.DV.Param.isSymbolic() &&
         !V.DV.isUnknown() && (V.DV.Bits & (1u << unsigned(Device::MPS)));
}

/// Autocast state of one device type.
enum class AutocastState : uint8_t {
  Entry, ///< as it was when the function was entered (symbolic)
  Off,
  On,
  Unknown,
};
AutocastState joinAutocast(AutocastState A, AutocastState B);

/// Device types autocast knows, in the order of the state arrays.
enum class AutocastDevice : uint8_t { CUDA, CPU, XPU, MPS, NumAutocastDevices };
constexpr unsigned NumAutocastDevices =
    unsigned(AutocastDevice::NumAutocastDevices);
std::optional<AutocastDevice> autocastDeviceOf(Device D);

} // namespace torchdtype

#endif
