//===- ApiModel.cpp - what LibTorch's API does to dtypes and devices ------===//

#include "ApiModel.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringSwitch.h"
#include <vector>

using namespace clang;

namespace torchdtype {

std::optional<TorchVersion> TorchVersion::parse(llvm::StringRef S) {
  S = S.trim();
  llvm::StringRef MajorS, Rest;
  std::tie(MajorS, Rest) = S.split('.');
  llvm::StringRef MinorS = Rest.split('.').first;
  TorchVersion V;
  if (MajorS.getAsInteger(10, V.Major) || MinorS.getAsInteger(10, V.Minor))
    return std::nullopt;
  return V;
}

std::string TorchVersion::str() const {
  return std::to_string(Major) + "." + std::to_string(Minor);
}

template <typename V>
static std::optional<V> lookup(const llvm::StringMap<V> &M,
                               llvm::StringRef Name) {
  auto It = M.find(Name);
  if (It == M.end())
    return std::nullopt;
  return It->second;
}

/// Of the data versions, the newest not newer than Target (or the oldest,
/// for a target older than all of them).
static std::string pickVersion(const std::vector<std::string> &Candidates,
                               const TorchVersion &Target) {
  std::optional<TorchVersion> Best, Oldest;
  std::string BestS, OldestS;
  for (const std::string &S : Candidates) {
    std::optional<TorchVersion> DV = TorchVersion::parse(S);
    if (!DV)
      continue;
    if (!(Target < *DV) && (!Best || *Best < *DV)) {
      Best = DV;
      BestS = S;
    }
    if (!Oldest || *DV < *Oldest) {
      Oldest = DV;
      OldestS = S;
    }
  }
  return Best ? BestS : OldestS;
}

static std::optional<AutocastDevice> setterDeviceCUDA() {
  return AutocastDevice::CUDA;
}
static std::optional<AutocastDevice> setterDeviceCPU() {
  return AutocastDevice::CPU;
}
static std::optional<AutocastDevice> setterDeviceXPU() {
  return AutocastDevice::XPU;
}
static std::optional<AutocastDevice> setterDeviceArgument() {
  return std::nullopt;
}

bool ApiModel::hasName(NameRole Role, llvm::StringRef Name) const {
  return Names[static_cast<unsigned>(Role)].contains(Name);
}

std::optional<AutocastSetter>
ApiModel::autocastSetter(llvm::StringRef Name) const {
  return lookup(AutocastSetters, Name);
}

std::optional<AutocastSetter>
ApiModel::autocastQuery(llvm::StringRef Name) const {
  return lookup(AutocastQueries, Name);
}

ApiModel::ApiModel(TorchVersion V) : Version(V) {
  llvm::StringMap<std::vector<std::pair<std::string, std::string>>> OpKb;
#define TD_FACTORY(Name, Rule) Factories[Name] = FactoryRule::Rule;
#define TD_CONVERSION(Name, Rule) Conversions[Name] = ConversionRule::Rule;
#define TD_TENSOR_OP(Name, Rule) TensorOps[Name] = OpRule::Rule;
// Bit 8 of the mask: the one operand given is a list of tensors (einsum's).
#define TD_SAME_DTYPE_OP(Name, Mask)                                           \
  if ((Mask) & (1u << 8))                                                      \
    SameDTypeLists[Name] = llvm::countr_zero(unsigned(Mask) & 0xFFu);          \
  else                                                                         \
    SameDTypeOps[Name] = Mask;
#define TD_OP_KB(Name, Ver, Id) OpKb[Name].push_back({Ver, Id});
  // A layer's mixed inputs apply from the version the data names on.
  auto MixedFor = [&](unsigned Mixed, llvm::StringRef Since) {
    std::optional<TorchVersion> From = TorchVersion::parse(Since);
    return Since.empty() || (From && !(Version < *From)) ? Mixed : 0u;
  };
#define TD_MODULE(Name, Rule, Op, Kb, IntKb, Mixed, Since, CpuOnly, State)     \
  Modules[Name] = ModuleInfo{ModuleRule::Rule,       Op,      Kb,   IntKb,     \
                             MixedFor(Mixed, Since), CpuOnly, State};
#define TD_LOSS_MODULE(Name, Op) LossModules[Name] = Op;
#define TD_LOSS(Op, Rule) Losses[Op] = LossRule::Rule;
#define TD_NAME(Role, Name)                                                    \
  Names[static_cast<unsigned>(NameRole::Role)].insert(Name);
#define TD_SOURCE_DTYPE_OP(Name, Mask, IndexList, Kb)                          \
  SourceDTypeOps[Name] = SourceDTypeRule{Mask, IndexList, Kb};
#define TD_OUT_DTYPE_OP(Name, Rules) OutDTypeOps[Name] = Rules;
#define TD_FILL_VALUE_OP(Name, Self, Value)                                    \
  FillValueOps[Name] = FillValueRule{Self, Value};
#define TD_AUTOCAST_COMPOSITE(Name, Op) Composites[Name].push_back(Op);
#define TD_OPERATOR_OP(Name, Op) OperatorOps[Name] = Op;
#define TD_FUNCTIONAL_OP(Name, Op) FunctionalOps[Name] = Op;
#define TD_WRAPPER_NAMESPACE(NS, Prefix) WrapperNamespaces[NS] = Prefix;
#define TD_REVERSE_SCALAR_OP(Name, Op) ReverseScalarOps[Name] = Op;
#define TD_ACTIVATION_MODULE(Name, Op) ActivationModules[Name] = Op;
#define TD_AUTOCAST_SETTER(Name, What, Dev)                                    \
  AutocastSetters[Name] =                                                      \
      AutocastSetter{AutocastSetter::Sets::What, setterDevice##Dev()};
#define TD_AUTOCAST_QUERY(Name, What, Dev)                                     \
  AutocastQueries[Name] =                                                      \
      AutocastSetter{AutocastSetter::Sets::What, setterDevice##Dev()};
#include "ApiTables.inc"
#undef TD_NAME
#undef TD_AUTOCAST_SETTER
#undef TD_AUTOCAST_QUERY
#undef TD_FACTORY
#undef TD_CONVERSION
#undef TD_TENSOR_OP
#undef TD_SAME_DTYPE_OP
#undef TD_OP_KB
#undef TD_MODULE
#undef TD_LOSS_MODULE
#undef TD_LOSS
#undef TD_SOURCE_DTYPE_OP
#undef TD_OUT_DTYPE_OP
#undef TD_FILL_VALUE_OP
#undef TD_AUTOCAST_COMPOSITE
#undef TD_ACTIVATION_MODULE
#undef TD_OPERATOR_OP
#undef TD_FUNCTIONAL_OP
#undef TD_WRAPPER_NAMESPACE
#undef TD_REVERSE_SCALAR_OP
  for (const auto &Entry : OpKb) {
    std::vector<std::string> Versions;
    for (const auto &[Ver, Id] : Entry.second)
      Versions.push_back(Ver);
    std::string Ver = pickVersion(Versions, Version);
    for (const auto &[V2, Id] : Entry.second)
      if (V2 == Ver)
        OpRecords[Entry.first()] = Id;
    // A null record for the version that applies: not a same-dtype op
    // there.
    if (auto It = OpRecords.find(Entry.first());
        It != OpRecords.end() && It->second.empty()) {
      SameDTypeOps.erase(Entry.first());
      SameDTypeLists.erase(Entry.first());
      OpRecords.erase(It);
    }
  }

  loadOptimizerSteps();
  std::vector<std::string> HalfVersions;
#define TD_CPU_HALF_VERSION(Ver) HalfVersions.push_back(Ver);
#define TD_CPU_HALF(Ver, DT, Op, Message)
#include "ApiTables.inc"
#undef TD_CPU_HALF
  CpuHalfVersion = pickVersion(HalfVersions, Version);
#define TD_CPU_HALF(Ver, DT, Op, Message)                                      \
  if (CpuHalfVersion == Ver)                                                   \
    CpuKernelMissing[std::string(#DT) + ":" + Op] = Message;
#include "ApiTables.inc"
#undef TD_CPU_HALF
#undef TD_CPU_HALF_VERSION
#define TD_CPU_HALF_BY_INPUT(Ver, Op)                                          \
  if (CpuHalfVersion == Ver)                                                   \
    CpuKernelByInput.insert(Op);
#include "ApiTables.inc"
#undef TD_CPU_HALF_BY_INPUT
#define TD_CPU_HALF_INNER(Ver, Op)                                             \
  if (CpuHalfVersion == Ver)                                                   \
    CpuKernelInner.insert(Op);
#include "ApiTables.inc"
#undef TD_CPU_HALF_INNER

  std::vector<std::string> AutocastVersions;
#define TD_AUTOCAST_VERSION(Ver) AutocastVersions.push_back(Ver);
#include "ApiTables.inc"
#undef TD_AUTOCAST_VERSION
  AutocastVersion = pickVersion(AutocastVersions, Version);

#define TD_AUTOCAST_DEVICE(Ver, Dev, DT)                                       \
  if (AutocastVersion == Ver)                                                  \
    AutocastDefaults[unsigned(AutocastDevice::Dev)] = DType::DT;
#define TD_AUTOCAST_OP(Ver, Dev, Pol, Op)                                      \
  if (AutocastVersion == Ver)                                                  \
    Autocast[unsigned(AutocastDevice::Dev)][Op] = AutocastPolicy::Pol;
#define TD_AUTOCAST_ACCEPTED(Ver, Dev, DT, Refusal)                            \
  if (AutocastVersion == Ver) {                                                \
    AutocastAccepted[unsigned(AutocastDevice::Dev)].push_back(DType::DT);      \
    AutocastRefusals[unsigned(AutocastDevice::Dev)] = Refusal;                 \
  }
#include "ApiTables.inc"
#undef TD_AUTOCAST_DEVICE
#undef TD_AUTOCAST_OP
#undef TD_AUTOCAST_ACCEPTED
}

std::optional<SourceDTypeRule>
ApiModel::sourceDTypeOp(llvm::StringRef Op) const {
  return lookup(SourceDTypeOps, Op);
}

std::optional<FillValueRule> ApiModel::fillValueOp(llvm::StringRef Op) const {
  return lookup(FillValueOps, Op);
}

bool ApiModel::autocastInside(AutocastDevice Dev, llvm::StringRef Op) const {
  auto It = Composites.find(Op);
  if (It == Composites.end())
    return false;
  return llvm::any_of(It->second, [&](const std::string &Inner) {
    AutocastPolicy P = autocastPolicy(Dev, Inner);
    return P != AutocastPolicy::NotListed && P != AutocastPolicy::Banned;
  });
}

llvm::SmallVector<OutRule, 2>
ApiModel::outDTypeRules(llvm::StringRef Op) const {
  llvm::SmallVector<OutRule, 2> R;
  auto It = OutDTypeOps.find(Op);
  if (It != OutDTypeOps.end())
    for (char C : It->second)
      R.push_back(C == 'L' ? OutRule::Long : OutRule::Input);
  return R;
}

/// "Linear" for torch::nn::Linear, LinearImpl and pointers to them.
static std::optional<std::string> torchNNName(const ApiModel &Api, QualType T) {
  const CXXRecordDecl *Impl = Api.moduleRecord(T);
  if (!Impl || !Impl->getIdentifier() || Api.namespaceOf(Impl) != "torch::nn")
    return std::nullopt;
  llvm::StringRef Name = Impl->getName();
  Name.consume_back("Impl");
  return Name.str();
}

std::optional<ModuleInfo> ApiModel::builtinModule(QualType T) const {
  std::optional<std::string> Name = torchNNName(*this, T);
  if (!Name)
    return std::nullopt;
  return lookup(Modules, *Name);
}

std::string ApiModel::lossModuleOp(QualType T) const {
  std::optional<std::string> Name = torchNNName(*this, T);
  return Name ? lookup(LossModules, *Name).value_or("") : "";
}

std::string ApiModel::activationModuleOp(QualType T) const {
  std::optional<std::string> Name = torchNNName(*this, T);
  return Name ? lookup(ActivationModules, *Name).value_or("") : "";
}

bool ApiModel::isSequential(QualType T) const {
  return torchNNName(*this, T) == std::optional<std::string>("Sequential");
}

std::optional<LossRule> ApiModel::loss(llvm::StringRef Op) const {
  return lookup(Losses, Op);
}

bool ApiModel::cpuKernelByInput(llvm::StringRef Op) const {
  return CpuKernelByInput.contains(Op);
}

std::optional<std::string> ApiModel::cpuKernelMissing(llvm::StringRef Op,
                                                      DType DT) const {
  auto It = CpuKernelMissing.find((dtypeName(DT) + ":" + Op).str());
  if (It != CpuKernelMissing.end())
    return It->second;
  // A composite whose kernels are its inner ops' (normalize: norm,
  // clamp_min, div): the first inner op that lacks one.
  if (CpuKernelInner.contains(Op))
    if (auto It = Composites.find(Op); It != Composites.end())
      for (const std::string &Inner : It->second)
        if (std::optional<std::string> M = cpuKernelMissing(Inner, DT))
          return M;
  // An op not listed: the measured table, where it is the targeted
  // version's (`softplus` of a Half tensor raises "softplus_cpu" not
  // implemented for 'Half' on 1.13.1).
  if (!contractsApply())
    return std::nullopt;
  std::optional<llvm::StringRef> M = Contracts.lowPrecisionKernelMissing(Op, DT);
  if (!M)
    return std::nullopt;
  return M->str();
}

std::string ApiModel::namespaceOf(const Decl *D) const {
  std::string Result;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || NS->isAnonymousNamespace() || NS->isInline())
      continue;
    Result = Result.empty() ? NS->getName().str()
                            : NS->getName().str() + "::" + Result;
  }
  return Result;
}

bool ApiModel::isLibTorchDecl(const Decl *D) const {
  std::string NS = namespaceOf(D);
  return isLibTorchNamespace(llvm::StringRef(NS).split("::").first);
}

std::optional<FactoryRule> ApiModel::factory(llvm::StringRef Name) const {
  return lookup(Factories, Name);
}
std::optional<ConversionRule> ApiModel::conversion(llvm::StringRef Name) const {
  return lookup(Conversions, Name);
}
llvm::StringRef ApiModel::reverseScalarOp(llvm::StringRef Name) const {
  return textOf(ReverseScalarOps, Name);
}
llvm::StringRef ApiModel::contractName(llvm::StringRef Name) const {
  if (!Name.starts_with("operator")) {
    auto F = FunctionalOps.find(Name);
    return F == FunctionalOps.end() ? Name : llvm::StringRef(F->second);
  }
  return textOf(OperatorOps, Name);
}

std::optional<OpRule> ApiModel::tensorOp(llvm::StringRef Name) const {
  return lookup(TensorOps, Name);
}
std::optional<unsigned>
ApiModel::sameDTypeOperands(llvm::StringRef Name) const {
  return lookup(SameDTypeOps, Name);
}

std::optional<unsigned>
ApiModel::sameDTypeList(llvm::StringRef Name) const {
  return lookup(SameDTypeLists, Name);
}

std::string ApiModel::sameDTypeRecord(llvm::StringRef Name) const {
  return lookup(OpRecords, Name).value_or("");
}

AutocastPolicy ApiModel::autocastPolicy(AutocastDevice Dev,
                                        llvm::StringRef Op) const {
  return lookup(Autocast[unsigned(Dev)], Op)
      .value_or(AutocastPolicy::NotListed);
}

std::optional<DType> ApiModel::autocastDefault(AutocastDevice Dev) const {
  return AutocastDefaults[unsigned(Dev)];
}

std::optional<llvm::StringRef>
ApiModel::autocastDTypeRefusal(AutocastDevice Dev, DType DT) const {
  const auto &Accepted = AutocastAccepted[unsigned(Dev)];
  if (Accepted.empty() || llvm::is_contained(Accepted, DT))
    return std::nullopt;
  return llvm::StringRef(AutocastRefusals[unsigned(Dev)]);
}

llvm::StringRef baseOpName(llvm::StringRef Name, bool &InPlace, bool &Out,
                           bool &OutLast) {
  InPlace = Out = OutLast = false;
  if (Name.consume_back("_outf")) {
    Out = OutLast = true;
    return Name;
  }
  if (Name.consume_back("_out")) {
    Out = true;
    return Name;
  }
  if (Name.size() > 1 && Name.ends_with("_") && !Name.starts_with("_")) {
    InPlace = true;
    return Name.drop_back();
  }
  return Name;
}

} // namespace torchdtype
