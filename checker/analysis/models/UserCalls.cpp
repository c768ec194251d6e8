//===- UserCalls.cpp - calls of the user's own functions ------------===//
//
// A function defined in the translation unit is summarised once
// (AnalysisContext): what it returns in terms of its arguments, the autocast
// and default-dtype state it leaves, the parameters it reassigns and the
// members it writes. Unknown code makes what it can reach unknown.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace torchdtype {

AbsValue FunctionAnalyzer::userCall(const CallSite &S) {
  QualType RT = S.E->getType();
  if (!S.Def)
    return unknownOf(RT);
  const Summary *Callee = AC.summary(S.Def);
  if (!Callee)
    return unknownOf(RT);
  std::optional<AbsValue> Receiver = receiverOf(S);
  const AbsValue *Recv = Receiver ? &*Receiver : nullptr;
  // A setter returning its object (`Builder().width(4).precision(kHalf)`):
  // the object as the call leaves it.
  if (Callee->ReturnsThis && Receiver && Receiver->K == AbsValue::Kind::Record)
    if (std::optional<AbsValue> After = objectAfter(S, *Receiver))
      return *After;
  return convertTo(callResult(S, S.Def, *Callee, Recv), RT);
}

AbsValue FunctionAnalyzer::callResult(const CallSite &S,
                                      const FunctionDecl *Def,
                                      const Summary &Callee,
                                      const AbsValue *Recv) {
  AbsValue R = applySummary(Callee, S.Args, Recv, S.E->getExprLoc());
  if (R.K == AbsValue::Kind::Record)
    return dimsFor(S, Def, recordFor(S, Def, Callee, decidedFor(S, Def, R), Recv),
                   Recv);
  if (R.K == AbsValue::Kind::DType || R.K == AbsValue::Kind::Device)
    return decidedFor(S, Def, R);
  if (R.K == AbsValue::Kind::Module) {
    // A module the callee makes from its object's fields or its arguments'
    // facts (`l->to(dtype_)` in a builder's build()): run for this call.
    // So is one of a polymorphic class some of whose returns are of
    // another (`make_shared<Edge>()` if the flag given is set).
    AbsValue M = decidedFor(S, Def, R);
    bool OpenClass = !M.Class && polymorphicClass(S.E->getType());
    if (M.DT.single() && M.DV.single() && !OpenClass)
      return M;
    std::optional<AbsValue> Specific =
        returnFor(S, Def, Callee, Recv, currentAutocast(), false);
    if (Specific && Specific->K == AbsValue::Kind::Module &&
        (Specific->DT.single() || Specific->DV.single()))
      return *Specific;
    if (Specific && Specific->K == AbsValue::Kind::Module && OpenClass)
      M.Class = Specific->Class;
    return M;
  }
  if (!R.isTensor())
    return R;
  // The summary ran the callee's ops in the autocast state its callers
  // may have (off, or unknown for a function that may run inside a
  // region); where the state here is another, they are run again in it.
  AutocastArray Here = currentAutocast();
  AutocastState Assumed = AC.entryAutocast(Def);
  bool Differs =
      llvm::any_of(Here, [&](AutocastState A) { return A != Assumed; });
  if (!Differs && R.DT.single() && R.DV.single())
    return dimsFor(S, Def, R, Recv);
  std::optional<AbsValue> Specific =
      returnFor(S, Def, Callee, Recv, Here, /*ForAutocast=*/Differs);
  if (Differs) {
    bool MayBeOn = llvm::any_of(Here, [](AutocastState A) {
      return A == AutocastState::On || A == AutocastState::Unknown;
    });
    if (Specific)
      R.DT = Specific->DT;
    else if (MayBeOn)
      R.DT = DTypeFact::unknown();
    if (Specific && !R.DV.single())
      R.DV = Specific->DV;
    return R;
  }
  if (Specific) {
    // What is still unknown for every call is taken from this one.
    if (!R.DT.single())
      R.DT = Specific->DT;
    if (!R.DV.single())
      R.DV = Specific->DV;
    R.atLeast(Specific->Dims);
  }
  return R;
}

