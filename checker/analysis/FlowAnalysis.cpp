//===- FlowAnalysis.cpp - dtype/device flow analysis over clang::CFG ------===//

#include "FlowAnalysis.h"
#include "Liveness.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace torchdtype {

struct AnalysisContext::Entry {
  FunctionResult Result;
  Summary Sum;
  bool InProgress = true;
};

namespace {

/// The analysis state at a program point.
struct State {
  bool Reached = false;
  llvm::DenseMap<const Decl *, AbsValue> Vars;
  AutocastArray Autocast;
  AutocastDTypeArray AutocastDType;
  DTypeFact DefaultDType;

  State() { Autocast.fill(AutocastState::Entry); }

  bool operator==(const State &O) const {
    if (Reached != O.Reached || Autocast != O.Autocast ||
        !(DefaultDType == O.DefaultDType) ||
        AutocastDType != O.AutocastDType || Vars.size() != O.Vars.size())
      return false;
    for (const auto &[K, V] : Vars) {
      auto It = O.Vars.find(K);
      if (It == O.Vars.end() || It->second != V)
        return false;
    }
    return true;
  }

  void join(const State &O) {
    if (!O.Reached)
      return;
    if (!Reached) {
      *this = O;
      return;
    }
    for (unsigned I = 0; I < NumAutocastDevices; ++I) {
      Autocast[I] = joinAutocast(Autocast[I], O.Autocast[I]);
      if (AutocastDType[I] != O.AutocastDType[I])
        AutocastDType[I] = std::nullopt;
    }
    DefaultDType.join(O.DefaultDType);
    // A storage tracked on one path only is unknown after the join.
    llvm::SmallVector<const Decl *, 8> Drop;
    for (auto &[K, V] : Vars) {
      auto It = O.Vars.find(K);
      if (It == O.Vars.end()) {
        AbsValue U;
        U.K = V.K;
        V = U;
        if (V.K == AbsValue::Kind::None)
          Drop.push_back(K);
      } else {
        V.join(It->second);
      }
    }
    for (const auto &[K, V] : O.Vars)
      if (!Vars.count(K)) {
        AbsValue U;
        U.K = V.K;
        Vars[K] = U;
      }
    for (const Decl *D : Drop)
      Vars.erase(D);
  }
};

const Expr *strip(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    else if (const auto *CE = dyn_cast<ConstantExpr>(E))
      E = CE->getSubExpr();
    else
      break;
  }
  return E;
}

/// A braced list with elements, possibly inside an IntArrayRef or
/// std::initializer_list built from it.
bool isNonEmptyList(const Expr *E) {
  for (int I = 0; E && I < 6; ++I) {
    E = strip(E);
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      return IL->getNumInits() > 0;
    if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E)) {
      E = SIL->getSubExpr();
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() == 0 || isa<CXXDefaultArgExpr>(CE->getArg(0)))
        return false;
      E = CE->getArg(0);
    } else {
      return false;
    }
  }
  return false;
}

/// The first element of a braced list, through std::initializer_list and
/// converting constructors; null if there is none.
const Expr *firstListElement(const Expr *E) {
  for (int I = 0; E && I < 6; ++I) {
    E = strip(E);
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      return IL->getNumInits() ? strip(IL->getInit(0)) : nullptr;
    if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
      E = SIL->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

/// The object of a member call (or member operator), and the arguments.
const Expr *splitCall(const CallExpr *CE, const FunctionDecl *Callee,
                      llvm::SmallVectorImpl<const Expr *> &Args) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    Args.append(MC->arg_begin(), MC->arg_end());
    return MC->getImplicitObjectArgument();
  }
  if (isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) &&
      CE->getNumArgs() >= 1) {
    Args.append(CE->arg_begin() + 1, CE->arg_end());
    return CE->getArg(0);
  }
  Args.append(CE->arg_begin(), CE->arg_end());
  return nullptr;
}

/// An empty std::vector<IValue>: no tensor yet (the bottom of the lattice).
AbsValue emptyInputs() {
  AbsValue Empty = AbsValue::unknownTensor();
  Empty.DT.Bits = Empty.DV.Bits = 0;
  return Empty;
}

bool isCopyOrMoveOf(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  return Ctor && (Ctor->isCopyOrMoveConstructor()) && CE->getNumArgs() >= 1;
}

QualType unwrapOptional(const ApiModel &Api, QualType T) {
  for (int I = 0; I < 3 && Api.classify(T) == TypeKind::Optional; ++I) {
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        T.getNonReferenceType()->getAsCXXRecordDecl());
    if (!Spec || Spec->getTemplateArgs().size() < 1 ||
        Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
      return QualType();
    T = Spec->getTemplateArgs()[0].getAsType();
  }
  return T;
}

class FunctionAnalyzer {
public:
  FunctionAnalyzer(AnalysisContext &AC, const FunctionDecl *FD,
                   FunctionResult &Result, Summary &Sum, const State *Seed,
                   bool InvariantMode)
      : AC(AC), Api(AC.api()), Ctx(AC.ast()), FD(FD), Result(Result),
        Sum(Sum), InvariantMode(InvariantMode) {
    if (Seed)
      Initial = *Seed;
    Initial.Reached = true;
    if (!Seed)
      Initial.DefaultDType = AC.entryDefaultDType(FD);
  }

  void run();

private:
  // Values.
  AbsValue eval(const Expr *E);
  AbsValue evalUncached(const Expr *E);
  AbsValue evalCall(const CallExpr *CE);
  AbsValue evalConstruct(const CXXConstructExpr *CE);
  AbsValue evalDeclRef(const ValueDecl *D, QualType T);
  AbsValue unknownOf(QualType T) const;
  AbsValue convertTo(const AbsValue &V, QualType T) const;
  AbsValue constantOf(const Expr *E) const;
  AbsValue paramValue(const ParmVarDecl *P, QualType T) const;
  AbsValue applyDTypeDeviceArgs(AbsValue Base, const FunctionDecl *Callee,
                                llvm::ArrayRef<const Expr *> Args,
                                bool &Explicit);
  AbsValue factory(FactoryRule Rule, const CallExpr *CE,
                   llvm::ArrayRef<const Expr *> Args);
  AbsValue tensorMethod(const CallExpr *CE, const FunctionDecl *Callee,
                        llvm::StringRef Name, const Expr *Obj,
                        llvm::ArrayRef<const Expr *> Args);
  AbsValue freeLibTorchCall(const CallExpr *CE, const FunctionDecl *Callee,
                            llvm::StringRef Name,
                            llvm::ArrayRef<const Expr *> Args);
  AbsValue moduleValue(QualType ModuleType, SourceLocation Where);
  AbsValue applySummary(const Summary &S, llvm::ArrayRef<const Expr *> Args,
                        SourceLocation CallLoc);
  std::optional<DType> dataElementDType(const Expr *E) const;

  // Effects and events.
  void transfer(const CFGElement &El);
  void processStmt(const Stmt *S);
  void processCall(const CallExpr *CE);
  void processConstruct(const CXXConstructExpr *CE);
  void assign(const Expr *LHS, const AbsValue &V);
  void recordOp(const CallExpr *CE, llvm::StringRef Op, bool SameDType,
                bool Elementwise, unsigned Mask,
                llvm::ArrayRef<const Expr *> Operands, bool InPlace, bool Out,
                bool Explicit);
  void recordPlacement(const Expr *E, const AbsValue &V);
  bool moduleCall(const CallExpr *CE, const FunctionDecl *Callee,
                  llvm::StringRef Name, const Expr *Obj,
                  llvm::ArrayRef<const Expr *> Args);
  void applyCalleeEffects(const FunctionDecl *Callee, const Expr *Obj,
                          llvm::ArrayRef<const Expr *> Args);
  void autocastCall(llvm::StringRef Name, llvm::ArrayRef<const Expr *> Args);
  const Decl *storageOf(const Expr *E) const;
  AutocastArray currentAutocast() const;

