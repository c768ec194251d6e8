//===- Factories.cpp - factories and their arguments
//----------------===//
//
// Tensors created by factories (zeros, tensor, arange, from_blob, *_like ...)
// with the rules of checker/data/api.json, and the dtype, device and
// options arguments that factories and conversions take.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"

using namespace clang;

namespace torchdtype {

/// The dtype the C++ frontend gives data of E's element type (a braced
/// list, a std::vector, an ArrayRef): Long for integers, Bool, Float for
/// floating types (the caller puts the default dtype in its place).
static std::optional<DType> dataElementDType(const Expr *E) {
  E = strip(E);
  QualType T;
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    if (IL->getNumInits() == 0)
      return std::nullopt;
    return dataElementDType(IL->getInit(0));
  }
  if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
    return dataElementDType(SIL->getSubExpr());
  // TensorDataContainer / ArrayRef / std::vector built from data; else by
  // its element type, as any other container.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(CE->getArg(0)))
      if (std::optional<DType> D = dataElementDType(CE->getArg(0)))
        return D;
  if (const auto *AT = dyn_cast<ArraySubscriptExpr>(E)) {
    T = AT->getType();
  } else {
    T = E->getType();
    if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            T->getAsCXXRecordDecl()))
      if (Spec->getTemplateArgs().size() >= 1 &&
          Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
        T = Spec->getTemplateArgs()[0].getAsType();
  }
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return DType::Bool;
  if (T->isIntegerType())
    return DType::Long; // C++ frontend: integral data becomes int64
  if (T->isRealFloatingType())
    return DType::Float; // replaced by the default dtype by the caller
  return std::nullopt;
}

AbsValue models::applyDTypeDeviceArgs(TransferState &St, AbsValue Base,
                                      const FunctionDecl *Callee,
                                      llvm::ArrayRef<const Expr *> Args,
                                      bool &Explicit) {
  const ApiModel &Api = St.api();
  Explicit = false;
  unsigned NParams = Callee->getNumParams();
  for (unsigned I = 0; I < Args.size() && I < NParams; ++I) {
    const Expr *A = Args[I];
    if (isa<CXXDefaultArgExpr>(A))
      continue;
    QualType PT = Callee->getParamDecl(I)->getType();
    TypeKind K = Api.classify(PT);
    if (K == TypeKind::Optional) {
      QualType Inner = unwrapOptional(Api, PT);
      K = Inner.isNull() ? TypeKind::None : Api.classify(Inner);
    }
    AbsValue V = St.eval(A);
    switch (K) {
    case TypeKind::Options:
      if (V.K != AbsValue::Kind::Options)
        break;
      if (V.DTypeSet) {
        Base.DT = V.DT;
        Explicit = true;
      }
      if (V.DeviceSet)
        Base.DV = V.DV;
      break;
    case TypeKind::ScalarType:
    case TypeKind::TypeMeta:
      if (V.K == AbsValue::Kind::DType) {
        Base.DT = V.DT;
        Explicit = true;
      }
      break;
    case TypeKind::Device:
    case TypeKind::DeviceType:
      if (V.K == AbsValue::Kind::Device)
        Base.DV = V.DV;
      break;
    case TypeKind::Tensor:
      // to(other): dtype and device of another tensor.
      if (V.isTensor() && Callee->getIdentifier() &&
          Api.conversion(Callee->getName()) == ConversionRule::To) {
        Base.DT = V.DT;
        Base.DV = V.DV;
        Explicit = true;
      }
      break;
    default:
      break;
    }
  }
  return Base;
}