AbsValue FunctionAnalyzer::dimsFor(const CallSite &S, const FunctionDecl *Def,
                                  AbsValue R, const AbsValue *Recv) {
  // The summary ran with its parameters' dimensions unknown: a reduction
  // of one (`x.mean(0)`) may have left a 0-dim tensor. Arguments of known
  // dimensions say more, from the callee's run for them.
  auto Scalarish = [](const AbsValue &V) {
    return V.isTensor() && V.Dims == 0;
  };
  bool Any = Scalarish(R) || (R.K == AbsValue::Kind::Record && R.Fields &&
                              llvm::any_of(*R.Fields, [&](const auto &F) {
                                return Scalarish(F.second);
                              }));
  if (!Any)
    return R;
  CallFacts Facts = callFacts(Def, S.Args, S.Obj);
  if (llvm::none_of(Facts.Facts,
                    [](const AbsValue &A) { return A.isTensor() && A.Dims; }))
    return R;
  const AnalysisContext::ContextRun *Run =
      runFor(Def, Facts, boundReceiver(Recv));
  if (!Run || !Run->Return || Run->Return->K != R.K)
    return R;
  if (R.isTensor()) {
    R.atLeast(Run->Return->Dims);
    return R;
  }
  AbsValue Out = R;
  for (const auto &[F, V] : *R.Fields)
    if (const AbsValue *X = Run->Return->field(F); Scalarish(V) && X &&
                                                   X->isTensor()) {
      AbsValue FV = V;
      FV.atLeast(X->Dims);
      Out = Out.withField(F, FV);
    }
  return Out;
}

/// A lambda written in the argument itself (or converted there to a
/// std::function), not one a variable holds.
static bool madeInArgument(const Expr *A) {
  for (int I = 0; A && I < 8; ++I) {
    A = strip(A);
    if (isa<LambdaExpr>(A))
      return true;
    const auto *CE = dyn_cast<CXXConstructExpr>(A);
    if (!CE || CE->getNumArgs() != 1)
      return false;
    A = CE->getArg(0);
  }
  return false;
}

FunctionAnalyzer::CallFacts
FunctionAnalyzer::callFacts(const FunctionDecl *Def,
                            llvm::ArrayRef<const Expr *> Args,
                            const Expr *Obj) {
  CallFacts F;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    AbsValue A = I < Args.size() ? eval(Args[I]) : AbsValue::none();
    // What is symbolic in the caller is not known here; a tensor's other
    // component may be (`x.to(torch::kHalf)` of a parameter x).
    bool DTSymbolic = A.DT.Param.isSymbolic();
    bool DVSymbolic = A.DV.Param.isSymbolic();
    if (A.isTensor() && !A.Fields && DTSymbolic != DVSymbolic) {
      if (DTSymbolic)
        A.DT = DTypeFact::unknown();
      else
        A.DV = DeviceFact::unknown();
    } else if (DTSymbolic || DVSymbolic) {
      A = AbsValue::none();
    }
    F.Definite |= A.isTensor() && (A.DT.single() || A.DV.single());
    // A dtype or device given, or an optional known to hold none
    // (`device = std::nullopt`, then `device.value_or(kCPU)`).
    F.Definite |= (A.K == AbsValue::Kind::DType && A.DT.single()) ||
                  (A.K == AbsValue::Kind::Device && A.DV.single()) ||
                  A.Opt == AbsValue::Engaged::No;
    F.AnyRecord |= A.K == AbsValue::Kind::Record;
    F.ModuleClass |= A.K == AbsValue::Kind::Module && A.Class;
    // A struct with a field of one dtype or device (`cfg.paramDtype`).
    F.Definite |= definiteFields(&A);
    F.Facts.push_back(A);
    if (I < Args.size())
      argumentConstants(Def->getParamDecl(I), Args[I], F.Constants);
  }
  // The class of the object a method runs on, as `this` there, and the
  // constants its fields hold (`pipe.encoder`, `cfg.mode`), as its members.
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  if (Obj && Method && !Method->isStatic() && !isa<CXXConstructorDecl>(Def))
    receiverConstants(Method, Obj, F.Constants);
  // What the path assumes of the machine (`cuda::is_available()`) holds in
  // the callee too.
  for (const Assumption &A : Cur->Assumed)
    if (const auto *Q = dyn_cast_or_null<FunctionDecl>(A.Var);
        Q && Api.isMachineQuery(Q->getQualifiedNameAsString()))
      F.Constants.push_back(A);
  F.Definite |= !F.Constants.empty();
  // A lambda reads what it captured by reference as it is at the call; so
  // does one given to the callee (`with_autocast([&] { ... })`), created
  // here, by value or by reference.
  auto AddCaptures = [&](const CXXRecordDecl *Lambda, bool ByValueToo) {
    for (const LambdaCapture &C : Lambda->captures()) {
      if (!C.capturesVariable())
        continue;
      const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
      // By value too where the variable is not this function's own (a
      // helper given it), or never changes here: its value here is the one
      // the lambda was made with.
      if (V && C.getCaptureKind() != LCK_ByRef && !ByValueToo &&
          V->getParentFunctionOrMethod() == FD && !stableVar(V))
        continue;
      auto It = V ? Cur->Vars.find(V) : Cur->Vars.end();
      if (It == Cur->Vars.end() ||
          !(It->second.isTensor() || It->second.K == AbsValue::Kind::Module) ||
          It->second.DT.Param.isSymbolic() || It->second.DV.Param.isSymbolic() ||
          llvm::any_of(F.Captured, [&](const auto &P) { return P.first == V; }))
        continue;
      F.Definite |= It->second.DT.single() || It->second.DV.single();
      F.Captured.push_back({V, It->second});
    }
  };
  const auto *M = dyn_cast<CXXMethodDecl>(Def);
  if (M && M->getParent()->isLambda())
    AddCaptures(M->getParent(), /*ByValueToo=*/false);
  // A lambda made in the argument (also as the std::function it converts
  // to) captured what the variables hold here; one a std::function
  // variable holds captured by value what they held where it was made.
  for (const Expr *A : Args) {
    if (const LambdaExpr *LE = lambdaOf(A)) {
      AddCaptures(LE->getLambdaClass(), /*ByValueToo=*/madeInArgument(A));
      continue;
    }
    if (!isStdFunction(A->getType()))
      continue;
    if (std::optional<Constant> K = knownValue(A, Cur->Assumed, Ctx, CallsFn);
        K && K->Class && K->Class->isLambda())
      AddCaptures(K->Class, /*ByValueToo=*/false);
  }
  return F;
}

