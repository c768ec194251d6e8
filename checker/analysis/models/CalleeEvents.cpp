//===- CalleeEvents.cpp - a callee's events judged at a call -------------===//
//
// The ops and module calls a user function runs, seen from one call of it:
// its summary's symbolic events with the call's arguments bound
// (instantiateCallee), or, where the summary lost what the arguments say,
// the events of a run of the callee for this call's facts
// (instantiateContext). Autocast is the caller's where the callee left it
// alone; the call joins each event's chain.
//
//===----------------------------------------------------------------------===//

#include "analysis/FunctionAnalyzer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace torchdtype {

/// An event of the callee, seen from a call: autocast as the caller has it
/// where the callee left it alone, and the call added to the chain.
template <typename EventT>
static EventT fromCall(const EventT &E, const Expr *Call,
                       const AutocastArray &CallerAutocast,
                       const AutocastArray &CallerLocal) {
  EventT I = E;
  for (unsigned D = 0; D < NumAutocastDevices; ++D)
    if (E.LocalAutocast[D] == AutocastState::Entry) {
      I.Autocast[D] = CallerAutocast[D];
      I.LocalAutocast[D] = CallerLocal[D];
    }
  I.Via.push_back(Call);
  return I;
}

bool FunctionAnalyzer::instantiateCallee(const Summary &Callee,
                                         llvm::ArrayRef<const Expr *> Args,
                                         const AbsValue *Receiver,
                                         const CallExpr *Call) {
  // The summary knows a module's members as its constructors made them:
  // with submodules converted alone, only the run for the call
  // (instantiateContext) judges the callee.
  if (convertedSubmodules(Receiver))
    return false;
  bool Placed = instantiatePlacements(Callee, Args, Receiver, Call);
  AutocastArray Here = currentAutocast();
  // The constants this call passes decide the callee's branches on its
  // parameters (`if (dt == torch::kHalf) return x;` given kHalf): an event
  // on a path they rule out does not run.
  std::optional<CallFacts> Given;
  auto RuledOut = [&](const Assumptions &As) {
    const FunctionDecl *Def = site(Call).Def;
    if (!Def || As.empty())
      return false;
    if (!Given)
      Given = callFacts(Def, Args, site(Call).Obj);
    for (const Assumption &A : As)
      if (std::optional<bool> D = decided(Given->Constants, A); D && !*D)
        return true;
    return false;
  };
  for (const OpEvent &E : Callee.SymbolicOps) {
    if (E.Via.size() >= AC.config().MaxCallDepth || RuledOut(E.Assumed))
      continue;
    OpEvent I = fromCall(E, Call, Here, Cur->Autocast);
    for (unsigned D = 0; D < NumAutocastDevices; ++D)
      if (E.LocalAutocast[D] == AutocastState::Entry && !E.AutocastDType[D])
        I.AutocastDType[D] = Cur->AutocastDType[D];
    for (Operand &O : I.Operands)
      O.V = bindParams(O.V, Args, Receiver);
    for (Operand &O : I.Outs)
      O.V = bindParams(O.V, Args, Receiver);
    for (Operand &O : I.Indices)
      O.V = bindParams(O.V, Args, Receiver);
    I.Assumed.append(Cur->Assumed.begin(), Cur->Assumed.end());
    I.NoGrad |= Cur->NoGradGuards > 0;
    record(CalleeOps, Call, std::move(I));
  }
  for (const ModuleCallEvent &E : Callee.SymbolicModuleCalls) {
    if (E.Via.size() >= AC.config().MaxCallDepth || RuledOut(E.Assumed))
      continue;
    ModuleCallEvent I = fromCall(E, Call, Here, Cur->Autocast);
    I.Input.V = bindParams(I.Input.V, Args, Receiver);
    I.Module = bindParams(I.Module, Args, Receiver);
    I.Assumed.append(Cur->Assumed.begin(), Cur->Assumed.end());
    record(CalleeModuleCalls, Call, std::move(I));
  }
  return Placed;
}

