//===- AnalysisContext.cpp - per translation unit
//---------------------------===//
//
// Caches each function's result and summary and computes class member
// invariants (the unit's prescan is UnitPrescan.cpp).
//
//===----------------------------------------------------------------------===//

#include "ASTWalk.h"
#include "Callers.h"
#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "findings/Findings.h"
#include "findings/FunctionFindings.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {

CallerIndex &AnalysisContext::callers() {
  if (!Callers)
    Callers = std::make_unique<CallerIndex>(Ctx, Api);
  return *Callers;
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
  if (!E->Result.Skipped && Config.DropAfterThrow)
    dropAfterThrow(E->Result, FD, findings(E->Result), Ctx);
  E->InProgress = false;
  return *E;
}

std::optional<AbsValue> AnalysisContext::returnFor(
    const FunctionDecl *Def, llvm::ArrayRef<AbsValue> Args,
    const AutocastArray *Autocast, const AutocastDTypeArray *AutocastDType,
    const AbsValue *Receiver,
    llvm::ArrayRef<std::pair<const VarDecl *, AbsValue>> Captured,
    llvm::ArrayRef<Assumption> Constants) {
  const ContextRun *R = contextRun(Def, Args, Autocast, AutocastDType,
                                   Receiver, Captured, Constants);
  return R ? R->Return : std::nullopt;
}

bool AnalysisContext::hasOpaqueOperands(const FunctionDecl *Def) {
  auto [It, New] = OpaqueOperands.try_emplace(Def, false);
  if (!New)
    return It->second;
  auto Opaque = [](const AbsValue &V) {
    return V.isTensor() && (V.DT.isUnknown() || V.DV.isUnknown());
  };
  const FunctionResult &R = analyze(Def);
  auto Symbolic = [](const AbsValue &V) {
    return V.isTensor() && (V.DT.Param.isSymbolic() || V.DV.Param.isSymbolic());
  };
  // An op of a lambda whose operands are symbolic in this function's
  // parameters is not in its summary: a run for the call judges it.
  bool Any =
      llvm::any_of(R.Ops,
                   [&](const OpEvent &E) {
                     return llvm::any_of(E.Operands, [&](const Operand &O) {
                       return Opaque(O.V) || (E.InLambda && Symbolic(O.V));
                     });
                   }) ||
      llvm::any_of(R.ModuleCalls,
                   [&](const ModuleCallEvent &E) { return Opaque(E.Input.V); });
  return OpaqueOperands[Def] = Any;
}

bool AnalysisContext::hasUndecidedOperands(const FunctionDecl *Def) {
  auto [It, New] = UndecidedOperands.try_emplace(Def, false);
  if (!New)
    return It->second;
  auto Undecided = [](const AbsValue &V) {
    return V.isTensor() && !V.DT.Param.isSymbolic() &&
           !V.DV.Param.isSymbolic() && (!V.DT.single() || !V.DV.single());
  };
  const FunctionResult &R = analyze(Def);
  bool Any =
      llvm::any_of(R.Ops,
                   [&](const OpEvent &E) {
                     return llvm::any_of(E.Operands, [&](const Operand &O) {
                              return Undecided(O.V);
                            }) ||
                            llvm::any_of(E.Outs, [&](const Operand &O) {
                              return Undecided(O.V);
                            }) ||
                            llvm::any_of(E.Indices, [&](const Operand &O) {
                              return Undecided(O.V);
                            });
                   }) ||
      llvm::any_of(R.ModuleCalls, [&](const ModuleCallEvent &E) {
        return Undecided(E.Input.V) ||
               (E.Module.K == AbsValue::Kind::Module &&
                (!E.Module.DT.single() || !E.Module.DV.single()));
      });
  return UndecidedOperands[Def] = Any;
}

