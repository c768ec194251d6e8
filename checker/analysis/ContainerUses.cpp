//===- ContainerUses.cpp - the uses of containers of tensors --------------===//
//
// The part of VarUses' walk (UseClassifier.h) that sorts the uses of
// std::vectors and maps of tensors and of their iterators: those the
// containers' model (models/Containers.cpp) follows (elements read,
// push_back, entries added whole, a map's find compared and read, range-for
// loops) and the rest, which leave the container untracked.
//
//===----------------------------------------------------------------------===//

#include "UseClassifier.h"

using namespace clang;

namespace torchdtype {

bool UseClassifier::findUse(const CXXMemberCallExpr *Call) {
  const Expr *Cur = Call;
  const Stmt *P = parent(Cur);
  while (P && (isa<ImplicitCastExpr>(P) || isa<MaterializeTemporaryExpr>(P) ||
               isa<CXXBindTemporaryExpr>(P) || isa<ExprWithCleanups>(P) ||
               (isa<CXXConstructExpr>(P) &&
                cast<CXXConstructExpr>(P)->getNumArgs() == 1))) {
    Cur = cast<Expr>(P);
    P = parent(Cur);
  }
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
    const auto *It =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!It || It->getType()->isReferenceType())
      return false;
    MapOfIterator[It] = Call;
    return true;
  }
  return iteratorRead(Cur);
}

void UseClassifier::memberListFind(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *M = MC->getMethodDecl();
  const auto *ME =
      dyn_cast<MemberExpr>(MC->getImplicitObjectArgument()->IgnoreImpCasts());
  if (!M || !M->getIdentifier() || M->getName() != "find" || !ME ||
      !isa<FieldDecl>(ME->getMemberDecl()) ||
      Api.classify(ME->getType()) != TypeKind::ModuleList ||
      !isStdMap(ME->getType()))
    return;
  ModuleListOfUse = ListOfUse = nullptr; // (its uses are the sorting's)
  findUse(MC);
}

bool UseClassifier::iteratorRead(const Expr *Cur) {
  const Stmt *P = parent(Cur);
  while (isa_and_nonnull<ImplicitCastExpr>(P) ||
         isa_and_nonnull<MaterializeTemporaryExpr>(P)) {
    Cur = cast<Expr>(P);
    P = parent(Cur);
  }
  const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(P);
  if (!OC || OC->getCallee() == Cur)
    return false;
  if (OC->getOperator() == OO_EqualEqual ||
      OC->getOperator() == OO_ExclaimEqual)
    return true;
  if (OC->getOperator() != OO_Arrow && OC->getOperator() != OO_Star)
    return false;
  const Stmt *Q = parent(OC);
  while (isa_and_nonnull<ParenExpr>(Q))
    Q = parent(cast<Expr>(Q));
  const auto *ME = dyn_cast_or_null<MemberExpr>(Q);
  const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!F || !F->getIdentifier())
    return false;
  return F->getName() == "first" ||
         (F->getName() == "second" &&
          (ModuleListOfUse ? moduleElementUse(ME) : elementRead(ME)));
}

void UseClassifier::visitLoop(const CXXForRangeStmt *S) {
  // `for (auto &head : heads)` over a list of modules: the variable shares
  // the element's module.
  if (const VarDecl *List = refVar(S->getRangeInit());
      List && isModuleList(List))
    if (const VarDecl *LV = S->getLoopVariable()) {
      ElementVars[LV] = List;
      HoldersInContainers.insert(LV);
    }
  if (const DeclStmt *B = S->getBeginStmt())
    if (const auto *It = dyn_cast_or_null<VarDecl>(B->getSingleDecl())) {
      RangeOfBegin[It] = S->getRangeInit();
      LoopVarOfBegin[It] = S->getLoopVariable();
      if (const DeclStmt *R = S->getRangeStmt())
        if (const auto *RV = dyn_cast_or_null<VarDecl>(R->getSingleDecl()))
          RangeVarOfBegin[It] = RV;
    }
  if (const DeclStmt *R = S->getRangeStmt())
    RangeStmts[R] = S;
}

void UseClassifier::finish() {
  // A reference to an element given to code that may rebind it: the list
  // is not followed (in-place ops keep the dtype; an assignment is the
  // list's, FunctionAnalyzer::elementRebound).
  for (const auto &[Ref, List] : ElementRefs)
    if (Escapes.count(Ref))
      UntrackedLists.insert(List);
  for (const auto &[List, LoopVar] : LoopVars) {
    if (isModuleList(List))
      continue; // each use of its variable was asked (ElementVars)
    QualType T = LoopVar->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified() &&
        (Written.count(LoopVar) || Escapes.count(LoopVar)))
      UntrackedLists.insert(List);
  }
}

