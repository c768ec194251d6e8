//===- PathStates.h - the states of several paths at a point ----*- C++ -*-===//
//
// Path sensitivity, bounded: the states at a program point are kept apart by
// what their paths assumed of the bool variables that branches test
// (`if (use_fp16)`), and joined where they assume the same. A branch that
// contradicts a path's assumption is not taken on that path, so correlated
// flags stay correlated. Conditions of other kinds add no assumption, and
// their paths join where they meet, as without path sensitivity. Past a
// bound of paths per point, all are joined into one. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_PATHSTATES_H
#define TORCHDTYPE_ANALYSIS_PATHSTATES_H

#include "ApiModel.h"
#include "FlowState.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>

namespace torchdtype {

using PathStates = llvm::SmallVector<FlowState, 2>;

/// Adds a path's state: joined with the one that assumes the same, else
/// kept apart.
void addPath(PathStates &Paths, FlowState S);
/// Past MaxPaths, every path is joined into one that assumes nothing.
void boundPaths(PathStates &Paths, unsigned MaxPaths);
/// Everything the paths have in common (for summaries at the exit).
FlowState joinPaths(const PathStates &Paths);
/// Whether two sets of paths are the same, in any order.
bool samePaths(const PathStates &A, const PathStates &B);

/// Whether a variable keeps its value through the function (const, or
/// never changed): a comparison of it with a constant is a branch atom.
using StableVar = llvm::function_ref<bool(const clang::VarDecl *)>;
/// What a branch condition tests, with Value the value that takes its true
/// edge: a bool variable (`flag`, `!flag`, `flag == true`), a machine query
/// (`torch::cuda::is_available()`, names.machine_queries), or a stable
/// variable compared with a constant (`mode == "fp64"`, `kind != 2`,
/// `dt == Precision::Double`); none for other conditions.
std::optional<Assumption> branchVariable(const clang::Expr *Cond,
                                         const ApiModel &Api, StableVar Stable);
/// Refines S for the edge from P to its successor number Succ; false when
/// S's assumptions make that edge impossible.
bool takeEdge(FlowState &S, const clang::CFGBlock &P, unsigned Succ,
              const ApiModel &Api, StableVar Stable);
/// Records that V has Value on this path (false on a contradiction).
bool assume(FlowState &S, const clang::NamedDecl *V, bool Value,
            const clang::Expr *Where);
bool assume(FlowState &S, Assumption A);
/// V may have changed: nothing is assumed of it any more.
void forget(FlowState &S, const clang::NamedDecl *V);

} // namespace torchdtype

#endif
