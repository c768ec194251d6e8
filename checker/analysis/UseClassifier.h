//===- UseClassifier.h - one walk sorting a body's variable uses -*- C++
//-*-===//
// Internal to checker/analysis: the walk behind FunctionAnalyzer::uses().
// VarUses.cpp sorts the uses of each variable (read, written, escaping);
// ContainerUses.cpp those of std::vectors and maps of tensors and of their
// iterators. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_USECLASSIFIER_H
#define TORCHDTYPE_ANALYSIS_USECLASSIFIER_H

#include "ASTWalk.h"
#include "ApiModel.h"
#include "ExprUtil.h"
#include "KnownConstants.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace torchdtype {

/// How a function's body uses each local variable and parameter, in one
/// pass: whether it is ever written by an assignment or increment of it or
/// its fields (which the analysis sees), and whether it may change another
/// way (a non-const reference or pointer to it, a non-const method, a
/// lambda capturing it by reference, any use not known to be a read).
class UseClassifier : public NodeVisitor {
public:
  UseClassifier(const clang::Stmt *Body, const ApiModel &Api)
      : Parents(const_cast<clang::Stmt *>(Body)), Api(Api) {}
  bool visitStmt(clang::Stmt *S) override {
    if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S))
      visitDecls(DS);
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(S))
      visitRef(DRE);
    else if (const auto *LE = llvm::dyn_cast<clang::LambdaExpr>(S))
      visitLambda(LE);
    else if (const auto *R = llvm::dyn_cast<clang::CXXForRangeStmt>(S))
      visitLoop(R);
    else if (const auto *MC = llvm::dyn_cast<clang::CXXMemberCallExpr>(S))
      memberListFind(MC);
    return true;
  }
  /// `auto it = heads_.find(k)` on a list-of-modules member, whose
  /// changes the member's sorting follows (models/ModuleMembers.cpp): the
  /// iterator is followed as a local map's is.
  void memberListFind(const clang::CXXMemberCallExpr *MC);
  void visitRef(const clang::DeclRefExpr *DRE);
  /// A use of a variable holding an element of a list of modules
  /// (ElementVars): one moduleElementUse follows, else the list is not
  /// followed.
  void elementVarUse(const clang::VarDecl *VD, const clang::DeclRefExpr *DRE);
  static const clang::VarDecl *refVar(const clang::Expr *E) {
    const auto *DRE =
        llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
  }
  /// `m.find(k)` on a map: compared, its entry read (`->second`), or held
  /// in an iterator variable used only so (MapOfIterator).
  bool findUse(const clang::CXXMemberCallExpr *Call);
  /// An iterator of a map compared (`it != m.end()`) or its entry read:
  /// the key, or the value read (`it->second`, `(*it).second`).
  bool iteratorRead(const clang::Expr *Cur);
  bool isModuleHandle(clang::QualType T) const {
    TypeKind K = Api.classify(T.getNonReferenceType());
    return K == TypeKind::Holder || K == TypeKind::ModulePtr;
  }
  /// `Linear l2 = l;`: the two share one module.
  void visitDecls(const clang::DeclStmt *DS);
  /// A holder variable copied into a braced list or given to std's code.
  void holderUse(const clang::VarDecl *VD, const clang::DeclRefExpr *DRE);
  void visitLambda(const clang::LambdaExpr *LE);
  void visitLoop(const clang::CXXForRangeStmt *S);
  /// After the traversal: a list whose range-for variable is a non-const
  /// reference that is written or escapes is not followed.
  void finish();
  llvm::SmallPtrSet<const clang::VarDecl *, 16> Written, Escapes, CapturedByRef;
  llvm::SmallPtrSet<const clang::VarDecl *, 4> ChangedByMethods;
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::VarDecl *, 2>>
      SharedModules;
  llvm::SmallPtrSet<const clang::VarDecl *, 4> HoldersInContainers;
  /// Non-const references to an element of a list of tensors, and the list
  /// (VarUses::ElementRefs).
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *> ElementRefs;
  llvm::SmallPtrSet<const clang::VarDecl *, 4> UntrackedLists;
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> RangeOfBegin;
  llvm::DenseMap<const clang::VarDecl *, const clang::CXXMemberCallExpr *>
      MapOfIterator;
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *>
      RangeVarOfBegin;
  /// ... and the loop's variable.
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *>
      LoopVarOfBegin;

