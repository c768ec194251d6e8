//===- CallConstants.cpp - the constants a call passes, and what they pick ===//
//
// A call passes what its caller's path knows of scalar values: a bool,
// number, enum or string argument, the fields of a plain struct argument or
// of the object a method runs on, and a polymorphic object's dynamic class.
// They become assumptions of the callee's parameters (and of `this` and its
// members) for a run of the callee for that call (AnalysisContext's
// contextRun, memoised per constants), which decides the callee's branches,
// what it returns, and the override a virtual call runs.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/KnownConstants.h"
#include "analysis/PathStates.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace torchdtype {

/// A module of more than one dtype or device, a dtype or device of more
/// than one, or a struct with a tensor field of more than one.
static bool undecided(const AbsValue &V) {
  if (V.K == AbsValue::Kind::Module || V.isTensor())
    return !V.DT.single() || !V.DV.single();
  if (V.K == AbsValue::Kind::DType)
    return !V.DT.Param.isSymbolic() && !V.DT.single();
  if (V.K == AbsValue::Kind::Device)
    return !V.DV.Param.isSymbolic() && !V.DV.single();
  if (V.K != AbsValue::Kind::Record || !V.Fields)
    return false;
  return llvm::any_of(*V.Fields, [](const auto &F) {
    return F.second.carriesFacts() && !F.second.DT.Param.isSymbolic() &&
           !F.second.DV.Param.isSymbolic() &&
           (!F.second.DT.single() || !F.second.DV.single());
  });
}

AbsValue FunctionAnalyzer::decidedFor(const CallSite &S,
                                      const FunctionDecl *Def,
                                      const AbsValue &Summarised) {
  // A module whose conversion the callee's paths decide (`if (cfg.precision
  // == "double") m->to(kDouble)`), a struct whose field they decide: the
  // callee analysed for this call's constants, when they pick one.
  if (!undecided(Summarised))
    return Summarised;
  CallFacts Facts = callFacts(Def, S.Args, S.Obj);
  if (Facts.Constants.empty())
    return Summarised;
  Facts.Captured.clear(); // a lambda's captures are not what picks its paths
  const AnalysisContext::ContextRun *Ran = runFor(Def, Facts);
  if (!Ran || !Ran->Return || Ran->Return->K != Summarised.K)
    return Summarised;
  const AbsValue *R = &*Ran->Return;
  if (R->K == AbsValue::Kind::Module || R->K == AbsValue::Kind::DType ||
      R->K == AbsValue::Kind::Device) {
    if (R->DT.Param.isSymbolic() || R->DV.Param.isSymbolic())
      return Summarised;
    AbsValue M = *R;
    if (M.DT.single() && M.DT.Where.isInvalid())
      M.DT.Where = S.E->getExprLoc();
    if (M.DV.single() && M.DV.Where.isInvalid())
      M.DV.Where = S.E->getExprLoc();
    return M;
  }
  // A struct: each field the summary left undecided, as this run has it.
  AbsValue Out = Summarised;
  for (const auto &[F, V] : *Summarised.Fields) {
    const AbsValue *Run = R->field(F);
    if (!V.carriesFacts() || !Run || Run->K != V.K ||
        Run->DT.Param.isSymbolic() || Run->DV.Param.isSymbolic())
      continue;
    Out = Out.withField(F, V.decidedBy(*Run, S.E->getExprLoc()));
  }
  return Out;
}