  AnalysisContext &AC;
  const ApiModel &Api;
  ASTContext &Ctx;
  const FunctionDecl *FD;
  FunctionResult &Result;
  Summary &Sum;
  bool InvariantMode;
  State Initial;
  State Cur;
  llvm::DenseMap<const Expr *, AbsValue> ExprVals;
  llvm::DenseMap<const Expr *, OpEvent> Ops;
  llvm::DenseMap<const Expr *, ModuleCallEvent> ModuleCalls;
  llvm::DenseMap<const Expr *, PlacementEvent> Placements;
  llvm::DenseMap<const Expr *, FactoryEvent> Factories;
  llvm::DenseMap<const LambdaExpr *, State> LambdaSeeds;
  std::vector<const LambdaExpr *> LambdaOrder;
};

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

AbsValue FunctionAnalyzer::unknownOf(QualType T) const {
  AbsValue V;
  switch (Api.classify(T)) {
  case TypeKind::Tensor:
  case TypeKind::IValueList: // the join of the tensors it holds
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
  case TypeKind::Holder:
  case TypeKind::NNModule:
  case TypeKind::ModulePtr:
  case TypeKind::JitModule:
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

AbsValue FunctionAnalyzer::constantOf(const Expr *E) const {
  TypeKind K = Api.classify(E->getType());
  if (K != TypeKind::ScalarType && K != TypeKind::DeviceType)
    return AbsValue::none();
  if (E->isValueDependent() || E->isTypeDependent())
    return unknownOf(E->getType());
  Expr::EvalResult R;
  const EnumDecl *ED = E->getType()
                           .getNonReferenceType()
                           ->getAs<EnumType>()
                           ->getDecl();
  if (!E->EvaluateAsInt(R, Ctx) || !ED)
    return unknownOf(E->getType());
  llvm::APSInt Val = R.Val.getInt();
  for (const EnumConstantDecl *EC : ED->enumerators()) {
    if (llvm::APSInt::isSameValue(EC->getInitVal(), Val)) {
      AbsValue V = unknownOf(E->getType());
      if (K == TypeKind::ScalarType) {
        if (std::optional<DType> D = dtypeFromEnumerator(EC->getName()))
          V.DT = DTypeFact::of(*D, E->getExprLoc());
      } else if (std::optional<Device> D =
                     deviceFromEnumerator(EC->getName())) {
        V.DV = DeviceFact::of(*D, E->getExprLoc());
      }
      return V;
    }
  }
  return unknownOf(E->getType());
}

AbsValue FunctionAnalyzer::paramValue(const ParmVarDecl *P, QualType T) const {
  AbsValue V = unknownOf(T);
  int Index = int(P->getFunctionScopeIndex());
  if (V.K == AbsValue::Kind::Tensor || V.K == AbsValue::Kind::DType)
    V.DT = DTypeFact::param(Index);
  if (V.K == AbsValue::Kind::Tensor || V.K == AbsValue::Kind::Device)
    V.DV = DeviceFact::param(Index);
  return V;
}

AbsValue FunctionAnalyzer::evalDeclRef(const ValueDecl *D, QualType T) {
  auto It = Cur.Vars.find(D);
  if (It != Cur.Vars.end())
    return It->second;
  if (const auto *P = dyn_cast<ParmVarDecl>(D))
    if (P->getDeclContext() == FD)
      return paramValue(P, T);
  return unknownOf(T);
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
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return unknownOf(DA->getType());
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    AbsValue T = eval(CO->getTrueExpr());
    T.join(eval(CO->getFalseExpr()));
    return T;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return constantOf(E);
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (Cur.Vars.count(VD) || isa<ParmVarDecl>(VD) || VD->isLocalVarDecl())
        return evalDeclRef(VD, E->getType());
      AbsValue K = constantOf(E); // constexpr globals such as c10::kHalf
      return K.K != AbsValue::Kind::None ? K : unknownOf(E->getType());
    }
    if (isa<BindingDecl>(DRE->getDecl()))
      return unknownOf(E->getType());
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (Field && isa<CXXThisExpr>(strip(ME->getBase()))) {
      auto It = Cur.Vars.find(Field);
      if (It != Cur.Vars.end())
        return It->second;
      if (!InvariantMode)
        if (std::optional<AbsValue> Inv = AC.memberInvariant(Field))
          return convertTo(*Inv, E->getType());
    }
    return unknownOf(E->getType());
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return evalConstruct(CE);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE);
  AbsValue K = constantOf(E);
  return K.K != AbsValue::Kind::None ? K : unknownOf(E->getType());
}

AbsValue FunctionAnalyzer::moduleValue(QualType ModuleType,
                                       SourceLocation Where) {
  AbsValue V;
  V.K = AbsValue::Kind::Module;
  if (std::optional<ModuleInfo> Info = Api.builtinModule(ModuleType)) {
    // torch::nn layers create their parameters with the default dtype, on
    // the CPU.
    V.DT = Cur.DefaultDType;
    V.DT.Where = Where;
    V.DV = DeviceFact::of(Device::CPU, Where);
    V.FloatModule = Info->Rule == ModuleRule::FloatInput;
    return V;
  }
  if (!Api.lossModuleOp(ModuleType).empty())
    return V; // no parameters; forward(input, target) is modelled as its op
  // A user module: its parameters are unknown until moved with to(); its
  // forward decides what input it accepts.
  V.Fwd = AbsValue::Forward::Opaque;
  if (const CXXRecordDecl *RD = Api.moduleRecord(ModuleType)) {
    for (const CXXMethodDecl *M : RD->methods()) {
      const FunctionDecl *Def = nullptr;
      if (!M->getIdentifier() || M->getName() != "forward" ||
          !M->hasBody(Def) || !Def)
        continue;
      if (const Summary *S = AC.summary(Def))
        V.Fwd = (S->ParamsReassigned & 1) ? AbsValue::Forward::Converts
                                          : AbsValue::Forward::Keeps;
    }
  }
  return V;
}

AbsValue FunctionAnalyzer::evalConstruct(const CXXConstructExpr *CE) {
  QualType T = CE->getType();
  TypeKind K = Api.classify(T);
  llvm::SmallVector<const Expr *, 4> Args;
  for (const Expr *A : CE->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      Args.push_back(A);
  if (isCopyOrMoveOf(CE))
    return convertTo(eval(CE->getArg(0)), T);
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
    if (const auto *SL = dyn_cast<StringLiteral>(strip(Args[0])->IgnoreCasts())) {
      if (std::optional<Device> D = deviceFromString(SL->getString()))
        V.DV = DeviceFact::of(*D, CE->getExprLoc());
      return V;
    }
    // std::string("cuda") and the like.
    if (const auto *Inner = dyn_cast<CXXConstructExpr>(strip(Args[0])))
      if (Inner->getNumArgs() >= 1)
        if (const auto *SL = dyn_cast<StringLiteral>(
                strip(Inner->getArg(0))->IgnoreCasts()))
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
  case TypeKind::IValue:
    if (Args.size() == 1)
      return eval(Args[0]);
    return unknownOf(T);
  case TypeKind::IValueList: {
    if (Args.empty())
      return emptyInputs();
    const Expr *First = firstListElement(Args[0]);
    return First ? eval(First) : unknownOf(T);
  }
  case TypeKind::Holder: {
    if (Args.size() == 1 && strip(Args[0])->getType()->isNullPtrType())
      return unknownOf(T); // an empty holder, filled in later
    return moduleValue(T, CE->getExprLoc());
  }
  case TypeKind::NNModule:
    return moduleValue(T, CE->getExprLoc());
  default:
    if (Args.size() == 1 && K != TypeKind::None)
      return convertTo(eval(Args[0]), T);
    return unknownOf(T);
  }
}

