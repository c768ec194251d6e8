//===- KnownConstants.h - values a path knows of scalar expressions -*- C++ -*-===//
//
// A condition's value, or a number's, where the path's assumptions say what
// the variables it reads hold: `vocab <= INT32_MAX` with `vocab == 20`
// assumed, `cfg.precision == "fp64" || cfg.precision == "double"` with
// `cfg.precision == "fp64"` assumed. Only constants and the variables and
// fields a path assumed equal to one are read; anything else is not known.
// No clang-tidy includes, and no library API: the atoms are the solver's.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_KNOWNCONSTANTS_H
#define TORCHDTYPE_ANALYSIS_KNOWNCONSTANTS_H

#include "solver/Assumption.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>

namespace torchdtype {

/// A constant a subject may be compared with or hold: a string literal
/// ("fp64"), a number (2, 0.5), an enumerator (Precision::Double), a bool.
/// Key is the same for the same value; Text is as written.
struct Constant {
  std::string Key, Text;
  std::optional<double> Number;
  bool IsBool = false;
  /// The dynamic class of a polymorphic object (`std::make_shared<D>()`,
  /// `new D`, a local `D d`, and what points to or refers to them).
  const clang::CXXRecordDecl *Class = nullptr;
  static Constant ofClass(const clang::CXXRecordDecl *RD);
  static Constant boolean(bool B);
  /// The truth of a bool, or of a number (nonzero); none for others.
  std::optional<bool> truth() const;
};

/// The polymorphic class T points to, holds (std::shared_ptr,
/// std::unique_ptr) or refers to, or is; null for any other type.
const clang::CXXRecordDecl *polymorphicClass(clang::QualType T);

/// The constant an expression spells: a literal, an enumerator, a
/// constant expression (`std::numeric_limits<int32_t>::max()`).
std::optional<Constant> constantOf(const clang::Expr *E,
                                   clang::ASTContext &Ctx);

/// What Known says variable V (or its field F) holds: a flag's value, or
/// the constant it was assumed equal to.
std::optional<Constant> assumedValue(const clang::NamedDecl *V,
                                     const clang::FieldDecl *F,
                                     const Assumptions &Known);

/// That V (or its field F) holds K, as a path's assumption: a flag's value
/// (IsFlag) or `Name == K`; none when K cannot be that (a number for a
/// flag, a bool for anything else). Where and Name are for notes.
std::optional<Assumption> holding(const clang::NamedDecl *V,
                                  const clang::FieldDecl *F, bool IsFlag,
                                  const Constant &K, const clang::Expr *Where,
                                  const std::string &Name);

/// The relation an ordering comparison states (`<`: Less ...); none for
/// any other operator.
std::optional<Assumption::Relation>
relationOf(clang::BinaryOperatorKind Op);

/// Whether a long long holds V's whole part (converting one it does not
/// hold is undefined).
inline bool holdsInLongLong(double V) { return V > -9.2e18 && V < 9.2e18; }

/// The atom standing for `this` in a method of its class: the class.
const clang::NamedDecl *thisAtom(const clang::CXXThisExpr *TE);

/// What a call returns, where the caller can tell (a function of the
/// user's whose paths, for the constants the call passes, return one).
using CallConstant =
    llvm::function_ref<std::optional<Constant>(const clang::CallExpr *)>;

/// E's value where the path assumed Known: constants, the variables and
/// fields assumed equal to a constant (or a flag's value), what Calls says
/// calls return, and the comparisons, logic, arithmetic and choices
/// (`c ? a : b`) of those.
std::optional<Constant> knownValue(const clang::Expr *E,
                                   const Assumptions &Known,
                                   clang::ASTContext &Ctx,
                                   CallConstant Calls = nullptr);

} // namespace torchdtype

#endif