AbsValue models::factoryValue(TransferState &St, FactoryRule Rule,
                              const CallSite &S) {
  const ApiModel &Api = St.api();
  const DTypeFact &Default = St.path().DefaultDType;
  const CallExpr *CE = S.E;
  llvm::ArrayRef<const Expr *> Args = S.Args;
  SourceLocation L = CE->getExprLoc();
  AbsValue V = AbsValue::tensor(Default, DeviceFact::of(Device::CPU, L));
  V.DT.Where = L;
  auto DataDType = [&](const Expr *E) {
    std::optional<DType> D = dataElementDType(E);
    if (!D)
      return DTypeFact::unknown();
    if (*D == DType::Float) {
      DTypeFact F = Default;
      F.Where = L;
      return F;
    }
    return DTypeFact::of(*D, L);
  };
  switch (Rule) {
  case FactoryRule::DefaultFloat:
  case FactoryRule::DefaultFloatScalar:
    break;
  case FactoryRule::Long:
    V.DT = DTypeFact::of(DType::Long, L);
    break;
  case FactoryRule::FromFill:
    V.DT = Args.size() >= 2 ? DataDType(Args[1]) : DTypeFact::unknown();
    break;
  case FactoryRule::FromData:
    V.DT = Args.empty() ? DTypeFact::unknown() : DataDType(Args[0]);
    V.Dims = !Args.empty() &&
             !strip(Args[0])->getType()->isArithmeticType() &&
             !isa<FloatingLiteral, IntegerLiteral>(strip(Args[0]));
    if (const auto *C = dyn_cast<CXXConstructExpr>(strip(Args[0])))
      if (C->getNumArgs() == 1 &&
          strip(C->getArg(0))->getType()->isArithmeticType())
        V.Dims = 0;
    // `tensor({1, 2, 3})`: a braced list of numbers is one dimension.
    if (const InitListExpr *IL = Args.empty() ? nullptr : bracedList(Args[0]);
        IL && IL->getNumInits() > 0 &&
        llvm::all_of(IL->inits(), [](const Expr *E) {
          // (each element a TensorDataContainer made from its number)
          return writtenArgument(E)->getType()->isArithmeticType();
        }))
      V.exactly(1);
    break;
  case FactoryRule::FromScalars: {
    bool AnyFloat = false, AllKnown = true;
    for (const Expr *A : Args) {
      if (isa<CXXDefaultArgExpr>(A) ||
          Api.classify(strip(A)->getType()) != TypeKind::None)
        continue;
      QualType T = numberType(A);
      if (T.isNull())
        AllKnown = false;
      else if (T->isRealFloatingType())
        AnyFloat = true;
      else if (!T->isIntegerType())
        AllKnown = false;
    }
    if (!AllKnown)
      V.DT = DTypeFact::unknown();
    else if (!AnyFloat)
      V.DT = DTypeFact::of(DType::Long, L);
    V.atLeast(1);
    break;
  }
  case FactoryRule::Like:
    if (!Args.empty()) {
      AbsValue Src = St.eval(Args[0]);
      if (Src.isTensor()) {
        V.DT = Src.DT;
        V.DV = Src.DV;
        V.Dims = Src.Dims;
        V.Rank = Src.Rank;
      } else {
        V = AbsValue::unknownTensor();
      }
    }
    break;
  }
  if (Api.isNonScalarFactory(S.Name))
    V.atLeast(1);
  if (Rule != FactoryRule::DefaultFloatScalar && Rule != FactoryRule::Like &&
      Rule != FactoryRule::FromData && Rule != FactoryRule::FromScalars)
    for (unsigned I = 0; I < Args.size(); ++I) {
      const Expr *A = Args[I];
      if (Api.classify(A->getType()) != TypeKind::None)
        continue;
      if (isNonEmptyList(A))
        V.atLeast(listLength(A)); // sizes such as {2, 3}
      // The factory's `size` (`sizes`) parameter, written out: exactly
      // that many.
      const ParmVarDecl *P =
          I < S.Callee->getNumParams() ? S.Callee->getParamDecl(I) : nullptr;
      if (P && P->getIdentifier() &&
          (P->getName() == "size" || P->getName() == "sizes") &&
          !isa<CXXDefaultArgExpr>(A))
        if (std::optional<unsigned> N = sizeListRank(A))
          V.exactly(*N);
    }
  bool Explicit;
  return models::applyDTypeDeviceArgs(St, V, S.Callee, Args, Explicit);
}

void models::factoryEffects(TransferState &St, const CallSite &S,
                            const AbsValue &V) {
  const ApiModel &Api = St.api();
  St.recordPlacement(S.E, V);
  if (Api.isBufferFactory(S.Name))
    St.recordFromBlob(FromBlobEvent{S.E, V});
  // A like-factory given its tensor alone (`randn_like(ids)`): as the op,
  // whose measured table says which dtypes it fills (normal_kernel_cpu
  // has no Long kernel).
  if (Api.factory(S.Name) == FactoryRule::Like && !S.Obj && !S.Args.empty() &&
      Api.contractsApply() &&
      llvm::all_of(llvm::ArrayRef<const Expr *>(S.Args).drop_front(),
                   [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
    if (OpEvent *E = St.recordOp(S.E, S.Name, /*SameDType=*/false,
                                 /*Elementwise=*/false, 0x1, S.Args,
                                 /*InPlace=*/false, /*Out=*/false, false)) {
      E->Generic = true;
      // (its C++ options stand for the schema's dtype, layout, device and
      // pin_memory, all left None: the overload of the tensor alone)
      E->Contract = innerContract(Api.contracts(), S.Name);
    }
  // A factory that fills its result with a number (full, full_like): an op
  // event whose operand is the result, for the number's range.
  if (std::optional<FillValueRule> F = Api.fillValueOp(S.Name);
      F && F->Self < 0 && V.isTensor()) {
    OpEvent Ev;
    Ev.Call = S.E;
    Ev.Op = Ev.Written = S.Name;
    Ev.Generic = true;
    Ev.Operands.push_back(Operand{S.E, V, "", 0});
    St.recordEvent(std::move(Ev));
  }
}

} // namespace torchdtype