std::optional<DType> FunctionAnalyzer::dataElementDType(const Expr *E) const {
  E = strip(E);
  QualType T;
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    if (IL->getNumInits() == 0)
      return std::nullopt;
    return dataElementDType(IL->getInit(0));
  }
  if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
    return dataElementDType(SIL->getSubExpr());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // TensorDataContainer / ArrayRef / std::vector built from data.
    if (CE->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(CE->getArg(0)))
      if (std::optional<DType> D = dataElementDType(CE->getArg(0)))
        return D;
    T = E->getType();
    if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            T->getAsCXXRecordDecl()))
      if (Spec->getTemplateArgs().size() >= 1 &&
          Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
        T = Spec->getTemplateArgs()[0].getAsType();
  } else if (const auto *AT = dyn_cast<ArraySubscriptExpr>(E)) {
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

AbsValue FunctionAnalyzer::applyDTypeDeviceArgs(
    AbsValue Base, const FunctionDecl *Callee,
    llvm::ArrayRef<const Expr *> Args, bool &Explicit) {
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
    AbsValue V = eval(A);
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
      if (V.isTensor() && Callee->getName() == "to") {
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

AbsValue FunctionAnalyzer::factory(FactoryRule Rule, const CallExpr *CE,
                                   llvm::ArrayRef<const Expr *> Args) {
  SourceLocation L = CE->getExprLoc();
  AbsValue V = AbsValue::tensor(Cur.DefaultDType, DeviceFact::of(Device::CPU, L));
  V.DT.Where = L;
  auto DataDType = [&](const Expr *E) {
    std::optional<DType> D = dataElementDType(E);
    if (!D)
      return DTypeFact::unknown();
    if (*D == DType::Float) {
      DTypeFact F = Cur.DefaultDType;
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
    V.NonScalar = !Args.empty() && !strip(Args[0])->getType()->isArithmeticType() &&
                  !isa<FloatingLiteral, IntegerLiteral>(strip(Args[0]));
    if (const auto *C = dyn_cast<CXXConstructExpr>(strip(Args[0])))
      if (C->getNumArgs() == 1 && strip(C->getArg(0))->getType()->isArithmeticType())
        V.NonScalar = false;
    break;
  case FactoryRule::FromScalars: {
    bool AnyFloat = false, AllKnown = true;
    for (const Expr *A : Args) {
      QualType T = strip(A)->getType();
      if (Api.classify(T) != TypeKind::None || isa<CXXDefaultArgExpr>(A))
        continue;
      if (T->isRealFloatingType())
        AnyFloat = true;
      else if (!T->isIntegerType())
        AllKnown = false;
    }
    if (!AllKnown)
      V.DT = DTypeFact::unknown();
    else if (!AnyFloat)
      V.DT = DTypeFact::of(DType::Long, L);
    V.NonScalar = true;
    break;
  }
  case FactoryRule::Like:
    if (!Args.empty()) {
      AbsValue Src = eval(Args[0]);
      if (Src.isTensor()) {
        V.DT = Src.DT;
        V.DV = Src.DV;
        V.NonScalar = Src.NonScalar;
      } else {
        V = AbsValue::unknownTensor();
      }
    }
    break;
  }
  if (Rule != FactoryRule::DefaultFloatScalar && Rule != FactoryRule::Like &&
      Rule != FactoryRule::FromData && Rule != FactoryRule::FromScalars)
    for (const Expr *A : Args)
      if (Api.classify(A->getType()) == TypeKind::None && isNonEmptyList(A))
        V.NonScalar = true; // sizes such as {2, 3}
  bool Explicit;
  const FunctionDecl *Callee = CE->getDirectCallee();
  return applyDTypeDeviceArgs(V, Callee, Args, Explicit);
}

AbsValue FunctionAnalyzer::applySummary(const Summary &S,
                                        llvm::ArrayRef<const Expr *> Args,
                                        SourceLocation CallLoc) {
  if (!S.HasReturn)
    return AbsValue::none();
  AbsValue R = S.Return;
  auto ArgAt = [&](int I) -> AbsValue {
    if (I < 0 || unsigned(I) >= Args.size())
      return AbsValue::none();
    return eval(Args[I]);
  };
  if (R.DT.Param >= 0) {
    AbsValue A = ArgAt(R.DT.Param);
    R.DT = (A.isTensor() || A.K == AbsValue::Kind::DType ||
            (A.K == AbsValue::Kind::Options && A.DTypeSet))
               ? A.DT
               : DTypeFact::unknown();
  } else if (R.DT.single()) {
    R.DT.Where = CallLoc;
  }
  if (R.DV.Param >= 0) {
    AbsValue A = ArgAt(R.DV.Param);
    R.DV = (A.isTensor() || A.K == AbsValue::Kind::Device ||
            (A.K == AbsValue::Kind::Options && A.DeviceSet))
               ? A.DV
               : DeviceFact::unknown();
  } else if (R.DV.single()) {
    R.DV.Where = CallLoc;
  }
  return R;
}

AbsValue FunctionAnalyzer::tensorMethod(const CallExpr *CE,
                                        const FunctionDecl *Callee,
                                        llvm::StringRef Name, const Expr *Obj,
                                        llvm::ArrayRef<const Expr *> Args) {
  AbsValue Self = eval(Obj);
  if (!Self.isTensor())
    Self = AbsValue::unknownTensor();
  SourceLocation L = CE->getExprLoc();
  if (std::optional<ConversionRule> Conv = Api.conversion(Name)) {
    AbsValue R = Self;
    bool Explicit;
    switch (*Conv) {
    case ConversionRule::To:
      R = applyDTypeDeviceArgs(Self, Callee, Args, Explicit);
      if (R.DT.Param < 0 && !(R.DT == Self.DT))
        R.DT.Where = L;
      if (R.DV.Param < 0 && !(R.DV == Self.DV))
        R.DV.Where = L;
      // Re-stamp what the call named explicitly, even when unchanged.
      for (unsigned I = 0; I < Args.size(); ++I) {
        AbsValue A = eval(Args[I]);
        if (A.K == AbsValue::Kind::DType && R.DT.single())
          R.DT.Where = L;
        if (A.K == AbsValue::Kind::Device && R.DV.single())
          R.DV.Where = L;
      }
      return R;
    case ConversionRule::DTypeArg:
      if (!Args.empty()) {
        AbsValue A = eval(Args[0]);
        R.DT = A.K == AbsValue::Kind::DType ? A.DT : DTypeFact::unknown();
        if (R.DT.single())
          R.DT.Where = L;
      }
      return R;
    case ConversionRule::LikeArg:
      if (!Args.empty()) {
        AbsValue A = eval(Args[0]);
        R.DT = A.isTensor() ? A.DT : DTypeFact::unknown();
        R.DV = A.isTensor() ? A.DV : DeviceFact::unknown();
        if (R.DT.single())
          R.DT.Where = L;
        if (R.DV.single())
          R.DV.Where = L;
      }
      return R;
    case ConversionRule::DeviceCPU:
      R.DV = DeviceFact::of(Device::CPU, L);
      return R;
    case ConversionRule::DeviceCUDA:
      R.DV = DeviceFact::of(Device::CUDA, L);
      return R;
    case ConversionRule::BackendArg:
      R.DV = DeviceFact::unknown();
      if (!Args.empty())
        if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(Args[0])))
          if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
            if (std::optional<Device> D = deviceFromEnumerator(EC->getName()))
              R.DV = DeviceFact::of(*D, L);
      return R;
    }
  }
  if (Name == "options") {
    AbsValue O;
    O.K = AbsValue::Kind::Options;
    O.DT = Self.DT;
    O.DV = Self.DV;
    return O;
  }
  if (Name == "scalar_type" || Name == "dtype") {
    AbsValue D;
    D.K = AbsValue::Kind::DType;
    D.DT = Self.DT;
    return D;
  }
  if (Name == "device") {
    AbsValue D;
    D.K = AbsValue::Kind::Device;
    D.DV = Self.DV;
    return D;
  }
  if (Api.classify(CE->getType()) != TypeKind::Tensor)
    return unknownOf(CE->getType());
  llvm::SmallVector<const Expr *, 4> Operands{Obj};
  Operands.append(Args.begin(), Args.end());
  return freeLibTorchCall(CE, Callee, Name, Operands);
}

AbsValue FunctionAnalyzer::freeLibTorchCall(const CallExpr *CE,
                                            const FunctionDecl *Callee,
                                            llvm::StringRef Name,
                                            llvm::ArrayRef<const Expr *> Args) {
  QualType RT = CE->getType();
  bool InPlace, Out, OutLast;
  llvm::StringRef Base = baseOpName(Name, InPlace, Out, OutLast);
  if (Name.starts_with("operator") && Name.ends_with("=") &&
      Name != "operator==" && Name != "operator!=" && Name != "operator<=" &&
      Name != "operator>=" && !Args.empty())
    return eval(Args[0]); // compound assignment keeps the tensor's dtype
  if (Name == "operator[]" && !Args.empty()) {
    AbsValue V = eval(Args[0]);
    V.NonScalar = false;
    return V.isTensor() ? V : unknownOf(RT);
  }
  llvm::ArrayRef<const Expr *> Operands = Args;
  if (Out && !OutLast && !Operands.empty())
    Operands = Operands.drop_front();
  if (std::optional<unsigned> Mask = Api.sameDTypeOperands(Base)) {
    if (Operands.empty())
      return unknownOf(RT);
    AbsValue First = eval(Operands[0]);
    AbsValue R = First.isTensor() ? First : AbsValue::unknownTensor();
    for (unsigned I = 1; I < Operands.size() && I < 8; ++I) {
      if (!(*Mask & (1u << I)))
        continue;
      AbsValue A = eval(Operands[I]);
      if (!A.isTensor())
        continue;
      if (!(A.DT == R.DT))
        R.DT = DTypeFact::unknown();
    }
    R.NonScalar = Base != "dot" && Base != "vdot" && Base != "matmul";
    return convertTo(R, RT);
  }
  std::optional<OpRule> Rule = Api.tensorOp(Name);
  if (!Rule)
    Rule = Api.tensorOp(Base);
  if (!Rule || Args.empty())
    return unknownOf(RT);
  AbsValue Self = eval(Args[0]);
  if (!Self.isTensor())
    return unknownOf(RT);
  bool Explicit;
  switch (*Rule) {
  case OpRule::Preserve:
    return convertTo(applyDTypeDeviceArgs(Self, Callee, Args, Explicit),
                     RT);
  case OpRule::Reduce: {
    AbsValue R = Self;
    R.NonScalar = false;
    if (std::optional<DType> D = R.DT.single())
      if (isIntegral(*D) && (Base == "sum" || Base == "prod"))
        R.DT = DTypeFact::of(DType::Long, CE->getExprLoc());
    return convertTo(applyDTypeDeviceArgs(R, Callee, Args, Explicit),
                     RT);
  }
  case OpRule::BoolResult:
    Self.DT = DTypeFact::of(DType::Bool, CE->getExprLoc());
    return convertTo(Self, RT);
  case OpRule::LongResult:
    Self.DT = DTypeFact::of(DType::Long, CE->getExprLoc());
    Self.NonScalar = false;
    return convertTo(Self, RT);
  case OpRule::Promote: {
    if (Args.size() < 2)
      return unknownOf(RT);
    AbsValue Other = eval(Args[1]);
    AbsValue R = Self;
    if (!Other.isTensor()) {
      // A C++ number: floating tensors keep their dtype.
      std::optional<DType> D = Self.DT.single();
      if (!D || !isFloating(*D))
        R.DT = DTypeFact::unknown();
      return convertTo(R, RT);
    }
    std::optional<DType> A = Self.DT.single(), B = Other.DT.single();
    if (A && B) {
      // torch.result_type: a 0-dim tensor does not widen a dimensioned one
      // of the same category.
      DType P = promoteTypes(*A, *B);
      DTypeFact F = DTypeFact::of(P, CE->getExprLoc());
      auto SameCategory = [](DType X, DType Y) {
        return isFloating(X) == isFloating(Y) && isComplex(X) == isComplex(Y) &&
               (X == DType::Bool) == (Y == DType::Bool);
      };
      if (!Other.NonScalar && SameCategory(*A, *B))
        F.join(DTypeFact::of(*A, CE->getExprLoc()));
      if (!Self.NonScalar && SameCategory(*A, *B))
        F.join(DTypeFact::of(*B, CE->getExprLoc()));
      if (P == *A && F.single())
        F.Where = Self.DT.Where;
      R.DT = F;
    } else {
      R.DT = DTypeFact::unknown();
    }
    if (!(Self.DV == Other.DV)) {
      // A CPU scalar joins a tensor on another device.
      if (Self.DV.single() == Device::CPU && !Self.NonScalar)
        R.DV = Other.DV;
      else if (!(Other.DV.single() == Device::CPU && !Other.NonScalar))
        R.DV.join(Other.DV);
    }
    R.NonScalar = Self.NonScalar || Other.NonScalar;
    return convertTo(R, RT);
  }
  }
  return unknownOf(RT);
}

AbsValue FunctionAnalyzer::evalCall(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  QualType RT = CE->getType();
  if (!Callee)
    return unknownOf(RT);
  std::string NameS = Callee->getDeclName().getAsString();
  llvm::StringRef Name = NameS;
  llvm::SmallVector<const Expr *, 4> Args;
  const Expr *Obj = splitCall(CE, Callee, Args);

  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee)) {
    QualType ClassT = Ctx.getRecordType(MD->getParent());
    TypeKind CK = Api.classify(ClassT);
    if (CK == TypeKind::Tensor && Obj)
      return tensorMethod(CE, Callee, Name, Obj, Args);
    if (CK == TypeKind::Options && Obj) {
      AbsValue O = eval(Obj);
      if (O.K != AbsValue::Kind::Options)
        O = unknownOf(ClassT);
      if ((Name == "dtype" || Name == "device") && !Args.empty()) {
        AbsValue A = eval(Args[0]);
        if (Name == "dtype") {
          O.DTypeSet = true;
          O.DT = A.K == AbsValue::Kind::DType ? A.DT : DTypeFact::unknown();
        } else {
          O.DeviceSet = true;
          O.DV = A.K == AbsValue::Kind::Device ? A.DV : DeviceFact::unknown();
        }
        return O;
      }
      if (Api.classify(RT) == TypeKind::Options)
        return O; // requires_grad(), layout(), pinned_memory() ...
      if (Name == "dtype" && O.DTypeSet) {
        AbsValue D;
        D.K = AbsValue::Kind::DType;
        D.DT = O.DT;
        return D;
      }
      return unknownOf(RT);
    }
    if (CK == TypeKind::TypeMeta && Name == "Make" &&
        Callee->getTemplateSpecializationArgs() &&
        Callee->getTemplateSpecializationArgs()->size() == 1) {
      QualType T = Callee->getTemplateSpecializationArgs()->get(0).getAsType();
      AbsValue D;
      D.K = AbsValue::Kind::DType;
      std::string TN = T.getCanonicalType().getAsString();
      std::optional<DType> DT;
      if (T->isSpecificBuiltinType(BuiltinType::Double))
        DT = DType::Double;
      else if (T->isSpecificBuiltinType(BuiltinType::Float))
        DT = DType::Float;
      else if (T->isBooleanType())
        DT = DType::Bool;
      else if (T->isIntegerType())
        DT = Ctx.getTypeSize(T) == 64 ? DType::Long : DType::Int;
      else if (TN.find("Half") != std::string::npos)
        DT = DType::Half;
      else if (TN.find("BFloat16") != std::string::npos)
        DT = DType::BFloat16;
      if (DT)
        D.DT = DTypeFact::of(*DT, CE->getExprLoc());
      return D;
    }
    if (CK == TypeKind::Device && Name == "type" && Obj) {
      AbsValue D = eval(Obj);
      return D.K == AbsValue::Kind::Device ? D : unknownOf(RT);
    }
    // Smart pointers and holders: -> and * and get() see the module.
    if ((Name == "operator->" || Name == "operator*" || Name == "get" ||
         Name == "ptr") &&
        Obj && eval(Obj).K == AbsValue::Kind::Module)
      return eval(Obj);
    if (Name == "register_module" && Args.size() >= 2)
      return convertTo(eval(Args[1]), RT);
    if (Api.isLibTorchDecl(MD) || !Callee->hasBody())
      return unknownOf(RT);
  }

  if (Api.isLibTorchDecl(Callee)) {
    std::string NS = Api.namespaceOf(Callee);
    if (NS == "at" || NS == "torch" || NS == "torch::nn::functional" ||
        NS == "at::native") {
      if (std::optional<FactoryRule> F = Api.factory(Name))
        if (Api.classify(RT) == TypeKind::Tensor)
          return factory(*F, CE, Args);
      if (Api.classify(RT) == TypeKind::Tensor)
        return freeLibTorchCall(CE, Callee, Name, Args);
    }
    if ((NS == "c10" || NS == "torch" || NS == "at") &&
        (Name == "dtype" || Name == "device") && Args.size() == 1) {
      AbsValue O = unknownOf(RT);
      if (O.K != AbsValue::Kind::Options)
        return O;
      O.DTypeSet = O.DeviceSet = false;
      AbsValue A = eval(Args[0]);
      if (Name == "dtype") {
        O.DTypeSet = true;
        O.DT = A.K == AbsValue::Kind::DType ? A.DT : DTypeFact::unknown();
      } else {
        O.DeviceSet = true;
        O.DV = A.K == AbsValue::Kind::Device ? A.DV : DeviceFact::unknown();
      }
      return O;
    }
    // Other TensorOptions builders (requires_grad, layout, memory_format,
    // pinned_memory) leave dtype and device unset.
    if ((NS == "c10" || NS == "torch" || NS == "at") &&
        Api.classify(RT) == TypeKind::Options) {
      AbsValue O = unknownOf(RT);
      O.DTypeSet = O.DeviceSet = false;
      O.DT = DTypeFact();
      O.DV = DeviceFact();
      return O;
    }
    if ((Name == "typeMetaToScalarType" || Name == "scalarTypeToTypeMeta") &&
        Args.size() == 1)
      return convertTo(eval(Args[0]), RT);
    if (Name == "load" && NS == "torch::jit") {
      return unknownOf(RT); // parameters wherever they were saved
    }
    return unknownOf(RT);
  }

  // std::make_shared<Module>(...)
  if (Name == "make_shared" && Api.classify(RT) == TypeKind::ModulePtr)
    return moduleValue(RT, CE->getExprLoc());

  // The user's own function, defined in this translation unit.
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def) && Def && !Api.isLibTorchDecl(Def) &&
      !Def->isDependentContext())
    if (const Summary *S = AC.summary(Def))
      return convertTo(applySummary(*S, Args, CE->getExprLoc()), RT);
  return unknownOf(RT);
}

