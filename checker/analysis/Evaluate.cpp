//===- Evaluate.cpp - what an expression evaluates to
//-------------------------===//
//
// The abstract value of an expression in the current state: storages,
// constants, casts, constructions; calls are routed by FlowDriver.cpp.
//
//===----------------------------------------------------------------------===//

#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "KnownConstants.h"
#include "PathStates.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace torchdtype {

AbsValue FunctionAnalyzer::unknownOf(QualType T) const {
  AbsValue V;
  switch (Api.classify(T)) {
  case TypeKind::Tensor:
  case TypeKind::IValueList: // the join of the tensors it holds
  case TypeKind::TensorList:
    V.K = AbsValue::Kind::Tensor;
    break;
  case TypeKind::Options:
    V.K = AbsValue::Kind::Options;
    break;
  case TypeKind::Device:
  case TypeKind::DeviceType:
    V.K = AbsValue::Kind::Device;
    break;
  case TypeKind::ScalarType:
  case TypeKind::TypeMeta:
    V.K = AbsValue::Kind::DType;
    break;
  case TypeKind::Record:
  case TypeKind::RecordList: // the join of the records it holds
    V.K = AbsValue::Kind::Record;
    break;
  case TypeKind::Holder:
  case TypeKind::NNModule:
  case TypeKind::ModulePtr:
  case TypeKind::JitModule:
  case TypeKind::ModuleList: // the join of the modules it holds
    V.K = AbsValue::Kind::Module;
    V.Fwd = AbsValue::Forward::Opaque;
    break;
  case TypeKind::Optional: {
    QualType Inner = unwrapOptional(Api, T);
    if (!Inner.isNull())
      return unknownOf(Inner);
    break;
  }
  default:
    break;
  }
  return V;
}

AbsValue FunctionAnalyzer::convertTo(const AbsValue &V, QualType T) const {
  TypeKind K = Api.classify(T);
  if (K == TypeKind::Optional || K == TypeKind::IValue)
    return V;
  AbsValue U = unknownOf(T);
  if (U.K == AbsValue::Kind::Options) {
    if (V.K == AbsValue::Kind::Options)
      return V;
    U.DTypeSet = U.DeviceSet = false;
    U.DT = DTypeFact();
    U.DV = DeviceFact();
    if (V.K == AbsValue::Kind::DType) {
      U.DTypeSet = true;
      U.DT = V.DT;
    } else if (V.K == AbsValue::Kind::Device) {
      U.DeviceSet = true;
      U.DV = V.DV;
    } else {
      return unknownOf(T);
    }
    return U;
  }
  if (U.K == V.K || U.K == AbsValue::Kind::None)
    return U.K == AbsValue::Kind::None ? AbsValue::none() : V;
  return U;
}

/// V, the unknown value of T (an enum of kind K: ScalarType or DeviceType),
/// holding the dtype or device of T's enumerator of value Val, set at Where.
static AbsValue withEnumerator(AbsValue V, QualType T, TypeKind K,
                               const llvm::APSInt &Val, SourceLocation Where) {
  const auto *ET = T.getNonReferenceType()->getAs<EnumType>();
  if (!ET || !ET->getDecl())
    return V;
  for (const EnumConstantDecl *EC : ET->getDecl()->enumerators()) {
    if (!llvm::APSInt::isSameValue(EC->getInitVal(), Val))
      continue;
    if (K == TypeKind::ScalarType) {
      if (std::optional<DType> D = dtypeFromEnumerator(EC->getName()))
        V.DT = DTypeFact::of(*D, Where);
    } else if (std::optional<Device> D = deviceFromEnumerator(EC->getName())) {
      V.DV = DeviceFact::of(*D, Where);
    }
    break;
  }
  return V;
}

AbsValue FunctionAnalyzer::constantOf(const Expr *E) const {
  TypeKind K = Api.classify(E->getType());
  if (K != TypeKind::ScalarType && K != TypeKind::DeviceType)
    return AbsValue::none();
  if (E->isValueDependent() || E->isTypeDependent())
    return unknownOf(E->getType());
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return unknownOf(E->getType());
  return withEnumerator(unknownOf(E->getType()), E->getType(), K,
                        R.Val.getInt(), E->getExprLoc());
}