const AnalysisContext::ContextRun *AnalysisContext::contextRun(
    const FunctionDecl *Def, llvm::ArrayRef<AbsValue> Args,
    const AutocastArray *Autocast, const AutocastDTypeArray *AutocastDType,
    const AbsValue *Receiver,
    llvm::ArrayRef<std::pair<const VarDecl *, AbsValue>> Captured,
    llvm::ArrayRef<Assumption> Constants) {
  if (ReturnDepth >= Config.MaxCallDepth || !Def->hasBody())
    return nullptr;
  std::string Key;
  llvm::raw_string_ostream OS(Key);
  auto Ref = [&](const ParamRef &P) {
    OS << unsigned(P.K) << '.' << P.Index << '.' << P.Field;
  };
  auto Facts = [&](const AbsValue &A) {
    OS << unsigned(A.K) << ':' << A.DT.Bits << ':';
    Ref(A.DT.Param);
    OS << ':' << A.DV.Bits << ':';
    Ref(A.DV.Param);
    OS << ':' << unsigned(A.Dims) << ':' << int(A.Rank);
    if (A.K == AbsValue::Kind::Module)
      OS << 'T' << A.Tracked << A.DTypeConverted << A.DeviceConverted << 'C'
         << static_cast<const void *>(A.Class);
    OS << ';';
  };
  for (const AbsValue &A : Args) {
    Facts(A);
    // (a struct's fields, a map's keys)
    if (A.Fields)
      for (const auto &[F, V] : *A.Fields) {
        OS << 'F' << F;
        Facts(V);
      }
  }
  if (Autocast)
    for (unsigned I = 0; I < NumAutocastDevices; ++I)
      OS << 'A' << unsigned((*Autocast)[I]) << ':'
         << (AutocastDType && (*AutocastDType)[I] ? int((*(*AutocastDType)[I]))
                                                  : -1);
  if (Receiver && Receiver->Fields)
    for (const auto &[F, V] : *Receiver->Fields) {
      OS << 'M' << F;
      Facts(V);
    }
  if (Receiver && Receiver->K != AbsValue::Kind::Record) {
    OS << 'R' << Receiver->DT.Bits << ':';
    Ref(Receiver->DT.Param);
    OS << ':' << Receiver->DV.Bits << ':';
    Ref(Receiver->DV.Param);
    OS << ':' << Receiver->Tracked << Receiver->DTypeConverted
       << Receiver->DeviceConverted;
  }
  for (const auto &[V, Val] : Captured) {
    OS << 'C' << V;
    Facts(Val);
  }
  for (const Assumption &A : Constants)
    OS << 'K' << A.Var << '.' << A.Field << '.' << unsigned(A.Rel) << A.Value
       << A.Const << ';';
  auto [It, New] = Returns.try_emplace({Def, OS.str()});
  if (!New)
    return &It->second;
  FlowState Seed;
  Seed.Reached = true;
  Seed.DefaultDType = entryDefaultDType(Def);
  if (Autocast)
    Seed.Autocast = *Autocast;
  if (AutocastDType)
    Seed.AutocastDType = *AutocastDType;
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I)
    if (Args[I].K != AbsValue::Kind::None)
      Seed.Vars[Def->getParamDecl(I)] = Args[I];
  for (const auto &[V, Val] : Captured)
    Seed.Vars[V] = Val;
  for (const Assumption &A : Constants)
    assume(Seed.Assumed, A);
  // A plain object's known fields are the method's members at entry.
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  bool Object = Receiver && Receiver->K == AbsValue::Kind::Record;
  // So are a module's submodules converted through it.
  if (Receiver && Method && Receiver->Fields)
    for (const FieldDecl *F : Method->getParent()->fields())
      if (const AbsValue *V = Receiver->field(F->getFieldIndex()))
        Seed.Vars[F] = *V;
  FunctionResult Scratch;
  Summary S;
  ++ReturnDepth;
  FunctionAnalyzer A(*this, Def, Scratch, S, &Seed, false);
  if (Receiver && !Object)
    A.bindReceiver(*Receiver);
  A.run();
  --ReturnDepth;
  ContextRun &R = It->second; // map nodes stay where they are
  if (!Scratch.Skipped) {
    if (S.HasReturn)
      R.Return = S.Return;
    if (!S.ReturnsOther)
      R.ReturnConstant = S.ReturnConstant;
    R.ParamExit = S.ParamExit;
    R.MemberExit = S.ExitMembers;
    R.ExitThisModule = S.ExitThisModule;
    R.ExitThisFields = S.ExitThisFields;
    R.ExitAutocast = S.ExitAutocast;
    R.ExitAutocastDType = S.ExitAutocastDType;
    R.Ops = std::move(Scratch.Ops);
    R.ModuleCalls = std::move(Scratch.ModuleCalls);
  }
  return &R;
}