void FunctionAnalyzer::argumentConstants(const ParmVarDecl *P,
                                          const Expr *Arg,
                                          Assumptions &Out) {
  QualType PT = P->getType();
  auto Add = [&](const FieldDecl *F, const Constant &K) {
    std::string Name = P->getNameAsString();
    if (F)
      Name += "." + F->getNameAsString();
    bool Flag = (F ? F->getType() : PT.getNonReferenceType())->isBooleanType();
    if (std::optional<Assumption> A = holding(P, F, Flag, K, Arg, Name))
      assume(Out, std::move(*A));
  };
  // A parameter taken by value or const reference only: one the callee may
  // change through is not a constant of the call; an object's class cannot
  // change, whatever the reference.
  const CXXRecordDecl *Poly = polymorphicClass(PT);
  bool ObjectRef = Poly && PT->isReferenceType() &&
                   PT.getNonReferenceType()->getAsCXXRecordDecl() == Poly;
  if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified() &&
      !ObjectRef)
    return;
  if (constantCarrier(PT, Api)) {
    if (std::optional<Constant> K = knownValue(Arg, Cur->Assumed, Ctx, CallsFn))
      Add(nullptr, *K);
    return;
  }
  const CXXRecordDecl *RD = plainRecord(PT, Api);
  std::optional<Subject> Sub = RD ? subjectOf(Arg) : std::nullopt;
  if (!Sub || Sub->Field)
    return;
  for (const FieldDecl *F : RD->fields())
    if (constantCarrier(F->getType(), Api))
      if (std::optional<Constant> K = assumedValue(Sub->Var, F, Cur->Assumed))
        Add(F, *K);
}

void FunctionAnalyzer::receiverConstants(const CXXMethodDecl *Method,
                                          const Expr *Obj, Assumptions &Out) {
  const NamedDecl *This = Method->getParent()->getCanonicalDecl();
  auto Add = [&](const FieldDecl *F, const Constant &K, std::string Name) {
    bool Flag = F && F->getType()->isBooleanType();
    if (std::optional<Assumption> A = holding(This, F, Flag, K, Obj, Name))
      assume(Out, std::move(*A));
  };
  if (constantCarrier(Obj->getType(), Api))
    if (std::optional<Constant> K = knownValue(Obj, Cur->Assumed, Ctx, CallsFn);
        K && K->Class)
      Add(nullptr, *K, "this");
  // A module's class is a fact of its value (a base's forward calling a
  // hook the module's class overrides).
  if (Api.moduleRecord(Obj->getType()) && !isa<CXXThisExpr>(strip(Obj)))
    if (AbsValue V = eval(Obj); V.K == AbsValue::Kind::Module && V.Class)
      Add(nullptr, Constant::ofClass(V.Class), "this");
  // A plain object's fields: a local variable's, or this method's own
  // members (a method calling another on `this`).
  const CXXRecordDecl *RD = plainRecord(Obj->getType(), Api);
  if (!RD || RD->getCanonicalDecl() != This)
    return;
  const NamedDecl *Holder = nullptr;
  const Expr *Bare = strip(Obj);
  if (const auto *TE = dyn_cast<CXXThisExpr>(Bare))
    Holder = thisAtom(TE);
  else if (std::optional<Subject> Sub = subjectOf(Obj); Sub && !Sub->Field)
    Holder = Sub->Var;
  if (!Holder)
    return;
  for (const FieldDecl *F : RD->fields())
    if (constantCarrier(F->getType(), Api))
      if (std::optional<Constant> K = assumedValue(Holder, F, Cur->Assumed))
        Add(F, *K, F->getNameAsString());
}

/// Whether Obj reaches its object through a pointer or reference (whose
/// object may be of a derived class), not a variable, field or temporary
/// of the class itself.
static bool isIndirectObject(const Expr *Obj) {
  const Expr *E = Obj->IgnoreParenImpCasts();
  if (E->getType()->isPointerType())
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getType()->isReferenceType();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl()->getType()->isReferenceType();
  return !(E->isPRValue() && E->getType()->isRecordType());
}

const CallSite &FunctionAnalyzer::runsBody(const CallSite &S,
                                           const CXXMethodDecl *M,
                                           const FunctionDecl *Def) {
  auto [It, New] = Devirtualized.try_emplace({S.E, Def}, S);
  if (New) {
    It->second.Callee = M;
    It->second.Def = Def;
    It->second.Family = CallFamily::UserFunction;
  }
  return It->second;
}

