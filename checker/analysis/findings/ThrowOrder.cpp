//===- ThrowOrder.cpp - an op that throws ends its path -------------------===//
//
// A finding is an op that throws on every run that reaches it (on its path,
// when it needs one). What a path reaches only after such an op never runs:
// its events are dropped, so the checks report where the program stops,
// not the ops it never gets to. "After" is CFG dominance in the function
// that holds both ops (the analysed function, or the callee both were
// judged in for the same chain of calls). An op inside a try block is not
// taken to end its path. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include <cassert>
#include <memory>

using namespace clang;

namespace torchdtype {
namespace {

/// The checks whose findings throw where they stand (checks.json's
/// "throws"), each asked for its findings' places by name (throwSites).
constexpr llvm::StringLiteral ThrowingCheckNames[] = {
#define TORCHDTYPE_THROWING_CHECK(Name, Sites) Name,
#include "ChecksTables.inc"
#undef TORCHDTYPE_THROWING_CHECK
};

/// Where an event or a finding stands.
struct Place {
  const Expr *Call = nullptr;
  llvm::SmallVector<const Expr *, 2> Via;
  Assumptions Assumed;
  /// The statement in the analysed function (the outermost call on the way).
  const Expr *anchor() const { return Via.empty() ? Call : Via.back(); }
};

/// The order of statements in functions: dominance over their CFGs.
class StmtOrder {
public:
  explicit StmtOrder(ASTContext &Ctx) : Ctx(Ctx) {}

  /// The function (or lambda's call operator) whose body holds E, and
  /// whether a try block on the way holds it.
  std::pair<const FunctionDecl *, bool> owner(const Expr *E) {
    DynTypedNode N = DynTypedNode::create(*E);
    bool InTry = false;
    for (int Depth = 0; Depth < 256; ++Depth) {
      DynTypedNodeList Parents = Ctx.getParents(N);
      if (Parents.empty())
        return {nullptr, InTry};
      N = Parents[0];
      if (N.get<CXXTryStmt>())
        InTry = true;
      if (const auto *L = N.get<LambdaExpr>())
        return {L->getCallOperator(), InTry};
      if (const auto *F = N.get<FunctionDecl>())
        return {F, InTry};
    }
    return {nullptr, InTry};
  }

  /// A runs before B on every path through F to B (A and B differ).
  bool before(const FunctionDecl *F, const Stmt *A, const Stmt *B) {
    Fn *G = get(F);
    if (!G)
      return false;
    auto IA = G->At.find(A), IB = G->At.find(B);
    if (IA == G->At.end() || IB == G->At.end())
      return false;
    if (IA->second.first == IB->second.first)
      return IA->second.second < IB->second.second;
    return G->DT.properlyDominates(IA->second.first, IB->second.first);
  }

private:
  struct Fn {
    std::unique_ptr<CFG> G;
    CFGDomTree DT;
    /// Each statement's block and position in it.
    llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> At;
  };

