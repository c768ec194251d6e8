//===- ModuleLists.cpp - lists of modules as members ----------------------===//
//
// What code does to a std::vector or std::map of module holders that is a
// member of a module: the modules it puts in, the elements it reaches
// (ModuleLists.h).
//
//===----------------------------------------------------------------------===//

#include "ModuleLists.h"
#include "analysis/ExprUtil.h"

using namespace clang;

namespace torchdtype::members {

const FieldDecl *thisField(const Expr *E) {
  E = strip(E);
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1 && isCopyOrMoveOf(CE))
    E = strip(CE->getArg(0)); // a copy given by value
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    if (isa<CXXThisExpr>(strip(ME->getBase())))
      return dyn_cast<FieldDecl>(ME->getMemberDecl());
  return nullptr;
}

const FieldDecl *anyField(const Expr *E) {
  for (int I = 0; E && I < 6; ++I) {
    E = strip(E);
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && (OC->getOperator() == OO_Arrow || OC->getOperator() == OO_Star) &&
        OC->getNumArgs() >= 1) {
      E = OC->getArg(0);
      continue;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1 && isCopyOrMoveOf(CE)) {
      E = CE->getArg(0);
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

std::optional<std::pair<const Expr *, const Expr *>>
assignment(const Expr *E) {
  E = strip(E);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      return std::make_pair(OC->getArg(0), OC->getArg(1));
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Assign)
      return std::make_pair(BO->getLHS(), BO->getRHS());
  return std::nullopt;
}

const Expr *throughHolder(const Expr *E) {
  const auto *CE = dyn_cast_or_null<CXXConstructExpr>(strip(E));
  if (CE && CE->getNumArgs() == 1 && !isCopyOrMoveOf(CE) &&
      CE->getConstructor() && CE->getConstructor()->isConvertingConstructor(false))
    return CE->getArg(0);
  return E;
}

ListUse listCall(const CXXMemberCallExpr *MC, const Expr *&Added) {
  const CXXMethodDecl *M = MC->getMethodDecl();
  Added = nullptr;
  if (!M || !M->getIdentifier())
    return ListUse::Other;
  llvm::StringRef N = M->getName();
  unsigned A = MC->getNumArgs();
  if ((N == "push_back" || N == "push_front") && A == 1) {
    Added = MC->getArg(0);
    return ListUse::Add;
  }
  if (N == "emplace_back" || N == "emplace_front") {
    Added = A == 1 ? MC->getArg(0) : nullptr;
    return ListUse::Add;
  }
  if ((N == "emplace" || N == "try_emplace" || N == "insert_or_assign") &&
      A == 2) {
    Added = MC->getArg(1);
    return ListUse::Add;
  }
  if (llvm::is_contained({"insert", "emplace", "try_emplace", "assign",
                          "swap", "merge", "resize", "insert_or_assign"},
                         N))
    return ListUse::Changes;
  return ListUse::Other;
}

const FieldDecl *
listMember(const ApiModel &Api, const Expr *E,
           const llvm::DenseMap<const VarDecl *, const FieldDecl *> &Vars) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      OverloadedOperatorKind O = OC->getOperator();
      if ((O != OO_Arrow && O != OO_Star && O != OO_Subscript) ||
          OC->getNumArgs() < 1)
        return nullptr;
      E = OC->getArg(0);
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      if (!M || !M->getIdentifier() ||
          !llvm::is_contained({"at", "front", "back", "find", "begin"},
                              M->getName()))
        return nullptr;
      E = MC->getImplicitObjectArgument();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!F || !F->getIdentifier())
        return nullptr;
      if (Api.classify(F->getType()) == TypeKind::ModuleList)
        return F;
      if (F->getName() != "second")
        return nullptr;
      E = ME->getBase(); // a map's entry
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
               CE && CE->getNumArgs() == 1 && isCopyOrMoveOf(CE)) {
      E = CE->getArg(0);
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const ValueDecl *D = DRE->getDecl();
      if (const auto *BD = dyn_cast<BindingDecl>(D)) // `[name, head]`
        D = BD->getDecomposedDecl();
      const auto *VD = dyn_cast_or_null<VarDecl>(D);
      return VD ? Vars.lookup(VD) : nullptr;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

bool listFills(const CXXConstructorDecl *C, const FieldDecl *F,
               llvm::function_ref<void(const Expr *)> Put) {
  for (const CXXCtorInitializer *I : C->inits())
    if (I->getMember() == F && I->isWritten())
      return false; // filled by its initialiser
  bool Other = false;
  llvm::SmallVector<const Stmt *, 16> Work{C->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
        MC && thisField(MC->getImplicitObjectArgument()) == F) {
      const Expr *Added;
      ListUse U = listCall(MC, Added);
      if (U == ListUse::Add)
        Put(Added);
      Other |= U == ListUse::Changes;
    }
    if (const auto *E = dyn_cast<Expr>(S))
      if (auto A = assignment(E)) {
        const auto *Sub = dyn_cast<CXXOperatorCallExpr>(strip(A->first));
        if (thisField(A->first) == F)
          Other = true;
        else if (Sub && Sub->getOperator() == OO_Subscript &&
                 thisField(Sub->getArg(0)) == F)
          Put(A->second); // `heads_[k] = register_module(k, ...)`
      }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return !Other;
}

} // namespace torchdtype::members