bool FunctionAnalyzer::instantiateContext(const FunctionDecl *Def,
                                          const Summary &Callee,
                                          llvm::ArrayRef<const Expr *> Args,
                                          const AbsValue *Receiver,
                                          const CallExpr *Call) {
  // Ops whose operands mixed what the parameters say with other facts
  // (`x - mean`) lost them in the summary: with definite facts here, the
  // callee is analysed again for this call (memoised per facts) and its
  // ops are judged as they run for it.
  // So are callees whose ops ran, in the summary, in another autocast state
  // than the one here (a layer's result is bfloat16 in a CPU region).
  AutocastArray Here = currentAutocast();
  AutocastState Assumed = AC.entryAutocast(Def);
  bool Differs =
      llvm::any_of(Here, [&](AutocastState A) { return A != Assumed; });
  // And a module some of whose submodules were converted alone.
  const AbsValue *Recv = boundReceiver(Receiver);
  CallFacts Facts = callFacts(Def, Args, site(Call).Obj);
  // And constants given that may pick the paths of ops the callee leaves
  // undecided (`cfg.compact ? kInt32 : kInt64`).
  // Or the override of a virtual call the callee makes on an object whose
  // class a constant here gives (`evaluate(const Base &m)` given a D).
  // Or of a module whose class is known here (`evaluate(Base &m)` given
  // a module made as a D).
  bool Picks = !Facts.Constants.empty() &&
               (AC.hasUndecidedOperands(Def) || AC.hasOpenVirtualCalls(Def));
  bool PicksForward = Facts.ModuleClass && AC.hasOpenVirtualCalls(Def);
  Picks |= PicksForward;
  // Or a map whose keys the caller knows, holding different facts: a loop
  // of the callee over it reads each entry in turn (ConstantLists.cpp).
  Picks |= llvm::any_of(Facts.Facts, [](const AbsValue &A) {
    return A.field(MapKeysKnown) && A.mapEntriesDiffer();
  });
  if (!AC.hasOpaqueOperands(Def) && !Differs && !Picks &&
      !(Recv && Recv->K == AbsValue::Kind::Module && Recv->Fields))
    return false;
  // A module's members have the receiver's facts, an object's fields its
  // own.
  if (!Facts.Definite && !Differs && !PicksForward &&
      !(Recv && (Recv->K == AbsValue::Kind::Module || definiteFields(Recv))))
    return false;
  const AnalysisContext::ContextRun *R = runFor(Def, Facts, Recv);
  if (!R)
    return false;
  const FunctionResult &Alone = AC.analyze(Def);
  bool Any = false;
  // The summary's own instantiation already gave these facts.
  // (The out= tensors too: `into(out_, b)` whose out_ the run decided.)
  auto Same = [&](llvm::ArrayRef<Operand> SO, llvm::ArrayRef<Operand> EO) {
    if (SO.size() != EO.size())
      return false;
    for (size_t I = 0; I < SO.size(); ++I)
      if (bindParams(SO[I].V, Args, Receiver) != EO[I].V)
        return false;
    return true;
  };
  auto Bound = [&](const OpEvent &S, const OpEvent &E) {
    return S.Call == E.Call && Same(S.Operands, E.Operands) &&
           Same(S.Outs, E.Outs);
  };
  bool OwnRun = convertedSubmodules(Receiver);
  for (const OpEvent &E : R->Ops) {
    if (E.Via.size() >= AC.config().MaxCallDepth ||
        (!OwnRun &&
         llvm::any_of(Callee.SymbolicOps,
                      [&](const OpEvent &S) { return Bound(S, E); })) ||
        llvm::any_of(Alone.Ops,
                     [&](const OpEvent &A) { return sameFacts(A, E); }))
      continue;
    OpEvent I = fromCall(E, Call, Here, Cur->Autocast);
    I.Assumed.append(Cur->Assumed.begin(), Cur->Assumed.end());
    I.NoGrad |= Cur->NoGradGuards > 0;
    record(CalleeOps, Call, std::move(I));
    Any = true;
  }
  for (const ModuleCallEvent &E : R->ModuleCalls) {
    if (E.Via.size() >= AC.config().MaxCallDepth ||
        (!OwnRun && llvm::any_of(Callee.SymbolicModuleCalls,
                                 [&](const ModuleCallEvent &S) {
                                   return S.Call == E.Call &&
                                          bindParams(S.Input.V, Args,
                                                     Receiver) == E.Input.V &&
                                          bindParams(S.Module, Args,
                                                     Receiver) == E.Module;
                                 })) ||
        llvm::any_of(Alone.ModuleCalls,
                     [&](const ModuleCallEvent &A) { return sameFacts(A, E); }))
      continue;
    ModuleCallEvent I = fromCall(E, Call, Here, Cur->Autocast);
    I.Assumed.append(Cur->Assumed.begin(), Cur->Assumed.end());
    record(CalleeModuleCalls, Call, std::move(I));
    Any = true;
  }
  return Any;
}

} // namespace torchdtype