AbsValue FunctionAnalyzer::paramValue(const ParmVarDecl *P, QualType T) const {
  AbsValue V = unknownOf(T);
  int Index = int(P->getFunctionScopeIndex());
  if (V.K == AbsValue::Kind::Record) { // each carried field is symbolic
    const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
    for (const FieldDecl *F : RD->fields()) {
      TypeKind FK = Api.classify(F->getType());
      if (!isCarriedField(FK) || F->getType()->isReferenceType())
        continue;
      AbsValue FV = unknownOf(F->getType());
      if (FK == TypeKind::Tensor || FV.K == AbsValue::Kind::DType)
        FV.DT = DTypeFact::paramField(Index, F->getFieldIndex());
      if (FK == TypeKind::Tensor || FV.K == AbsValue::Kind::Device)
        FV.DV = DeviceFact::paramField(Index, F->getFieldIndex());
      V = V.withField(F->getFieldIndex(), FV);
    }
    return V;
  }
  // A module given as a parameter: its parameters' dtype and device are the
  // argument module's, bound at each call.
  // (Any module of the user's or torch::nn::Module: its parameters.)
  bool Module = V.K == AbsValue::Kind::Module;
  if (Module)
    if (std::optional<ModuleInfo> Info =
            Api.builtinModule(T.getNonReferenceType().getUnqualifiedType())) {
      Module = Info->Rule == ModuleRule::FloatInput; // a torch::nn layer
      V.FloatModule = Module;
      V.Fwd = Module ? AbsValue::Forward::Keeps : V.Fwd;
    }
  if (V.K == AbsValue::Kind::Tensor || V.K == AbsValue::Kind::DType || Module)
    V.DT = DTypeFact::param(Index);
  if (V.K == AbsValue::Kind::Tensor || V.K == AbsValue::Kind::Device || Module)
    V.DV = DeviceFact::param(Index);
  return V;
}

AbsValue FunctionAnalyzer::evalDeclRef(const ValueDecl *D, QualType T) {
  // A std::vector of tensors changed in ways the analysis does not follow.
  if (const auto *VD = dyn_cast<VarDecl>(D);
      VD && uses().UntrackedLists.count(VD))
    return unknownOf(T);
  auto It = Cur->Vars.find(D);
  if (It != Cur->Vars.end())
    return It->second;
  if (const auto *P = dyn_cast<ParmVarDecl>(D))
    if (P->getDeclContext() == FD)
      return paramValue(P, T);
  return unknownOf(T);
}

std::optional<AbsValue> FunctionAnalyzer::thisMember(const FieldDecl *Field,
                                                     QualType T) {
  auto It = Cur->Vars.find(Field);
  if (It != Cur->Vars.end())
    return It->second;
  if (!InvariantMode)
    if (std::optional<AbsValue> Inv = AC.memberInvariant(Field))
      return convertTo(*Inv, T);
  AbsValue M = moduleMember(Field, T);
  if (M.K != AbsValue::Kind::None)
    return M;
  return std::nullopt;
}

AbsValue FunctionAnalyzer::eval(const Expr *E) {
  if (!E)
    return AbsValue::none();
  E = E->IgnoreParens();
  auto It = ExprVals.find(E);
  if (It != ExprVals.end())
    return It->second;
  AbsValue V = evalUncached(E);
  ExprVals[E] = V;
  return V;
}

