//===- UserCallEffects.cpp - what a user's function leaves behind ---------===//
//
// After a call of a function defined in the translation unit: the autocast
// and default-dtype state it leaves, the arguments it reassigns through
// references, the members of the object it runs on, the parameters' values
// at its exit (for its summary), and the same for constructors.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/GuardClasses.h"
#include "analysis/PathStates.h"
#include "analysis/models/TransferState.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace torchdtype {

/// Parameter I of F is passed by non-const reference and F reassigns it:
/// the caller's argument may hold another value after the call.
static bool reassignedByReference(const FunctionDecl *F, const Summary &S,
                                  unsigned I) {
  QualType PT = F->getParamDecl(I)->getType();
  return PT->isReferenceType() &&
         !PT.getNonReferenceType().isConstQualified() && I < 64 &&
         ((S.ParamsReassigned >> I) & 1);
}

void FunctionAnalyzer::applyCalleeEffects(const FunctionDecl *Callee,
                                          const Expr *Obj,
                                          llvm::ArrayRef<const Expr *> Args) {
  const FunctionDecl *Def = nullptr;
  const Summary *S = nullptr;
  if (const Decl *D = Obj ? storageOf(Obj) : nullptr)
    referencesWritten(D, Callee);
  // A method that may change its object: a plain struct value's fields
  // are unknown after it.
  if (const auto *M = dyn_cast<CXXMethodDecl>(Callee);
      M && Obj && !M->isConst() && !M->isStatic() &&
      !isa<CXXThisExpr>(strip(Obj)))
    if (const Decl *D = storageOf(Obj))
      if (auto It = Cur->Vars.find(D);
          It != Cur->Vars.end() && It->second.K == AbsValue::Kind::Record)
        It->second.Fields = nullptr;
  if (Callee->hasBody(Def) && Def && !Def->isDependentContext())
    S = AC.summary(Def);
  if (!S) {
    // Unknown code: what it can reach through references is unknown now.
    for (const Expr *A : Args) {
      if (A->getType()->isPointerType() ||
          (A->isLValue() && !A->getType().isConstQualified()))
        if (const Decl *D = storageOf(A))
          if (Cur->Vars.count(D)) {
            AbsValue U;
            U.K = Cur->Vars[D].K;
            U.Fwd = AbsValue::Forward::Opaque;
            Cur->Vars[D] = U;
          }
    }
    return;
  }
  AutocastArray ExitAutocast = S->ExitAutocast;
  AutocastDTypeArray ExitAutocastDType = S->ExitAutocastDType;
  // Autocast set from a flag the callee was given (`set_cpu_enabled(on)`
  // in a guard's constructor): the constants of this call pick the path.
  if (llvm::is_contained(ExitAutocast, AutocastState::Unknown)) {
    CallFacts Facts = callFacts(Def, Args, Obj);
    if (const AnalysisContext::ContextRun *R =
            Facts.Constants.empty() ? nullptr : runFor(Def, Facts))
      for (unsigned I = 0; I < NumAutocastDevices; ++I)
        // Only a state the run decided (not one it left as it found it,
        // nor the default of a run that did not finish).
        if (ExitAutocast[I] == AutocastState::Unknown &&
            (R->ExitAutocast[I] == AutocastState::On ||
             R->ExitAutocast[I] == AutocastState::Off)) {
          ExitAutocast[I] = R->ExitAutocast[I];
          if (R->ExitAutocastDType[I])
            ExitAutocastDType[I] = R->ExitAutocastDType[I];
        }
  }
  for (unsigned I = 0; I < NumAutocastDevices; ++I) {
    if (ExitAutocast[I] != AutocastState::Entry)
      Cur->Autocast[I] = ExitAutocast[I];
    if (ExitAutocastDType[I])
      Cur->AutocastDType[I] = ExitAutocastDType[I];
  }
  if (S->ExitDefaultDType) { // set_default_dtype(dtype) of a parameter
    AbsValue D;
    D.K = AbsValue::Kind::DType;
    D.DT = *S->ExitDefaultDType;
    Cur->DefaultDType = bindParams(D, Args, nullptr).DT;
  }
  // (The standard library writes only through what it is given: a
  // container's iterators, which VarUses follows, reach no other variable;
  // a raw pointer may.)
  if (S->WritesThroughPointers &&
      (!isStdLibrary(Def) || llvm::any_of(Args, [](const Expr *A) {
        return A->getType()->isPointerType();
      })))
    addressTakenUnknown();
  // A method of this class that writes members: they are back to what the
  // class invariant says.
  if (S->WritesMembers && (!Obj || isa<CXXThisExpr>(strip(Obj))))
    for (const auto &[F, V] : S->MemberWrites)
      Cur->Vars.erase(F);
  listArgumentsAfter(Def, *S, Args);
  // Arguments passed by non-const reference may have been reassigned: they
  // have what the callee left in them, where that is known.
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I) {
    if (!reassignedByReference(Def, *S, I))
      continue;
    if (auto E = S->ParamExit.find(I);
        E != S->ParamExit.end() && E->second.K == AbsValue::Kind::Module)
      continue; // modules: moduleArgumentsAfter
    if (std::optional<AbsValue> After = argumentAfter(Def, *S, I, Args))
      assign(Args[I], *After);
    else if (isa<MemberExpr>(strip(Args[I])))
      assign(Args[I], unknownOf(Args[I]->getType())); // a struct's field
    else if (const Decl *D = storageOf(Args[I]))
      Cur->Vars.erase(D);
  }
  moduleArgumentsAfter(Def, *S, Args, Obj); // modules are shared
}

