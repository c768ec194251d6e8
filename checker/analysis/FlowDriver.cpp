//===- FlowDriver.cpp - statements' transfer and the routing of calls ----===//
//
// The domain the solver (solver/PathSolver.h) runs over a function's CFG:
// statements update the path's state; calls are classified once
// (CallSite.h) and routed to the model of their API family.
//
//===----------------------------------------------------------------------===//

#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "PathStates.h"
#include "models/FamilyModels.h"
#include "solver/PathSolver.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <iterator>

using namespace clang;

namespace torchdtype {

/// The bool variable an expression names, if it is a local or parameter.
static const VarDecl *boolVariable(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strip(E));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->getType()->isBooleanType() ? VD : nullptr;
}

/// `[&] { ... }()`: the lambda is the callee of a call right where it is
/// written.
static bool calledWhereWritten(const LambdaExpr *LE, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*LE);
  for (int I = 0; I < 4; ++I) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return false;
    if (const auto *OC = Parents[0].get<CXXOperatorCallExpr>())
      return OC->getOperator() == OO_Call && OC->getNumArgs() >= 1 &&
             OC->getArg(0)->IgnoreImplicit() == LE;
    if (!Parents[0].get<ImplicitCastExpr>() &&
        !Parents[0].get<MaterializeTemporaryExpr>() &&
        !Parents[0].get<ParenExpr>())
      return false;
    N = Parents[0];
  }
  return false;
}

FunctionAnalyzer::FunctionAnalyzer(AnalysisContext &AC, const FunctionDecl *FD,
                                   FunctionResult &Result, Summary &Sum,
                                   const FlowState *Seed, bool InvariantMode)
    : AC(AC), Api(AC.api()), Ctx(AC.ast()), FD(FD), Result(Result), Sum(Sum),
      InvariantMode(InvariantMode) {
  if (Seed)
    Initial = *Seed;
  Initial.Reached = true;
  if (!Seed)
    Initial.DefaultDType = AC.entryDefaultDType(FD);
}

const CallSite &FunctionAnalyzer::site(const CallExpr *CE) {
  auto It = Sites.find(CE);
  if (It != Sites.end())
    return Cur ? devirtualized(It->second) : It->second;
  CallSite S = classifyCall(CE, Api, Ctx);
  // A std::function never reassigned calls the lambda it was made from.
  // So does one taken from a registry of lambdas by a constant key.
  const LambdaExpr *Held = nullptr;
  // (The key is a literal or a const variable's initializer: the same on
  // every path, so the answer may be kept for the call.)
  auto Stored = storedLambda(S);
  if (!Stored)
    Stored = registryLambda(S, Ctx, Assumptions(), /*Calls=*/nullptr);
  if (Stored && stableVar(Stored->first))
    Held = Stored->second;
  if (Held)
    if (const CXXMethodDecl *Op = Held->getCallOperator();
        Op && Op->hasBody() && !Op->isDependentContext()) {
      S.Callee = S.Def = Op;
      S.Family = CallFamily::UserFunction;
    }
  const CallSite &Made = Sites.try_emplace(CE, std::move(S)).first->second;
  return Cur ? devirtualized(Made) : Made;
}

// The small value rules of families that need no file of their own.
AbsValue models::deviceTypeValue(TransferState &St, const CallSite &S) {
  AbsValue D = St.eval(S.Obj);
  return D.K == AbsValue::Kind::Device ? D : St.unknownOf(S.E->getType());
}

AbsValue models::holderValue(TransferState &St, const CallSite &S) {
  // Smart pointers and holders: ->, *, get() see the module (libstdc++
  // declares shared_ptr's in a base class the object is cast to).
  AbsValue M = St.eval(S.Obj);
  if (M.K != AbsValue::Kind::Module)
    M = St.eval(S.Obj->IgnoreParenImpCasts());
  if (M.K == AbsValue::Kind::Module)
    return M;
  if (S.IsLibTorch || !S.Callee->hasBody() || isStdLibrary(S.Callee))
    return St.unknownOf(S.E->getType());
  return St.userCallValue(S);
}

AbsValue models::registeredValue(TransferState &St, const CallSite &S) {
  return St.convertTo(St.eval(S.Args[1]), S.E->getType());
}

AbsValue models::madeModuleValue(TransferState &St, const CallSite &S) {
  return St.madeModule(S.E->getType(), S.E->getExprLoc());
}