AbsValue FunctionAnalyzer::evalUncached(const Expr *E) {
  if (E->isTypeDependent())
    return AbsValue::none();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_ConstructorConversion:
    case CK_UserDefinedConversion:
    case CK_NoOp:
    case CK_LValueToRValue:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_FunctionToPointerDecay:
      return convertTo(eval(C->getSubExpr()), E->getType());
    default: {
      AbsValue K = constantOf(E);
      return K.K != AbsValue::Kind::None ? K : unknownOf(E->getType());
    }
    }
  }
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(M->getSubExpr());
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(B->getSubExpr());
  if (const auto *W = dyn_cast<ExprWithCleanups>(E))
    return eval(W->getSubExpr());
  // std::move(x), std::forward<T>(x), std::as_const(x): x's value.
  if (const auto *Call = dyn_cast<CallExpr>(E); Call && strip(Call) != Call)
    return eval(strip(Call));
  // A default member initializer, run by a constructor (`std::shared_ptr<
  // Net> net = std::make_shared<Net>();`).
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return DI->getExpr() ? convertTo(eval(DI->getExpr()), DI->getType())
                         : unknownOf(DI->getType());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E)) {
    // A default argument of the user's (`dt = torch::kDouble`, `device =
    // std::nullopt`) is what it says; LibTorch's are modelled with its ops.
    const auto *F = dyn_cast_or_null<FunctionDecl>(
        DA->getParam()->getDeclContext());
    if (F && !Api.isLibTorchDecl(F) && !F->isInStdNamespace() &&
        DA->getExpr() && !DA->getExpr()->isValueDependent())
      return convertTo(eval(DA->getExpr()), DA->getType());
    return unknownOf(DA->getType());
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    // `flag ? kDouble : kFloat`: the CFG split the paths at the condition,
    // and each path takes its arm.
    if (auto B = branchVariable(CO->getCond(), Api, TrackedFn))
      for (const Assumption &A : Cur->Assumed)
        if (A.sameAtom(*B))
          return eval(A.Value == B->Value ? CO->getTrueExpr()
                                          : CO->getFalseExpr());
    // A condition whose value the path knows (`this->wide` given by the
    // call, `vocab <= limit` with vocab assumed).
    if (const auto *C = dyn_cast<ConditionalOperator>(CO))
      if (std::optional<Constant> K = knownValue(C->getCond(), Cur->Assumed, Ctx, CallsFn))
        if (std::optional<bool> T = K->truth())
          return eval(*T ? C->getTrueExpr() : C->getFalseExpr());
    AbsValue T = eval(CO->getTrueExpr());
    T.join(eval(CO->getFalseExpr()));
    return T;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return constantOf(E);
    // A reference to a variable or member reads it as it is now.
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (const Decl *A = aliasedStorage(VD)) {
        if (const auto *F = dyn_cast<FieldDecl>(A)) {
          std::optional<AbsValue> M = thisMember(F, E->getType());
          return M ? convertTo(*M, E->getType()) : unknownOf(E->getType());
        }
        return convertTo(evalDeclRef(cast<VarDecl>(A), E->getType()),
                         E->getType());
      }
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (Cur->Vars.count(VD) || isa<ParmVarDecl>(VD) || VD->isLocalVarDecl())
        return evalDeclRef(VD, E->getType());
      AbsValue K = constantOf(E); // constexpr globals such as c10::kHalf
      // A global or static member only read: its initializer's constant.
      if (const Expr *Init = !VD->getType().isConstQualified()
                                 ? AC.unchangedGlobalInit(VD)
                                 : nullptr)
        if (AbsValue I = constantOf(Init); I.DT.single() || I.DV.single())
          return convertTo(I, E->getType());
      return K.K != AbsValue::Kind::None ? K : unknownOf(E->getType());
    }
    if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl())) {
      // `auto [q, r] = torch::linalg_qr(x)`: std::get<N> of the whole.
      if (const VarDecl *H = BD->getHoldingVar(); H && H->getInit())
        return convertTo(eval(H->getInit()), E->getType());
      if (const Expr *B = BD->getBinding(); B && B != E)
        return convertTo(eval(B), E->getType());
      return unknownOf(E->getType());
    }
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (Field && isa<CXXThisExpr>(strip(ME->getBase())))
      if (std::optional<AbsValue> M = thisMember(Field, E->getType()))
        return *M;
    // A member of a module read through it (`layer->pe`): what its
    // constructors made it, moved by the module's conversions.
    if (Field && !isa<CXXThisExpr>(strip(ME->getBase()))) {
      AbsValue B = eval(ME->getBase());
      // A submodule converted through it (`net->head->to(kDouble)`).
      if (B.K == AbsValue::Kind::Module && B.Tracked)
        if (const AbsValue *Sub = B.field(Field->getFieldIndex()))
          return convertTo(*Sub, E->getType());
      // A tensor member of a torch::nn layer (`fc->weight`): a parameter or
      // floating buffer, of the module's dtype and device.
      // (BatchNorm's are its template base's: the layer is the object's.)
      if (B.K == AbsValue::Kind::Module && Api.isLibTorchDecl(Field) &&
          Field->getIdentifier() &&
          Api.classify(Field->getType()) == TypeKind::Tensor &&
          Api.builtinModule(ME->getBase()->IgnoreImpCasts()->getType()) &&
          !Api.isIntegralModuleBuffer(Field->getName()))
        return convertTo(B.parameters(), E->getType());
      if (B.K == AbsValue::Kind::Module && B.Tracked) {
        std::optional<AbsValue> Outer = BoundReceiver;
        BoundReceiver = B;
        AbsValue M = moduleMember(Field, E->getType());
        BoundReceiver = Outer;
        if (M.K != AbsValue::Kind::None)
          return M;
      }
    }
    // A field of a plain struct value: `batch.labels`; a map's entry read
    // through its iterator: `it->second`.
    const auto *Arrow = dyn_cast<CXXOperatorCallExpr>(strip(ME->getBase()));
    if (Field && ME->isArrow() && Arrow) {
      if (std::optional<AbsValue> B = iteratorEntry(Arrow))
        if (const AbsValue *V = B->field(Field->getFieldIndex()))
          return convertTo(*V, E->getType());
      if (Field->getIdentifier() && Field->getName() == "second")
        if (std::optional<AbsValue> V = constantMapEntry(Arrow, E->getType()))
          return *V;
    }
    if (Field && !ME->isArrow() && !isa<CXXThisExpr>(strip(ME->getBase()))) {
      AbsValue B = eval(ME->getBase());
      if (B.K == AbsValue::Kind::Record)
        if (const AbsValue *V = B.field(Field->getFieldIndex()))
          return convertTo(*V, E->getType());
    }
    return unknownOf(E->getType());
  }
  // `this` of a module: its parameters are those of the receiver.
  if (isa<CXXThisExpr>(E)) {
    const CXXRecordDecl *RD = E->getType()->getPointeeCXXRecordDecl();
    if (RD && Api.classify(Ctx.getRecordType(RD)) == TypeKind::NNModule) {
      // Converted by this method (`to(dtype)`) on this path.
      if (auto It = Cur->Vars.find(RD->getCanonicalDecl());
          It != Cur->Vars.end())
        return It->second;
      return AbsValue::ownModule();
    }
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return evalConstruct(CE);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE);
  // `std::array<Tensor, 3> w = {a, b, c}`: the join of its elements.
  if (const auto *IL = dyn_cast<InitListExpr>(E);
      IL && (Api.classify(E->getType()) == TypeKind::TensorList ||
             Api.classify(E->getType()) == TypeKind::RecordList))
    return models::bracedListJoin(*this, IL, E->getType());
  // `{x, y}` of a plain struct: its fields in order.
  if (const auto *IL = dyn_cast<InitListExpr>(E);
      IL && Api.classify(E->getType()) == TypeKind::Record) {
    if (IL->isSemanticForm() && !IL->isTransparent())
      if (const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
          RD && RD->getNumBases() == 0) {
        AbsValue V = unknownOf(E->getType());
        unsigned I = 0;
        for (const FieldDecl *F : RD->fields()) {
          if (I >= IL->getNumInits())
            break;
          AbsValue FV = eval(IL->getInit(I++));
          if (FV.isTensor() || FV.K == AbsValue::Kind::DType ||
              FV.K == AbsValue::Kind::Device)
            V = V.withField(F->getFieldIndex(), FV);
        }
        return V;
      }
    if (IL->isTransparent() && IL->getNumInits() == 1)
      return eval(IL->getInit(0));
  }
  AbsValue K = constantOf(E);
  return K.K != AbsValue::Kind::None ? K : unknownOf(E->getType());
}