const Stmt *UseClassifier::aboveConstCasts(const Expr *&Cur) {
  const Stmt *P = parent(Cur);
  while (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P)) {
    CastKind K = IC->getCastKind();
    bool ToBase = K == CK_DerivedToBase || K == CK_UncheckedDerivedToBase;
    if (!ToBase && (K != CK_NoOp || !IC->getType().isConstQualified()))
      return nullptr;
    Cur = IC;
    P = parent(Cur);
  }
  return P;
}

bool UseClassifier::elementRead(const Expr *E, unsigned Depth) {
  const Stmt *P = aboveConstCasts(E);
  if (!P)
    return false;
  // (`auto &t = m["name"];` ends with the key's temporary)
  while (isa<ExprWithCleanups>(P) && isa_and_nonnull<DeclStmt>(parent(P)))
    P = parent(P);
  if (const auto *ME = dyn_cast<MemberExpr>(P)) {
    if (isa<FieldDecl>(ME->getMemberDecl()))
      return !ME->isArrow() && Depth < 4 && elementRead(ME, Depth + 1);
    const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    // (set_data, const in LibTorch, gives the element other data)
    return M && M->isConst() &&
           !(M->getIdentifier() && Api.isLibTorchDecl(M) &&
             Api.isDataSetter(M->getName()));
  }
  // A field's number or flag read (`v[i].rows`).
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(P);
      IC && IC->getCastKind() == CK_LValueToRValue && Depth > 0)
    return true;
  if (const auto *DS = dyn_cast<DeclStmt>(P)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (constRefOrValue(V->getType()))
          continue;
        // `auto &sums = totals[name]`: a tensor element's reference, whose
        // uses finish() checks.
        if (Depth > 0 || !ListOfUse ||
            Api.classify(V->getType().getNonReferenceType()) !=
                TypeKind::Tensor)
          return false;
        ElementRefs[V] = ListOfUse;
      }
    return true;
  }
  return readByCall(P, E, /*Views=*/true);
}

bool UseClassifier::moduleElementUse(const Expr *E, unsigned Depth) {
  if (Depth > 4)
    return false;
  if (returned(E))
    return true;
  const Stmt *P = parent(E);
  while (isa_and_nonnull<ImplicitCastExpr, MaterializeTemporaryExpr,
                         CXXBindTemporaryExpr, ExprWithCleanups>(P)) {
    E = cast<Expr>(P);
    P = parent(E);
  }
  if (!P)
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(P)) {
    // A map's entry: its key, or its module (`kv.second`).
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
      if (ME->isArrow() || !F->getIdentifier())
        return false;
      return F->getName() == "first" ||
             (F->getName() == "second" && moduleElementUse(ME, Depth + 1));
    }
    // The holder's own `is_empty()`; not `ptr()` or `get()`, another
    // handle on the module.
    const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    return M && M->getIdentifier() && M->getName() == "is_empty";
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
    if (OC->getNumArgs() < 1 || OC->getArg(0)->IgnoreParens() != E)
      return false;
    if (OC->getOperator() == OO_Call) // `heads[k](x)`
      return true;
    if (OC->getOperator() != OO_Arrow)
      return false;
    const auto *AM = dyn_cast_or_null<MemberExpr>(throughImplicitCasts(OC));
    const auto *M = AM ? dyn_cast<CXXMethodDecl>(AM->getMemberDecl()) : nullptr;
    if (!M || !M->getIdentifier() ||
        !isa_and_nonnull<CXXMemberCallExpr>(parent(AM)))
      return false;
    // Converted (models/Modules.cpp joins the conversion into the list),
    // run, or a flag set that leaves the parameters as they are.
    llvm::StringRef N = M->getName();
    return Api.isModuleConversion(N) || Api.isModuleForward(N) ||
           llvm::is_contained({"eval", "train", "is_training", "zero_grad",
                               "name", "pretty_print"},
                              N);
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(P); C && isCopyOrMoveOf(C))
    return moduleElementUse(C, Depth + 1);
  if (const auto *DS = dyn_cast<DeclStmt>(P)) {
    // `auto head = heads.at(k)`: a handle on the element's module.
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !isModuleHandle(V->getType()))
        return false;
      ElementVars[V] = ModuleListOfUse;
      HoldersInContainers.insert(V);
    }
    return true;
  }
  return false;
}

bool UseClassifier::returned(const Expr *E) {
  const Stmt *P = parent(E);
  while (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P)) {
    if (IC->getCastKind() != CK_NoOp)
      return false;
    P = parent(IC);
  }
  if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(P);
      C && isCopyOrMoveOf(C))
    P = parent(C);
  while (isa_and_nonnull<ExprWithCleanups, CXXBindTemporaryExpr>(P))
    P = parent(cast<Expr>(P));
  return isa_and_nonnull<ReturnStmt>(P);
}

