//===- ModuleArguments.cpp - what a callee leaves in a module it is given -===//
//
// A module is shared: a function of the user's given a holder or
// shared_ptr by value, or the module by reference or pointer, changes the
// caller's module when it converts it, converts a submodule through it, or
// changes what it holds. What the callee leaves in it on every path it
// returns by (its summary's ParamExit) is the caller's module after the
// call: a conversion to one known dtype or device, the submodules converted
// through it (their fields), else nothing known.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"

using namespace clang;

namespace torchdtype {

const Decl *models::moduleRoot(const Expr *E) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 && isCopyOrMoveOf(CE)) {
      E = CE->getArg(0); // a holder passed by value shares the module
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(strip(ME->getBase())))
        return dyn_cast<FieldDecl>(ME->getMemberDecl());
      E = ME->getBase();
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      E = MC->getImplicitObjectArgument();
      continue;
    }
    if (const Decl *D = storageOf(E))
      return D;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getNumArgs() >= 1) {
      E = OC->getArg(0);
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

std::optional<AbsValue>
FunctionAnalyzer::argumentExitFor(const FunctionDecl *Def, unsigned I,
                                  llvm::ArrayRef<const Expr *> Args,
                                  const Expr *Obj) {
  CallFacts Facts = callFacts(Def, Args, Obj);
  if (Facts.Constants.empty())
    return std::nullopt;
  const AnalysisContext::ContextRun *R = runFor(Def, Facts);
  if (!R)
    return std::nullopt;
  auto It = R->ParamExit.find(I);
  if (It == R->ParamExit.end())
    return std::nullopt;
  return It->second;
}

/// A callee's exit value Exit of module parameter I that converted only
/// submodules through it (its facts are the parameter's own, each field a
/// module of one known dtype): the caller's module M with those fields,
/// each the caller's submodule (Sub gives it: its layers, its forward) of
/// the dtype, and the device, the callee gave it.
static std::optional<AbsValue>
fieldsConverted(const AbsValue &Exit, unsigned I, AbsValue M,
                llvm::function_ref<std::optional<AbsValue>(unsigned)> Sub) {
  if (Exit.K != AbsValue::Kind::Module || !Exit.Fields || Exit.DTypeConverted ||
      Exit.DeviceConverted || !(Exit.DT.Param == ParamRef::param(I)) ||
      !(Exit.DV.Param == ParamRef::param(I)))
    return std::nullopt;
  for (const auto &[F, V] : *Exit.Fields) {
    std::optional<AbsValue> S = Sub(F);
    if (!S || S->K != AbsValue::Kind::Module || V.K != AbsValue::Kind::Module)
      return std::nullopt;
    if (V.DTypeConverted) {
      if (V.DT.Param.isSymbolic() || !V.DT.single())
        return std::nullopt;
      S->DT = V.DT;
      S->DTypeConverted = true;
    }
    if (V.DeviceConverted) {
      if (V.DV.Param.isSymbolic() || !V.DV.single())
        return std::nullopt;
      S->DV = V.DV;
      S->DeviceConverted = S->Moved = true;
    }
    M = M.withField(F, *S);
  }
  return M;
}

void FunctionAnalyzer::moduleArgumentsAfter(const FunctionDecl *Def,
                                            const Summary &Callee,
                                            llvm::ArrayRef<const Expr *> Args,
                                            const Expr *Obj) {
  // A module is shared: a callee given a holder or shared_ptr by value, or
  // the module by reference or pointer, changes the caller's module when
  // it converts it or changes what it holds. Its facts are unknown after
  // the call. (A non-const reference the callee reassigns is handled with
  // the other arguments.)
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams() && I < 64;
       ++I) {
    if (!((Callee.ParamsReassigned >> I) & 1))
      continue;
    if (!sharesModule(Api, Def->getParamDecl(I)->getType()))
      continue;
    const Decl *D = models::moduleRoot(Args[I]);
    if (!D)
      continue;
    // A module this function was given is not in the state until changed.
    auto It = Cur->Vars.find(D);
    AbsValue M = It != Cur->Vars.end() ? It->second : eval(Args[I]);
    if (M.K != AbsValue::Kind::Module)
      continue;
    // What the callee left in the module on every path it returns by: a
    // conversion of the whole module (`model->to(kDouble)`) to one known
    // dtype (device) is the caller's module's too.
    AbsValue Exit;
    if (auto E = Callee.ParamExit.find(I); E != Callee.ParamExit.end())
      Exit = E->second;
    // Only submodules converted through it (convertSubmodule: its own facts
    // still the argument's): the caller's module keeps its facts and takes
    // those fields.
    // (A module this function was given, passed on: its own facts stay its
    // callers', the fields go on to them.)
    AbsValue Base = M;
    const auto *Given = dyn_cast<ParmVarDecl>(D);
    std::optional<AbsValue> Own;
    if (!M.Tracked && Given && Given->getDeclContext() == FD)
      Own = models::ownFactsKept(*this, Given, M);
    if (Own) {
      Base = *Own;
      Base.DT = DTypeFact::param(Given->getFunctionScopeIndex());
      Base.DV = DeviceFact::param(Given->getFunctionScopeIndex());
    }
    auto Sub = [&](unsigned Index) -> std::optional<AbsValue> {
      if (const AbsValue *V = Base.field(Index))
        return *V;
      if (Own)
        return AbsValue::unknownModule();
      const CXXRecordDecl *RD = Api.moduleRecord(Args[I]->getType());
      if (!RD || !M.Tracked)
        return std::nullopt;
      for (const FieldDecl *F : RD->fields())
        if (F->getFieldIndex() == Index) {
          std::optional<AbsValue> Outer = BoundReceiver;
          BoundReceiver = M;
          AbsValue V = moduleMember(F, F->getType());
          BoundReceiver = Outer;
          return V;
        }
      return std::nullopt;
    };
    if (std::optional<AbsValue> Kept = fieldsConverted(Exit, I, Base, Sub)) {
      store(D, *Kept);
      continue;
    }
    // Converted to a dtype or device another parameter gives (`void
    // cast(Module &m, Dtype d) { m.to(d); }`): the argument's.
    auto OtherArg = [&](ParamRef P) -> std::optional<AbsValue> {
      if (!P.isParam() || P.Index == I || P.Index >= Args.size())
        return std::nullopt;
      return eval(Args[P.Index]);
    };
    if (Exit.K == AbsValue::Kind::Module) {
      if (std::optional<AbsValue> A = OtherArg(Exit.DT.Param);
          A && A->K == AbsValue::Kind::DType && A->DT.single())
        Exit.DT = A->DT;
      if (std::optional<AbsValue> A = OtherArg(Exit.DV.Param);
          A && A->K == AbsValue::Kind::Device && A->DV.single())
        Exit.DV = A->DV;
    }
    auto DTypeKnownIn = [](const AbsValue &X) {
      return X.K == AbsValue::Kind::Module && X.DTypeConverted &&
             !X.DT.Param.isSymbolic() && X.DT.single();
    };
    auto DeviceKnownIn = [](const AbsValue &X) {
      return X.K == AbsValue::Kind::Module && X.DeviceConverted &&
             !X.DV.Param.isSymbolic() && X.DV.single();
    };
    // Paths that convert it differently (`switch (precision)`): as the
    // call's constants pick them.
    if (Exit.K == AbsValue::Kind::Module &&
        ((Exit.DTypeConverted && !DTypeKnownIn(Exit)) ||
         (Exit.DeviceConverted && !DeviceKnownIn(Exit)))) {
      if (std::optional<AbsValue> Picked = argumentExitFor(Def, I, Args, Obj);
          Picked && Picked->K == Exit.K)
        Exit = *Picked;
    }
    bool DTypeKnown = DTypeKnownIn(Exit);
    bool DeviceKnown = DeviceKnownIn(Exit);
    M.DT = DTypeKnown ? Exit.DT : DTypeFact::unknown();
    M.DV = DeviceKnown ? Exit.DV : DeviceFact::unknown();
    M.Tracked = M.Tracked && (DTypeKnown || DeviceKnown);
    // Converted to what this call's constants do not say: still converted,
    // so a caller that knows more runs it again (argumentExitFor).
    bool Module = Exit.K == AbsValue::Kind::Module;
    M.DTypeConverted = DTypeKnown || (Module && Exit.DTypeConverted);
    M.DeviceConverted = DeviceKnown || (Module && Exit.DeviceConverted);
    M.Moved = DeviceKnown;
    M.Fields = nullptr;
    store(D, M);
  }
}

} // namespace torchdtype