  Fn *get(const FunctionDecl *F) {
    auto &Slot = Fns[F];
    if (Slot || !F->hasBody())
      return Slot.get();
    CFG::BuildOptions BO;
    BO.setAllAlwaysAdd();
    std::unique_ptr<CFG> G = CFG::buildCFG(F, F->getBody(), &Ctx, BO);
    if (!G)
      return nullptr;
    Slot = std::make_unique<Fn>();
    Slot->G = std::move(G);
    Slot->DT.buildDominatorTree(Slot->G.get());
    for (const CFGBlock *B : *Slot->G) {
      unsigned I = 0;
      for (const CFGElement &El : *B) {
        if (std::optional<CFGStmt> S = El.getAs<CFGStmt>())
          Slot->At.try_emplace(S->getStmt(), B, I);
        ++I;
      }
    }
    return Slot.get();
  }

  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<Fn>> Fns;
};

/// Where the function's ops were judged, by call: each path's place and
/// whether the op threw there.
using Reached =
    llvm::DenseMap<const Expr *, std::vector<std::pair<Place, bool>>>;

/// B's path may have come through P's: none of P's branches contradicts it.
bool mayPrecede(const Place &P, const Place &B) {
  Assumptions As = B.Assumed;
  return llvm::all_of(P.Assumed,
                      [&](const Assumption &A) { return assume(As, A); });
}

/// T's op threw on every path that reached it and that B's path can be:
/// B assumed all that T assumed, or each path of T's op that B's path may
/// have come through threw (a switch's cases that join between T and B).
bool throwsOnPathOf(const Place &T, const Place &B, const Reached &AtOps) {
  if (llvm::all_of(T.Assumed, [&](const Assumption &A) {
        return llvm::is_contained(B.Assumed, A);
      }))
    return true;
  auto It = AtOps.find(T.Call);
  return It != AtOps.end() && mayPrecede(T, B) &&
         llvm::all_of(It->second, [&](const std::pair<Place, bool> &P) {
           return P.second || !llvm::equal(P.first.Via, T.Via) ||
                  !mayPrecede(P.first, B);
         });
}

/// Every path that reaches B first went through the op T, which threw.
bool throwsFirst(StmtOrder &Order, const FunctionDecl *FD, const Place &T,
                 const Place &B, const Reached &AtOps) {
  if (!throwsOnPathOf(T, B, AtOps))
    return false;
  if (T.anchor() != B.anchor())
    return !Order.owner(T.anchor()).second &&
           Order.before(FD, T.anchor(), B.anchor());
  // Judged in the same callee, for the same calls.
  if (T.Call == B.Call || !llvm::equal(T.Via, B.Via))
    return false;
  auto [Fn, InTry] = Order.owner(T.Call);
  return Fn && !InTry && Fn == Order.owner(B.Call).first &&
         Order.before(Fn, T.Call, B.Call);
}

} // namespace

void dropAfterThrow(FunctionResult &R, const FunctionDecl *FD,
                    FunctionFindings &Found, ASTContext &Ctx) {
  std::vector<Place> Throws;
  auto Add = [&](const Expr *Call, llvm::ArrayRef<const Expr *> Via,
                 llvm::ArrayRef<Assumption> Assumed) {
    Throws.push_back(Place{
        Call, {Via.begin(), Via.end()}, {Assumed.begin(), Assumed.end()}});
  };
  for (llvm::StringRef Check : ThrowingCheckNames) {
    bool Known = throwSites(Check, Found, Add);
    assert(Known && "checks.json marks a check as throwing that has no "
                    "throw sites (FunctionFindings.cpp)");
    (void)Known;
  }
  if (Throws.empty())
    return;
  Reached AtOps;
  auto Judged = [&](const Expr *Call, llvm::ArrayRef<const Expr *> Via,
                    const Assumptions &Assumed) {
    Place P{Call, {Via.begin(), Via.end()}, Assumed};
    bool Threw = llvm::any_of(Throws, [&](const Place &T) {
      return T.Call == Call && llvm::equal(T.Via, Via) && T.Assumed == Assumed;
    });
    AtOps[Call].emplace_back(std::move(P), Threw);
  };
  for (const OpEvent &E : R.Ops)
    Judged(E.Call, E.Via, E.Assumed);
  for (const ModuleCallEvent &E : R.ModuleCalls)
    Judged(E.Call, E.Via, E.Assumed);
  StmtOrder Order(Ctx);
  auto Unreached = [&](const Place &B) {
    return llvm::any_of(Throws, [&](const Place &T) {
      return throwsFirst(Order, FD, T, B, AtOps);
    });
  };
  llvm::DenseSet<const void *> Dropped;
  for (const OpEvent &E : R.Ops)
    if (Unreached(Place{E.Call, E.Via, E.Assumed}))
      Dropped.insert(&E);
  for (const ModuleCallEvent &E : R.ModuleCalls)
    if (Unreached(Place{E.Call, E.Via, E.Assumed}))
      Dropped.insert(&E);
  for (const MpsFloat64Event &E : R.MpsFloat64)
    if (Unreached(Place{E.E, {}, {}}))
      Dropped.insert(&E);
  for (const AutocastDTypeEvent &E : R.RefusedAutocastDTypes)
    if (Unreached(Place{E.Call, {}, E.Assumed}))
      Dropped.insert(&E);
  if (!Dropped.empty())
    Found.dropEvents(R, Dropped);
}

} // namespace torchdtype