//===----------------------------------------------------------------------===//
// Effects and events
//===----------------------------------------------------------------------===//

const Decl *FunctionAnalyzer::storageOf(const Expr *E) const {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return isa<VarDecl>(DRE->getDecl()) ? DRE->getDecl() : nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(strip(ME->getBase())))
        return dyn_cast<FieldDecl>(ME->getMemberDecl());
      return nullptr;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      if ((OC->getOperator() == OO_Arrow || OC->getOperator() == OO_Star) &&
          OC->getNumArgs() >= 1) {
        E = OC->getArg(0);
        continue;
      }
      return nullptr;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf) {
        E = UO->getSubExpr();
        continue;
      }
      return nullptr;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const auto *M = MC->getMethodDecl();
      if (M && (M->getName() == "get" || M->getName() == "ptr")) {
        E = MC->getImplicitObjectArgument();
        continue;
      }
    }
    return nullptr;
  }
  return nullptr;
}

std::string nameOfStorage(const Decl *D) {
  if (const auto *ND = dyn_cast_or_null<NamedDecl>(D))
    return ND->getNameAsString();
  return "";
}

AutocastArray FunctionAnalyzer::currentAutocast() const {
  AutocastArray A = Cur.Autocast;
  for (AutocastState &S : A)
    if (S == AutocastState::Entry)
      S = AC.entryAutocast(FD);
  return A;
}

