//===- Paths.h - the states of several paths at a point ---------*- C++ -*-===//
//
// Part of the solver. Path sensitivity, bounded: the states at a program
// point are kept apart by what their paths assumed of the conditions
// branches test, and joined where they assume the same. Past a bound of
// paths per point, loop iterations join first, then the minor atoms (loop
// counters), then one condition at a time; if still too many, all paths.
//
// Generic over the domain's state, which has `Assumptions Assumed`,
// `void join(const State &)`, `operator==` and `bool sameFacts(const State
// &)` (equal but for Assumed). Names no library's API.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_SOLVER_PATHS_H
#define TORCHDTYPE_ANALYSIS_SOLVER_PATHS_H

#include "Assumption.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <optional>

namespace torchdtype {

template <typename State> using Paths = llvm::SmallVector<State, 2>;

/// Atoms given up before the others when there are too many paths.
using MinorAtom = llvm::function_ref<bool(const Assumption &)>;

/// Of the atoms of these paths' assumptions, the one whose forgetting
/// joins no two paths of different facts (SameFacts(i, j): paths i and j
/// differ in their assumptions only), if one does, and of those the one
/// that leaves the fewest distinct sets of assumptions (the earliest
/// written on a tie), or none.
std::optional<Assumption>
conditionToForget(llvm::ArrayRef<const Assumptions *> PathAssumptions,
                  llvm::function_ref<bool(unsigned, unsigned)> SameFacts);

/// Adds a path's state: joined with the one that assumes the same, else
/// kept apart.
template <typename State> void addPath(Paths<State> &Ps, State S) {
  for (State &P : Ps)
    if (P.Assumed == S.Assumed) {
      P.join(S);
      return;
    }
  Ps.push_back(std::move(S));
}

/// Everything the paths have in common (a state that assumes nothing of
/// what they differ in).
template <typename State> State joinPaths(const Paths<State> &Ps) {
  State All;
  for (const State &P : Ps)
    All.join(P);
  return All;
}

/// Whether two sets of paths are the same, in any order.
template <typename State>
bool samePaths(const Paths<State> &A, const Paths<State> &B) {
  if (A.size() != B.size())
    return false;
  return llvm::all_of(A,
                      [&](const State &S) { return llvm::is_contained(B, S); });
}

/// Past MaxPaths, the paths join where they differ only in bounds carried
/// across a loop's step, then only in loop iterations, then only in minor
/// atoms, then forgetting one condition at a time (the
/// one that merges the most paths, the earliest written on a tie); if still
/// too many, every path is joined into one that assumes nothing.
template <typename State>
void boundPaths(Paths<State> &Ps, unsigned MaxPaths, MinorAtom Minor) {
  using Relation = Assumption::Relation;
  unsigned Max = std::max(MaxPaths, 1u);
  auto ForgetAll = [&](auto Drop) {
    Paths<State> Fewer;
    for (State &P : Ps) {
      llvm::erase_if(P.Assumed, Drop);
      addPath(Fewer, std::move(P));
    }
    Ps = std::move(Fewer);
  };
  if (Ps.size() > Max)
    ForgetAll([](const Assumption &A) { return A.Carried; });
  for (int Round = 0; Round < 2 && Ps.size() > Max; ++Round)
    ForgetAll([&](const Assumption &A) {
      return A.Rel == Relation::FirstIteration || (Round == 1 && Minor(A));
    });
  // What a forgotten condition decided becomes unknown where the merged
  // paths differ; the other conditions stay apart. A condition the paths'
  // facts do not depend on goes first.
  while (Ps.size() > Max) {
    llvm::SmallVector<const Assumptions *, 8> As;
    for (const State &P : Ps)
      As.push_back(&P.Assumed);
    auto SameFacts = [&](unsigned I, unsigned J) {
      return Ps[I].sameFacts(Ps[J]);
    };
    std::optional<Assumption> Drop = conditionToForget(As, SameFacts);
    if (!Drop)
      break;
    ForgetAll([&](const Assumption &A) { return A.sameAtom(*Drop); });
  }
  if (Ps.size() <= Max)
    return;
  State All = joinPaths(Ps);
  All.Assumed.clear();
  Ps.clear();
  Ps.push_back(std::move(All));
}

/// The loop of a block that tests whether to run its body again (for,
/// while, range-for), or null.
const clang::Stmt *loopOf(const clang::CFGBlock &B);
/// The assumption "this is (not) the first iteration of Loop".
Assumption firstIteration(const clang::Stmt *Loop, bool First);

/// On leaving Loop: its iterations are one again.
template <typename State> void leaveLoop(State &S, const clang::Stmt *Loop) {
  llvm::erase_if(S.Assumed, [&](const Assumption &A) {
    return A.Site == Loop && A.Rel == Assumption::Relation::FirstIteration;
  });
}

/// On entering Loop's test: whether this is the first iteration.
template <typename State>
void enterLoop(State &S, const clang::Stmt *Loop, bool First) {
  leaveLoop(S, Loop);
  assume(S.Assumed, firstIteration(Loop, First));
}

} // namespace torchdtype

#endif
