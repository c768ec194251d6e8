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


#include "ASTWalk.h"
#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "KnownConstants.h"
#include "PathStates.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {

namespace {

/// How a function's body uses each local variable and parameter, in one
/// pass: whether it is ever written by an assignment or increment of it or
/// its fields (which the analysis sees), and whether it may change another
/// way (a non-const reference or pointer to it, a non-const method, a
/// lambda capturing it by reference, any use not known to be a read).
class UseClassifier : public NodeVisitor {
public:
  UseClassifier(const Stmt *Body, const ApiModel &Api)
      : Parents(const_cast<Stmt *>(Body)), Api(Api) {}
  bool visitStmt(Stmt *S) override {
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      visitDecls(DS);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      visitRef(DRE);
    else if (const auto *LE = dyn_cast<LambdaExpr>(S))
      visitLambda(LE);
    else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      visitLoop(R);
    return true;
  }
  void visitRef(const DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      classify(VD, DRE);
      if (Api.classify(VD->getType().getNonReferenceType()) == TypeKind::Holder)
        holderUse(VD, DRE);
      if (isList(VD) && !listUse(VD, DRE))
        UntrackedLists.insert(VD);
      if (auto It = MapOfIterator.find(VD); It != MapOfIterator.end())
        if (!iteratorRead(DRE))
          if (const VarDecl *Map =
                  refVar(It->second->getImplicitObjectArgument()))
            UntrackedLists.insert(Map);
    } else if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl())) {
      // `auto &[name, t] = entry`: a use of t is one of the entry.
      if (const auto *DD = dyn_cast_or_null<VarDecl>(BD->getDecomposedDecl()))
        classify(DD, DRE);
    }
  }
  static const VarDecl *refVar(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  }
  /// `m.find(k)` on a map: compared, its entry read (`->second`), or held
  /// in an iterator variable used only so (MapOfIterator).
  bool findUse(const CXXMemberCallExpr *Call) {
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
      const auto *It = DS->isSingleDecl()
                           ? dyn_cast<VarDecl>(DS->getSingleDecl())
                           : nullptr;
      if (!It || It->getType()->isReferenceType())
        return false;
      MapOfIterator[It] = Call;
      return true;
    }
    return iteratorRead(Cur);
  }
  /// An iterator of a map compared (`it != m.end()`) or its entry read:
  /// the key, or the value read (`it->second`, `(*it).second`).
  bool iteratorRead(const Expr *Cur) {
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
           (F->getName() == "second" && elementRead(ME));
  }
  bool isModuleHandle(QualType T) const {
    TypeKind K = Api.classify(T.getNonReferenceType());
    return K == TypeKind::Holder || K == TypeKind::ModulePtr;
  }
  /// `Linear l2 = l;`: the two share one module.
  void visitDecls(const DeclStmt *DS) {
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
  /// A holder variable copied into a braced list or given to std's code.
  void holderUse(const VarDecl *VD, const DeclRefExpr *DRE) {
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
  void visitLambda(const LambdaExpr *LE) {
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
  void visitLoop(const CXXForRangeStmt *S) {
    if (const DeclStmt *B = S->getBeginStmt())
      if (const auto *It = dyn_cast_or_null<VarDecl>(B->getSingleDecl())) {
        RangeOfBegin[It] = S->getRangeInit();
        if (const DeclStmt *R = S->getRangeStmt())
          if (const auto *RV = dyn_cast_or_null<VarDecl>(R->getSingleDecl()))
            RangeVarOfBegin[It] = RV;
      }
    if (const DeclStmt *R = S->getRangeStmt())
      RangeStmts[R] = S;
  }
  /// After the traversal: a list whose range-for variable is a non-const
  /// reference that is written or escapes is not followed.
  void finish() {
    for (const auto &[List, LoopVar] : LoopVars) {
      QualType T = LoopVar->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified() &&
          (Written.count(LoopVar) || Escapes.count(LoopVar)))
        UntrackedLists.insert(List);
    }
  }
  llvm::SmallPtrSet<const VarDecl *, 16> Written, Escapes, CapturedByRef;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const VarDecl *, 2>>
      SharedModules;
  llvm::SmallPtrSet<const VarDecl *, 4> HoldersInContainers;
  llvm::SmallPtrSet<const VarDecl *, 4> UntrackedLists;
  llvm::DenseMap<const VarDecl *, const Expr *> RangeOfBegin;
  llvm::DenseMap<const VarDecl *, const CXXMemberCallExpr *> MapOfIterator;
  llvm::DenseMap<const VarDecl *, const VarDecl *> RangeVarOfBegin;

private:
  const Stmt *parent(const Stmt *S) {
    const Stmt *P = Parents.getParent(const_cast<Stmt *>(S));
    while (P && isa<ParenExpr>(P))
      P = Parents.getParent(const_cast<Stmt *>(P));
    return P;
  }
  /// S's parent past implicit casts (and parentheses).
  const Stmt *throughImplicitCasts(const Stmt *S) {
    const Stmt *P = parent(S);
    while (isa_and_nonnull<ImplicitCastExpr>(P))
      P = parent(P);
    return P;
  }
  /// E (a holder or smart pointer) is the object of `->` whose result a
  /// const method is called on.
  bool constMethodThroughArrow(const Expr *E) {
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
  bool inertField(const FieldDecl *F) const {
    QualType T = F->getType();
    return !T->isReferenceType() && !T->isPointerType() &&
           T->isRecordType() && !constantCarrier(T, Api) &&
           Api.classify(T) == TypeKind::None;
  }
  static bool constRefOrValue(QualType T) {
    return !T->isReferenceType() || T.getNonReferenceType().isConstQualified();
  }
  /// A non-const method with a const overload of the same parameters
  /// (std::optional's operator* and value(), std::vector's operator[] and
  /// front()): an accessor, whose result's use says whether the object is
  /// read (std::map's operator[], which inserts, has no such overload).
  static bool accessor(const CXXMethodDecl *M) {
    if (!M || M->isConst() || !M->getParent())
      return false;
    for (const NamedDecl *D : M->getParent()->lookup(M->getDeclName())) {
      const auto *O = dyn_cast<CXXMethodDecl>(D->getUnderlyingDecl());
      if (!O || O == M || !O->isConst() ||
          O->getNumParams() != M->getNumParams())
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
  /// A non-virtual method of the user's with a body here that uses `this`
  /// only to reach members, and calls only such methods of its class.
  bool seenMethod(const CXXMethodDecl *M, unsigned Depth = 0) const {
    const FunctionDecl *Def = nullptr;
    if (Depth > 3 || M->isVirtual() || !M->hasBody(Def) || !Def ||
        Api.isLibTorchDecl(M) || isStdLibrary(M) ||
        isa<CXXConstructorDecl>(M) || isa<CXXDestructorDecl>(M) ||
        M->getParent()->isLambda())
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
  void classify(const VarDecl *VD, const DeclRefExpr *DRE) {
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
            F && inertField(F))
          return;
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
            return;
          }
          if (!Call || !accessor(M)) {
            Escapes.insert(VD);
            return;
          }
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

  bool isMap(const VarDecl *VD) const {
    return isList(VD) && isStdMap(VD->getType());
  }
  bool isList(const VarDecl *VD) const {
    TypeKind K = Api.classify(VD->getType().getNonReferenceType());
    return K == TypeKind::TensorList || K == TypeKind::RecordList;
  }
  /// Up through casts that only add const, or view the object as its base
  /// (`v[0].scalar_type()`: a method of at::TensorBase, whose constness the
  /// caller checks as for any other).
  const Stmt *aboveConstCasts(const Expr *&Cur) {
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
  /// E is passed to a parameter by value or const reference (or is the
  /// object of a const method); with Views, to the constructor of a
  /// LibTorch list view (ArrayRef, IListRef, whose constructor takes a
  /// non-const reference in 1.13), which only reads it.
  bool readByCall(const Stmt *P, const Expr *E, bool Views) {
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
          if (!cast<CXXMethodDecl>(F)->isConst())
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
  /// An element of a list (`v[i]`, `v.at(i)`), or a record's field of one
  /// (`v[i].x`), is only read.
  bool elementRead(const Expr *E, unsigned Depth = 0) {
    const Stmt *P = aboveConstCasts(E);
    if (!P)
      return false;
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
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (!constRefOrValue(V->getType()))
            return false;
      return true;
    }
    return readByCall(P, E, /*Views=*/true);
  }
  /// `return v;`: the list copied or moved out as the function ends.
  bool returned(const Expr *E) {
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
  /// A use of a std::vector of tensors that the analysis follows.
  bool listUse(const VarDecl *VD, const DeclRefExpr *DRE) {
    const Expr *Cur = DRE;
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
          N == "clear" ||
          N == "reserve" || N == "size" || N == "empty" || N == "capacity" ||
          N == "end" || N == "cend")
        return true;
      // `std::sort(v.begin(), v.end(), less)`: the elements permuted, their
      // join the same.
      if (N == "begin")
        if (const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(parent(ME)))
          if (permutedBy(Call))
            return true;
      if (isMap(VD) && N == "find")
        if (const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(parent(ME)))
          return findUse(Call);
      // A map of tensors: entries added whole, keys looked up.
      if (isMap(VD) && (N == "emplace" || N == "insert_or_assign" ||
                        N == "try_emplace" || N == "count" ||
                        N == "contains" || N == "erase"))
        return true;
      const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(parent(ME));
      return (N == "at" || N == "front" || N == "back") && Call &&
             elementRead(Call);
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P);
        OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        OC->getArg(0)->IgnoreParens() == Cur) {
      // `m[key] = t`: the map's join takes t (FlowDriver's assignment).
      if (const auto *A = dyn_cast_or_null<CXXOperatorCallExpr>(parent(OC));
          isMap(VD) && A && A->getOperator() == OO_Equal &&
          A->getNumArgs() == 2 && A->getArg(0)->IgnoreParens() == OC)
        return true;
      return elementRead(OC);
    }
    if (const auto *DS = dyn_cast<DeclStmt>(P)) {
      auto It = RangeStmts.find(DS);
      if (It == RangeStmts.end())
        return false;
      LoopVars.push_back({VD, It->second->getLoopVariable()});
      return true;
    }
    return readByCall(P, Cur, /*Views=*/true);
  }

  /// An iterator given to a std algorithm that only reorders the elements.
  bool permutedBy(const Expr *Begin) {
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

  ParentMap Parents;
  const ApiModel &Api;
  llvm::DenseMap<const DeclStmt *, const CXXForRangeStmt *> RangeStmts;
  llvm::SmallVector<std::pair<const VarDecl *, const VarDecl *>, 4> LoopVars;
};

} // namespace

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
      Uses->UntrackedLists = std::move(C.UntrackedLists);
      Uses->MapOfIterator = std::move(C.MapOfIterator);
      Uses->RangeOfBegin = std::move(C.RangeOfBegin);
      Uses->RangeVarOfBegin = std::move(C.RangeVarOfBegin);
      Uses->SharedModules = std::move(C.SharedModules);
      Uses->HoldersInContainers = std::move(C.HoldersInContainers);
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