void FunctionAnalyzer::assign(const Expr *LHS, const AbsValue &V) {
  const Decl *D = storageOf(LHS);
  if (!D)
    return;
  AbsValue Val = convertTo(V, LHS->getType());
  if (Val.K == AbsValue::Kind::None)
    return;
  Cur.Vars[D] = Val;
  if (const auto *P = dyn_cast<ParmVarDecl>(D))
    if (P->getDeclContext() == FD && P->getFunctionScopeIndex() < 64)
      Sum.ParamsReassigned |= uint64_t(1) << P->getFunctionScopeIndex();
  if (const auto *F = dyn_cast<FieldDecl>(D)) {
    Sum.WritesMembers = true;
    auto [It, New] = Sum.MemberWrites.try_emplace(F, Val);
    if (!New)
      It->second.join(Val);
  }
}

void FunctionAnalyzer::recordPlacement(const Expr *E, const AbsValue &V) {
  if (V.DT.single() == DType::Double && V.DV.single() == Device::MPS)
    Placements[E] = PlacementEvent{E, V};
}

void FunctionAnalyzer::recordOp(const CallExpr *CE, llvm::StringRef Op,
                                bool SameDType, bool Elementwise,
                                unsigned Mask,
                                llvm::ArrayRef<const Expr *> Operands,
                                bool InPlace, bool Out, bool Explicit) {
  OpEvent Ev;
  Ev.Call = CE;
  Ev.Op = Op.str();
  if (const FunctionDecl *Callee = CE->getDirectCallee())
    Ev.Written = Callee->getDeclName().getAsString();
  Ev.SameDType = SameDType;
  Ev.Elementwise = Elementwise;
  Ev.InPlace = InPlace;
  Ev.OutVariant = Out;
  Ev.ExplicitDType = Explicit;
  for (unsigned I = 0; I < Operands.size() && I < 8; ++I) {
    if (!(Mask & (1u << I)) || isa<CXXDefaultArgExpr>(Operands[I]))
      continue;
    AbsValue V = eval(Operands[I]);
    if (!V.isTensor())
      continue;
    Ev.Operands.push_back(Operand{Operands[I], V, operandName(Operands[I])});
  }
  if (Ev.Operands.empty() || (Ev.Operands.size() < 2 && SameDType))
    return;
  Ev.Autocast = currentAutocast();
  Ev.AutocastDType = Cur.AutocastDType;
  Ops[CE] = std::move(Ev);
}

bool FunctionAnalyzer::moduleCall(const CallExpr *CE,
                                  const FunctionDecl *Callee,
                                  llvm::StringRef Name, const Expr *Obj,
                                  llvm::ArrayRef<const Expr *> Args) {
  if (!Obj)
    return false;
  AbsValue M = eval(Obj);
  if (M.K != AbsValue::Kind::Module)
    return false;
  bool IsJit = Api.classify(Obj->getType()) == TypeKind::JitModule;
  if (Name == "to") {
    bool Explicit;
    AbsValue R = applyDTypeDeviceArgs(M, Callee, Args, Explicit);
    if (!(R.DT == M.DT) || Explicit)
      R.DT.Where = CE->getExprLoc();
    if (!(R.DV == M.DV)) {
      R.DV.Where = CE->getExprLoc();
      R.Moved = true;
    }
    if (const Decl *D = storageOf(Obj))
      Cur.Vars[D] = R;
    recordPlacement(CE, R);
    return true;
  }
  if (Name != "forward" && Name != "operator()")
    return false;
  // The first tensor argument; a TorchScript module takes {inputs...}.
  const Expr *InputE = nullptr;
  for (const Expr *A : Args) {
    const Expr *S = strip(A);
    if (IsJit) {
      while (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
        if (C->getNumArgs() == 0)
          break;
        S = strip(C->getArg(0));
      }
      if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(S))
        S = strip(SIL->getSubExpr());
      if (const auto *IL = dyn_cast<InitListExpr>(S))
        S = IL->getNumInits() ? strip(IL->getInit(0)) : nullptr;
    }
    if (S && eval(S).isTensor()) {
      InputE = S;
      break;
    }
  }
  if (!InputE)
    return true;
  ModuleCallEvent Ev;
  Ev.Call = CE;
  Ev.ModuleName = nameOfStorage(storageOf(Obj));
  Ev.Module = M;
  Ev.Input = Operand{InputE, eval(InputE), operandName(InputE)};
  Ev.Jit = IsJit;
  Ev.Autocast = currentAutocast();
  std::optional<ModuleInfo> Info = Api.builtinModule(Obj->getType());
  if (Info) {
    Ev.Op = Info->Op;
    Ev.Kb = Info->Kb;
  }
  ModuleCalls[CE] = Ev;
  // The op the module runs, for the checks on one op's dtypes.
  if (std::string LossOp = Api.lossModuleOp(Obj->getType()); !LossOp.empty()) {
    llvm::SmallVector<const Expr *, 3> TensorArgs;
    for (const Expr *A : Args)
      if (eval(A).isTensor())
        TensorArgs.push_back(A);
    recordOp(CE, LossOp, false, false, 0xFF, TensorArgs, false, false, false);
    auto It = Ops.find(CE);
    if (It != Ops.end()) {
      It->second.FromModule = true;
      It->second.Written = LossOp; // the loss it computes, not operator()
    }
  } else if (Info) {
    OpEvent Op;
    Op.Call = CE;
    Op.Op = Op.Written = Info->Op;
    Op.FromModule = true;
    Op.Operands.push_back(Ev.Input);
    AbsValue Params = M;
    Params.K = AbsValue::Kind::Tensor;
    Op.Operands.push_back(Operand{Obj, Params, Ev.ModuleName});
    Op.Autocast = Ev.Autocast;
    Op.AutocastDType = Cur.AutocastDType;
    Ops[CE] = std::move(Op);
  }
  return true;
}