std::optional<AbsValue>
FunctionAnalyzer::returnFor(const CallSite &S, const FunctionDecl *Def,
                            const Summary &Callee, const AbsValue *Receiver,
                            const AutocastArray &Autocast, bool ForAutocast) {
  // Where the summary loses what the arguments say (a parameter
  // reassigned, or its facts mixed with others: a division, a promotion),
  // or the autocast state here (ForAutocast), the callee is analysed again
  // for this call.
  CallFacts Args = callFacts(Def, S.Args, S.Obj);
  const AbsValue *Bound = boundReceiver(Receiver);
  if ((!Args.Definite && !definiteFields(Bound) && !ForAutocast) ||
      !(Callee.Return.isTensor() || Callee.Return.K == AbsValue::Kind::Record ||
        Callee.Return.K == AbsValue::Kind::Module))
    return std::nullopt;
  std::optional<AbsValue> R =
      AC.returnFor(Def, Args.Facts, &Autocast, &Cur->AutocastDType, Bound,
                   Args.Captured, Args.Constants);
  if (!R || R->K != Callee.Return.K)
    return std::nullopt;
  AbsValue V = bindParams(*R, S.Args, Receiver);
  if (V.K == AbsValue::Kind::Record)
    return V;
  if (V.DT.single())
    V.DT.Where = !R->DT.Param.isSymbolic() && R->DT.Where.isInvalid()
                     ? S.E->getExprLoc()
                     : V.DT.Where;
  return V;
}

/// A member's fact (ParamRef::ThisModule) on a receiver module: the
/// module's own when to() converted it, else what the member was created
/// with. Still relative when the receiver is itself a member of the module
/// running.
template <typename FactT>
static FactT bindMember(const FactT &F, const FactT &ModuleFact, bool Converted,
                        const AbsValue *Receiver) {
  if (!Receiver)
    return FactT::unknown();
  if (ModuleFact.Param.isThisModule())
    return F;
  // to() gave every parameter and submodule the module's dtype (device),
  // whatever happened to them before.
  if (Converted)
    return ModuleFact;
  if (!Receiver->Tracked)
    return FactT::unknown();
  FactT Created = F;
  Created.Param = ParamRef();
  return Created;
}

