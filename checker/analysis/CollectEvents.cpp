//===- CollectEvents.cpp - a function's events, one per distinct facts --===//
//
// After the solver has run a function, the events recorded at each element
// (one per path that reached it) become its result's: in source order, one
// per distinct set of facts, each naming only the branches its facts need;
// what depends on the parameters is kept for judging at each call.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalyzer.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

using namespace clang;

namespace torchdtype {

// TransferState's recordOp, recordEvent and recordModuleCall: an op's or a
// module call's event on the path.
OpEvent *FunctionAnalyzer::recordOp(const CallExpr *CE, llvm::StringRef Op,
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
    Ev.Operands.push_back(Operand{Operands[I], V, operandName(Operands[I]), I});
  }
  if (Ev.Operands.empty() || (Ev.Operands.size() < 2 && SameDType))
    return nullptr;
  return &recordEvent(std::move(Ev));
}

OpEvent &FunctionAnalyzer::recordEvent(OpEvent Ev) {
  Ev.Autocast = currentAutocast();
  Ev.NoGrad = Cur->NoGradGuards > 0;
  Ev.LocalAutocast = Cur->Autocast;
  Ev.AutocastDType = Cur->AutocastDType;
  Ev.Assumed = pathChoices(Cur->Assumed);
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  Ev.InLambda = M && M->getParent()->isLambda();
  const Expr *Call = Ev.Call;
  return record(Ops, Call, std::move(Ev));
}

void FunctionAnalyzer::recordModuleCall(ModuleCallEvent Ev) {
  Ev.Autocast = currentAutocast();
  Ev.LocalAutocast = Cur->Autocast;
  Ev.Assumed = pathChoices(Cur->Assumed);
  const Expr *Call = Ev.Call;
  record(ModuleCalls, Call, std::move(Ev));
}

static bool sameValues(llvm::ArrayRef<Operand> A, llvm::ArrayRef<Operand> B) {
  return A.size() == B.size() &&
         llvm::all_of(llvm::zip(A, B), [](const auto &P) {
           return std::get<0>(P).V == std::get<1>(P).V;
         });
}

bool sameFacts(const OpEvent &A, const OpEvent &B) {
  return A.Call == B.Call && A.Autocast == B.Autocast &&
         A.AutocastDType == B.AutocastDType &&
         sameValues(A.Operands, B.Operands) && sameValues(A.Outs, B.Outs) &&
         sameValues(A.Indices, B.Indices);
}
bool sameFacts(const ModuleCallEvent &A, const ModuleCallEvent &B) {
  return A.Call == B.Call && A.Module == B.Module && A.Input.V == B.Input.V &&
         A.Autocast == B.Autocast;
}
template <typename EventT>
static bool sameFacts(const EventT &A, const EventT &B) {
  return A.V == B.V;
}
static const Expr *keyOf(const OpEvent &E) { return E.Call; }
static const Expr *keyOf(const ModuleCallEvent &E) { return E.Call; }
static const Expr *keyOf(const MpsFloat64Event &E) { return E.E; }
static const Expr *keyOf(const FromBlobEvent &E) { return E.Call; }
static const Expr *keyOf(const AutocastDTypeEvent &E) { return E.Call; }
static bool sameFacts(const AutocastDTypeEvent &A,
                      const AutocastDTypeEvent &B) {
  return A.Device == B.Device && A.DT == B.DT;
}
template <typename EventT> static Assumptions *assumedOf(EventT &E) {
  return &E.Assumed;
}
static Assumptions *assumedOf(MpsFloat64Event &) { return nullptr; }
static Assumptions *assumedOf(FromBlobEvent &) { return nullptr; }

/// Whether two paths agree on every condition both assumed, but those of
/// V's subject (`mode == 1`, `mode == 2`: the alternatives of one value).
static bool agreeBut(const Assumptions &A, const Assumptions &B,
                     const Assumption &V) {
  return llvm::all_of(A, [&](const Assumption &X) {
    return X.sameAtom(V) || X.sameSubject(V) ||
           llvm::all_of(B, [&](const Assumption &Y) {
             return !Y.sameAtom(X) || Y.Value == X.Value;
           });
  });
}

/// B assumed A the other way: its atom with the other value, or another
/// constant for the same subject (`mode == 2` beside `mode == 1`).
static bool opposes(const Assumption &B, const Assumption &A) {
  if (B.sameAtom(A))
    return B.Value != A.Value;
  return A.Value && B.Value && A.Rel == Assumption::Relation::Equals &&
         B.Rel == A.Rel && B.sameSubject(A);
}