void FunctionAnalyzer::listArgumentsAfter(const FunctionDecl *Def,
                                          const Summary &Callee,
                                          llvm::ArrayRef<const Expr *> Args) {
  // A followed list of tensors given by non-const reference: it holds what
  // the callee put in beside what it held, or nothing known where the
  // callee did more to it.
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams() && I < 64;
       ++I) {
    QualType PT = Def->getParamDecl(I)->getType();
    const auto *VD = dyn_cast_or_null<VarDecl>(storageOf(Args[I]));
    if (!VD || !PT->isReferenceType() ||
        PT.getNonReferenceType().isConstQualified() ||
        Api.classify(VD->getType()) != TypeKind::TensorList ||
        uses().UntrackedLists.count(VD))
      continue;
    listWritten(VD);
    AbsValue L = Cur->Vars.lookup(VD);
    if (((Callee.ListParamsOther >> I) & 1) || !L.isTensor()) {
      store(VD, unknownOf(VD->getType()));
      continue;
    }
    auto A = Callee.ListAdds.find(I);
    if (A == Callee.ListAdds.end())
      continue;
    AbsValue E = bindParams(A->second, Args, nullptr);
    if (!E.isTensor())
      E = AbsValue::unknownTensor();
    E.Fields = L.Fields = nullptr; // (which keys is not kept)
    L.join(E);
    store(VD, L);
  }
}

void FunctionAnalyzer::paramExits(const PathStates &Exit) {
  Sum.ParamExit.clear();
  // What all paths assume of the object's fields at the exit.
  Sum.ExitThisFields.clear();
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD);
      M && !M->isStatic() && !Exit.empty()) {
    const NamedDecl *This = M->getParent()->getCanonicalDecl();
    for (const Assumption &A : Exit.front().Assumed)
      if (A.Var == This && A.Field && !A.Site && !A.Invariant &&
          llvm::all_of(Exit, [&](const FlowState &P) {
            return llvm::is_contained(P.Assumed, A);
          }))
        Sum.ExitThisFields.push_back(A);
  }
  // The module a method runs on, where some path converted it.
  Sum.ExitThisModule.reset();
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD); M && !M->isStatic()) {
    const Decl *Key = M->getParent()->getCanonicalDecl();
    if (llvm::any_of(Exit, [&](const FlowState &P) { return P.Vars.count(Key); })) {
      AbsValue Unconverted = AbsValue::ownModule();
      AbsValue V;
      bool First = true;
      for (const FlowState &Path : Exit) {
        auto It = Path.Vars.find(Key);
        const AbsValue &PV = It != Path.Vars.end() ? It->second : Unconverted;
        if (First)
          V = PV;
        else
          V.join(PV);
        First = false;
      }
      Sum.ExitThisModule = V;
    }
  }
  // A list parameter given away, assigned whole or changed in ways not
  // followed: what the caller passed may hold anything after the call.
  for (unsigned I = 0; I < FD->getNumParams() && I < 64; ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (Api.classify(P->getType()) == TypeKind::TensorList &&
        (uses().UntrackedLists.count(P) || uses().Written.count(P)))
      Sum.ListParamsOther |= uint64_t(1) << I;
  }
  // A constructor writing through a reference member bound to a
  // parameter (`t_(t)`, then `t_ = t_.to(kFloat)`) writes the argument.
  llvm::DenseMap<const ParmVarDecl *, const FieldDecl *> Through;
  if (const auto *C = dyn_cast<CXXConstructorDecl>(FD))
    for (const FieldDecl *F : C->getParent()->fields())
      if (const ParmVarDecl *P = boundParam(C, F);
          P && P->getFunctionScopeIndex() < 64 && Sum.MemberWrites.count(F)) {
        Through[P] = F;
        Sum.ParamsReassigned |= uint64_t(1) << P->getFunctionScopeIndex();
      }
  for (unsigned I = 0; I < FD->getNumParams() && I < 64; ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    QualType PT = P->getType();
    const Decl *Var =
        Through.count(P) ? static_cast<const Decl *>(Through[P]) : P;
    // A module is shared however it is passed (a holder or shared_ptr by
    // value too): what the function leaves in it is the caller's.
    bool Module = sharesModule(Api, PT) && ((Sum.ParamsReassigned >> I) & 1);
    if (!Module && !reassignedByReference(FD, Sum, I))
      continue;
    AbsValue V;
    bool First = true;
    for (const FlowState &Path : Exit) {
      auto It = Path.Vars.find(Var);
      AbsValue PV = It != Path.Vars.end() ? It->second : paramValue(P, PT);
      if (First)
        V = PV;
      else
        V.join(PV);
      First = false;
    }
    if (!First && (V.isTensor() || V.K == AbsValue::Kind::Record ||
                   V.K == AbsValue::Kind::Module ||
                   V.K == AbsValue::Kind::DType ||
                   V.K == AbsValue::Kind::Device))
      Sum.ParamExit[I] = V;
  }
}