/// A field of a plain struct parameter (ParamRef::FieldOfParam): that
/// field of the argument, if known.
AbsValue
FunctionAnalyzer::fieldOfArg(ParamRef P,
                             llvm::ArrayRef<const clang::Expr *> Args) {
  if (!P.isFieldOfParam())
    return AbsValue::none();
  unsigned Index = P.Index, FieldNo = P.Field;
  if (Index >= Args.size())
    return AbsValue::none();
  AbsValue A = eval(Args[Index]);
  if (A.K != AbsValue::Kind::Record || !A.Fields)
    return AbsValue::none();
  if (const AbsValue *FV = A.field(FieldNo))
    return *FV;
  return AbsValue::none();
}

AbsValue FunctionAnalyzer::bindParams(AbsValue V,
                                      llvm::ArrayRef<const Expr *> Args,
                                      const AbsValue *Receiver) {
  if (V.DT.Param.isThisModule())
    V.DT = bindMember(V.DT, Receiver ? Receiver->DT : DTypeFact(),
                      Receiver && Receiver->DTypeConverted, Receiver);
  if (V.DV.Param.isThisModule())
    V.DV = bindMember(V.DV, Receiver ? Receiver->DV : DeviceFact(),
                      Receiver && Receiver->DeviceConverted, Receiver);
  if (V.K == AbsValue::Kind::Module && Receiver) {
    // A member module: the receiver's conversions apply to it too.
    V.DTypeConverted |= Receiver->DTypeConverted;
    V.DeviceConverted |= Receiver->DeviceConverted;
    V.Tracked = V.Tracked && Receiver->Tracked;
  }
  if (V.Fields) { // field by field: a record's, a map's entries
    AbsValue R = V;
    for (const auto &[F, FV] : *V.Fields)
      R = R.withField(F, bindParams(FV, Args, Receiver));
    if (V.K == AbsValue::Kind::Record)
      return R;
    V = R; // (and the join of a map's entries below)
  }
  auto ArgAt = [&](ParamRef P) -> AbsValue {
    if (P.isFieldOfParam())
      return fieldOfArg(P, Args);
    if (P.Index >= Args.size())
      return AbsValue::none();
    return eval(Args[P.Index]);
  };
  // A module converted to a dtype parameter (`teacher_->to(storage)`): that
  // dtype, bound below as a tensor's.
  AbsValue DTArg = V.K == AbsValue::Kind::Module && V.DT.Param.isParam()
                       ? ArgAt(V.DT.Param)
                       : AbsValue::none();
  if (V.K == AbsValue::Kind::Module && V.DT.Param.isParam() &&
      DTArg.K != AbsValue::Kind::DType) {
    // A module parameter: the argument module as it is at the call.
    AbsValue A = DTArg;
    if (A.K != AbsValue::Kind::Module || A.FloatModule != V.FloatModule)
      return AbsValue::unknownModule();
    V.DT = A.DT;
    V.DV = A.DV;
    V.Tracked = A.Tracked;
    V.DTypeConverted = A.DTypeConverted;
    V.DeviceConverted = A.DeviceConverted;
    V.Moved = A.Moved;
    return V;
  }
  // (What the callee's tests left of the argument's facts on the path,
  // Conditions.cpp, narrows the argument's.)
  if (V.DT.Param.isSymbolic() && !V.DT.Param.isThisModule()) {
    AbsValue A = ArgAt(V.DT.Param);
    uint32_t Tested = V.DT.Bits;
    // (A module given: a parameter of it, `l->weight` of a Linear &l.)
    V.DT = (A.isTensor() || A.K == AbsValue::Kind::DType ||
            A.K == AbsValue::Kind::Module ||
            (A.K == AbsValue::Kind::Options && A.DTypeSet))
               ? A.DT
               : DTypeFact::unknown();
    if (!V.DT.Param.isThisModule())
      V.DT.Bits &= Tested;
  }
  if (V.DV.Param.isSymbolic() && !V.DV.Param.isThisModule()) {
    AbsValue A = ArgAt(V.DV.Param);
    uint32_t Tested = V.DV.Bits;
    V.DV = (A.isTensor() || A.K == AbsValue::Kind::Device ||
            A.K == AbsValue::Kind::Module ||
            (A.K == AbsValue::Kind::Options && A.DeviceSet))
               ? A.DV
               : DeviceFact::unknown();
    if (!V.DV.Param.isThisModule())
      V.DV.Bits &= Tested;
  }
  return V;
}