void models::callEffects(TransferState &St, const CallSite &S,
                         const AbsValue &V) {
  if (!S.IsLibTorch) {
    userFunctionEffects(St, S, V);
    return;
  }
  // (Tensor methods and ops are their rows'; a free LibTorch function of
  // another family, `torch::equal`, is judged as an op all the same.)
  if (tensorArgChecks(St, S) || moduleCallEffects(St, S))
    return;
  if (!S.IsMethod)
    opEffects(St, S, V);
}

void models::userFunctionEffects(TransferState &St, const CallSite &S,
                                 const AbsValue &V) {
  if (!moduleCallEffects(St, S))
    St.userCallEffects(S, V);
}

void FunctionAnalyzer::recordFromBlob(FromBlobEvent Ev) {
  const Expr *Key = Ev.Call;
  record(FromBlobs, Key, std::move(Ev));
}

void FunctionAnalyzer::paramConverted(const ParmVarDecl *P) {
  if (P->getDeclContext() == FD && P->getFunctionScopeIndex() < 64)
    Sum.ParamsReassigned |= uint64_t(1) << P->getFunctionScopeIndex();
}

AbsValue models::firstArgumentValue(TransferState &St, const CallSite &S) {
  return St.convertTo(St.eval(S.Args[0]), S.E->getType());
}

namespace {
/// The model of one API family: what its calls evaluate to (none: unknown
/// of the call's type) and what they change (none: the LibTorch or user
/// call's defaults, models::callEffects). Both are functions of
/// the state they are given (models/FamilyModels.h).
struct FamilyModel {
  CallFamily Family;
  AbsValue (*Value)(TransferState &, const CallSite &);
  void (*Effects)(TransferState &, const CallSite &, const AbsValue &);
};

/// A call of the user's function: the analysis' own interprocedural step
/// (the callee's summary bound to the arguments, or the callee run again
/// for them: models/UserCalls.cpp), which every model reaches through
/// TransferState::userCallValue.
AbsValue userFunctionValue(TransferState &St, const CallSite &S) {
  return St.userCallValue(S);
}

/// Calls are routed by their family (CallSite.h) through this one table,
/// indexed by the family: a new family is its models/ file and one row
/// here, in the enum's order.
constexpr FamilyModel FamilyModels[] = {
    {CallFamily::NoCallee, nullptr, nullptr},
    {CallFamily::TensorMethod, &models::tensorMethodValue, &models::opEffects},
    {CallFamily::OptionsMethod, &models::optionsMethod, nullptr},
    {CallFamily::TypeMetaMake, &models::typeMetaMake, nullptr},
    {CallFamily::DeviceType, &models::deviceTypeValue, nullptr},
    {CallFamily::Accessor, &models::holderValue, nullptr},
    {CallFamily::RegisterModule, &models::registeredValue, nullptr},
    {CallFamily::ModuleForward, &models::moduleForwardValue, nullptr},
    {CallFamily::ModuleStateList, &models::stateListValue, nullptr},
    {CallFamily::OptimizerStep, nullptr, &models::optimizerStep},
    {CallFamily::OpaqueMethod, nullptr, nullptr},
    {CallFamily::LibTorchOp, &models::libTorchOpValue, &models::opEffects},
    {CallFamily::Autocast, nullptr, &models::setterEffects},
    {CallFamily::DefaultDType, nullptr, &models::setterEffects},
    {CallFamily::OptionsBuilder, &models::optionsBuilder, nullptr},
    {CallFamily::DTypeConversion, &models::firstArgumentValue, nullptr},
    {CallFamily::LibTorchOther, nullptr, nullptr},
    {CallFamily::MakeSharedModule, &models::madeModuleValue, nullptr},
    {CallFamily::DispatchType, &models::firstArgumentValue,
     &models::dispatchEffects},
    {CallFamily::UserFunction, &userFunctionValue,
     &models::userFunctionEffects},
    {CallFamily::Other, nullptr, nullptr},
};

constexpr bool rowPerFamily() {
  if (std::size(FamilyModels) != NumCallFamilies)
    return false;
  for (unsigned I = 0; I < NumCallFamilies; ++I)
    if (FamilyModels[I].Family != CallFamily(I))
      return false;
  return true;
}
static_assert(rowPerFamily(),
              "FamilyModels needs one row per CallFamily, in the enum's order");
} // namespace

static const FamilyModel &familyModel(CallFamily F) {
  return FamilyModels[unsigned(F)];
}