const CallSite &FunctionAnalyzer::heldCall(const CallSite &S) {
  // A std::function called where the path knows the lambda it holds (a
  // variable assigned one, a parameter given one, what a function returns),
  // or a member every write of the unit gives the same lambda: the call
  // runs that lambda's body.
  const CXXRecordDecl *Closure = nullptr;
  if (std::optional<Constant> K = knownValue(S.Obj, Cur->Assumed, Ctx, CallsFn);
      K && K->Class && K->Class->isLambda())
    Closure = K->Class;
  if (!Closure)
    if (const auto *ME = dyn_cast<MemberExpr>(S.Obj->IgnoreParenImpCasts()))
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
        Closure = AC.heldLambda(F);
  const CXXMethodDecl *Op =
      Closure ? Closure->getLambdaCallOperator() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!Op || !Op->hasBody(Def) || !Def || Def->isDependentContext()) {
    // Of a parameter (or one of its fields): a caller that gives it a
    // lambda may run this function for it.
    if (const VarDecl *Root = rootVar(S.Obj); Root && isa<ParmVarDecl>(Root))
      Result.OpenVirtualCalls = true;
    return S;
  }
  return runsBody(S, Op, Def);
}

const CallSite &FunctionAnalyzer::devirtualized(const CallSite &S) {
  if (isStdFunctionCall(S) && S.Family != CallFamily::UserFunction)
    return heldCall(S);
  // A virtual call on an object whose dynamic class the path knows
  // (`std::make_shared<D>()`, a parameter given one, `this` in a method run
  // for one) runs that class's override.
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(S.Callee);
  if (!M || !M->isVirtual() || !S.Obj || Api.isLibTorchDecl(M))
    return S;
  if (const auto *ME = dyn_cast<MemberExpr>(S.E->getCallee()->IgnoreParens());
      ME && ME->hasQualifier())
    return S; // Base::f(): not a virtual call
  std::optional<Constant> K = knownValue(S.Obj, Cur->Assumed, Ctx, CallsFn);
  const CXXRecordDecl *Class = K ? K->Class : nullptr;
  // A module's class is a fact of its value (modules are not constants).
  if (!Class && Api.moduleRecord(S.Obj->getType()))
    if (AbsValue V = eval(S.Obj); V.K == AbsValue::Kind::Module)
      Class = V.Class;
  if (!Class) {
    // Of unknown class, where a class here overrides it: which body runs
    // is not known (a call through a pointer or reference to the base);
    // a caller that knows the class may run this function for it.
    if (AC.overridden(M) && isIndirectObject(S.Obj))
      Result.OpenVirtualCalls = true;
    if (!S.Def || !AC.overridden(M) || M->hasAttr<FinalAttr>() ||
        M->getParent()->hasAttr<FinalAttr>() || !isIndirectObject(S.Obj))
      return S;
    auto [It, New] = Devirtualized.try_emplace({S.E, nullptr}, S);
    if (New) {
      It->second.Def = nullptr;
      It->second.Family = CallFamily::OpaqueMethod;
    }
    return It->second;
  }
  const CXXMethodDecl *O =
      M->getCorrespondingMethodInClass(Class->getDefinition(), true);
  const FunctionDecl *Def = nullptr;
  if (!O || !O->hasBody(Def) || !Def || Def == S.Def ||
      Def->isDependentContext())
    return S;
  if (S.Family == CallFamily::ModuleForward) {
    // A module's forward stays one: its input is judged with the body the
    // class runs.
    auto [It, New] = Devirtualized.try_emplace({S.E, Def}, S);
    if (New) {
      It->second.Callee = O;
      It->second.Def = Def;
    }
    return It->second;
  }
  return runsBody(S, O, Def);
}

const AnalysisContext::ContextRun *
FunctionAnalyzer::runFor(const FunctionDecl *Def, const CallFacts &Facts,
                         const AbsValue *Receiver) {
  AutocastArray Here = currentAutocast();
  return AC.contextRun(Def, Facts.Facts, &Here, &Cur->AutocastDType, Receiver,
                       Facts.Captured, Facts.Constants);
}

