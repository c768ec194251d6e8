//===- ExprUtil.h - expression shapes the analysis looks through -*- C++
//-*-===//
//
// Syntactic helpers shared by the transfer functions: wrappers to strip,
// braced lists, the object and arguments of a call, the storage an
// expression names. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_EXPRUTIL_H
#define TORCHDTYPE_ANALYSIS_EXPRUTIL_H

#include "ApiModel.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace torchdtype {

/// A call of a free function of std named one of Names (`std::swap(a, b)`).
bool callsStd(const clang::CallExpr *Call,
              std::initializer_list<llvm::StringRef> Names);
/// Looks through parentheses, implicit casts, temporaries, cleanups and
/// std::move, std::forward and std::as_const.
const clang::Expr *strip(const clang::Expr *E);
/// The object an overloaded `->` goes through (`p` of `p->f()`, a smart
/// pointer or a module holder), stripped; E stripped otherwise.
const clang::Expr *throughArrow(const clang::Expr *E);
/// The variable at the root of `v`, `v.f`, `v.f.g` (not through `->`).
const clang::VarDecl *rootVar(const clang::Expr *E);
/// Whether S names (somewhere under it) a variable Pred accepts.
inline bool namesVar(const clang::Stmt *S,
                     llvm::function_ref<bool(const clang::VarDecl *)> Pred) {
  if (!S)
    return false;
  if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(S))
    if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
        VD && Pred(VD))
      return true;
  for (const clang::Stmt *C : S->children())
    if (namesVar(C, Pred))
      return true;
  return false;
}
/// A braced list with elements, possibly inside an IntArrayRef or
/// std::initializer_list built from it.
bool isNonEmptyList(const clang::Expr *E);
/// The number of elements of a braced list ({2, 3}: 2), or 0.
unsigned listLength(const clang::Expr *E);
/// How many dimensions a size argument (an IntArrayRef) gives: the length
/// of a braced list of integers, one for a single integer; none if it is
/// not written out.
std::optional<unsigned> sizeListRank(const clang::Expr *Size);
/// A braced list, through std::initializer_list and one-argument
/// constructors built from it (c10::ArrayRef, c10::List); null otherwise.
const clang::InitListExpr *bracedList(const clang::Expr *E);
/// The key and value of one entry of a map's braced list (`{k, v}`, as a
/// std::pair made or a list of two); nulls for anything else.
std::pair<const clang::Expr *, const clang::Expr *>
pairEntry(const clang::Expr *El);
/// ArrayRef or std::initializer_list of at::indexing::TensorIndex: the
/// index list of Tensor::index and index_put_ (tensors, slices, integers).
bool isIndexList(clang::QualType T);
/// The first element of a braced list, through std::initializer_list; null
/// if there is none.
const clang::Expr *firstListElement(const clang::Expr *E);
/// The object of a member call (or member operator), and the arguments.
const clang::Expr *splitCall(const clang::CallExpr *CE,
                             const clang::FunctionDecl *Callee,
                             llvm::SmallVectorImpl<const clang::Expr *> &Args);
bool isCopyOrMoveOf(const clang::CXXConstructExpr *CE);
/// Whether a variable is assigned, incremented or decremented, or has its
/// address taken anywhere in Body (then its value at a use may not be its
/// initializer); true without a body.
bool rewrittenIn(const clang::VarDecl *V, const clang::Stmt *Body);
/// The C++ arithmetic type behind a number argument (also through the
/// c10::Scalar it was converted to), or null.
clang::QualType numberType(const clang::Expr *E);
/// The value of a number argument (also through its c10::Scalar), when the
/// compiler can evaluate it.
std::optional<double> numberValue(const clang::Expr *E,
                                  clang::ASTContext &Ctx);
/// A call of the function AT_DISPATCH_* reads the dispatched dtype through
/// (detail::scalar_type, api.json names.dispatch_type_readers).
bool isDispatchTypeRead(const clang::CallExpr *CE, const ApiModel &Api);
/// The argument given to the setter named Setter in a chain that builds a
/// LibTorch options object (`F::CrossEntropyFuncOptions().weight(w)
/// .label_smoothing(0.1)`), through local copies Unchanged accepts; null if
/// the chain does not call it.
const clang::Expr *
optionSetterArg(const clang::Expr *E, llvm::StringRef Setter,
                const ApiModel &Api,
                llvm::function_ref<bool(const clang::VarDecl *)> Unchanged);
/// The number of elements of the braced list an options object is made of
/// (`F::PadFuncOptions({1, 1, 2, 2})`: 4), through the chain's setters and
/// local copies Unchanged accepts; none if it is not made so.
std::optional<unsigned>
optionsListLength(const clang::Expr *E, const ApiModel &Api,
                  llvm::function_ref<bool(const clang::VarDecl *)> Unchanged);