/// The std::integral_constant<E, V> a class is or derives from, E being
/// ScalarType or DeviceType (`c10::CppTypeToScalarType<T>`, a trait of the
/// user's written so): E and V.
static std::optional<std::pair<QualType, llvm::APSInt>>
integralConstantOf(const CXXRecordDecl *RD, const ApiModel &Api,
                   unsigned Depth = 0) {
  if (!RD || !RD->hasDefinition() || Depth > 4)
    return std::nullopt;
  if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD);
      S && S->getIdentifier() && S->getName() == "integral_constant" &&
      S->isInStdNamespace() && S->getTemplateArgs().size() == 2 &&
      S->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
      S->getTemplateArgs()[1].getKind() == TemplateArgument::Integral) {
    QualType E = S->getTemplateArgs()[0].getAsType();
    TypeKind K = Api.classify(E);
    if (K != TypeKind::ScalarType && K != TypeKind::DeviceType)
      return std::nullopt;
    return std::make_pair(E, S->getTemplateArgs()[1].getAsIntegral());
  }
  for (const CXXBaseSpecifier &B : RD->getDefinition()->bases())
    if (auto C = integralConstantOf(B.getType()->getAsCXXRecordDecl(), Api,
                                    Depth + 1))
      return C;
  return std::nullopt;
}