const FunctionResult &AnalysisContext::analyze(const FunctionDecl *FD) {
  return run(FD).Result;
}

FunctionFindings &AnalysisContext::findings(const FunctionResult &R) {
  std::unique_ptr<FunctionFindings> &Slot = Found[&R];
  if (!Slot)
    Slot = std::make_unique<FunctionFindings>(R, Api, Ctx);
  return *Slot;
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

/// V with every component that refers to a parameter (of the function it
/// was computed in) unknown; the module a method runs on stays symbolic.
static AbsValue withoutParams(const AbsValue &V) {
  AbsValue R = V;
  if (R.DT.Param.isParam() || R.DT.Param.isFieldOfParam())
    R.DT = DTypeFact::unknown();
  if (R.DV.Param.isParam() || R.DV.Param.isFieldOfParam())
    R.DV = DeviceFact::unknown();
  if (R.Fields) {
    AbsValue Copy = R;
    for (const auto &[I, FV] : *R.Fields)
      Copy = Copy.withField(I, withoutParams(FV));
    R = Copy;
  }
  return R;
}

std::optional<AbsValue>
AnalysisContext::memberInvariant(const FieldDecl *Field) {
  const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!RD || Api.isLibTorchDecl(RD))
    return std::nullopt;
  // Parameters and submodules of a torch::nn::Module move with its to().
  TypeKind K = Api.classify(Ctx.getRecordType(RD));
  if (K != TypeKind::None && K != TypeKind::Record)
    return std::nullopt;
  return classWrites(Field);
}

std::optional<AbsValue>
AnalysisContext::classWrites(const FieldDecl *Field) {
  const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!RD || Api.isLibTorchDecl(RD))
    return std::nullopt;
  // Code outside the class's methods gives it values too (`cfg.dtype =
  // kDouble`, `Maker{kHalf}`): what they write is not the class's alone.
  prescan();
  if (FieldsWrittenOutside.count(Field->getCanonicalDecl()))
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
      // (a defaulted copy or move keeps what the others give)
      if (!M->hasBody(Def) || !Def || Def->isDependentContext() ||
          !mayRun(Def) || isDefaultedCopy(Def))
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
      // A constructor leaves each member as it is at its end (`linear_`
      // built, then converted with ->to(kDouble)); other methods write.
      const bool Ctor = isa<CXXConstructorDecl>(Def);
      for (const auto &[F, Written] : Ctor ? S.ExitMembers : S.MemberWrites) {
        // What a parameter of the writing method gave is not known in the
        // class's other methods (`dtype(d)` read in operator()).
        AbsValue V = withoutParams(Written);
        auto [It, New] = Writes.try_emplace(F, V);
        if (!New)
          It->second.join(V);
      }
      if (Ctor)
        for (const auto &[F, V] : S.MemberWrites)
          if (!S.ExitMembers.count(F))
            Unknown[F] = true;
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