/// The events of one element, one per distinct set of facts, each naming
/// only the branches its facts need: an assumption stays when the path that
/// assumed the opposite of it, and the same of the others, had other facts
/// at the same place, or when Keep says so of it (a branch on a parameter
/// that a call may decide) and no path saw the same facts with it the
/// other way.
template <typename EventT>
static void appendDistinct(
    llvm::SmallVectorImpl<EventT> &Events, std::vector<EventT> &Out,
    llvm::function_ref<bool(const EventT &, const Assumption &)> Keep =
        nullptr) {
  std::vector<Assumptions> Needed(Events.size());
  for (size_t I = 0; I < Events.size(); ++I) {
    Assumptions *Mine = assumedOf(Events[I]);
    if (!Mine)
      continue;
    // Whether an event with these facts was also seen with A the other way:
    // then the facts do not need A.
    auto BothWays = [&](const Assumption &A) {
      return llvm::any_of(Events, [&](EventT &O) {
        const Assumptions *Theirs = assumedOf(O);
        return keyOf(O) == keyOf(Events[I]) && sameFacts(O, Events[I]) &&
               llvm::any_of(*Theirs,
                            [&](const Assumption &B) { return opposes(B, A); });
      });
    };
    for (const Assumption &A : *Mine)
      if (!BothWays(A) &&
          ((Keep && Keep(Events[I], A)) ||
           llvm::any_of(Events, [&](EventT &O) {
             const Assumptions *Theirs = assumedOf(O);
             return keyOf(O) == keyOf(Events[I]) && !sameFacts(O, Events[I]) &&
                    agreeBut(*Mine, *Theirs, A) &&
                    llvm::any_of(*Theirs, [&](const Assumption &B) {
                      return opposes(B, A);
                    });
           })))
        Needed[I].push_back(A);
    // `mode == 1` says that `mode == 2` is false.
    llvm::erase_if(Needed[I], [&](const Assumption &A) {
      return !A.Value && A.Rel == Assumption::Relation::Equals &&
             llvm::any_of(Needed[I], [&](const Assumption &B) {
               return B.Value && B.Rel == A.Rel && B.sameSubject(A);
             });
    });
  }
  size_t First = Out.size();
  for (size_t I = 0; I < Events.size(); ++I) {
    if (Assumptions *Mine = assumedOf(Events[I]))
      *Mine = std::move(Needed[I]);
    if (std::none_of(Out.begin() + First, Out.end(),
                     [&](const EventT &O) { return sameFacts(O, Events[I]); }))
      Out.push_back(std::move(Events[I]));
  }
}

/// Whether a value is known only in terms of the function's parameters.
static bool dependsOnParams(const AbsValue &V) {
  return V.DT.Param.isSymbolic() || V.DV.Param.isSymbolic();
}

void FunctionAnalyzer::collectEvents() {
  // In source order; the callee's events judged at a call after the call's
  // own.
  auto Sorted = [&](const auto &Table) {
    std::vector<const Expr *> Keys = Table.keys();
    llvm::sort(Keys, [&](const Expr *A, const Expr *B) {
      return Ctx.getSourceManager().isBeforeInTranslationUnit(A->getBeginLoc(),
                                                              B->getBeginLoc());
    });
    return Keys;
  };
  size_t FirstOp = Result.Ops.size(), FirstCall = Result.ModuleCalls.size();
  // An event judged again at each call keeps the branches on this
  // function's parameters it was reached under: the constants a call
  // passes may rule it out (`if (dt == torch::kHalf) return x;`).
  auto OnParam = [&](const Assumption &A) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(A.Var);
    return P && P->getDeclContext() == FD;
  };
  auto KeepOp = [&](const OpEvent &E, const Assumption &A) {
    auto Sym = [](const Operand &O) { return dependsOnParams(O.V); };
    return OnParam(A) && (llvm::any_of(E.Operands, Sym) ||
                          llvm::any_of(E.Outs, Sym) ||
                          llvm::any_of(E.Indices, Sym));
  };
  auto KeepCall = [&](const ModuleCallEvent &E, const Assumption &A) {
    return OnParam(A) &&
           (dependsOnParams(E.Input.V) || dependsOnParams(E.Module));
  };
  for (const Expr *K : Sorted(Ops))
    appendDistinct<OpEvent>(Ops.slot(K).Events, Result.Ops, KeepOp);
  for (const Expr *K : Sorted(CalleeOps))
    appendDistinct(CalleeOps.slot(K).Events, Result.Ops);
  for (const Expr *K : Sorted(ModuleCalls))
    appendDistinct<ModuleCallEvent>(ModuleCalls.slot(K).Events,
                                    Result.ModuleCalls, KeepCall);
  for (const Expr *K : Sorted(CalleeModuleCalls))
    appendDistinct(CalleeModuleCalls.slot(K).Events, Result.ModuleCalls);
  for (const Expr *K : Sorted(MpsFloat64))
    appendDistinct(MpsFloat64.slot(K).Events, Result.MpsFloat64);
  for (const Expr *K : Sorted(FromBlobs))
    appendDistinct(FromBlobs.slot(K).Events, Result.FromBlobs);
  for (const Expr *K : Sorted(RefusedAutocastDTypes))
    appendDistinct(RefusedAutocastDTypes.slot(K).Events,
                   Result.RefusedAutocastDTypes);

  // What depends on the parameters is judged again at each call.
  auto Symbolic = [](const Operand &O) { return dependsOnParams(O.V); };
  for (size_t I = FirstOp; I < Result.Ops.size(); ++I)
    if (llvm::any_of(Result.Ops[I].Operands, Symbolic) ||
        llvm::any_of(Result.Ops[I].Outs, Symbolic) ||
        llvm::any_of(Result.Ops[I].Indices, Symbolic))
      Sum.SymbolicOps.push_back(Result.Ops[I]);
  for (size_t I = FirstCall; I < Result.ModuleCalls.size(); ++I)
    if (dependsOnParams(Result.ModuleCalls[I].Input.V) ||
        dependsOnParams(Result.ModuleCalls[I].Module))
      Sum.SymbolicModuleCalls.push_back(Result.ModuleCalls[I]);
}

} // namespace torchdtype