/// The tensor whose dtype E reads (`x.scalar_type()`, `x.dtype()`),
/// through local copies Unchanged accepts and isDispatchTypeRead calls;
/// ThroughReader, if given, says whether the chain went through one.
const clang::Expr *
dtypeReadTensor(const clang::Expr *E, const ApiModel &Api,
                llvm::function_ref<bool(const clang::VarDecl *)> Unchanged,
                bool *ThroughReader = nullptr);
/// The type inside (nested) optionals; null if it cannot be read.
clang::QualType unwrapOptional(const ApiModel &Api, clang::QualType T);
/// std::nullopt_t or c10::nullopt_t: an optional's empty value.
bool isNulloptType(clang::QualType T);
/// Whether D belongs to the standard library (a member: its class's
/// namespace). Its functions are never run as the user's code: whether a
/// template member has a body in the unit depends on a precompiled header.
bool isStdLibrary(const clang::Decl *D);
/// A std::map or std::unordered_map (through a reference).
bool isStdMap(clang::QualType T);
/// `L == R` or `L != R`, built-in or an overloaded operator (std::string,
/// c10::Device, TypeMeta against ScalarType).
struct Equality {
  const clang::Expr *L = nullptr, *R = nullptr;
  bool NotEqual = false;
};
std::optional<Equality> equalityOf(const clang::Expr *E);
/// A parameter of this type shares the caller's module: a torch::nn module
/// or holder, or a shared_ptr to one, by value, reference or pointer.
bool sharesModule(const ApiModel &Api, clang::QualType ParamType);
/// The tracked storage an expression names: a variable, a member of `this`,
/// through `*`, `&`, `->`, get() and ptr(); null otherwise.
const clang::Decl *storageOf(const clang::Expr *E);
/// The variable or member a local reference (`auto &r = a`) or const
/// pointer (`Tensor *const p = &a`) names for its whole life, of the type
/// it refers to: reads and writes through it are the target's. Null for
/// anything else (a reference bound to a temporary, an element, an
/// iterator's pointee, a range-for's element).
const clang::Decl *aliasedStorage(const clang::VarDecl *VD);
/// What a pointer or std::reference_wrapper is made to point to by its
/// initializer (`&x`, `std::ref(x)`): x; null for anything else.
const clang::Expr *pointedTo(const clang::Expr *Init);
std::string nameOfStorage(const clang::Decl *D);
/// The argument of an implicit conversion (a DeviceType made a Device).
const clang::Expr *peelConversion(const clang::Expr *E);
/// The expression an argument was written as, through the one-argument
/// constructors that convert it to its parameter's type (Scalar(2.0),
/// optional<Tensor>(t), a TensorDataContainer made from a number); unlike
/// peelConversion, a constructor of more arguments is kept.
const clang::Expr *writtenArgument(const clang::Expr *E);
/// The local variable or tracked storage an object made by Made lives in
/// (`Guard g(...)`, `g = Guard(...)`); null for a temporary.
const clang::Decl *holderOf(const clang::Expr *Made, clang::ASTContext &Ctx);
/// A type whose constant values the paths keep (a bool, number, enum or
/// string), so that a call passing one can take the callee's paths it picks.
bool constantCarrier(clang::QualType T, const ApiModel &Api);
/// A std::function (or a reference to one).
bool isStdFunction(clang::QualType T);
/// A plain struct of the user's (no base, not a library's), whose scalar
/// fields a call may pass along with it.
const clang::CXXRecordDecl *plainRecord(clang::QualType T,
                                        const ApiModel &Api);

/// The key a path keeps the module a method runs on under, once the
/// method converted it (`to(dtype)`): the module's class.
inline const clang::Decl *thisModuleKey(const clang::CXXThisExpr *This) {
  const clang::CXXRecordDecl *RD = This->getType()->getPointeeCXXRecordDecl();
  return RD ? RD->getCanonicalDecl() : nullptr;
}

/// A defaulted copy or move constructor or assignment: each field gets the
/// value of the same field of another object of the class.
inline bool isDefaultedCopy(const clang::FunctionDecl *F) {
  if (!F->isDefaulted())
    return false;
  if (const auto *C = llvm::dyn_cast<clang::CXXConstructorDecl>(F))
    return C->isCopyOrMoveConstructor();
  const auto *M = llvm::dyn_cast<clang::CXXMethodDecl>(F);
  return M && (M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator());
}

} // namespace torchdtype

#endif
