//===- VarUses.cpp - how a function's body uses its variables ------------===//
//
// One walk of a function's body sorts its local variables and parameters:
// those written only by assignments and increments the analysis sees,
// those that may change another way (escaping), the std::vectors and maps of
// tensors whose every use the analysis follows, the iterators of range-based
// for loops and of a map's find. Conditions' assumptions (ConditionSubjects.cpp)
// and the containers' model (models/Containers.cpp) ask it.
//
//===----------------------------------------------------------------------===//

#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "KnownConstants.h"
#include "PathStates.h"
#include "UseClassifier.h"

using namespace clang;

namespace torchdtype {

void UseClassifier::visitRef(const DeclRefExpr *DRE) {
  if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
    classify(VD, DRE);
    if (Api.classify(VD->getType().getNonReferenceType()) == TypeKind::Holder)
      holderUse(VD, DRE);
    if (isList(VD) && !listUse(VD, DRE))
      UntrackedLists.insert(VD);
    if (auto It = MapOfIterator.find(VD); It != MapOfIterator.end()) {
      const VarDecl *Map = refVar(It->second->getImplicitObjectArgument());
      ModuleListOfUse = Map && isModuleList(Map) ? Map : nullptr;
      ListOfUse = Map;
      if (!iteratorRead(DRE) && Map)
        UntrackedLists.insert(Map);
    }
    elementVarUse(VD, DRE);
  } else if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl())) {
    // `auto &[name, t] = entry`: a use of t is one of the entry.
    if (const auto *DD = dyn_cast_or_null<VarDecl>(BD->getDecomposedDecl())) {
      classify(DD, DRE);
      if (isModuleHandle(DRE->getType())) // (not the key)
        elementVarUse(DD, DRE);
    }
  }
}

void UseClassifier::elementVarUse(const VarDecl *VD, const DeclRefExpr *DRE) {
  auto It = ElementVars.find(VD);
  if (It == ElementVars.end())
    return;
  ModuleListOfUse = It->second;
  if (!moduleElementUse(DRE))
    UntrackedLists.insert(It->second);
}

void UseClassifier::visitDecls(const DeclStmt *DS) {
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->getInit() || VD->getType()->isReferenceType() ||
        !isModuleHandle(VD->getType()))
      continue;
    const Expr *Init = strip(VD->getInit());
    if (const auto *C = dyn_cast<CXXConstructExpr>(Init);
        C && C->getNumArgs() == 1 && isCopyOrMoveOf(C))
      Init = strip(C->getArg(0));
    const auto *Src = dyn_cast<DeclRefExpr>(Init);
    const auto *W = Src ? dyn_cast<VarDecl>(Src->getDecl()) : nullptr;
    if (!W || W == VD || !isModuleHandle(W->getType()))
      continue;
    SharedModules[VD].push_back(W);
    SharedModules[W].push_back(VD);
  }
}

void UseClassifier::holderUse(const VarDecl *VD, const DeclRefExpr *DRE) {
  const Stmt *P = parent(DRE);
  while (isa_and_nonnull<ImplicitCastExpr, MaterializeTemporaryExpr,
                         CXXBindTemporaryExpr, ParenExpr>(P) ||
         (isa_and_nonnull<CXXConstructExpr>(P) &&
          isCopyOrMoveOf(cast<CXXConstructExpr>(P))))
    P = parent(cast<Expr>(P));
  const FunctionDecl *Callee = nullptr;
  if (const auto *CE = dyn_cast_or_null<CallExpr>(P))
    Callee = CE->getDirectCallee();
  else if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(P))
    Callee = C->getConstructor();
  if (isa_and_nonnull<InitListExpr>(P) ||
      (Callee && isStdLibrary(Callee) && !isa<CXXOperatorCallExpr>(P)))
    HoldersInContainers.insert(VD);
}

void UseClassifier::visitLambda(const LambdaExpr *LE) {
  for (const LambdaCapture &C : LE->captures())
    if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
      if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar())) {
        // What the lambda's body does with it is classified as uses of
        // its own (shouldVisitLambdaBody).
        CapturedByRef.insert(VD);
        if (isList(VD))
          UntrackedLists.insert(VD);
      }
}