void FunctionAnalyzer::autocastCall(llvm::StringRef Name,
                                    llvm::ArrayRef<const Expr *> Args) {
  auto BoolOf = [&](const Expr *E) {
    bool B;
    if (E && !E->isValueDependent() && E->EvaluateAsBooleanCondition(B, Ctx))
      return B ? AutocastState::On : AutocastState::Off;
    return AutocastState::Unknown;
  };
  auto DevOf = [&](const Expr *E) -> std::optional<AutocastDevice> {
    AbsValue V = eval(E);
    if (V.K != AbsValue::Kind::Device || !V.DV.single())
      return std::nullopt;
    return autocastDeviceOf(*V.DV.single());
  };
  auto DTypeOf = [&](const Expr *E) -> std::optional<DType> {
    AbsValue V = eval(E);
    return V.K == AbsValue::Kind::DType ? V.DT.single() : std::nullopt;
  };
  auto SetAll = [&](AutocastState S) {
    for (AutocastState &A : Cur.Autocast)
      A = S;
  };
  static const std::pair<const char *, AutocastDevice> Legacy[] = {
      {"set_enabled", AutocastDevice::CUDA},
      {"set_cpu_enabled", AutocastDevice::CPU},
      {"set_xpu_enabled", AutocastDevice::XPU}};
  static const std::pair<const char *, AutocastDevice> LegacyDType[] = {
      {"set_autocast_gpu_dtype", AutocastDevice::CUDA},
      {"set_autocast_cpu_dtype", AutocastDevice::CPU},
      {"set_autocast_xpu_dtype", AutocastDevice::XPU}};
  for (const auto &[N, D] : Legacy)
    if (Name == N && Args.size() == 1) {
      Cur.Autocast[unsigned(D)] = BoolOf(Args[0]);
      return;
    }
  for (const auto &[N, D] : LegacyDType)
    if (Name == N && Args.size() == 1) {
      Cur.AutocastDType[unsigned(D)] = DTypeOf(Args[0]);
      return;
    }
  if (Name == "set_autocast_enabled" && Args.size() == 2) {
    if (std::optional<AutocastDevice> D = DevOf(Args[0]))
      Cur.Autocast[unsigned(*D)] = BoolOf(Args[1]);
    else
      SetAll(AutocastState::Unknown);
  } else if (Name == "set_autocast_dtype" && Args.size() == 2) {
    if (std::optional<AutocastDevice> D = DevOf(Args[0]))
      Cur.AutocastDType[unsigned(*D)] = DTypeOf(Args[1]);
    else
      Cur.AutocastDType.fill(std::nullopt);
  }
}

void FunctionAnalyzer::applyCalleeEffects(const FunctionDecl *Callee,
                                          const Expr *Obj,
                                          llvm::ArrayRef<const Expr *> Args) {
  const FunctionDecl *Def = nullptr;
  const Summary *S = nullptr;
  if (Callee->hasBody(Def) && Def && !Def->isDependentContext())
    S = AC.summary(Def);
  if (!S) {
    // Unknown code: what it can reach through references is unknown now.
    for (const Expr *A : Args) {
      if (A->getType()->isPointerType() ||
          (A->isLValue() && !A->getType().isConstQualified()))
        if (const Decl *D = storageOf(A))
          if (Cur.Vars.count(D)) {
            AbsValue U;
            U.K = Cur.Vars[D].K;
            U.Fwd = AbsValue::Forward::Opaque;
            Cur.Vars[D] = U;
          }
    }
    return;
  }
  for (unsigned I = 0; I < NumAutocastDevices; ++I) {
    if (S->ExitAutocast[I] != AutocastState::Entry)
      Cur.Autocast[I] = S->ExitAutocast[I];
    if (S->ExitAutocastDType[I])
      Cur.AutocastDType[I] = S->ExitAutocastDType[I];
  }
  if (S->ExitDefaultDType)
    Cur.DefaultDType = *S->ExitDefaultDType;
  // A method of this class that writes members: they are back to what the
  // class invariant says.
  if (S->WritesMembers && (!Obj || isa<CXXThisExpr>(strip(Obj))))
    for (const auto &[F, V] : S->MemberWrites)
      Cur.Vars.erase(F);
  // Arguments passed by non-const reference may have been reassigned.
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I) {
    QualType PT = Def->getParamDecl(I)->getType();
    if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified() &&
        (S->ParamsReassigned >> I) & 1)
      if (const Decl *D = storageOf(Args[I]))
        Cur.Vars.erase(D);
  }
}

void FunctionAnalyzer::processCall(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return;
  std::string NameS = Callee->getDeclName().getAsString();
  llvm::StringRef Name = NameS;
  llvm::SmallVector<const Expr *, 4> Args;
  const Expr *Obj = splitCall(CE, Callee, Args);

  // Assignment to a tracked storage.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
      assign(OC->getArg(0), eval(OC->getArg(1)));
      return;
    }

  AbsValue V = eval(CE);
  if (Obj && Api.classify(Obj->getType()) == TypeKind::IValueList) {
    if (const Decl *D = storageOf(Obj)) {
      bool Adds = (Name == "push_back" || Name == "emplace_back") &&
                  Args.size() == 1;
      AbsValue E = Adds ? eval(Args[0]) : AbsValue::none();
      AbsValue &L = Cur.Vars[D];
      if (L.K != AbsValue::Kind::Tensor)
        L = unknownOf(Obj->getType());
      if (Adds) {
        L.join(E.isTensor() ? E : AbsValue::unknownTensor());
      } else if (Name == "clear") {
        L = emptyInputs();
      } else if (!cast<CXXMethodDecl>(Callee)->isConst()) {
        L = AbsValue::unknownTensor();
      }
    }
    return;
  }
  if (Api.isLibTorchDecl(Callee)) {
    std::string NS = Api.namespaceOf(Callee);
    if (NS == "at::autocast") {
      autocastCall(Name, Args);
      return;
    }
    if (Name == "set_default_dtype" && Args.size() == 1) {
      AbsValue D = eval(Args[0]);
      Cur.DefaultDType =
          D.K == AbsValue::Kind::DType ? D.DT : DTypeFact::unknown();
      return;
    }
    if (moduleCall(CE, Callee, Name, Obj, Args))
      return;
    bool IsTensorMethod =
        Obj && isa<CXXMethodDecl>(Callee) &&
        Api.classify(Ctx.getRecordType(cast<CXXMethodDecl>(Callee)->getParent())) ==
            TypeKind::Tensor;
    bool IsFreeOp = !Obj && !isa<CXXMethodDecl>(Callee);
    if (!IsTensorMethod && !IsFreeOp)
      return;
    llvm::SmallVector<const Expr *, 4> Operands;
    if (Obj)
      Operands.push_back(Obj);
    Operands.append(Args.begin(), Args.end());
    bool InPlace, Out, OutLast;
    llvm::StringRef Base = baseOpName(Name, InPlace, Out, OutLast);
    llvm::ArrayRef<const Expr *> Ops = Operands;
    if (Out && !OutLast && !Ops.empty())
      Ops = Ops.drop_front();
    if (Api.conversion(Name)) {
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(storageOf(Obj)))
        if (P->getDeclContext() == FD && P->getFunctionScopeIndex() < 64)
          Sum.ParamsReassigned |= uint64_t(1) << P->getFunctionScopeIndex();
      AbsValue Self = eval(Obj);
      if (!(Self.DT.single() == DType::Double &&
            Self.DV.single() == Device::MPS))
        recordPlacement(CE, V);
      return;
    }
    if (Api.factory(Name)) {
      recordPlacement(CE, V);
      Factories[CE] = FactoryEvent{CE, Name.str(), V};
      return;
    }
    if (std::optional<unsigned> Mask = Api.sameDTypeOperands(Base)) {
      // Ops with an explicit dtype argument are not autocast.
      bool Explicit = false;
      for (unsigned I = 0; I < Args.size() && I < Callee->getNumParams(); ++I)
        if (!isa<CXXDefaultArgExpr>(Args[I])) {
          TypeKind K = Api.classify(
              unwrapOptional(Api, Callee->getParamDecl(I)->getType()));
          Explicit |= K == TypeKind::ScalarType;
        }
      recordOp(CE, Base, /*SameDType=*/true, /*Elementwise=*/false, *Mask, Ops,
               InPlace, Out, Explicit);
      return;
    }
    std::optional<OpRule> Rule = Api.tensorOp(Name);
    if (!Rule)
      Rule = Api.tensorOp(Base);
    if (Rule == OpRule::Promote ||
        (Name.starts_with("operator") && Name.ends_with("=") && Obj &&
         Name.size() == 10)) {
      recordOp(CE, Base, /*SameDType=*/false, /*Elementwise=*/true, 0x3, Ops,
               InPlace, Out, false);
      return;
    }
    if (!Name.starts_with("operator")) {
      recordOp(CE, Base, /*SameDType=*/false, /*Elementwise=*/false, 0xFF, Ops,
               InPlace, Out, false);
      auto It = this->Ops.find(CE);
      if (It != this->Ops.end())
        It->second.Generic = true;
    }
    return;
  }
  if (moduleCall(CE, Callee, Name, Obj, Args))
    return;
  applyCalleeEffects(Callee, Obj, Args);
  // A helper of the user's that places a tensor: report at the call unless
  // an argument was already a float64 tensor on MPS.
  if (V.isTensor() && llvm::none_of(Args, [&](const Expr *A) {
        AbsValue AV = eval(A);
        return AV.isTensor() && AV.DT.single() == DType::Double &&
               AV.DV.single() == Device::MPS;
      }))
    recordPlacement(CE, V);
}

