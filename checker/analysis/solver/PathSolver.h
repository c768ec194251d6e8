//===- PathSolver.h - a bounded path-sensitive worklist over a CFG -*- C++ -*-//
//
// The solver of the flow analysis, apart from what it computes (as clang's
// DataflowAnalysis.h is apart from its models). It visits a function's
// clang::CFG in reverse post-order from a worklist; carries a bounded set of
// path states per block (Paths.h), refined on each edge by the domain and
// split by the first iteration of each loop until the loop is left; runs the
// domain's transfer function over every element of a block for each path;
// drops the locals no path reads again (Liveness.h) and the assumptions on
// loop counters that died with them; and stops at a visit cap per block and
// a step cap per function. It names no library's API.
//
// The domain (a class, duck-typed as DataflowAnalysis's are) provides:
//   using State = ...;  // Assumptions Assumed; join; operator==; sameFacts;
//                       // a map `Vars` from clang::Decl * to values
//   State initialState();
//   bool edge(State &, const clang::CFGBlock &From, unsigned Succ); // refine
//   bool isMinor(const Assumption &);      // given up first past the bound
//   void beginVisit(const clang::CFGBlock &);  // one visit of a block
//   void beginPath(State &);               // a path enters the block
//   void transfer(const clang::CFGElement &, State &);
//   std::optional<Assumption> splitAt(const clang::CFGElement &, State &);
//                          // an atom to split the path by before an element
//                          // (asked again of the path with its false value)
//   void atExit(const Paths<State> &);     // the paths that reach the exit
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_SOLVER_PATHSOLVER_H
#define TORCHDTYPE_ANALYSIS_SOLVER_PATHSOLVER_H

#include "Liveness.h"
#include "Paths.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include <functional>
#include <optional>
#include <set>
#include <vector>

