//===- TensorValue.cpp - abstract dtype/device values ---------------------===//

#include "TensorValue.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>

namespace torchdtype {

llvm::StringRef dtypeName(DType D) {
  static const char *const Names[] = {
#define TD_DTYPE(Enumerator, Constant, TypeMeta, Category) #Enumerator,
#include "DTypes.def"
  };
  return Names[unsigned(D)];
}

llvm::StringRef typeMetaName(DType D) {
  static const char *const Names[] = {
#define TD_DTYPE(Enumerator, Constant, TypeMeta, Category) TypeMeta,
#include "DTypes.def"
  };
  return Names[unsigned(D)];
}

DTypeCategory dtypeCategory(DType D) {
  static const DTypeCategory Categories[] = {
#define TD_DTYPE(Enumerator, Constant, TypeMeta, Category)                     \
  DTypeCategory::Category,
#include "DTypes.def"
  };
  return D < DType::NumDTypes ? Categories[unsigned(D)]
                              : DTypeCategory::Unknown;
}

std::string legacyTypeName(Device V, DType D) {
  const char *Backend = V == Device::CPU    ? "CPU"
                        : V == Device::CUDA ? "CUDA"
                        : V == Device::MPS  ? "MPS"
                                            : nullptr;
  if (!Backend || D == DType::Other)
    return "";
  return std::string(Backend) + dtypeName(D).str() + "Type";
}

llvm::StringRef dtypeConstant(DType D) {
  static const char *const Names[] = {
#define TD_DTYPE(Enumerator, Constant, TypeMeta, Category) Constant,
#include "DTypes.def"
  };
  return Names[unsigned(D)];
}

llvm::StringRef deviceName(Device D) {
  static const char *const Names[] = {"cpu", "cuda", "mps",
                                      "xpu", "meta", "other"};
  return Names[unsigned(D)];
}

std::optional<DType> dtypeFromEnumerator(llvm::StringRef Name) {
  auto D = llvm::StringSwitch<std::optional<DType>>(Name)
#define TD_DTYPE(Enumerator, Constant, TypeMeta, Category)                     \
  .Case(#Enumerator, DType::Enumerator)
#include "DTypes.def"
               .Default(std::nullopt);
  if (D == DType::Other)
    D = std::nullopt; // "Other" is ours, not an enumerator of c10's
  if (!D && !Name.empty() && Name != "Undefined" && Name != "NumOptions")
    return DType::Other;
  return D;
}

std::optional<Device> deviceFromEnumerator(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<Device>>(Name)
      .Case("CPU", Device::CPU)
      .Case("CUDA", Device::CUDA)
      .Case("MPS", Device::MPS)
      .Case("XPU", Device::XPU)
      .Case("Meta", Device::Meta)
      .Case("COMPILE_TIME_MAX_DEVICE_TYPES", std::nullopt)
      .Default(Device::Other);
}

std::optional<Device> deviceFromString(llvm::StringRef S) {
  llvm::StringRef Type = S.trim().split(':').first;
  return llvm::StringSwitch<std::optional<Device>>(Type)
      .Case("cpu", Device::CPU)
      .Case("cuda", Device::CUDA)
      .Case("mps", Device::MPS)
      .Case("xpu", Device::XPU)
      .Case("meta", Device::Meta)
      .Default(std::nullopt);
}

/// The rank of a category in result types.
static unsigned categoryRank(DType D) { return unsigned(dtypeCategory(D)); }

DType realCounterpart(DType D) {
  switch (D) {
  case DType::ComplexHalf:
    return DType::Half;
  case DType::ComplexFloat:
    return DType::Float;
  case DType::ComplexDouble:
    return DType::Double;
  default:
    return D;
  }
}

DType promoteTypes(DType A, DType B) {
  if (A == B)
    return A;
  if (A == DType::Other || B == DType::Other)
    return DType::Other;
  unsigned CA = categoryRank(A), CB = categoryRank(B);
  if (CA != CB) {
    if (CA == 3 || CB == 3) {
      // Complex with a wider real type widens the complex type.
      DType C = CA == 3 ? A : B, R = CA == 3 ? B : A;
      if (R == DType::Double || C == DType::ComplexDouble)
        return DType::ComplexDouble;
      return C == DType::ComplexHalf && R != DType::Half ? DType::ComplexFloat
                                                         : C;
    }
    return CA > CB ? A : B;
  }
  switch (CA) {
  case 1: {
    // Byte is unsigned: mixed with a signed type it needs the next width.
    if (A == DType::Byte || B == DType::Byte) {
      DType S = A == DType::Byte ? B : A;
      return S == DType::Char ? DType::Short : S;
    }
    return std::max(A, B);
  }
  case 2:
    if ((A == DType::Half && B == DType::BFloat16) ||
        (A == DType::BFloat16 && B == DType::Half))
      return DType::Float;
    return std::max(A, B);
  default:
    return std::max(A, B);
  }
}

const AbsValue *AbsValue::field(unsigned F) const {
  if (Fields)
    for (const auto &[G, V] : *Fields)
      if (G == F)
        return &V;
  return nullptr;
}

AbsValue AbsValue::withField(unsigned F, const AbsValue &V) const {
  auto New = std::make_shared<RecordFields>();
  if (Fields)
    for (const auto &[G, W] : *Fields)
      if (G != F)
        New->push_back({G, W});
  New->push_back({F, V});
  std::sort(New->begin(), New->end(),
            [](const auto &A, const auto &B) { return A.first < B.first; });
  AbsValue R = *this;
  R.Fields = std::move(New);
  return R;
}

unsigned mapKeyFieldOf(llvm::StringRef Key) {
  return MapKeysKnown + 1 + unsigned(llvm::xxh3_64bits(Key) % 0x3ffffffeu);
}

bool AbsValue::mapEntriesDiffer() const {
  const AbsValue *Some = nullptr;
  if (Fields)
    for (const auto &[F, V] : *Fields)
      if (F > MapKeysKnown) { // (not a map of records' own fields)
        if (Some && !(*Some == V))
          return true;
        Some = &V;
      }
  return false;
}

bool AbsValue::sameFields(const AbsValue &O) const {
  if (Fields == O.Fields)
    return true;
  size_t A = Fields ? Fields->size() : 0, B = O.Fields ? O.Fields->size() : 0;
  if (A != B)
    return false;
  for (size_t I = 0; I < A; ++I)
    if ((*Fields)[I].first != (*O.Fields)[I].first ||
        (*Fields)[I].second != (*O.Fields)[I].second)
      return false;
  return true;
}

void AbsValue::join(const AbsValue &O) {
  if (K != O.K) {
    *this = none();
    return;
  }
  if (K == Kind::Tensor)
    MaybeUndefined = MaybeUndefined || O.MaybeUndefined ||
                     undefinedTensor() != O.undefinedTensor();
  // An empty optional holds nothing: the join holds what the other side
  // may hold.
  if (Opt == Engaged::No && O.Opt != Engaged::No) {
    *this = O;
    Opt = Engaged::Unknown;
    return;
  }
  if (O.Opt == Engaged::No && Opt != Engaged::No) {
    Opt = Engaged::Unknown;
    return;
  }
  if (Opt != O.Opt)
    Opt = Engaged::Unknown;
  if (K == Kind::Tensor && !sameFields(O)) {
    // A map's keys: those both know, joined; one side's alone where the
    // other knows all its keys (there the key is not in the map). Its keys
    // stay all known where they are on both sides.
    bool AllA = field(MapKeysKnown), AllB = O.field(MapKeysKnown);
    auto New = std::make_shared<RecordFields>();
    for (const AbsValue *Side : {static_cast<const AbsValue *>(this), &O})
      if (Side->Fields)
        for (const auto &[F, V] : *Side->Fields) {
          if (F == MapKeysKnown || (Side == &O && field(F)))
            continue;
          const AbsValue *Other = Side == &O ? field(F) : O.field(F);
          if (Other) {
            AbsValue J = V;
            J.join(*Other);
            New->push_back({F, J});
          } else if (Side == this ? AllB : AllA) {
            New->push_back({F, V});
          }
        }
    if (AllA && AllB)
      New->push_back({MapKeysKnown, AbsValue::none()});
    std::sort(New->begin(), New->end(),
              [](const auto &A, const auto &B) { return A.first < B.first; });
    Fields = New->empty() ? nullptr : std::move(New);
  }
  if (K == Kind::Record && !sameFields(O)) {
    // Only the fields both know, joined.
    auto New = std::make_shared<RecordFields>();
    if (Fields)
      for (const auto &[F, V] : *Fields)
        if (const AbsValue *W = O.field(F)) {
          AbsValue J = V;
          J.join(*W);
          New->push_back({F, J});
        }
    Fields = New->empty() ? nullptr : std::move(New);
  }
  if (K == Kind::Module && !sameFields(O)) {
    // A submodule converted on one path only is unknown after the join. A
    // map of modules' keys join as a map of tensors' do.
    bool AllA = field(MapKeysKnown), AllB = O.field(MapKeysKnown);
    AbsValue R = *this;
    R.Fields = nullptr;
    for (const AbsValue *Side : {static_cast<const AbsValue *>(this), &O})
      if (Side->Fields)
        for (const auto &[F, V] : *Side->Fields) {
          const AbsValue *A = field(F), *B = O.field(F);
          if (F >= MapKeysKnown) {
            if (F == MapKeysKnown || (Side == &O && A))
              continue;
            if (A && B) {
              AbsValue J = *A;
              J.join(*B);
              R = R.withField(F, J);
            } else if (Side == this ? AllB : AllA) {
              R = R.withField(F, V);
            }
            continue;
          }
          AbsValue J = unknownModule();
          if (A && B) {
            J = *A;
            J.join(*B);
          }
          R = R.withField(F, J);
        }
    if (AllA && AllB)
      R = R.withField(MapKeysKnown, none());
    Fields = R.Fields;
  }
  if (K == Kind::Options && (DTypeSet != O.DTypeSet)) {
    DTypeSet = true;
    DT = DTypeFact::unknown();
  } else {
    DT.join(O.DT);
  }
  if (K == Kind::Options && (DeviceSet != O.DeviceSet)) {
    DeviceSet = true;
    DV = DeviceFact::unknown();
  } else {
    DV.join(O.DV);
  }
  Dims = std::min(Dims, O.Dims);
  if (Rank != O.Rank)
    Rank = -1;
  FloatModule = FloatModule && O.FloatModule;
  Fwd = std::max(Fwd, O.Fwd); // Keeps < Opaque < Converts
  Moved = Moved && O.Moved;
  Tracked = Tracked && O.Tracked;
  DTypeConverted = DTypeConverted || O.DTypeConverted;
  DeviceConverted = DeviceConverted || O.DeviceConverted;
  if (Layers != O.Layers)
    Layers = nullptr;
  if (Class != O.Class)
    Class = nullptr;
}

AutocastState joinAutocast(AutocastState A, AutocastState B) {
  return A == B ? A : AutocastState::Unknown;
}

std::optional<AutocastDevice> autocastDeviceOf(Device D) {
  switch (D) {
  case Device::CUDA:
    return AutocastDevice::CUDA;
  case Device::CPU:
    return AutocastDevice::CPU;
  case Device::XPU:
    return AutocastDevice::XPU;
  case Device::MPS:
    return AutocastDevice::MPS;
  default:
    return std::nullopt;
  }
}

AbsValue AbsValue::decidedBy(const AbsValue &Run,
                            clang::SourceLocation Where) const {
  AbsValue V = *this;
  if (!V.DT.single() && Run.DT.single()) {
    V.DT = Run.DT;
    if (V.DT.Where.isInvalid())
      V.DT.Where = Where;
  }
  if (!V.DV.single() && Run.DV.single()) {
    V.DV = Run.DV;
    if (V.DV.Where.isInvalid())
      V.DV.Where = Where;
  }
  return V;
}

} // namespace torchdtype