AbsValue FunctionAnalyzer::applySummary(const Summary &S,
                                        llvm::ArrayRef<const Expr *> Args,
                                        const AbsValue *Receiver,
                                        SourceLocation CallLoc) {
  if (!S.HasReturn)
    return AbsValue::none();
  AbsValue R = bindParams(S.Return, Args, Receiver);
  // What the callee set itself is reported at the call.
  if (!S.Return.DT.Param.isSymbolic() && R.DT.single())
    R.DT.Where = CallLoc;
  if (!S.Return.DV.Param.isSymbolic() && R.DV.single())
    R.DV.Where = CallLoc;
  return R;
}

std::optional<AbsValue> FunctionAnalyzer::receiverOf(const CallSite &S) {
  if (!S.Obj)
    return std::nullopt;
  AbsValue R = eval(S.Obj);
  if (R.K == AbsValue::Kind::Module)
    return R;
  // A plain object in a variable (`score.fit(x)`): its fields are the
  // method's members.
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(S.Def);
  if (R.K == AbsValue::Kind::Record && M && !M->isStatic() &&
      !isa<CXXThisExpr>(strip(S.Obj)) && (storageOf(S.Obj) || R.Fields))
    return R;
  return std::nullopt;
}

bool FunctionAnalyzer::convertedSubmodules(const AbsValue *R) {
  return R && R->K == AbsValue::Kind::Module && R->Tracked && R->Fields;
}

const AbsValue *FunctionAnalyzer::boundReceiver(const AbsValue *R) {
  if (!R)
    return nullptr;
  if (R->K == AbsValue::Kind::Module)
    return R->Tracked ? R : nullptr;
  return R->K == AbsValue::Kind::Record && R->Fields ? R : nullptr;
}

bool FunctionAnalyzer::definiteFields(const AbsValue *R) {
  if (!R || R->K != AbsValue::Kind::Record || !R->Fields)
    return false;
  // A tensor, options, dtype, device or module field of one dtype or
  // device, or a tensor still undefined (which decides `defined()`).
  return llvm::any_of(*R->Fields, [](const auto &F) {
    const AbsValue &V = F.second;
    return (V.carriesFacts() || V.K == AbsValue::Kind::Module) &&
           !V.DT.Param.isSymbolic() && !V.DV.Param.isSymbolic() &&
           (V.DT.single() || V.DV.single() || V.undefinedTensor());
  });
}

/// A field value an object keeps between calls: a tensor, dtype or device
/// of one dtype or device (or an empty optional), a module whose history
/// is known or whose dtype or device is.
static bool carriedField(const AbsValue &V) {
  bool Carried = V.isTensor() || V.K == AbsValue::Kind::DType ||
                 V.K == AbsValue::Kind::Device ||
                 V.K == AbsValue::Kind::Module;
  return Carried &&
         (V.DT.single() || V.DV.single() || V.Opt == AbsValue::Engaged::No ||
          V.undefinedTensor() || (V.K == AbsValue::Kind::Module && V.Tracked));
}

void FunctionAnalyzer::objectAfterMethod(const CallSite &S,
                                         const AbsValue &Before) {
  // What the method left in the object's fields, from its run for this
  // call: the object's known fields and the arguments' facts.
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(S.Def);
  std::optional<AbsValue> After = objectAfter(S, Before);
  if (!After)
    return;
  // The object a chain of setters returning `*this` started from
  // (`b.precision(kDouble).width(8)` changes b).
  const Expr *Obj = strip(S.Obj);
  while (const auto *MC = dyn_cast<CXXMemberCallExpr>(Obj)) {
    const FunctionDecl *Def = nullptr;
    const CXXMethodDecl *Setter = MC->getMethodDecl();
    const Summary *Sum = Setter && Setter->hasBody(Def) && Def &&
                                 !Def->isDependentContext()
                             ? AC.summary(Def)
                             : nullptr;
    if (!Sum || !Sum->ReturnsThis)
      break;
    Obj = strip(MC->getImplicitObjectArgument());
  }
  if (!isa<CXXThisExpr>(Obj)) {
    assign(Obj, *After);
    return;
  }
  for (const FieldDecl *F : M->getParent()->fields())
    if (const AbsValue *V = After->field(F->getFieldIndex()))
      Cur->Vars[F] = *V;
}