private:
  const clang::Stmt *parent(const clang::Stmt *S) {
    const clang::Stmt *P = Parents.getParent(const_cast<clang::Stmt *>(S));
    while (P && llvm::isa<clang::ParenExpr>(P))
      P = Parents.getParent(const_cast<clang::Stmt *>(P));
    return P;
  }
  /// S's parent past implicit casts (and parentheses).
  const clang::Stmt *throughImplicitCasts(const clang::Stmt *S) {
    const clang::Stmt *P = parent(S);
    while (llvm::isa_and_nonnull<clang::ImplicitCastExpr>(P))
      P = parent(P);
    return P;
  }
  /// E (a holder or smart pointer) is the object of `->` whose result a
  /// const method is called on.
  bool constMethodThroughArrow(const clang::Expr *E);
  bool inertField(const clang::FieldDecl *F) const {
    clang::QualType T = F->getType();
    return !T->isReferenceType() && !T->isPointerType() && T->isRecordType() &&
           !constantCarrier(T, Api) && Api.classify(T) == TypeKind::None;
  }
  static bool constRefOrValue(clang::QualType T) {
    return !T->isReferenceType() || T.getNonReferenceType().isConstQualified();
  }
  /// A non-const method with a const overload of the same parameters
  /// (std::optional's operator* and value(), std::vector's operator[] and
  /// front()): an accessor, whose result's use says whether the object is
  /// read (std::map's operator[], which inserts, has no such overload).
  static bool accessor(const clang::CXXMethodDecl *M);
  /// A non-virtual method of the user's with a body here that uses `this`
  /// only to reach members, and calls only such methods of its class.
  bool seenMethod(const clang::CXXMethodDecl *M, unsigned Depth = 0) const;
  void classify(const clang::VarDecl *VD, const clang::DeclRefExpr *DRE);

  bool isMap(const clang::VarDecl *VD) const {
    return isList(VD) && isStdMap(VD->getType());
  }
  bool isList(const clang::VarDecl *VD) const {
    TypeKind K = Api.classify(VD->getType().getNonReferenceType());
    return K == TypeKind::TensorList || K == TypeKind::RecordList ||
           K == TypeKind::ModuleList;
  }
  bool isModuleList(const clang::VarDecl *VD) const {
    return Api.classify(VD->getType().getNonReferenceType()) ==
           TypeKind::ModuleList;
  }
  /// An element of a list of modules (E: the holder, or the pair of a
  /// map's entry) used in a way the analysis follows: called, converted or
  /// switched to eval through `->`, its key read, returned, or held by a
  /// variable (which then shares the module: HoldersInContainers). Not
  /// followed: given to other code, its parameters or children taken, its
  /// `ptr()`, rebound.
  bool moduleElementUse(const clang::Expr *E, unsigned Depth = 0);
  /// An element read: a list of modules' (moduleElementUse) or another's
  /// (elementRead).
  bool elementUse(const clang::VarDecl *List, const clang::Expr *E) {
    return isModuleList(List) ? moduleElementUse(E) : elementRead(E);
  }
  /// Up through casts that only add const, or view the object as its base
  /// (`v[0].scalar_type()`: a method of at::TensorBase, whose constness the
  /// caller checks as for any other).
  const clang::Stmt *aboveConstCasts(const clang::Expr *&Cur);
  /// E is passed to a parameter by value or const reference (or is the
  /// object of a const method); with Views, to the constructor of a
  /// LibTorch list view (ArrayRef, IListRef, whose constructor takes a
  /// non-const reference in 1.13), which only reads it.
  bool readByCall(const clang::Stmt *P, const clang::Expr *E, bool Views);
  /// An element of a list (`v[i]`, `v.at(i)`), or a record's field of one
  /// (`v[i].x`), is only read.
  bool elementRead(const clang::Expr *E, unsigned Depth = 0);
  /// `return v;`: the list copied or moved out as the function ends.
  bool returned(const clang::Expr *E);
  /// A use of a std::vector of tensors that the analysis follows.
  bool listUse(const clang::VarDecl *VD, const clang::DeclRefExpr *DRE);

  /// A list of tensors given by non-const reference to a function of the
  /// user's whose body is here (the list takes what it puts in).
  bool filledByCallee(const clang::VarDecl *VD, const clang::Stmt *P,
                      const clang::Expr *E);
  /// An iterator given to a std algorithm that only reorders the elements.
  bool permutedBy(const clang::Expr *Begin);

  clang::ParentMap Parents;
  const ApiModel &Api;
  llvm::DenseMap<const clang::DeclStmt *, const clang::CXXForRangeStmt *>
      RangeStmts;
  llvm::SmallVector<std::pair<const clang::VarDecl *, const clang::VarDecl *>,
                    4>
      LoopVars;
  /// The variables holding an element of a list of modules (a range-for's
  /// variable, a copy of or reference to an element), and the list: each
  /// of their uses must be one moduleElementUse follows.
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *> ElementVars;
  /// The list listUse is asked about.
  const clang::VarDecl *ListOfUse = nullptr;
  /// The list of modules moduleElementUse is asked about.
  const clang::VarDecl *ModuleListOfUse = nullptr;
};

} // namespace torchdtype

#endif