bool UseClassifier::listUse(const VarDecl *VD, const DeclRefExpr *DRE) {
  const Expr *Cur = DRE;
  ListOfUse = VD;
  if (returned(DRE))
    return true;
  const Stmt *P = aboveConstCasts(Cur);
  if (!P)
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(P)) {
    const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (!M || !M->getIdentifier() || ME->getBase()->IgnoreParens() != Cur)
      return false;
    llvm::StringRef N = M->getName();
    if (N == "push_back" || N == "emplace_back" || N == "push_front" ||
        N == "emplace_front" || N == "pop_back" || N == "pop_front" ||
        N == "clear" || N == "reserve" || N == "size" || N == "empty" ||
        N == "capacity" || N == "end" || N == "cend")
      return true;
    // `std::sort(v.begin(), v.end(), less)`: the elements permuted, their
    // join the same.
    if (N == "begin")
      if (const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(parent(ME)))
        if (permutedBy(Call))
          return true;
    if (isMap(VD) && N == "find")
      if (const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(parent(ME))) {
        ModuleListOfUse = isModuleList(VD) ? VD : nullptr;
        return findUse(Call);
      }
    // A map of tensors: entries added whole, keys looked up.
    if (isMap(VD) &&
        (N == "emplace" || N == "insert_or_assign" || N == "try_emplace" ||
         N == "count" || N == "contains" || N == "erase"))
      return true;
    const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(parent(ME));
    ModuleListOfUse = VD;
    return (N == "at" || N == "front" || N == "back") && Call &&
           elementUse(VD, Call);
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P);
      OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
      OC->getArg(0)->IgnoreParens() == Cur) {
    // `m[key] = t`: the map's join takes t (FlowDriver's assignment).
    if (const auto *A = dyn_cast_or_null<CXXOperatorCallExpr>(parent(OC));
        isMap(VD) && A && A->getOperator() == OO_Equal &&
        A->getNumArgs() == 2 && A->getArg(0)->IgnoreParens() == OC)
      return true;
    ModuleListOfUse = VD;
    return elementUse(VD, OC);
  }
  if (const auto *DS = dyn_cast<DeclStmt>(P)) {
    auto It = RangeStmts.find(DS);
    if (It == RangeStmts.end())
      return false;
    LoopVars.push_back({VD, It->second->getLoopVariable()});
    return true;
  }
  // A list of modules given to other code, even by const reference: its
  // modules may be converted there.
  if (isModuleList(VD))
    return false;
  return readByCall(P, Cur, /*Views=*/true) || filledByCallee(VD, P, Cur);
}

bool UseClassifier::filledByCallee(const VarDecl *VD, const Stmt *P,
                                   const Expr *E) {
  // `encode(batch, cache)` with `void encode(..., Cache &cache)` of the
  // user's: what the callee puts in is the caller's
  // (FunctionAnalyzer::listArgumentsAfter), which forgets the list where
  // the callee does more.
  const auto *CE = dyn_cast<CallExpr>(P);
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!F || isa<CXXOperatorCallExpr>(CE) || !F->hasBody(Def) || !Def ||
      Api.isLibTorchDecl(F) || isStdLibrary(F) ||
      Api.classify(VD->getType().getNonReferenceType()) != TypeKind::TensorList)
    return false;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isVirtual())
    return false;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    if (CE->getArg(I)->IgnoreParens() != E)
      continue;
    if (I >= F->getNumParams())
      return false;
    QualType PT = F->getParamDecl(I)->getType();
    if (!PT->isReferenceType() || PT.getNonReferenceType().isConstQualified() ||
        PT.getNonReferenceType().getCanonicalType().getUnqualifiedType() !=
            VD->getType().getNonReferenceType().getCanonicalType().getUnqualifiedType())
      return false;
  }
  return true;
}

bool UseClassifier::permutedBy(const Expr *Begin) {
  const Stmt *P = parent(Begin);
  while (isa_and_nonnull<ImplicitCastExpr, MaterializeTemporaryExpr,
                         CXXBindTemporaryExpr, CXXConstructExpr>(P))
    P = parent(cast<Expr>(P));
  const auto *CE = dyn_cast_or_null<CallExpr>(P);
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || !isStdLibrary(F))
    return false;
  return llvm::is_contained({"sort", "stable_sort", "reverse", "shuffle",
                             "rotate", "partial_sort", "nth_element"},
                            F->getName());
}

} // namespace torchdtype
