//===- PathStates.h - the states of several paths at a point ----*- C++ -*-===//
//
// Path sensitivity, bounded: the states at a program point are kept apart by
// what their paths assumed of the conditions branches test (`if
// (use_fp16)`, `if (cfg.mode == Mode::Fp64)`, `if (scale > 0.0)`, the case
// a switch took, the first iteration of a loop), and joined where they
// assume the same. A branch that contradicts a path's assumptions is not
// taken on that path, so correlated conditions stay correlated. Conditions
// of other kinds add no assumption, and their paths join where they meet,
// as without path sensitivity. Past a bound of paths per point, loop
// iterations join first, then all paths. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_PATHSTATES_H
#define TORCHDTYPE_ANALYSIS_PATHSTATES_H

#include "ApiModel.h"
#include "FlowState.h"
#include "KnownConstants.h"
#include "solver/Paths.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>

namespace torchdtype {

using PathStates = Paths<FlowState>;

/// The `first` field of a map entry's std::pair type (a range-for's
/// variable over a map, a structured binding's whole), or null.
const clang::FieldDecl *entryKeyField(clang::QualType T);
/// Whether each change of a variable is one the analysis sees (it is
/// const, never changed, or changed only by assignments and increments of
/// it or its fields): its comparisons with constants split paths, and the
/// assumptions are forgotten where it changes.
using TrackedVar = llvm::function_ref<bool(const clang::VarDecl *)>;
/// What a condition tests: a local variable or parameter, or a field of
/// one (`cfg.fp16_cache`).
struct Subject {
  const clang::VarDecl *Var = nullptr;
  const clang::FieldDecl *Field = nullptr;
  clang::QualType type() const;
  std::string name() const;
};
std::optional<Subject> subjectOf(const clang::Expr *E);
/// What a branch condition tests, with Value the value that takes its true
/// edge: a bool variable or field (`flag`, `!cfg.fast`, `flag == true`), a
/// machine query (`torch::cuda::is_available()`, names.machine_queries),
/// or a tracked variable or field compared with a constant (`mode ==
/// "fp64"`, `kind != 2`, `smoothing > 0.0`); none for other conditions.
std::optional<Assumption> branchVariable(const clang::Expr *Cond,
                                         const ApiModel &Api,
                                         TrackedVar Tracked);
/// That Sub has the constant value E (an assignment or an initializer):
/// `Sub == E`, or the flag's value; none if E is not a constant.
/// Known: what the path assumed (`n == 20` makes `n <= 32` a constant).
/// Calls: what calls return, where the caller can tell.
std::optional<Assumption> assignedConstant(const Subject &Sub,
                                           const clang::Expr *E,
                                           const Assumptions &Known = {},
                                           CallConstant Calls = nullptr);
/// Refines S for the edge from P to its successor number Succ (a branch
/// or a case of a switch); false when S's assumptions make that edge
/// impossible.
/// What P's two edges test: its terminator's condition, or for the last
/// block of `a && b` (`a || b`), which only a true a (false a) reaches, b.
const clang::Expr *branchCondition(const clang::CFGBlock &P);
bool takeEdge(FlowState &S, const clang::CFGBlock &P, unsigned Succ,
              const ApiModel &Api, TrackedVar Tracked, clang::ASTContext &Ctx,
              CallConstant Calls = nullptr);
/// Records A on this path (false on a contradiction).
bool assume(FlowState &S, Assumption A);
/// V (or its field F) may have changed: nothing is assumed of it any more.
void forget(FlowState &S, const clang::NamedDecl *V,
            const clang::FieldDecl *F = nullptr);

} // namespace torchdtype

#endif