std::optional<AbsValue>
FunctionAnalyzer::argumentAfter(const FunctionDecl *Def, const Summary &Callee,
                                unsigned I, llvm::ArrayRef<const Expr *> Args) {
  auto It = Callee.ParamExit.find(I);
  if (It == Callee.ParamExit.end())
    return std::nullopt;
  AbsValue V = bindParams(It->second, Args, nullptr);
  if (!V.isTensor() || (V.DT.single() && V.DV.single()))
    return V;
  // Mixed with what the arguments say (`t = (t.double() - stats.mean)`):
  // the callee analysed for this call's facts.
  // (A struct argument's fields count as facts here.)
  CallFacts Facts = callFacts(Def, Args);
  if (!Facts.Definite && !Facts.AnyRecord)
    return V;
  const AnalysisContext::ContextRun *R = runFor(Def, Facts);
  if (!R)
    return V;
  auto RI = R->ParamExit.find(I);
  if (RI == R->ParamExit.end())
    return V;
  AbsValue Bound = bindParams(RI->second, Args, nullptr);
  if (!V.DT.single())
    V.DT = Bound.DT;
  if (!V.DV.single())
    V.DV = Bound.DV;
  return V;
}

bool FunctionAnalyzer::forwardEffects(const CallSite &S,
                                      const FunctionDecl *Fwd,
                                      const AbsValue &M) {
  const Summary *Callee = AC.summary(Fwd);
  if (!Callee)
    return false;
  instantiateCallee(*Callee, S.Args, &M, S.E);
  return instantiateContext(Fwd, *Callee, S.Args, &M, S.E) ||
         !Callee->SymbolicOps.empty() || !Callee->SymbolicModuleCalls.empty();
}

void FunctionAnalyzer::userCallEffects(const CallSite &S, const AbsValue &V) {
  std::optional<AbsValue> Receiver = receiverOf(S);
  bool PlacedInside = false;
  if (S.Def)
    if (const Summary *Callee = AC.summary(S.Def)) {
      PlacedInside = instantiateCallee(*Callee, S.Args,
                                       Receiver ? &*Receiver : nullptr, S.E);
      instantiateContext(S.Def, *Callee, S.Args,
                         Receiver ? &*Receiver : nullptr, S.E);
    }
  // A method of this object calling another (`set_precision(d)` from
  // `configure()`): the members this run holds before the call are its
  // object's fields (the others it reads as the callee would).
  std::optional<AbsValue> This;
  if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(S.Def);
      !Receiver && M && S.Obj && isa<CXXThisExpr>(strip(S.Obj)) &&
      isa<CXXMethodDecl>(FD) &&
      cast<CXXMethodDecl>(FD)->getParent() == M->getParent()) {
    const CXXRecordDecl *RD = M->getParent();
    This = unknownOf(QualType(RD->getTypeForDecl(), 0));
    if (This->K == AbsValue::Kind::Record)
      for (const FieldDecl *F : RD->fields())
        if (auto It = Cur->Vars.find(F); It != Cur->Vars.end())
          This = This->withField(F->getFieldIndex(), It->second);
  }
  applyCalleeEffects(S.Callee, S.Obj, S.Args);
  // A lambda called here that captures by reference a variable this
  // function writes somewhere (the lambda's body counts as the function's):
  // the call may have changed it, so nothing is known of it after.
  if (const auto *L = dyn_cast_or_null<CXXMethodDecl>(S.Def);
      L && L->getParent()->isLambda())
    for (const LambdaCapture &C : L->getParent()->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
            V && uses().Written.count(V))
          store(V, unknownOf(V->getType().getNonReferenceType()));
  // A method that may change its object: what the path assumed of the
  // object's fields (`n.fitted_` false, as constructed) no longer holds.
  if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(S.Callee);
      M && !M->isConst() && S.Obj && !S.IsLibTorch && !isStdLibrary(M))
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(S.Obj))) {
      // ... except what the method's run for this call leaves in them on
      // every path (`fitted_` true after `fit()`, untouched ones as given).
      Assumptions After;
      if (S.Def) {
        CallFacts Facts = callFacts(S.Def, S.Args, S.Obj);
        if (Facts.Constants.empty()) {
          if (const Summary *Sum = AC.summary(S.Def))
            After = Sum->ExitThisFields;
        } else if (const AnalysisContext::ContextRun *R = runFor(S.Def, Facts)) {
          After = R->ExitThisFields;
        }
      }
      llvm::erase_if(Cur->Assumed, [&](const Assumption &A) {
        return A.Var == DRE->getDecl() && A.Field && !A.Site;
      });
      for (Assumption A : After) {
        A.Text = DRE->getDecl()->getNameAsString() + "." + A.Text;
        A.Var = DRE->getDecl();
        A.Where = S.E;
        assume(*Cur, std::move(A));
      }
    }
  if (Receiver && Receiver->K == AbsValue::Kind::Module && S.Def)
    moduleAfterMethod(S, *Receiver);
  if (Receiver)
    objectAfterMethod(S, *Receiver);
  else if (This && This->K == AbsValue::Kind::Record)
    objectAfterMethod(S, *This);
  // A helper of the user's that places a tensor: report at the call unless
  // an argument was already a float64 tensor on MPS, or the conversion in
  // the helper that placed it was reported there.
  if (V.isTensor() && !PlacedInside &&
      llvm::none_of(S.Args,
                    [&](const Expr *A) { return float64OnMps(eval(A)); }))
    recordPlacement(S.E, V);
}