/// The c10::ScalarType enum: T itself, or what a caffe2::TypeMeta's
/// toScalarType() gives.
static const EnumDecl *scalarTypeEnum(QualType T, ASTContext &Ctx) {
  T = T.getNonReferenceType();
  if (const auto *ET = T->getAs<EnumType>())
    return ET->getDecl();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
    for (const NamedDecl *ND : RD->lookup(&Ctx.Idents.get("toScalarType")))
      if (const auto *M = dyn_cast<CXXMethodDecl>(ND))
        if (const auto *ET = M->getReturnType()->getAs<EnumType>())
          return ET->getDecl();
  return nullptr;
}

/// What a dtype query of tensor X answers where the path knows X's dtype:
/// `x.scalar_type()` and `x.dtype()` the enumerator (as `torch::kByte`
/// folds to), `x.is_floating_point()` and `x.is_complex()` a flag, so that a
/// flag set from one (`bool raw = x.scalar_type() == torch::kByte;`) is
/// known as the test itself would be.
static std::optional<Constant> dtypeAnswer(llvm::StringRef Name,
                                           const AbsValue &X, QualType T,
                                           ASTContext &Ctx) {
  if (!X.isTensor() || X.DT.Param.isSymbolic() || X.DT.Bits == 0 ||
      X.MaybeUndefined)
    return std::nullopt;
  if (Name == "is_floating_point" || Name == "is_complex") {
    uint32_t Is = dtypeBits(Name == "is_complex" ? isComplex : isFloating);
    if (!(X.DT.Bits & ~Is) || !(X.DT.Bits & Is)) // all of them, or none
      return Constant::boolean(X.DT.Bits & Is);
    return std::nullopt;
  }
  std::optional<DType> D = X.DT.single();
  const EnumDecl *ED = D && (Name == "scalar_type" || Name == "dtype")
                           ? scalarTypeEnum(T, Ctx)
                           : nullptr;
  if (!ED)
    return std::nullopt;
  for (const EnumConstantDecl *EC : ED->enumerators())
    if (EC->getName() == dtypeName(*D)) {
      Constant K;
      K.Key = K.Text = EC->getQualifiedNameAsString();
      K.Number = double(EC->getInitVal().getSExtValue());
      return K;
    }
  return std::nullopt;
}

std::optional<Constant>
FunctionAnalyzer::returnedConstant(const CallExpr *CE) {
  // A function of the user's returning a scalar, string or object whose
  // paths, for the constants this call passes, all return one constant
  // (`parse_precision("fp16")`, `make_scorer(Kind::Fast)`).
  const CallSite &S = site(CE);
  // `x.defined()` of a tensor the path knows: false where it is still
  // `torch::Tensor x;`, true where it has a dtype.
  if (S.Family == CallFamily::TensorMethod && S.Name == "defined" &&
      S.Args.empty()) {
    AbsValue X = eval(S.Obj);
    if (!X.isTensor() || X.DT.Param.isSymbolic())
      return std::nullopt;
    if (X.undefinedTensor())
      return Constant::boolean(false);
    if (X.DT.single() && !X.MaybeUndefined)
      return Constant::boolean(true);
    return std::nullopt;
  }
  if (S.Family == CallFamily::TensorMethod && S.Args.empty() && S.Obj)
    if (std::optional<Constant> K =
            dtypeAnswer(S.Name, eval(S.Obj), CE->getType(), Ctx))
      return K;
  if (S.Family != CallFamily::UserFunction || !S.Def ||
      !constantCarrier(CE->getType(), Api))
    return std::nullopt;
  CallFacts Facts = callFacts(S.Def, S.Args, S.Obj);
  if (Facts.Constants.empty()) {
    const Summary *Sum = AC.summary(S.Def);
    return Sum && !Sum->ReturnsOther ? Sum->ReturnConstant : std::nullopt;
  }
  const AnalysisContext::ContextRun *R = runFor(S.Def, Facts);
  return R ? R->ReturnConstant : std::nullopt;
}

