//===- Assumption.h - what a path assumed of a branch condition -*- C++ -*-===//
//
// Part of the solver: the atoms a path-sensitive analysis splits its paths
// by, and the rule that keeps each path's assumptions consistent. It names
// no API of any library: atoms are variables, fields, switches and loops.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_SOLVER_ASSUMPTION_H
#define TORCHDTYPE_ANALYSIS_SOLVER_ASSUMPTION_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace torchdtype {

/// A branch condition assumed on a path, and its value, with the
/// expression that decided it (for notes). An atom is one of:
/// - a bool variable (`use_fp16`), or a field of a local struct
///   (`cfg.fp16_cache`): Var (and Field);
/// - a query of the machine (a function the domain names): Var is the
///   FunctionDecl;
/// - a variable or field compared with a constant (`mode == "fp64"`,
///   `smoothing > 0.0`): Var, Field, Rel and Const;
/// - two variables or fields compared (`bytes > budget`): Var and Field,
///   Other and OtherField, Rel (`>` or `==`: a comparison is written as one
///   of those, its operands in a fixed order, its negation the false
///   value);
/// - a query of a variable or field that changes nothing (`opts.weight`
///   of a std::optional, `x.defined()`, `names.empty()`): Var, Field, Rel
///   Holds and Const the query's name;
/// - the case a switch on an expression took: Site is the SwitchStmt;
/// - the first iteration of a loop: Site is the loop, Rel FirstIteration.
struct Assumption {
  enum class Relation : uint8_t {
    Is,
    Equals,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Holds,
    FirstIteration
  };
  const clang::NamedDecl *Var = nullptr;
  const clang::FieldDecl *Field = nullptr;
  const clang::Stmt *Site = nullptr;
  /// The second subject of a comparison of two (null otherwise).
  const clang::NamedDecl *Other = nullptr;
  const clang::FieldDecl *OtherField = nullptr;
  Relation Rel = Relation::Is;
  /// The constant as written; "" for a flag, a query or a loop.
  std::string Const;
  /// The constant's value, when it is a number.
  std::optional<double> Number;
  /// The constant's class, when it is an object's dynamic class (Const
  /// then names it).
  const clang::CXXRecordDecl *Class = nullptr;
  bool Value = false;
  /// The subject holds whole numbers only (an integer): its open bounds
  /// are the next number's closed ones.
  bool Whole = false;
  /// A bound kept across a step of its variable (`n > 4` after `++n` from
  /// `n > 3`): given up before any other atom past the path bound.
  bool Carried = false;
  /// Assumed of a constant a variable was given (`int64_t bytes = 0`), not
  /// chosen at a branch.
  bool FromValue = false;
  /// Holds on every path of the function, whatever it branched on (a
  /// member the class keeps at one value): not a choice of the path.
  bool Invariant = false;
  const clang::Expr *Where = nullptr;
  /// How a note names the condition (`cfg.fp16_cache`, `smoothing > 0.0`).
  std::string Text;
  /// The same condition (whatever its value).
  bool sameAtom(const Assumption &O) const {
    return Var == O.Var && Field == O.Field && Site == O.Site && Rel == O.Rel &&
           Const == O.Const && Other == O.Other && OtherField == O.OtherField;
  }
  /// Of the same variable, field or switch (whatever the relation).
  bool sameSubject(const Assumption &O) const {
    return Var == O.Var && Field == O.Field && Site == O.Site &&
           Other == O.Other && OtherField == O.OtherField &&
           Rel != Relation::FirstIteration && O.Rel != Relation::FirstIteration;
  }
  bool operator==(const Assumption &O) const {
    return sameAtom(O) && Value == O.Value;
  }
};
using Assumptions = llvm::SmallVector<Assumption, 1>;

/// Adds A to a path's assumptions, kept sorted; false when they contradict
/// it (the other value of the same atom, a second constant for one
/// subject, or numeric bounds that leave no value).
bool assume(Assumptions &As, Assumption A);
/// Whether As decide A (a comparison of a subject with a number, or an
/// atom As hold): true if A follows from them, false if it contradicts
/// them, none if either may be.
std::optional<bool> decided(const Assumptions &As, const Assumption &A);
/// What a path chose at its branches: As without the invariant atoms.
inline Assumptions pathChoices(const Assumptions &As) {
  Assumptions R;
  for (const Assumption &A : As)
    if (!A.Invariant)
      R.push_back(A);
  return R;
}
/// V (or its field F) may have changed: nothing is assumed of it any more
/// (nor of a comparison it is a side of).
void forget(Assumptions &As, const clang::NamedDecl *V,
            const clang::FieldDecl *F = nullptr);

} // namespace torchdtype

#endif