void FunctionAnalyzer::moduleAfterMethod(const CallSite &S,
                                          const AbsValue &Before) {
  // A method of the module that converts it (`net->set_precision(kDouble)`
  // running `to(dtype)`): the module is what the method left, its own facts
  // where a path did not convert it, the arguments' for its parameters.
  const Summary *Callee = AC.summary(S.Def);
  if (!Callee || !Callee->ExitThisModule)
    return;
  const AbsValue *Exit = &*Callee->ExitThisModule;
  // Decided by the call's constants (`to(dtype)` of a dtype parameter, a
  // flag): the method run for this call.
  if (!Exit->DT.single() || !Exit->DV.single()) {
    CallFacts Facts = callFacts(S.Def, S.Args, S.Obj);
    if (!Facts.Constants.empty())
      if (const AnalysisContext::ContextRun *R = runFor(S.Def, Facts);
          R && R->ExitThisModule)
        Exit = &*R->ExitThisModule;
  }
  AbsValue After = bindParams(*Exit, S.Args, nullptr);
  if (Exit->DT.Param.isThisModule())
    After.DT = Before.DT;
  if (Exit->DV.Param.isThisModule())
    After.DV = Before.DV;
  if (After.K != AbsValue::Kind::Module)
    After = AbsValue::unknownModule();
  if (After.DT.single())
    After.DT.Where = S.E->getExprLoc();
  if (After.DV.single())
    After.DV.Where = S.E->getExprLoc();
  if (const auto *This = dyn_cast<CXXThisExpr>(strip(S.Obj))) {
    if (const Decl *Key = thisModuleKey(This))
      store(Key, After);
    return;
  }
  moduleConverted(storageOf(S.Obj), After);
}

void FunctionAnalyzer::processConstruct(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  if (!Ctor || Api.isLibTorchDecl(Ctor) || !Ctor->hasBody())
    return;
  llvm::SmallVector<const Expr *, 4> Args(CE->arg_begin(), CE->arg_end());
  GuardSnapshot Before = snapshotOf(*Cur);
  applyCalleeEffects(Ctor, nullptr, Args);
  const Decl *Holder = holderOf(CE, Ctx);
  guardMade(Ctor, Holder, Before);
  if (Holder)
    for (const FieldDecl *F : Ctor->getParent()->fields())
      if (const ParmVarDecl *P = boundParam(Ctor, F);
          P && P->getFunctionScopeIndex() < Args.size())
        RefBound[Holder].push_back({F, Args[P->getFunctionScopeIndex()]});
}

void FunctionAnalyzer::referencesWritten(const Decl *Obj,
                                         const FunctionDecl *M) {
  auto It = RefBound.find(Obj);
  if (It == RefBound.end() || !M)
    return;
  const FunctionDecl *Def = nullptr;
  const Summary *S = M->hasBody(Def) && Def && !Def->isDependentContext()
                         ? AC.summary(Def)
                         : nullptr;
  for (const auto &[F, Arg] : It->second)
    if (!S || S->MemberWrites.count(F))
      assign(Arg, unknownOf(Arg->getType()));
}

} // namespace torchdtype
