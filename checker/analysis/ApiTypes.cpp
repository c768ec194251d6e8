//===- ApiTypes.cpp - how the API model sorts C++ types -------------------===//
//
// ApiModel::classify and its kin: which LibTorch and standard types carry
// a tensor, a module, a dtype, a device or options, and which containers
// of them the analysis follows as one joined value.
//
//===----------------------------------------------------------------------===//

#include "ApiModel.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace torchdtype {

std::optional<DType> dtypeOfCxxType(QualType T, ASTContext &Ctx) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isBooleanType())
    return DType::Bool;
  if (T->isSpecificBuiltinType(BuiltinType::Float))
    return DType::Float;
  if (T->isSpecificBuiltinType(BuiltinType::Double))
    return DType::Double;
  if (T->isIntegerType()) {
    switch (Ctx.getTypeSize(T)) {
    case 8:
      return T->isUnsignedIntegerType() ? std::optional<DType>(DType::Byte)
                                        : std::optional<DType>(DType::Char);
    case 16:
      return DType::Short;
    case 32:
      return DType::Int;
    case 64:
      return DType::Long;
    }
    return std::nullopt;
  }
  if (const auto *RD = T->getAsCXXRecordDecl()) {
    std::string QN = RD->getQualifiedNameAsString();
    if (QN == "c10::Half")
      return DType::Half;
    if (QN == "c10::BFloat16")
      return DType::BFloat16;
  }
  return std::nullopt;
}

static bool derivesFrom(const CXXRecordDecl *RD, llvm::StringRef QualName,
                        unsigned Depth = 0) {
  if (!RD || Depth > 16)
    return false;
  if (RD->getQualifiedNameAsString() == QualName)
    return true;
  RD = RD->getDefinition();
  if (!RD)
    return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (derivesFrom(B.getType()->getAsCXXRecordDecl(), QualName, Depth + 1))
      return true;
  return false;
}

static const CXXRecordDecl *sharedPtrPointee(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getQualifiedNameAsString() != "std::shared_ptr" ||
      Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
}

bool ApiModel::isNoGradGuard(QualType T) const {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && hasName(NameRole::NoGradGuards, RD->getQualifiedNameAsString());
}