AbsValue FunctionAnalyzer::evalCall(const CallExpr *CE) {
  const CallSite &S = site(CE);
  QualType RT = CE->getType();
  // What carriers of tensors give back: an element of a list, a tuple.
  if (std::optional<AbsValue> E = listElement(S))
    return convertTo(*E, RT);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    if (std::optional<AbsValue> V = constantMapLookup(MC, RT))
      return *V;
  if (S.Result == TypeKind::Record && S.IsLibTorch)
    return tupleResult(S);
  if (std::optional<AbsValue> E = tupleElement(S))
    return *E;
  if (std::optional<AbsValue> T = madeTuple(S))
    return *T;
  if (std::optional<AbsValue> O = models::optionalRead(*this, S))
    return *O;
  if (const auto *Each = loopedCallees(S)) {
    // every lambda of the container, called in turn: what any returns
    AbsValue V = userCall(Each->front());
    for (const CallSite &L : llvm::drop_begin(*Each))
      V.join(userCall(L));
    return V;
  }
  if (const FamilyModel &M = familyModel(S.Family); M.Value)
    return M.Value(*this, S);
  return unknownOf(RT);
}

void FunctionAnalyzer::processCall(const CallExpr *CE) {
  const CallSite &S = site(CE);
  if (S.Family == CallFamily::NoCallee) {
    // `(obj.*method)(...)`: a method not known here may change the object.
    if (const auto *BO = dyn_cast<BinaryOperator>(strip(CE->getCallee()));
        BO && BO->isPtrMemOp())
      if (const Decl *D = storageOf(BO->getLHS())) {
        QualType T = BO->getLHS()->getType();
        if (T->isPointerType())
          T = T->getPointeeType();
        store(D, unknownOf(T));
      }
    return;
  }
  // A flag passed by non-const reference may change.
  for (unsigned I = 0; I < S.Args.size() && I < S.Callee->getNumParams(); ++I)
    if (const VarDecl *Flag = boolVariable(S.Args[I])) {
      QualType PT = S.Callee->getParamDecl(I)->getType();
      if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
        forget(*Cur, Flag);
    }
  if (S.IsAssignment) {
    guardAssigned(CE->getArg(0), CE->getArg(1));
    writeSubject(CE->getArg(0), CE->getArg(1));
    AbsValue V = models::assignedValue(*this, CE->getArg(0), CE->getArg(1));
    if (!tieAssigned(CE->getArg(0), V)) {
      mapEntryAssigned(CE->getArg(0), V);
      assign(CE->getArg(0), V);
    }
    return;
  }
  if (guardCall(S))
    return;
  // std::swap(a, b) of two variables or members: each holds the other's.
  if (S.Args.size() == 2 && callsStd(CE, {"swap"}))
    if (const Decl *A = storageOf(S.Args[0]), *B = storageOf(S.Args[1]);
        A && B && A != B) {
      AbsValue VA = eval(S.Args[0]), VB = eval(S.Args[1]);
      store(A, VB.K != AbsValue::Kind::None ? VB
                                            : unknownOf(S.Args[0]->getType()));
      store(B, VA.K != AbsValue::Kind::None ? VA
                                            : unknownOf(S.Args[1]->getType()));
      return;
    }
  models::optionalEffects(*this, S);
  AbsValue V = eval(CE);
  if (S.List != TypeKind::None) {
    listEffects(S);
    return;
  }
  if (const auto *Each = loopedCallees(S)) {
    for (const CallSite &L : *Each)
      models::userFunctionEffects(*this, L, V);
    return;
  }
  if (const FamilyModel &M = familyModel(S.Family); M.Effects)
    M.Effects(*this, S, V);
  else
    models::callEffects(*this, S, V);
}

std::optional<Constant> FunctionAnalyzer::knownConstant(const Expr *E) {
  return knownValue(E, Cur->Assumed, Ctx, CallsFn);
}

void FunctionAnalyzer::recordAutocastDType(AutocastDTypeEvent Ev) {
  const Expr *Key = Ev.Call;
  record(RefusedAutocastDTypes, Key, std::move(Ev));
}

AutocastArray FunctionAnalyzer::currentAutocast() const {
  AutocastArray A = Cur->Autocast;
  for (AutocastState &S : A)
    if (S == AutocastState::Entry)
      S = AC.entryAutocast(FD);
  return A;
}