AbsValue FunctionAnalyzer::evalConstruct(const CXXConstructExpr *CE) {
  QualType T = CE->getType();
  TypeKind K = Api.classify(T);
  // An object of a class that holds a dtype or device as its type (it
  // converts to it where one is expected).
  if (K == TypeKind::None)
    if (auto C = integralConstantOf(T->getAsCXXRecordDecl(), Api))
      return withEnumerator(unknownOf(C->first), C->first,
                            Api.classify(C->first), C->second,
                            CE->getExprLoc());
  llvm::SmallVector<const Expr *, 4> Args;
  for (const Expr *A : CE->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      Args.push_back(A);
  // A pointer or holder of no module (`return nullptr;`, `shared_ptr<Base>
  // p;`, a holder made of nullptr, filled in later): it holds none, so where
  // it is joined with one that holds a module, that module's facts stand (a
  // call through the empty one would not get as far as a dtype).
  bool Null = Args.size() == 1 && strip(Args[0])->getType()->isNullPtrType();
  if ((K == TypeKind::Holder && Null) ||
      (K == TypeKind::ModulePtr && (Null || Args.empty()))) {
    AbsValue V = unknownOf(T);
    V.Opt = AbsValue::Engaged::No;
    return V;
  }
  if (isCopyOrMoveOf(CE))
    return convertTo(eval(CE->getArg(0)), T);
  // `torch::Tensor x;`: undefined, no dtype yet (the lattice's bottom, so
  // the value a later assignment joins is what reaches an op: an op given
  // the undefined tensor throws first; `x.defined()` is false).
  if (K == TypeKind::Tensor && Args.empty())
    return AbsValue::noTensor();
  switch (K) {
  case TypeKind::Options: {
    AbsValue V = unknownOf(T);
    V.DTypeSet = V.DeviceSet = false;
    if (Args.size() == 1)
      return convertTo(eval(Args[0]), T);
    return V;
  }
  case TypeKind::Device: {
    AbsValue V = unknownOf(T);
    if (Args.empty())
      return V;
    if (const auto *SL =
            dyn_cast<StringLiteral>(strip(Args[0])->IgnoreCasts())) {
      if (std::optional<Device> D = deviceFromString(SL->getString()))
        V.DV = DeviceFact::of(*D, CE->getExprLoc());
      return V;
    }
    // std::string("cuda") and the like.
    if (const auto *Inner = dyn_cast<CXXConstructExpr>(strip(Args[0])))
      if (Inner->getNumArgs() >= 1)
        if (const auto *SL =
                dyn_cast<StringLiteral>(strip(Inner->getArg(0))->IgnoreCasts()))
          if (std::optional<Device> D = deviceFromString(SL->getString())) {
            V.DV = DeviceFact::of(*D, CE->getExprLoc());
            return V;
          }
    AbsValue A = eval(Args[0]);
    if (A.K == AbsValue::Kind::Device)
      V.DV = A.DV;
    return V;
  }
  case TypeKind::Optional:
    return models::optionalOf(*this, T, Args.empty() ? nullptr : Args[0]);
  case TypeKind::IValue:
    if (Args.size() == 1)
      return eval(Args[0]);
    return unknownOf(T);
  case TypeKind::TensorList:
  case TypeKind::RecordList:
  case TypeKind::ModuleList:
    return listValue(CE, Args);
  case TypeKind::IValueList: {
    if (Args.empty())
      return emptyInputs();
    const Expr *First = firstListElement(Args[0]);
    return First ? eval(First) : unknownOf(T);
  }
  case TypeKind::Holder: {
    // A copy of another holder (ModuleHolder<SequentialImpl> from a
    // Sequential) is the same module.
    if (Args.size() == 1) {
      QualType AT = strip(Args[0])->getType();
      TypeKind AK = Api.classify(AT);
      if ((AK == TypeKind::Holder || AK == TypeKind::ModulePtr) &&
          Api.moduleRecord(AT) == Api.moduleRecord(T)) {
        AbsValue M = eval(Args[0]);
        if (M.K == AbsValue::Kind::Module)
          return M;
      }
    }
    if (Api.isSequential(T) && !Args.empty())
      return sequentialValue(CE, Args);
    return moduleValue(T, CE->getExprLoc());
  }
  case TypeKind::NNModule:
    return moduleValue(T, CE->getExprLoc());
  case TypeKind::Record:
    if (std::optional<AbsValue> Tuple = tupleOf(T, Args))
      return *Tuple;
    if (std::optional<AbsValue> Obj = constructedObject(CE, Args))
      return *Obj;
    if (Args.empty())
      return defaultRecord(CE);
    [[fallthrough]];
  default:
    if (Args.size() == 1 && K != TypeKind::None)
      return convertTo(eval(Args[0]), T);
    return unknownOf(T);
  }
}

AbsValue FunctionAnalyzer::defaultRecord(const CXXConstructExpr *CE) {
  // Made by the implicit default constructor: an optional field with no
  // initializer of its own (or `= std::nullopt`) holds nothing, and a
  // tensor field with none is undefined.
  AbsValue V = unknownOf(CE->getType());
  const CXXConstructorDecl *C = CE->getConstructor();
  const CXXRecordDecl *RD = CE->getType()->getAsCXXRecordDecl();
  if (!C || C->isUserProvided() || !RD)
    return V;
  for (const FieldDecl *F : RD->fields()) {
    TypeKind K = Api.classify(F->getType());
    // A tensor field with no initializer is undefined (`torch::Tensor
    // scratch_;`, filled on first use).
    if (K == TypeKind::Tensor && !F->hasInClassInitializer() &&
        !F->getType()->isReferenceType()) {
      V = V.withField(F->getFieldIndex(), AbsValue::noTensor());
      continue;
    }
    if (K != TypeKind::Optional)
      continue;
    const Expr *Init = F->getInClassInitializer();
    if (Init && !isNulloptType(strip(Init)->getType()))
      continue;
    V = V.withField(F->getFieldIndex(),
                    models::optionalOf(*this, F->getType(), nullptr));
  }
  return V;
}

AbsValue FunctionAnalyzer::moduleMember(const FieldDecl *Field, QualType T) {
  const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!RD || Api.classify(Ctx.getRecordType(RD)) != TypeKind::NNModule)
    return AbsValue::none();
  AbsValue V = unknownOf(T);
  if (V.K != AbsValue::Kind::Tensor && V.K != AbsValue::Kind::Module)
    return V;
  const AnalysisContext::ModuleInit &Init = AC.moduleInit(RD);
  auto It = Init.Members.find(Field);
  if (Init.Known && It != Init.Members.end())
    if (AbsValue I = convertTo(It->second, T); I.K == V.K)
      V = I;
  if (Api.classify(Field->getType()) == TypeKind::ModuleList) {
    // A list of modules: what the constructors left, and the layers other
    // code puts in a plain one; not known where not sorted.
    AnalysisContext::MemberRole R = AC.memberRole(Field);
    if (R == AnalysisContext::MemberRole::Unknown || !Init.Known)
      return unknownOf(T);
    for (const AbsValue &Added : AC.moduleListAdds(Field)) {
      AbsValue E = Added;
      E.Fields = V.Fields = nullptr;
      V.join(E);
    }
  }
  relativeToModule(Field, V); // what the module's to() does to it
  if (V.K == AbsValue::Kind::Module)
    V.Tracked = true;
  if (BoundReceiver)
    V = bindParams(V, {}, &*BoundReceiver);
  // Rebound or converted alone by a method of its class: also what the
  // methods leave in it, not known where that is not known.
  if (std::optional<AbsValue> W = AC.laterValues(Field, !InvariantMode)) {
    if (AbsValue C = convertTo(*W, T); C.K == V.K) {
      V.join(C);
    } else {
      V.DT = DTypeFact::unknown();
      V.DV = DeviceFact::unknown();
    }
  }
  return V;
}

} // namespace torchdtype
