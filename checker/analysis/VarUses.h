//===- VarUses.h - how a function's body uses its variables --*- C++ -*-===//
// Internal to checker/analysis: what VarUses.cpp's one walk of a function's
// body finds, asked by FunctionAnalyzer::uses().
// No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_VARUSES_H
#define TORCHDTYPE_ANALYSIS_VARUSES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace torchdtype {

/// How the body uses its variables (VarUses.cpp), found once: those
/// assigned or incremented, and those that may change another way.
struct VarUses {
  llvm::SmallPtrSet<const clang::VarDecl *, 16> Written, Escaping;
  /// Captured by reference by a lambda (whose body's uses count as the
  /// function's own).
  llvm::SmallPtrSet<const clang::VarDecl *, 16> CapturedByRef;
  /// A non-const method called on them or on a field of theirs that holds
  /// nothing the analysis follows (`cfg.ids.push_back(3)`): their fields
  /// are not taken as flags to split a call's path by (CallFlags.cpp).
  llvm::SmallPtrSet<const clang::VarDecl *, 4> ChangedByMethods;
  /// std::vectors of tensors used some way other than those the
  /// analysis follows (elements read, push_back, a const reference).
  llvm::SmallPtrSet<const clang::VarDecl *, 4> UntrackedLists;
  /// The iterator variable of a range-based for, and its range.
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> RangeOfBegin;
  /// ... and the variable the range is held in (`__range1`, which holds a
  /// temporary range: `for (auto &x : t.unbind(0))`).
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *>
      RangeVarOfBegin;
  /// ... and the loop's variable.
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *>
      LoopVarOfBegin;
  /// An iterator variable `find` gave (`auto it = m.find(k)`), used only
  /// to compare and read: that call.
  llvm::DenseMap<const clang::VarDecl *, const clang::CXXMemberCallExpr *>
      MapOfIterator;
  /// Module holders and shared_ptrs of modules made as copies of another
  /// variable (`torch::nn::Linear l2 = l;`, `auto m = net;`): each shares
  /// its module with the others listed for it.
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::VarDecl *, 2>>
      SharedModules;
  /// Holders copied into a container or given to a function of std (an
  /// element of `std::vector<Linear>{l}`, `heads.emplace("a", l)`): a
  /// module converted through an element may be theirs.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> HoldersInContainers;
  /// Non-const references to an element of a followed list of tensors
  /// (`auto &sums = totals[name];`), used only to read it or write it in
  /// place, and the list: a write to the list forgets what they hold.
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *> ElementRefs;
  bool HasBody = false;
};

} // namespace torchdtype

#endif
