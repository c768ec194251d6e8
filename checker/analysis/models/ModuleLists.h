//===- ModuleLists.h - lists of modules as members --------------*- C++ -*-===//
//
// Internal to checker/analysis/models: what code does to a std::vector or
// std::map of module holders that is a member of a module (what it puts in,
// the elements it reaches), for the sorting of members in
// ModuleMembers.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_MODELS_MODULELISTS_H
#define TORCHDTYPE_ANALYSIS_MODELS_MODULELISTS_H

#include "analysis/ApiModel.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <utility>

namespace torchdtype::members {

/// The field of `this` an expression names (`w_`, `this->w_`), or null.
const clang::FieldDecl *thisField(const clang::Expr *E);
/// A field of any object an expression names, through `->` and `*` of
/// holders (`head_->to(...)`, `net->head_`): the member written.
const clang::FieldDecl *anyField(const clang::Expr *E);
/// `lhs = rhs` (a class's operator= or a built-in one): its two sides.
std::optional<std::pair<const clang::Expr *, const clang::Expr *>>
assignment(const clang::Expr *E);

/// What a method call on a list of modules does to it.
enum class ListUse { Other, Add, Changes };
/// Adds an element (Added: the argument that is the element, null when it
/// is built in place from the arguments), changes the list in a way not
/// followed (a range inserted, assign, swap, resize), or neither.
ListUse listCall(const clang::CXXMemberCallExpr *MC,
                 const clang::Expr *&Added);
/// The module a holder put in a list is made from: `push_back(
/// register_module(...))` converts the std::shared_ptr register_module
/// returns to the list's holder type.
const clang::Expr *throughHolder(const clang::Expr *E);
/// The list-of-modules member an element of it is reached from
/// (`heads_.at(k)`, `heads_[k]->`, `it->second`, a variable of Vars holding
/// one), or null.
const clang::FieldDecl *
listMember(const ApiModel &Api, const clang::Expr *E,
           const llvm::DenseMap<const clang::VarDecl *,
                                const clang::FieldDecl *> &Vars);
/// Each module constructor C puts in list-of-modules member F, given to
/// Put (null: built in place); false when C fills or changes it another way
/// (its initialiser, assigned whole, a range inserted).
bool listFills(const clang::CXXConstructorDecl *C, const clang::FieldDecl *F,
               llvm::function_ref<void(const clang::Expr *)> Put);

} // namespace torchdtype::members

#endif