TypeKind ApiModel::classify(QualType T) const {
  if (T.isNull())
    return TypeKind::None;
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const Type *Key = T.getTypePtr();
  auto It = TypeCache.find(Key);
  if (It != TypeCache.end())
    return It->second;
  TypeKind K = TypeKind::None;
  if (const auto *PT = T->getAs<PointerType>()) {
    // Module* (from holder-> and shared_ptr->) is the module itself.
    TypeKind Pointee = classify(PT->getPointeeType());
    if (Pointee == TypeKind::NNModule || Pointee == TypeKind::Holder)
      K = Pointee;
  } else if (const auto *ET = T->getAs<EnumType>()) {
    std::string QN = ET->getDecl()->getQualifiedNameAsString();
    if (QN == "c10::ScalarType")
      K = TypeKind::ScalarType;
    else if (QN == "c10::DeviceType")
      K = TypeKind::DeviceType;
  } else if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    std::string QN = RD->getQualifiedNameAsString();
    K = llvm::StringSwitch<TypeKind>(QN)
            .Cases("at::Tensor", "at::TensorBase", TypeKind::Tensor)
            .Case("c10::TensorOptions", TypeKind::Options)
            .Case("c10::Device", TypeKind::Device)
            .Case("caffe2::TypeMeta", TypeKind::TypeMeta)
            .Cases("c10::optional", "std::optional", TypeKind::Optional)
            .Case("c10::IValue", TypeKind::IValue)
            .Cases("torch::jit::Module", "torch::jit::script::Module",
                   TypeKind::JitModule)
            .Default(TypeKind::None);
    if (K == TypeKind::None) {
      const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
      // A tuple's or pair's element that is a tensor, a plain record (a
      // map of records' entry) or a module (a map of modules' entry).
      auto IsCarrier = [&](const TemplateArgument &A) {
        if (A.getKind() != TemplateArgument::Type)
          return false;
        TypeKind E = classify(A.getAsType());
        return E == TypeKind::Tensor || E == TypeKind::Record ||
               isModuleHandleKind(E);
      };
      auto HoldsTensor = [&](const TemplateArgument &A) { // tuple's pack
        return IsCarrier(A) || (A.getKind() == TemplateArgument::Pack &&
                                llvm::any_of(A.pack_elements(), IsCarrier));
      };
      // (torch::data's Example: its data and target, as a pair's)
      if (Spec &&
          (QN == "std::tuple" || QN == "std::pair" ||
           QN == "torch::data::Example") &&
          llvm::any_of(Spec->getTemplateArgs().asArray(), HoldsTensor))
        K = TypeKind::Record; // a tuple of tensors: its elements
      else if (Spec && (QN == "std::map" || QN == "std::unordered_map") &&
               Spec->getTemplateArgs().size() >= 2 &&
               Spec->getTemplateArgs()[1].getKind() == TemplateArgument::Type) {
        // The join of the tensors (records, modules) it maps to.
        K = listKindOf(classify(Spec->getTemplateArgs()[1].getAsType()));
      } else if (Spec &&
                 (QN == "std::vector" || QN == "std::array" ||
                  QN == "std::deque" || QN == "std::list") &&
                 Spec->getTemplateArgs().size() >= 1 &&
                 Spec->getTemplateArgs()[0].getKind() ==
                     TemplateArgument::Type) {
        // The inputs of a TorchScript call, or tensors (in any sequence).
        TypeKind E = classify(Spec->getTemplateArgs()[0].getAsType());
        K = E == TypeKind::IValue && QN == "std::vector" ? TypeKind::IValueList
                                                         : listKindOf(E);
      } else if (Spec && QN == "torch::OrderedDict" &&
                 Spec->getTemplateArgs().size() >= 2 &&
                 Spec->getTemplateArgs()[1].getKind() ==
                     TemplateArgument::Type &&
                 classify(Spec->getTemplateArgs()[1].getAsType()) ==
                     TypeKind::Tensor) {
        K = TypeKind::TensorList; // named_parameters(): a map of tensors
      } else if (const auto *Dict = dyn_cast<CXXRecordDecl>(RD->getParent());
                 RD->getIdentifier() && RD->getName() == "Item" && Dict &&
                 Dict->getQualifiedNameAsString() == "torch::OrderedDict" &&
                 classify(QualType(Dict->getTypeForDecl(), 0)) ==
                     TypeKind::TensorList) {
        K = TypeKind::Record; // its entry: value() is field 1, as a pair's
      } else if (const CXXRecordDecl *P = sharedPtrPointee(RD)) {
        if (derivesFrom(P, "torch::nn::Module"))
          K = TypeKind::ModulePtr;
      } else if (derivesFrom(RD, "torch::nn::ModuleHolder")) {
        K = TypeKind::Holder;
      } else if (derivesFrom(RD, "torch::nn::Module")) {
        K = TypeKind::NNModule;
      } else if (RD->hasDefinition() && !RD->isUnion() && !isLibTorchDecl(RD) &&
                 !RD->isInStdNamespace() && !RD->isLambda()) {
        TypeCache[Key] = TypeKind::None; // a field of its own type
        // A plain struct of tensors, or of the dtypes, devices and options
        // a configuration carries (`cfg.dtype`, `cfg.device`).
        for (const FieldDecl *F : RD->fields()) {
          QualType FT = F->getType();
          TypeKind FK = classify(FT);
          if (FK == TypeKind::Optional) // std::optional<c10::ScalarType>
            if (const auto *OS = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                    FT->getAsCXXRecordDecl());
                OS && OS->getTemplateArgs().size() >= 1 &&
                OS->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
              FK = classify(OS->getTemplateArgs()[0].getAsType());
          if (isCarriedField(FK) && !FT->isReferenceType())
            K = TypeKind::Record;
        }
      }
    }
  }
  TypeCache[Key] = K;
  return K;
}

bool isCarriedField(TypeKind K) {
  return K == TypeKind::Tensor || K == TypeKind::ScalarType ||
         K == TypeKind::TypeMeta || K == TypeKind::Device ||
         K == TypeKind::DeviceType || K == TypeKind::Options ||
         K == TypeKind::Holder || K == TypeKind::ModulePtr;
}

const CXXRecordDecl *ApiModel::moduleRecord(QualType T) const {
  T = T.getNonReferenceType().getCanonicalType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType().getCanonicalType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return nullptr;
  switch (classify(T)) {
  case TypeKind::NNModule:
    return RD;
  case TypeKind::ModulePtr:
    return sharedPtrPointee(RD);
  case TypeKind::Holder: {
    // ModuleHolder<Impl>: the Impl is the holder base's template argument
    // (the object may already be converted to that base).
    if (const auto *Self = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (Self->getQualifiedNameAsString() == "torch::nn::ModuleHolder" &&
          Self->getTemplateArgs().size() >= 1)
        return Self->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
    const CXXRecordDecl *Def = RD->getDefinition();
    for (unsigned Depth = 0; Def && Depth < 8; ++Depth) {
      for (const CXXBaseSpecifier &B : Def->bases()) {
        const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            B.getType()->getAsCXXRecordDecl());
        if (Spec &&
            Spec->getQualifiedNameAsString() == "torch::nn::ModuleHolder" &&
            Spec->getTemplateArgs().size() >= 1)
          return Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
      }
      Def = Def->getNumBases()
                ? Def->bases_begin()->getType()->getAsCXXRecordDecl()
                : nullptr;
      if (Def)
        Def = Def->getDefinition();
    }
    return nullptr;
  }
  default:
    return nullptr;
  }
}

} // namespace torchdtype