std::optional<AbsValue> FunctionAnalyzer::objectAfter(const CallSite &S,
                                                      const AbsValue &Before) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(S.Def);
  if (!M || M->isConst() || Before.K != AbsValue::Kind::Record)
    return std::nullopt;
  CallFacts Facts = callFacts(S.Def, S.Args, S.Obj);
  const AnalysisContext::ContextRun *R =
      runFor(S.Def, Facts, boundReceiver(&Before));
  if (!R)
    return std::nullopt;
  AbsValue After = Before;
  After.Fields = nullptr;
  for (const auto &[F, V] : R->MemberExit) {
    if (F->getParent() != M->getParent())
      continue;
    AbsValue FV = bindParams(V, S.Args, nullptr);
    if (!carriedField(FV))
      continue;
    // What the method set is reported at this call (the run is shared by
    // calls with the same facts).
    if (!V.DT.Param.isSymbolic() && FV.DT.single())
      FV.DT.Where = S.E->getExprLoc();
    if (!V.DV.Param.isSymbolic() && FV.DV.single())
      FV.DV.Where = S.E->getExprLoc();
    After = After.withField(F->getFieldIndex(), FV);
  }
  return After;
}

std::optional<AbsValue>
FunctionAnalyzer::constructedObject(const CXXConstructExpr *CE,
                                    llvm::ArrayRef<const Expr *> Args) {
  const CXXConstructorDecl *C = CE->getConstructor();
  const FunctionDecl *Def = nullptr;
  if (!C || C->isCopyOrMoveConstructor() || !C->hasBody(Def) || !Def ||
      Def->isDependentContext() || Api.isLibTorchDecl(Def))
    return std::nullopt;
  CallFacts Facts = callFacts(Def, Args);
  const AnalysisContext::ContextRun *R = runFor(Def, Facts);
  if (!R)
    return std::nullopt;
  AbsValue Obj = unknownOf(CE->getType());
  for (const auto &[F, V] : R->MemberExit) {
    if (F->getParent() != C->getParent())
      continue;
    AbsValue FV = bindParams(V, Args, nullptr);
    if (!carriedField(FV))
      continue;
    // Set by the constructor from this call's facts: reported here.
    if (!V.DT.Param.isSymbolic() && FV.DT.single() && !FV.DT.Where.isValid())
      FV.DT.Where = CE->getExprLoc();
    if (!V.DV.Param.isSymbolic() && FV.DV.single() && !FV.DV.Where.isValid())
      FV.DV.Where = CE->getExprLoc();
    Obj = Obj.withField(F->getFieldIndex(), FV);
  }
  return Obj;
}

AbsValue FunctionAnalyzer::forwardValue(const CallSite &S,
                                        const FunctionDecl *Fwd,
                                        const AbsValue &M) {
  QualType RT = S.E->getType();
  const Summary *Callee = AC.summary(Fwd);
  if (!Callee)
    return unknownOf(RT);
  return convertTo(callResult(S, Fwd, *Callee, &M), RT);
}

const FunctionDecl *models::userForward(const ApiModel &Api,
                                        const CallSite &S) {
  if (S.Def)
    return S.Def;
  const CXXRecordDecl *RD =
      S.Obj ? Api.moduleRecord(S.Obj->getType()) : nullptr;
  if (!RD || Api.isLibTorchDecl(RD))
    return nullptr;
  for (const CXXMethodDecl *M : RD->methods()) {
    const FunctionDecl *Def = nullptr;
    if (M->getIdentifier() && Api.isModuleForward(M->getName()) &&
        M->hasBody(Def) && Def && !Def->isDependentContext())
      return Def;
  }
  return nullptr;
}

} // namespace torchdtype
