//===- Callers.h - who calls the functions of a translation unit -*- C++ -*-===//
//
// Extension code is split between the functions Python calls (bound with
// pybind11's def, or TORCH_LIBRARY's def and impl) and helpers and launchers
// called from them, often from another file. What a function may assume of
// its tensors depends on its callers; this index says which callers the
// translation unit shows. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_CALLERS_H
#define TORCHDTYPE_ANALYSIS_CALLERS_H

#include "ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace torchdtype {

class PythonWrappers;

/// How the functions of one translation unit are called (built on first use).
class CallerIndex {
public:
  CallerIndex(clang::ASTContext &Ctx, const ApiModel &Api)
      : Ctx(Ctx), Api(Api) {}

  struct Uses {
    llvm::SmallVector<const clang::Expr *, 4> Calls;
    bool Escapes = false; ///< named other than as a callee (its address)
    bool Bound = false;   ///< given to a Python binding (api.json's
                          ///< python_bindings)
    llvm::SmallVector<std::string, 1> BoundNames; ///< the names it is bound as
  };
  /// The calls and other namings of F (a template's, for its
  /// specializations).
  const Uses &usesOf(const clang::FunctionDecl *F);

  /// Whether every caller of F is in this unit: called here and nowhere
  /// else (its address not taken, not main), or bound to Python here.
  bool callersInUnit(const clang::FunctionDecl *F);

  /// Whether the unit shows where F's arguments come from: F is bound to
  /// Python here, or, with all its callers here, one of them takes no
  /// tensor (it makes those it passes) or has its entry in sight (up to
  /// four callers up). With Python (which gives the extension's package,
  /// or null; asked only when a bound function is reached), a function
  /// whose every Python caller casts its arguments first
  /// (PythonWrappers::Callers::Casting) is not an entry in sight: its
  /// arguments come with one dtype.
  bool
  entryInSight(const clang::FunctionDecl *F,
               llvm::function_ref<const PythonWrappers *()> Python = nullptr,
               unsigned Depth = 0);

  /// The function S is in, through lambdas (a lambda's body belongs to the
  /// function that writes it); null at namespace scope.
  const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S) const;

  clang::ASTContext &ast() const { return Ctx; }

private:
  clang::ASTContext &Ctx;
  const ApiModel &Api;
  bool Indexed = false;
  llvm::DenseMap<const clang::FunctionDecl *, Uses> Index;
};

/// The key of a function in the index: the template a specialization was
/// instantiated from, its first declaration.
const clang::FunctionDecl *callerKey(const clang::FunctionDecl *F);

/// A tensor, or a list or optional of tensors (at::TensorList,
/// std::vector<at::Tensor>, c10::optional<at::Tensor> ...).
bool holdsTensor(clang::QualType T, const ApiModel &Api);

/// Whether D is the call operator of a lambda.
bool isLambdaOperator(const clang::Decl *D);

} // namespace torchdtype

#endif