void FunctionAnalyzer::processConstruct(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  if (!Ctor || Api.isLibTorchDecl(Ctor) || !Ctor->hasBody())
    return;
  llvm::SmallVector<const Expr *, 4> Args(CE->arg_begin(), CE->arg_end());
  applyCalleeEffects(Ctor, nullptr, Args);
}

void FunctionAnalyzer::processStmt(const Stmt *S) {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || VD->getType()->isDependentType())
        continue;
      AbsValue U = unknownOf(VD->getType());
      if (U.K == AbsValue::Kind::None)
        continue;
      if (const Expr *Init = VD->getInit())
        Cur.Vars[VD] = convertTo(eval(Init), VD->getType());
      else
        Cur.Vars[VD] = U;
    }
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (const Expr *RV = RS->getRetValue()) {
      AbsValue V = eval(RV);
      if (!Sum.HasReturn)
        Sum.Return = V;
      else
        Sum.Return.join(V);
      Sum.HasReturn = true;
    }
    return;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E || E->isTypeDependent() || E->isValueDependent())
    return;
  // Full-expressions come wrapped (cleanups, temporaries); the effect is the
  // same whichever element carries it, and applying it twice is harmless.
  E = strip(E);
  if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
    if (!LambdaSeeds.count(LE))
      LambdaOrder.push_back(LE);
    LambdaSeeds[LE] = Cur;
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Assign)
      assign(BO->getLHS(), eval(BO->getRHS()));
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    processCall(CE);
    return;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    processConstruct(CE);
    return;
  }
}

void FunctionAnalyzer::transfer(const CFGElement &El) {
  if (std::optional<CFGStmt> S = El.getAs<CFGStmt>()) {
    processStmt(S->getStmt());
    return;
  }
  if (std::optional<CFGInitializer> I = El.getAs<CFGInitializer>()) {
    const CXXCtorInitializer *Init = I->getInitializer();
    if (const FieldDecl *F = Init->getMember()) {
      AbsValue V = convertTo(eval(Init->getInit()), F->getType());
      if (V.K == AbsValue::Kind::None)
        return;
      Cur.Vars[F] = V;
      Sum.WritesMembers = true;
      auto [It, New] = Sum.MemberWrites.try_emplace(F, V);
      if (!New)
        It->second.join(V);
    }
    return;
  }
  if (std::optional<CFGAutomaticObjDtor> D = El.getAs<CFGAutomaticObjDtor>()) {
    const VarDecl *VD = D->getVarDecl();
    const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl();
    if (RD && RD->getDestructor() && !Api.isLibTorchDecl(RD))
      applyCalleeEffects(RD->getDestructor(), nullptr, {});
  }
}

void FunctionAnalyzer::run() {
  const Stmt *Body = FD->getBody();
  if (!Body)
    return;
  CFG::BuildOptions BO;
  BO.AddImplicitDtors = true;
  BO.AddInitializers = true;
  BO.AddCXXDefaultInitExprInCtors = true;
  BO.setAllAlwaysAdd();
  std::unique_ptr<CFG> G =
      CFG::buildCFG(FD, const_cast<Stmt *>(Body), &Ctx, BO);
  if (!G) {
    Result.Skipped = true;
    return;
  }
  // Reverse post-order numbering, for a worklist that visits predecessors
  // first.
  std::vector<const CFGBlock *> Order;
  {
    llvm::DenseMap<const CFGBlock *, bool> Seen;
    std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>>
        Stack;
    const CFGBlock *Entry = &G->getEntry();
    Seen[Entry] = true;
    Stack.push_back({Entry, Entry->succ_begin()});
    while (!Stack.empty()) {
      auto &[B, It] = Stack.back();
      if (It == B->succ_end()) {
        Order.push_back(B);
        Stack.pop_back();
        continue;
      }
      const CFGBlock *Next = It->getReachableBlock();
      ++It;
      if (Next && !Seen[Next]) {
        Seen[Next] = true;
        Stack.push_back({Next, Next->succ_begin()});
      }
    }
    std::reverse(Order.begin(), Order.end());
  }
  llvm::DenseMap<const CFGBlock *, unsigned> Rank;
  for (unsigned I = 0; I < Order.size(); ++I)
    Rank[Order[I]] = I;
  const LocalLiveness Live(*G, Body);
  std::vector<State> Out(G->getNumBlockIDs());
  std::vector<unsigned> Visits(G->getNumBlockIDs(), 0);
  std::set<unsigned> Work{0};
  unsigned Steps = 0;
  const unsigned MaxSteps = AC.config().MaxStepsPerFunction;
  while (!Work.empty()) {
    const CFGBlock *B = Order[*Work.begin()];
    Work.erase(Work.begin());
    State In;
    if (B == &G->getEntry()) {
      In = Initial;
    } else {
      for (const CFGBlock *P : B->preds())
        if (P)
          In.join(Out[P->getBlockID()]);
    }
    if (!In.Reached)
      continue;
    if (++Visits[B->getBlockID()] > 64) {
      Result.Skipped = true;
      return;
    }
    Cur = std::move(In);
    ExprVals.clear();
    for (const CFGElement &El : *B) {
      if (++Steps > MaxSteps) {
        Result.Skipped = true;
        return;
      }
      transfer(El);
    }
    if (B == &G->getExit()) {
      Sum.ExitAutocast = Cur.Autocast;
      Sum.ExitAutocastDType = Cur.AutocastDType;
      if (!(Cur.DefaultDType == Initial.DefaultDType))
        Sum.ExitDefaultDType = Cur.DefaultDType;
    }
    // Locals no path reads again leave the state: it stays as small as
    // what is live, and the analysis linear in the function's length.
    llvm::SmallVector<const Decl *, 8> Dead;
    for (const auto &KV : Cur.Vars)
      if (Live.isDeadAfter(B, KV.first))
        Dead.push_back(KV.first);
    for (const Decl *D : Dead)
      Cur.Vars.erase(D);
    State &O = Out[B->getBlockID()];
    if (O == Cur && Visits[B->getBlockID()] > 1)
      continue;
    O = std::move(Cur);
    for (const CFGBlock *S : B->succs())
      if (S && Rank.count(S))
        Work.insert(Rank[S]);
  }

  // Events in source order.
  auto MoveSorted = [&](auto &Map, auto &Vec) {
    std::vector<const Expr *> Keys;
    for (auto &KV : Map)
      Keys.push_back(KV.first);
    llvm::sort(Keys, [&](const Expr *A, const Expr *B) {
      return Ctx.getSourceManager().isBeforeInTranslationUnit(
          A->getBeginLoc(), B->getBeginLoc());
    });
    for (const Expr *K : Keys)
      Vec.push_back(std::move(Map[K]));
  };
  MoveSorted(Ops, Result.Ops);
  MoveSorted(ModuleCalls, Result.ModuleCalls);
  MoveSorted(Placements, Result.Placements);
  MoveSorted(Factories, Result.Factories);

  // Lambdas run with what they captured where they were created.
  for (const LambdaExpr *LE : LambdaOrder) {
    const CXXMethodDecl *Op = LE->getCallOperator();
    if (!Op || Op->isDependentContext() || !Op->hasBody())
      continue;
    Summary LambdaSum;
    FunctionAnalyzer Inner(AC, Op, Result, LambdaSum, &LambdaSeeds[LE],
                           InvariantMode);
    Inner.run();
  }
}