bool UseClassifier::constMethodThroughArrow(const Expr *E) {
  const auto *OC =
      dyn_cast_or_null<CXXOperatorCallExpr>(throughImplicitCasts(E));
  if (!OC || OC->getOperator() != OO_Arrow || OC->getNumArgs() != 1 ||
      OC->getArg(0)->IgnoreParenImpCasts() != E)
    return false;
  const auto *AM = dyn_cast_or_null<MemberExpr>(throughImplicitCasts(OC));
  const auto *M = AM ? dyn_cast<CXXMethodDecl>(AM->getMemberDecl()) : nullptr;
  return M && M->isConst() && AM->isArrow() &&
         isa_and_nonnull<CXXMemberCallExpr>(parent(AM));
}

bool UseClassifier::accessor(const CXXMethodDecl *M) {
  if (!M || M->isConst() || !M->getParent())
    return false;
  for (const NamedDecl *D : M->getParent()->lookup(M->getDeclName())) {
    const auto *O = dyn_cast<CXXMethodDecl>(D->getUnderlyingDecl());
    if (!O || O == M || !O->isConst() || O->getNumParams() != M->getNumParams())
      continue;
    bool Same = true;
    for (unsigned I = 0; I < M->getNumParams(); ++I)
      Same &= O->getParamDecl(I)->getType().getCanonicalType() ==
              M->getParamDecl(I)->getType().getCanonicalType();
    if (Same)
      return true;
  }
  return false;
}

bool UseClassifier::seenMethod(const CXXMethodDecl *M, unsigned Depth) const {
  const FunctionDecl *Def = nullptr;
  if (Depth > 3 || M->isVirtual() || !M->hasBody(Def) || !Def ||
      Api.isLibTorchDecl(M) || isStdLibrary(M) || isa<CXXConstructorDecl>(M) ||
      isa<CXXDestructorDecl>(M) || M->getParent()->isLambda())
    return false;
  struct ThisUses : NodeVisitor {
    unsigned This = 0, Reached = 0;
    llvm::SmallVector<const CXXMethodDecl *, 4> Calls;
    bool visitStmt(Stmt *S) override {
      if (isa<CXXThisExpr>(S))
        ++This;
      else if (const auto *ME = dyn_cast<MemberExpr>(S);
               ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
        ++Reached;
        if (const auto *CM = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
            CM && !CM->isConst())
          Calls.push_back(CM);
      } else if (isa<LambdaExpr>(S)) {
        ++This; // a lambda may capture this
      }
      return true;
    }
  } U;
  U.walk(Def->getBody());
  if (U.This != U.Reached)
    return false;
  return llvm::all_of(U.Calls, [&](const CXXMethodDecl *C) {
    return C == M || seenMethod(C, Depth + 1);
  });
}