const AnalysisContext::ModuleInit &
AnalysisContext::moduleInit(const CXXRecordDecl *RD) {
  auto Done = ModuleInits.find(RD);
  if (Done != ModuleInits.end())
    return Done->second;
  // Asked while one of its constructors is being analysed: nothing is
  // known yet, and nothing is kept.
  static const ModuleInit Nothing;
  for (const CXXConstructorDecl *C : RD->ctors()) {
    const FunctionDecl *Def = nullptr;
    if (C->hasBody(Def) && Def) {
      auto InCache = Cache.find(Def);
      if (InCache != Cache.end() && InCache->second->InProgress)
        return Nothing;
    }
  }
  ModuleInit &MI = ModuleInits[RD]; // std::map: stable across recursion
  // A constructor runs its bases' first: the members a module class of the
  // user's it derives from made, as its constructors leave them.
  llvm::DenseMap<const FieldDecl *, AbsValue> FromBases;
  if (const CXXRecordDecl *Def = RD->getDefinition())
    for (const CXXBaseSpecifier &B : Def->bases()) {
      const CXXRecordDecl *BR = B.getType()->getAsCXXRecordDecl();
      if (!BR || Api.isLibTorchDecl(BR) ||
          Api.classify(Ctx.getRecordType(BR)) != TypeKind::NNModule)
        continue;
      const ModuleInit &BI = moduleInit(BR);
      if (BI.Known)
        for (const auto &[F, V] : BI.Members)
          FromBases[F] = V;
    }
  auto Add = [&](const llvm::DenseMap<const FieldDecl *, AbsValue> &Made) {
    for (const auto &[F, W] : Made) {
      auto [M, First] = MI.Members.try_emplace(F, W);
      if (!First)
        M->second.join(W);
    }
  };
  bool Unknown = false, AnyCtor = false;
  for (const CXXConstructorDecl *C : RD->ctors()) {
    const FunctionDecl *Def = nullptr;
    if (!C->hasBody(Def) || !Def || Def->isDependentContext())
      continue;
    const Summary *S = summary(Def);
    if (!S) {
      Unknown = true;
      continue;
    }
    AnyCtor = true;
    llvm::DenseMap<const FieldDecl *, AbsValue> Made = FromBases;
    for (const auto &[F, V] : S->ExitMembers) {
      // Facts in terms of the constructor's parameters mean nothing here.
      AbsValue W = V;
      if (W.DT.Param.isSymbolic())
        W.DT = DTypeFact::unknown();
      if (W.DV.Param.isSymbolic())
        W.DV = DeviceFact::unknown();
      W.Fields = nullptr;
      Made[F] = W;
    }
    Add(Made);
  }
  // Only implicit constructors, none defined here: the bases' members.
  if (!AnyCtor && !Unknown &&
      llvm::all_of(RD->ctors(),
                   [](const CXXConstructorDecl *C) { return C->isImplicit(); }))
    Add(FromBases);
  bool AnyDType = false, AnyDevice = false, AnyPlain = false;
  for (const auto &[F, V] : MI.Members) {
    if (V.K != AbsValue::Kind::Tensor && V.K != AbsValue::Kind::Module)
      continue;
    // A plain member is not one of its parameters: to() leaves it.
    if (memberRole(F) == MemberRole::Plain) {
      AnyPlain = true;
      continue;
    }
    std::optional<DType> D = V.DT.single();
    if (!(D && !isFloating(*D))) { // to(dtype) leaves integral members alone
      if (!AnyDType)
        MI.DT = V.DT;
      else
        MI.DT.join(V.DT);
      AnyDType = true;
    }
    if (!AnyDevice)
      MI.DV = V.DV;
    else
      MI.DV.join(V.DV);
    AnyDevice = true;
  }
  MI.Known = !Unknown && (AnyDevice || AnyPlain);
  if (!MI.Known || !AnyDevice) {
    MI.DT = DTypeFact::unknown();
    MI.DV = DeviceFact::unknown();
  }
  return MI;
}

} // namespace torchdtype