/// Builds the call graph of the user's code and finds the functions that
/// turn autocast on or set the default dtype; LibTorch's own declarations
/// are not visited.
class Prescan : public RecursiveASTVisitor<Prescan> {
public:
  Prescan(const ApiModel &Api, SourceManager &SM) : Api(Api), SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  llvm::DenseMap<const FunctionDecl *, llvm::SmallPtrSet<const FunctionDecl *, 4>>
      Callees;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Autocast, DefaultDType;

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
      llvm::StringRef N = NS->getName();
      if (N == "at" || N == "c10" || N == "torch" || N == "caffe2" ||
          N == "std" || N == "pybind11")
        return true;
    }
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD && !isLambdaOperator(FD))
      Stack.push_back(FD->getCanonicalDecl());
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    if (FD && !isLambdaOperator(FD))
      Stack.pop_back();
    return R;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || Stack.empty())
      return true;
    Callees[Stack.back()].insert(F->getCanonicalDecl());
    if (!F->getIdentifier())
      return true;
    llvm::StringRef N = F->getName();
    std::string NS = Api.namespaceOf(F);
    if (NS == "at::autocast" &&
        (N == "set_enabled" || N == "set_cpu_enabled" ||
         N == "set_xpu_enabled" || N == "set_autocast_enabled"))
      Autocast.insert(Stack.back());
    if (N == "set_default_dtype" && Api.isLibTorchDecl(F))
      DefaultDType.insert(Stack.back());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    if (!Stack.empty() && CE->getConstructor()) {
      Callees[Stack.back()].insert(CE->getConstructor()->getCanonicalDecl());
      if (const CXXRecordDecl *RD = CE->getConstructor()->getParent())
        if (const CXXDestructorDecl *Dtor = RD->getDestructor())
          Callees[Stack.back()].insert(Dtor->getCanonicalDecl());
    }
    return true;
  }

  /// Functions that may run while the state a function of Roots sets is in
  /// force: whatever calls a root sets it too (upwards), and whatever those
  /// call may run inside it (downwards).
  llvm::SmallPtrSet<const FunctionDecl *, 16>
  mayRunInside(const llvm::SmallPtrSet<const FunctionDecl *, 8> &Roots) const {
    llvm::SmallPtrSet<const FunctionDecl *, 16> Setters(Roots.begin(),
                                                        Roots.end());
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[Caller, Cs] : Callees)
        if (!Setters.count(Caller) &&
            llvm::any_of(Cs, [&](const FunctionDecl *C) {
              return Setters.count(C);
            }))
          Changed |= Setters.insert(Caller).second;
    }
    llvm::SmallPtrSet<const FunctionDecl *, 16> Inside;
    llvm::SmallVector<const FunctionDecl *, 16> Work;
    for (const FunctionDecl *S : Setters) {
      auto It = Callees.find(S);
      if (It != Callees.end())
        Work.append(It->second.begin(), It->second.end());
    }
    while (!Work.empty()) {
      const FunctionDecl *F = Work.pop_back_val();
      if (!Inside.insert(F).second)
        continue;
      auto It = Callees.find(F);
      if (It != Callees.end())
        Work.append(It->second.begin(), It->second.end());
    }
    return Inside;
  }

private:
  static bool isLambdaOperator(const FunctionDecl *FD) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    return MD && MD->getParent()->isLambda();
  }
  const ApiModel &Api;
  SourceManager &SM;
  std::vector<const FunctionDecl *> Stack;
};

} // namespace

std::string operandName(const Expr *E) {
  E = strip(E);
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return DRE->getDecl()->getNameAsString();
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return ME->getMemberDecl()->getNameAsString();
  return "";
}

AnalysisContext::AnalysisContext(ASTContext &Ctx, AnalysisConfig Config)
    : Ctx(Ctx), Config(Config), Api(Config.Version) {}

AnalysisContext::~AnalysisContext() = default;

void AnalysisContext::prescan() {
  if (Prescanned)
    return;
  Prescanned = true;
  Prescan P(Api, Ctx.getSourceManager());
  P.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *F : P.mayRunInside(P.Autocast))
    InsideAutocast.insert(F);
  for (const FunctionDecl *F : P.mayRunInside(P.DefaultDType))
    InsideDefaultDType.insert(F);
}

AutocastState AnalysisContext::entryAutocast(const FunctionDecl *FD) const {
  const_cast<AnalysisContext *>(this)->prescan();
  if (!FD || FD->isMain() || !InsideAutocast.count(FD->getCanonicalDecl()))
    return AutocastState::Off;
  return AutocastState::Unknown;
}

DTypeFact AnalysisContext::entryDefaultDType(const FunctionDecl *FD) const {
  const_cast<AnalysisContext *>(this)->prescan();
  if (!FD || FD->isMain() || !InsideDefaultDType.count(FD->getCanonicalDecl()))
    return DTypeFact::of(DType::Float, SourceLocation());
  return DTypeFact::unknown();
}

AnalysisContext::Entry &AnalysisContext::run(const FunctionDecl *FD) {
  FD = FD->getDefinition() ? FD->getDefinition() : FD;
  auto &Slot = Cache[FD];
  if (Slot)
    return *Slot;
  Slot = std::make_unique<Entry>();
  Entry *E = Slot.get();
  FunctionAnalyzer A(*this, FD, E->Result, E->Sum, nullptr, false);
  A.run();
  E->InProgress = false;
  return *E;
}

const FunctionResult &AnalysisContext::analyze(const FunctionDecl *FD) {
  return run(FD).Result;
}

const Summary *AnalysisContext::summary(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD->getDefinition() ? FD->getDefinition() : FD;
  auto It = Cache.find(Def);
  if (It != Cache.end())
    return It->second->InProgress ? nullptr : &It->second->Sum;
  Entry &E = run(Def);
  if (E.Result.Skipped)
    return nullptr;
  return &E.Sum;
}

std::optional<AbsValue>
AnalysisContext::memberInvariant(const FieldDecl *Field) {
  const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!RD || Api.isLibTorchDecl(RD))
    return std::nullopt;
  // Parameters and submodules of a torch::nn::Module move with its to().
  if (Api.classify(Ctx.getRecordType(RD)) != TypeKind::None)
    return std::nullopt;
  auto Done = Invariants.find(RD);
  if (Done == Invariants.end()) {
    if (InvariantsInProgress[RD])
      return std::nullopt;
    InvariantsInProgress[RD] = true;
    llvm::DenseMap<const FieldDecl *, AbsValue> Writes;
    llvm::DenseMap<const FieldDecl *, bool> Unknown;
    for (const CXXMethodDecl *M : RD->methods()) {
      const FunctionDecl *Def = nullptr;
      if (!M->hasBody(Def) || !Def || Def->isDependentContext())
        continue;
      FunctionResult Scratch;
      Summary S;
      FunctionAnalyzer A(*this, Def, Scratch, S, nullptr, true);
      A.run();
      if (Scratch.Skipped) {
        for (const FieldDecl *F : RD->fields())
          Unknown[F] = true;
        continue;
      }
      for (const auto &[F, V] : S.MemberWrites) {
        auto [It, New] = Writes.try_emplace(F, V);
        if (!New)
          It->second.join(V);
      }
    }
    for (const auto &[F, U] : Unknown)
      Writes.erase(F);
    Invariants[RD] = std::move(Writes);
    InvariantsInProgress[RD] = false;
    Done = Invariants.find(RD);
  }
  auto It = Done->second.find(Field);
  if (It == Done->second.end())
    return std::nullopt;
  return It->second;
}

} // namespace torchdtype