void UseClassifier::classify(const VarDecl *VD, const DeclRefExpr *DRE) {
  // Through fields: `cfg.fast` is a use of cfg.
  const Expr *Cur = DRE;
  const Stmt *P = parent(Cur);
  for (int Hop = 0; Hop < 4; ++Hop) {
    // (a const method's object, or a base class's: `t.set_data(u)` on a
    // non-const Tensor t, TensorBase's method in LibTorch 1.13 and 2.x)
    for (const Stmt *Q = P;
         const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Q);
         Q = parent(IC)) {
      CastKind K = IC->getCastKind();
      if (K != CK_NoOp && K != CK_DerivedToBase &&
          K != CK_UncheckedDerivedToBase)
        break;
      if (isa_and_nonnull<MemberExpr>(parent(IC))) {
        Cur = IC;
        P = parent(Cur);
        break;
      }
    }
    const auto *ME = dyn_cast_or_null<MemberExpr>(P);
    if (ME && !ME->isArrow() && ME->getBase()->IgnoreParens() == Cur) {
      // A field holding nothing the analysis follows (`cfg.bits`, a
      // std::vector<int64_t>): what is done with it changes no other
      // field.
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
          F && inertField(F)) {
        if (const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(
                parent(parent(ME)));
            Call && Call->getMethodDecl() && !Call->getMethodDecl()->isConst())
          ChangedByMethods.insert(VD); // `cfg.ids.push_back(3)`
        return;
      }
      if (const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl())) {
        // A method call on it: const methods read, an accessor's result
        // is used as below.
        const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(parent(ME));
        // set_data, a const method of LibTorch's, gives the tensor other
        // data: a write the analysis sees (models::opEffects).
        if (Call && M->getIdentifier() && Api.isLibTorchDecl(M) &&
            Api.isDataSetter(M->getName())) {
          Written.insert(VD);
          return;
        }
        if (M->isConst())
          return;
        // A method of the user's whose body is here and keeps `this` to
        // itself: a change the analysis sees (the object's fields are
        // forgotten after the call, UserCallEffects.cpp).
        if (Call && !accessor(M) && seenMethod(M)) {
          Written.insert(VD);
          ChangedByMethods.insert(VD);
          return;
        }
        if (!Call || !accessor(M)) {
          Escapes.insert(VD);
          return;
        }
        ChangedByMethods.insert(VD); // a non-const accessor
        Cur = Call;
      } else {
        Cur = ME;
        // `cfg.net->parameters()`: a const method of the module a holder
        // field points to reads the object.
        if (constMethodThroughArrow(ME))
          return;
      }
      P = parent(Cur);
      continue;
    }
    // `*opt`: an accessor operator.
    const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(P);
    const auto *OM =
        OC ? dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee()) : nullptr;
    if (OC && OC->getOperator() != OO_Equal && OC->getNumArgs() >= 1 &&
        OC->getArg(0)->IgnoreParens() == Cur && accessor(OM)) {
      Cur = OC;
      P = parent(Cur);
      continue;
    }
    break;
  }
  // What is done with an accessor's result: read, or a change the
  // analysis does not see (`*opt = x`, `v[0] += 1`).
  bool Accessed = Cur != DRE && !isa<MemberExpr>(Cur);
  if (!P) {
    Escapes.insert(VD);
    return;
  }
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
    // A read, or `const T &` bound through a cast to const.
    CastKind K = IC->getCastKind();
    if (K == CK_LValueToRValue || ((K == CK_NoOp || K == CK_DerivedToBase ||
                                    K == CK_UncheckedDerivedToBase) &&
                                   IC->getType().isConstQualified()))
      return;
    Escapes.insert(VD);
    return;
  }
  if (Accessed) {
    if (!(isa<CallExpr>(P) || isa<CXXConstructExpr>(P)) ||
        !readByCall(P, Cur, /*Views=*/false))
      Escapes.insert(VD);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
    // Assigned to; any other operand position is a read.
    if (BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Cur)
      Written.insert(VD);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
    if (UO->isIncrementDecrementOp())
      Written.insert(VD);
    else if (UO->getOpcode() == UO_AddrOf)
      Escapes.insert(VD);
    return;
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
    if (OC->getNumArgs() >= 1 && OC->getArg(0)->IgnoreParens() == Cur &&
        OC->getOperator() == OO_Equal) {
      Written.insert(VD);
      return;
    }
  }
  if (isa<CallExpr>(P) || isa<CXXConstructExpr>(P)) {
    if (!readByCall(P, Cur, /*Views=*/false))
      Escapes.insert(VD);
    return;
  }
  if (isa<ReturnStmt>(P) || isa<CXXBindTemporaryExpr>(P) ||
      isa<MaterializeTemporaryExpr>(P))
    return;
  Escapes.insert(VD);
}

static bool isCompoundAssignment(const CXXOperatorCallExpr *OC) {
  switch (OC->getOperator()) {
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
  case OO_AmpEqual:
  case OO_PipeEqual:
  case OO_CaretEqual:
    return true;
  default:
    return false;
  }
}