namespace torchdtype {

/// The limits of one run: paths per program point, CFG elements per
/// function (loops included), visits per block.
struct SolverLimits {
  unsigned MaxPaths = 8;
  unsigned MaxSteps = 200000;
  unsigned MaxVisitsPerBlock = 64;
};

enum class SolverOutcome {
  Converged,
  /// A limit was reached: what was computed is partial.
  OverBudget,
};

/// The blocks of G reachable from its entry, in reverse post-order.
std::vector<const clang::CFGBlock *> reversePostOrder(const clang::CFG &G);

template <typename Domain> class PathSolver {
public:
  using State = typename Domain::State;

  PathSolver(const clang::CFG &G, const clang::Stmt *Body, Domain &D,
             SolverLimits L)
      : G(G), D(D), L(L), Order(reversePostOrder(G)), Live(G, Body) {
    for (unsigned I = 0; I < Order.size(); ++I)
      Rank[Order[I]] = I;
    // A loop's exit edge leaves it: its iterations are one again there.
    for (const clang::CFGBlock *B : G)
      if (const clang::Stmt *Loop = loopOf(*B); Loop && B->succ_size() == 2)
        if (const clang::CFGBlock *X =
                (B->succ_begin() + 1)->getReachableBlock())
          Exits[X].push_back(Loop);
  }

  SolverOutcome run() {
    std::vector<Paths<State>> Out(G.getNumBlockIDs());
    std::vector<unsigned> Visits(G.getNumBlockIDs(), 0);
    std::set<unsigned> Work{0};
    unsigned Steps = 0;
    while (!Work.empty()) {
      const clang::CFGBlock *B = Order[*Work.begin()];
      Work.erase(Work.begin());
      Paths<State> In = pathsInto(*B, Out);
      if (In.empty())
        continue;
      if (++Visits[B->getBlockID()] > L.MaxVisitsPerBlock)
        return SolverOutcome::OverBudget;
      D.beginVisit(*B);
      Paths<State> NewOut;
      for (State &S : In) {
        D.beginPath(S);
        // The paths this one becomes in the block: one, or more where the
        // domain splits it by an atom (each value a path of its own).
        std::vector<State> Here;
        Here.push_back(std::move(S));
        for (const clang::CFGElement &El : *B) {
          // A path split off here is asked again before El (a domain may
          // make several of one: a loop variable's values).
          for (size_t I = 0; I < Here.size(); ++I) {
            if (++Steps > L.MaxSteps)
              return SolverOutcome::OverBudget;
            std::optional<Assumption> A;
            if (Here.size() < L.MaxPaths)
              A = D.splitAt(El, Here[I]);
            if (A) {
              State T = Here[I], F = Here[I];
              A->Value = true;
              bool TOk = assume(T.Assumed, *A);
              A->Value = false;
              bool FOk = assume(F.Assumed, *A);
              if (TOk && FOk) {
                Here[I] = std::move(T);
                Here.push_back(std::move(F));
              } else if (TOk || FOk) {
                Here[I] = std::move(TOk ? T : F);
              }
            }
            D.transfer(El, Here[I]);
          }
        }
        for (State &P : Here) {
          dropDead(P, *B);
          addPath(NewOut, std::move(P));
        }
      }
      boundPaths(NewOut, L.MaxPaths, Minor);
      if (B == &G.getExit())
        D.atExit(NewOut);
      Paths<State> &O = Out[B->getBlockID()];
      if (samePaths(O, NewOut) && Visits[B->getBlockID()] > 1)
        continue;
      O = std::move(NewOut);
      for (const clang::CFGBlock *S : B->succs())
        if (auto It = Rank.find(S); S && It != Rank.end())
          Work.insert(It->second);
    }
    return SolverOutcome::Converged;
  }

private:
  /// The paths into B: each predecessor's, refined by the edge taken.
  Paths<State> pathsInto(const clang::CFGBlock &B,
                         const std::vector<Paths<State>> &Out) {
    Paths<State> In;
    if (&B == &G.getEntry()) {
      In.push_back(D.initialState());
      return In;
    }
    const clang::Stmt *Loop = loopOf(B);
    for (const clang::CFGBlock *P : B.preds()) {
      if (!P)
        continue;
      unsigned Succ = 0;
      for (const clang::CFGBlock::AdjacentBlock &S : P->succs()) {
        if (S.getReachableBlock() == &B)
          break;
        ++Succ;
      }
      for (const State &PS : Out[P->getBlockID()]) {
        State E = PS;
        if (!D.edge(E, *P, Succ))
          continue;
        if (auto X = Exits.find(&B); X != Exits.end())
          for (const clang::Stmt *Left : X->second)
            leaveLoop(E, Left);
        if (auto R = Rank.find(P); Loop && R != Rank.end())
          enterLoop(E, Loop, R->second < Rank[&B]);
        addPath(In, std::move(E));
      }
    }
    boundPaths(In, L.MaxPaths, Minor);
    return In;
  }

  /// Locals no path reads again leave the state: it stays as small as what
  /// is live, and the analysis linear in the function's length. So do the
  /// assumptions on loop counters left behind.
  void dropDead(State &S, const clang::CFGBlock &B) {
    llvm::SmallVector<const clang::Decl *, 8> Dead;
    for (const auto &KV : S.Vars)
      if (Live.isDeadAfter(&B, KV.first))
        Dead.push_back(KV.first);
    for (const clang::Decl *V : Dead)
      S.Vars.erase(V);
    llvm::erase_if(S.Assumed, [&](const Assumption &A) {
      return D.isMinor(A) && Live.isDeadAfter(&B, A.Var);
    });
  }

  const clang::CFG &G;
  Domain &D;
  SolverLimits L;
  /// The domain's minor atoms, for the path bound (a function_ref to it).
  std::function<bool(const Assumption &)> Minor = [this](const Assumption &A) {
    return D.isMinor(A);
  };
  std::vector<const clang::CFGBlock *> Order;
  llvm::DenseMap<const clang::CFGBlock *, unsigned> Rank;
  llvm::DenseMap<const clang::CFGBlock *,
                 llvm::SmallVector<const clang::Stmt *, 1>>
      Exits;
  const LocalLiveness Live;
};

} // namespace torchdtype

#endif