void FunctionAnalyzer::returnedConstantHere(const Expr *RV) {
  const auto *Deref = dyn_cast<UnaryOperator>(strip(RV));
  bool This = Deref && Deref->getOpcode() == UO_Deref &&
              isa<CXXThisExpr>(strip(Deref->getSubExpr()));
  Sum.ReturnsThis = This && (!Sum.HasReturn || Sum.ReturnsThis);
  if (Sum.ReturnsOther)
    return;
  std::optional<Constant> K =
      constantCarrier(RV->getType(), Api)
          ? knownValue(RV, Cur->Assumed, Ctx, CallsFn)
          : std::nullopt;
  bool Same = K && Sum.ReturnConstant &&
              Sum.ReturnConstant->Key == K->Key &&
              Sum.ReturnConstant->Class == K->Class;
  if (K && (!Sum.HasReturn || Same))
    Sum.ReturnConstant = K;
  else
    Sum.ReturnsOther = true;
}

void FunctionAnalyzer::keepCallConstants() {
  // A call's constants hold for the parameters whose changes the paths
  // see; of any other, nothing is assumed.
  llvm::erase_if(Initial.Assumed, [&](const Assumption &A) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(A.Var);
    // An object's class holds through any reference to it.
    if (P && A.Class && P->getType()->isReferenceType() &&
        P->getType().getNonReferenceType()->getAsCXXRecordDecl())
      return false;
    return P && P->getDeclContext() == FD && !trackedVar(P);
  });
  // The object's constant members the class never changes from one value
  // (AnalysisContext::fieldConstant), where the call did not say.
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  if (!M || M->isStatic() || isa<CXXConstructorDecl>(M) ||
      M->getParent()->isLambda())
    return;
  const NamedDecl *This = M->getParent()->getCanonicalDecl();
  for (const FieldDecl *F : M->getParent()->fields()) {
    if (llvm::any_of(Initial.Assumed, [&](const Assumption &A) {
          return A.Var == This && A.Field == F;
        }))
      continue;
    if (std::optional<Constant> K = AC.fieldConstant(F))
      if (std::optional<Assumption> A =
              holding(This, F, F->getType()->isBooleanType(), *K, nullptr,
                      F->getNameAsString())) {
        A->Invariant = true;
        assume(Initial.Assumed, std::move(*A));
      }
  }
}

AbsValue FunctionAnalyzer::recordFor(const CallSite &S, const FunctionDecl *Def,
                                    const Summary &Callee, AbsValue R,
                                    const AbsValue *Recv) {
  // A struct whose tensor fields the summary mixed (`w = randn(opts) * 0.1`
  // with opts from a parameter's field): each such field as the callee run
  // for this call's arguments makes it.
  auto Undecided = [](const std::pair<unsigned, AbsValue> &F) {
    return F.second.isTensor() && !F.second.DT.Param.isSymbolic() &&
           !F.second.DV.Param.isSymbolic() &&
           (!F.second.DT.single() || !F.second.DV.single());
  };
  if (!R.Fields || llvm::none_of(*R.Fields, Undecided))
    return R;
  std::optional<AbsValue> Specific =
      returnFor(S, Def, Callee, Recv, currentAutocast(), /*ForAutocast=*/false);
  if (!Specific)
    return R;
  AbsValue Out = R;
  for (const auto &F : *R.Fields) {
    const AbsValue *Run = Specific->field(F.first);
    if (!Undecided(F) || !Run || !Run->isTensor())
      continue;
    AbsValue FV = F.second.decidedBy(*Run, S.E->getExprLoc());
    FV.atLeast(Run->Dims);
    Out = Out.withField(F.first, FV);
  }
  return Out;
}

} // namespace torchdtype