bool UseClassifier::readByCall(const Stmt *P, const Expr *E, bool Views) {
  // A number or flag given to LibTorch (`Linear(8, cfg.classes)`, whose
  // holder forwards its arguments by reference) is only read.
  if (E->getType()->isArithmeticType() || E->getType()->isEnumeralType()) {
    const Decl *Callee = nullptr;
    if (const auto *CE = dyn_cast<CallExpr>(P))
      Callee = CE->getCalleeDecl();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(P))
      Callee = CE->getConstructor();
    if (Callee && Api.isLibTorchDecl(Callee))
      return true;
  }
  if (const auto *CE = dyn_cast<CallExpr>(P)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F)
      return false;
    unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(F);
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      if (CE->getArg(I)->IgnoreParens() != E)
        continue;
      if (Shift && I == 0) {
        // (LibTorch's compound assignments of a tensor, `x /= n`, are its
        // in-place ops: the handle keeps its tensor, as with div_.)
        if (!cast<CXXMethodDecl>(F)->isConst() &&
            !(Api.isLibTorchDecl(F) &&
              isCompoundAssignment(cast<CXXOperatorCallExpr>(CE))))
          return false;
        continue;
      }
      if (I - Shift >= F->getNumParams() ||
          !constRefOrValue(F->getParamDecl(I - Shift)->getType()))
        return false;
    }
    return true;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
    const CXXConstructorDecl *C = CE->getConstructor();
    if (Views && C && Api.isLibTorchDecl(C->getParent()))
      return true;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (CE->getArg(I)->IgnoreParens() == E &&
          (!C || I >= C->getNumParams() ||
           !constRefOrValue(C->getParamDecl(I)->getType())))
        return false;
    return true;
  }
  return false;
}

const VarUses &FunctionAnalyzer::uses() {
  if (!Uses) {
    Uses = std::make_unique<VarUses>();
    if (const Stmt *Body = FD->getBody()) {
      UseClassifier C(Body, Api);
      C.walk(Body);
      C.finish();
      Uses->Written = std::move(C.Written);
      Uses->Escaping = std::move(C.Escapes);
      Uses->CapturedByRef = std::move(C.CapturedByRef);
      Uses->ChangedByMethods = std::move(C.ChangedByMethods);
      Uses->UntrackedLists = std::move(C.UntrackedLists);
      Uses->MapOfIterator = std::move(C.MapOfIterator);
      Uses->RangeOfBegin = std::move(C.RangeOfBegin);
      Uses->RangeVarOfBegin = std::move(C.RangeVarOfBegin);
      Uses->LoopVarOfBegin = std::move(C.LoopVarOfBegin);
      Uses->SharedModules = std::move(C.SharedModules);
      Uses->HoldersInContainers = std::move(C.HoldersInContainers);
      Uses->ElementRefs = std::move(C.ElementRefs);
      Uses->HasBody = true;
    }
  }
  return *Uses;
}

bool FunctionAnalyzer::stableVar(const VarDecl *VD) {
  return VD->getType().getNonReferenceType().isConstQualified() ||
         (trackedVar(VD) && !uses().Written.count(VD));
}

bool FunctionAnalyzer::trackedVar(const VarDecl *VD) {
  if (VD->getType().getNonReferenceType().isConstQualified())
    return true;
  const VarUses &U = uses();
  // A non-const reference parameter or range-for variable (`for (auto &fr :
  // frames)`): here its referent changes only through it, in writes the
  // analysis sees (another name of the same object is not followed).
  bool Ref = VD->getType()->isReferenceType();
  return U.HasBody && !U.Escaping.count(VD) && !U.CapturedByRef.count(VD) &&
         (!Ref || isa<ParmVarDecl>(VD) || VD->isCXXForRangeDecl());
}

bool FunctionAnalyzer::unchangedCapture(const VarDecl *VD) {
  if (VD->getType().getNonReferenceType().isConstQualified())
    return true;
  const VarUses &U = uses();
  return U.HasBody && !U.Escaping.count(VD) && !U.Written.count(VD) &&
         !VD->getType()->isReferenceType();
}
} // namespace torchdtype