void FunctionAnalyzer::assign(const Expr *LHS, const AbsValue &V) {
  // A field of a plain struct value: `batch.labels = y` makes a new value
  // of the struct.
  if (const auto *ME = dyn_cast<MemberExpr>(strip(LHS));
      ME && !ME->isArrow() && !isa<CXXThisExpr>(strip(ME->getBase()))) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    AbsValue B = eval(ME->getBase());
    if (F && B.K == AbsValue::Kind::Record && storageOf(ME->getBase())) {
      AbsValue FV = convertTo(V, LHS->getType());
      // Every carried field takes its new value (unknown when not followed).
      assign(ME->getBase(),
             B.withField(F->getFieldIndex(),
                         FV.K != AbsValue::Kind::None
                             ? FV
                             : unknownOf(LHS->getType())));
    }
    return;
  }
  const Decl *D = storageOf(LHS);
  if (!D)
    return;
  // `auto &w = batch.x; w = ...`: the struct's field is written too.
  if (const auto *RV = dyn_cast<VarDecl>(D); RV &&
                                             RV->getType()->isReferenceType() &&
                                             RV->getInit() && !RV->isImplicit())
    if (const auto *ME = dyn_cast<MemberExpr>(strip(RV->getInit()));
        ME && !ME->isArrow() && !isa<CXXThisExpr>(strip(ME->getBase())))
      assign(ME, V);
  // `*p = ...`, `p->set_data(...)` through a pointer that may be made to
  // point elsewhere (a const one is an alias, aliasedStorage): the
  // variable it was made to point to may be what changes, so nothing is
  // known of it any more.
  // (So through a std::reference_wrapper made by std::ref: `r.get() = ...`.)
  if (const auto *PV = dyn_cast<VarDecl>(D);
      PV && !isa<DeclRefExpr>(strip(LHS))) {
    const Expr *Pointee = PV->getInit() ? pointedTo(PV->getInit()) : nullptr;
    if (const auto *Target =
            dyn_cast_or_null<ValueDecl>(Pointee ? storageOf(Pointee) : nullptr))
      store(Target, unknownOf(Target->getType().getNonReferenceType()));
    else if (PV->getType()->isPointerType())
      // a parameter, an element of a container of pointers: any of them
      addressTakenUnknown();
  }
  AbsValue Val = convertTo(V, LHS->getType());
  if (Val.K == AbsValue::Kind::None)
    return;
  // `auto &t = m[k]; t = ...`: the list's element is rebound.
  if (const auto *RV = dyn_cast<VarDecl>(D))
    if (const VarDecl *List = uses().ElementRefs.lookup(RV))
      elementRebound(List, Val);
  store(D, Val);
}

void FunctionAnalyzer::addressTakenUnknown() {
  Sum.WritesThroughPointers = true;
  for (const VarDecl *VD : uses().Escaping)
    if (auto It = Cur->Vars.find(VD); It != Cur->Vars.end())
      It->second = unknownOf(VD->getType().getNonReferenceType());
}

void FunctionAnalyzer::store(const Decl *D, const AbsValue &Val) {
  Cur->Vars[D] = Val;
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

void FunctionAnalyzer::moduleConverted(const Decl *D, const AbsValue &R) {
  const VarUses &U = uses();
  if (D)
    store(D, R);
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  // A copy of the holder shares its module (unknown if either is made to
  // hold another somewhere).
  if (auto It = VD ? U.SharedModules.find(VD) : U.SharedModules.end();
      It != U.SharedModules.end())
    for (const VarDecl *S : It->second)
      store(S, U.Written.count(S) || U.Written.count(VD)
                   ? unknownOf(S->getType().getNonReferenceType())
                   : convertTo(R, S->getType().getNonReferenceType()));
  // Converted through a holder of a container (an element, a reference to
  // one: a range-for's variable), or a holder that went into one: which of
  // them share the module is not followed.
  if (!D || U.HoldersInContainers.count(VD) ||
      (VD && VD->getType()->isReferenceType())) {
    for (const VarDecl *H : U.HoldersInContainers)
      if (H != VD)
        store(H, unknownOf(H->getType().getNonReferenceType()));
    moduleListsMayHold(R);
  }
}

void FunctionAnalyzer::processStmt(const Stmt *S) {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || VD->getType()->isDependentType())
        continue;
      // A new object (a loop's variable each iteration): nothing is
      // assumed of it or its fields any more, but the value of a constant
      // list its path holds (models/ConstantLists.cpp).
      std::optional<Assumption> Listed =
          DS->isSingleDecl() ? listValueHeld(DS) : std::nullopt;
      forget(*Cur, VD);
      if (VD->getType()->isBooleanType() || Subjects.count({VD, nullptr}))
        setSubject(Subject{VD, nullptr}, VD->getInit());
      if (Listed)
        assume(*Cur, std::move(*Listed));
      initFieldSubjects(VD);
      if (Api.isNoGradGuard(VD->getType()) && Cur->NoGradGuards < 255)
        ++Cur->NoGradGuards;
      AbsValue U = unknownOf(VD->getType());
      if (U.K == AbsValue::Kind::None)
        continue;
      if (const Expr *Init = VD->getInit())
        Cur->Vars[VD] = convertTo(eval(Init), VD->getType());
      else
        Cur->Vars[VD] = U;
    }
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (const Expr *RV = RS->getRetValue()) {
      returnedConstantHere(RV);
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
    LambdaSeeds[LE] = *Cur;
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      writeSubject(BO->getLHS(),
                   BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
    if (BO->getOpcode() == BO_Assign)
      assign(BO->getLHS(), eval(BO->getRHS()));
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    // ++step: the bounds it keeps; &flag: nothing is known of it any more.
    if (UO->isIncrementDecrementOp())
      stepSubject(UO->getSubExpr(), UO->isIncrementOp());
    else if (UO->getOpcode() == UO_AddrOf)
      writeSubject(UO->getSubExpr(), nullptr);
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

void FunctionAnalyzer::transferElement(const CFGElement &El) {
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
      Cur->Vars[F] = V;
      Sum.WritesMembers = true;
      auto [It, New] = Sum.MemberWrites.try_emplace(F, V);
      if (!New)
        It->second.join(V);
    }
    return;
  }
  if (std::optional<CFGAutomaticObjDtor> D = El.getAs<CFGAutomaticObjDtor>())
    objectDestroyed(D->getVarDecl());
}

bool FunctionAnalyzer::edge(FlowState &S, const CFGBlock &P, unsigned Succ) {
  onPath(S); // the path whose calls a condition may ask about
  return S.Reached && takeEdge(S, P, Succ, Api, TrackedFn, Ctx, CallsFn) &&
         refineEdge(S, P, Succ);
}

void FunctionAnalyzer::atExit(const PathStates &Exit) {
  FlowState All = joinPaths(Exit);
  Sum.ExitAutocast = All.Autocast;
  Sum.ExitAutocastDType = All.AutocastDType;
  if (!(All.DefaultDType == Initial.DefaultDType))
    Sum.ExitDefaultDType = All.DefaultDType;
  Sum.ExitMembers.clear();
  for (const auto &[D, V] : All.Vars)
    if (const auto *F = dyn_cast<FieldDecl>(D))
      Sum.ExitMembers[F] = V;
  paramExits(Exit);
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
  collectSubjects(*G);
  keepCallConstants();
  SolverLimits Limits;
  Limits.MaxPaths = AC.config().MaxPathsPerBlock;
  Limits.MaxSteps = AC.config().MaxStepsPerFunction;
  PathSolver<FunctionAnalyzer> Solver(*G, Body, *this, Limits);
  SolverOutcome Outcome = Solver.run();
  Cur = nullptr;
  if (Outcome == SolverOutcome::OverBudget) {
    Result.Skipped = true;
    return;
  }

  collectEvents();

  // Lambdas run with what they captured where they were created.
  for (const LambdaExpr *LE : LambdaOrder) {
    const CXXMethodDecl *Op = LE->getCallOperator();
    if (!Op || Op->isDependentContext() || !Op->hasBody())
      continue;
    // A variable captured by reference that this function changes may hold
    // another value where the lambda runs: not known here (a direct call
    // judges it with the value at the call, callFacts).
    FlowState Seed = LambdaSeeds[LE];
    // A lambda called where it is written (`[&] { ... }()`, the bodies of
    // AT_DISPATCH_*) runs with the values it was created with.
    if (!calledWhereWritten(LE, Ctx))
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
              V && !unchangedCapture(V))
            Seed.Vars.erase(V);
    Summary LambdaSum;
    FunctionAnalyzer Inner(AC, Op, Result, LambdaSum, &Seed, InvariantMode);
    Inner.run();
  }
}

} // namespace torchdtype
