//===- CallableLoops.cpp - a loop that calls every callable a container holds
//
// A container of std::function (a std::map, std::unordered_map,
// std::vector, std::deque or std::list) that a function fills with lambdas
// and a range-for then calls one by one:
//
//   auto metrics = make_metrics();            // m["xent"] = [](...) {...};
//   for (const auto &kv : metrics) kv.second(logits, labels);
//
// Every lambda the container certainly holds when the loop starts is called
// with the call's arguments, so each is judged as a call of its own
// (UserCalls.cpp), and what is found in it is reported there, with the
// call as a note. The container is a local variable that is not a
// reference, filled (or made by a call of a function of the user's that
// fills a local one and returns it) by statements that run unconditionally
// before the loop, with constant keys for maps; any other change of it
// (erase, clear, a non-const reference taken) and the loop calls nothing
// known. The call runs unconditionally in each iteration (no `if`, `?:`, no
// break, continue, return or throw in the body), so every element is
// called, not one a key picks (a lookup by a key the path does not know
// stays unjudged: only one lambda runs). No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "analysis/ASTWalk.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/KnownConstants.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchdtype {

namespace {

/// A class of std by name.
bool isStdClass(QualType T, std::initializer_list<llvm::StringRef> Names) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier())
    return false;
  return llvm::is_contained(Names, RD->getName());
}

bool isSequence(QualType T) {
  return isStdClass(T, {"vector", "deque", "list"});
}

/// Every expression naming V under S.
struct RefsTo : NodeVisitor {
  const ValueDecl *V;
  llvm::SmallVector<const DeclRefExpr *, 8> Refs;
  explicit RefsTo(const ValueDecl *V) : V(V) {}
  bool visitStmt(Stmt *S) override {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      Refs.push_back(DRE);
    return true;
  }
};

/// A statement that leaves a loop body early or transfers control out of it
/// (outside nested lambdas, whose returns are their own).
struct LeavesEarly : NodeVisitor {
  unsigned LambdaDepth = 0;
  bool Found = false;
  bool visitStmt(Stmt *S) override {
    if (LambdaDepth == 0 &&
        (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S) ||
         isa<GotoStmt>(S) || isa<CXXThrowExpr>(S) || isa<CoreturnStmt>(S))) {
      Found = true;
      return false;
    }
    return true;
  }
  void enterLambda(LambdaExpr *) override { ++LambdaDepth; }
  void leaveLambda(LambdaExpr *) override { --LambdaDepth; }
};

class CallableLoop {
public:
  explicit CallableLoop(ASTContext &Ctx) : Ctx(Ctx) {}

  llvm::SmallVector<const LambdaExpr *, 4> lambdas(const CallSite &S) {
    if (!isStdFunctionCall(S))
      return {};
    const VarDecl *LoopVar = nullptr;
    if (!element(strip(S.Obj), LoopVar))
      return {};
    const CXXForRangeStmt *Loop = loopOf(S.E, LoopVar);
    if (!Loop)
      return {};
    const auto *Range =
        dyn_cast_or_null<DeclRefExpr>(strip(Loop->getRangeInit()));
    const auto *M = Range ? dyn_cast<VarDecl>(Range->getDecl()) : nullptr;
    if (!M || !M->isLocalVarDecl() || M->getType()->isReferenceType() ||
        (!isStdMap(M->getType()) && !isSequence(M->getType())))
      return {};
    Entries E;
    if (!contents(M, Loop, E, /*Depth=*/0))
      return {};
    llvm::SmallVector<const LambdaExpr *, 4> Out;
    for (const auto &KV : E)
      if (KV.second && !llvm::is_contained(Out, KV.second))
        Out.push_back(KV.second);
    return Out;
  }

private:
  ASTContext &Ctx;
  /// What a container certainly holds: (key, lambda) in the order stored;
  /// a null lambda is a callable not followed (it keeps its key taken).
  using Entries =
      llvm::SmallVector<std::pair<std::string, const LambdaExpr *>, 8>;

  /// The statement above S; through a variable S initialises, its
  /// declaration statement.
  const Stmt *parentStmt(const Stmt *S) {
    DynTypedNodeList P = Ctx.getParents(*S);
    if (P.empty())
      return nullptr;
    if (const auto *V = P[0].get<VarDecl>()) {
      DynTypedNodeList PV = Ctx.getParents(*V);
      return PV.empty() ? nullptr : PV[0].get<DeclStmt>();
    }
    return P[0].get<Stmt>();
  }

  /// The loop variable the callee is: `f` (the variable), `kv.second`, or
  /// the second name of `auto &[name, fn]`.
  bool element(const Expr *O, const VarDecl *&LoopVar) {
    if (const auto *ME = dyn_cast<MemberExpr>(O)) {
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      const auto *B = dyn_cast<DeclRefExpr>(strip(ME->getBase()));
      if (!F || ME->isArrow() || !B || !F->getIdentifier() ||
          F->getName() != "second")
        return false;
      LoopVar = dyn_cast<VarDecl>(B->getDecl());
      return LoopVar != nullptr;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(O);
    if (!DRE)
      return false;
    if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl())) {
      const auto *DD =
          dyn_cast_or_null<DecompositionDecl>(BD->getDecomposedDecl());
      if (!DD || DD->bindings().size() != 2 || DD->bindings()[1] != BD)
        return false;
      LoopVar = DD;
      return true;
    }
    LoopVar = dyn_cast<VarDecl>(DRE->getDecl());
    return LoopVar != nullptr;
  }

  /// The range-for over LoopVar whose body runs Call unconditionally once
  /// per iteration.
  const CXXForRangeStmt *loopOf(const Expr *Call, const VarDecl *LoopVar) {
    const Stmt *Child = Call;
    for (int Depth = 0; Depth < 32; ++Depth) {
      const Stmt *P = parentStmt(Child);
      if (!P)
        return nullptr;
      if (const auto *FR = dyn_cast<CXXForRangeStmt>(P)) {
        if (FR->getLoopVariable() != LoopVar || FR->getBody() != Child)
          return nullptr;
        LeavesEarly L;
        L.walk(FR->getBody());
        return L.Found || assigns(FR->getBody(), LoopVar) ? nullptr : FR;
      }
      if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
        // only the loop's own body: a block inside it is checked above
        const Stmt *Up = parentStmt(CS);
        if (!Up || !isa<CXXForRangeStmt>(Up))
          return nullptr;
      } else if (isa<ConditionalOperator>(P) ||
                 isa<BinaryConditionalOperator>(P) || isa<LambdaExpr>(P) ||
                 (isa<BinaryOperator>(P) &&
                  cast<BinaryOperator>(P)->isLogicalOp())) {
        return nullptr;
      } else if (!isa<Expr>(P) && !isa<DeclStmt>(P)) {
        return nullptr; // if, while, switch, ...
      }
      Child = P;
    }
    return nullptr;
  }

  /// An assignment to the loop variable in the body.
  bool assigns(const Stmt *Body, const VarDecl *LoopVar) {
    RefsTo R(LoopVar);
    R.walk(Body);
    for (const DeclRefExpr *D : R.Refs) {
      const Stmt *P = parentStmt(D);
      while (P && (isa<ImplicitCastExpr>(P) || isa<MemberExpr>(P) ||
                   isa<ParenExpr>(P)))
        P = parentStmt(P);
      if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(P);
          OC && OC->isAssignmentOp())
        return true;
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
          BO && BO->isAssignmentOp())
        return true;
    }
    return false;
  }

  /// The statement of B's own list that holds E.
  const Stmt *topStatement(const Stmt *E, const CompoundStmt *B) {
    const Stmt *S = E;
    for (int Depth = 0; S && Depth < 64; ++Depth) {
      const Stmt *P = parentStmt(S);
      if (P == B)
        return S;
      S = P;
    }
    return nullptr;
  }

  /// The key a store names, as text; none unless a constant.
  std::optional<std::string> keyOf(const Expr *K) {
    K = strip(K);
    if (const auto *KC = dyn_cast<CXXConstructExpr>(K);
        KC && KC->getNumArgs() >= 1)
      K = strip(KC->getArg(0));
    if (std::optional<Constant> C = constantOf(K, Ctx))
      return C->Key;
    return std::nullopt;
  }

  /// What M holds when Loop starts (Loop null: at the end of its function,
  /// for a builder that returns it); false where that is not known.
  bool contents(const VarDecl *M, const Stmt *Loop, Entries &Out,
                unsigned Depth) {
    const auto *Fn =
        dyn_cast_or_null<FunctionDecl>(M->getParentFunctionOrMethod());
    const auto *Body =
        Fn ? dyn_cast_or_null<CompoundStmt>(Fn->getBody()) : nullptr;
    if (!Body || Fn->isDependentContext())
      return false;
    bool Map = isStdMap(M->getType());
    if (!initial(M, Map, Out, Depth))
      return false;
    const Stmt *LoopTop = Loop ? topStatement(Loop, Body) : nullptr;
    if (Loop && !LoopTop)
      return false; // the loop inside a block: stores there not followed
    RefsTo R(M);
    R.walk(Body);
    for (const DeclRefExpr *Ref : R.Refs) {
      const Stmt *Top = topStatement(Ref, Body);
      bool Before = Top && LoopTop &&
                    Ctx.getSourceManager().isBeforeInTranslationUnit(
                        Top->getBeginLoc(), LoopTop->getBeginLoc());
      // (a store counts where it is a statement of the body's own list: not
      // under an if or in a loop)
      if (!use(Ref, Map, Loop, Top && isa<Expr>(Top) && (Before || !Loop), Out))
        return false;
    }
    return true;
  }

  /// M's initializer: empty, a braced list of lambdas (or of {key, lambda}),
  /// or a call of a builder of the user's that returns its local container.
  bool initial(const VarDecl *M, bool Map, Entries &Out, unsigned Depth) {
    const Expr *Init = M->getInit() ? strip(M->getInit()) : nullptr;
    if (!Init)
      return true;
    const auto *CE = dyn_cast<CXXConstructExpr>(Init);
    if (CE && CE->getNumArgs() == 0)
      return true;
    if (CE && CE->getNumArgs() == 1 && isCopyOrMoveOf(CE))
      Init = strip(CE->getArg(0));
    else if (CE && CE->getNumArgs() >= 1)
      if (const InitListExpr *IL = bracedList(CE->getArg(0)))
        return braced(IL, Map, Out);
    if (const auto *IL = dyn_cast<InitListExpr>(Init))
      return braced(IL, Map, Out);
    const auto *C = dyn_cast<CallExpr>(Init);
    const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
    const FunctionDecl *Def = nullptr;
    if (Depth > 0 || !F || !F->hasBody(Def) || !Def || isStdLibrary(Def))
      return false;
    const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
    const auto *Ret = Body && !Body->body_empty()
                          ? dyn_cast<ReturnStmt>(Body->body_back())
                          : nullptr;
    const Expr *RV = Ret ? Ret->getRetValue() : nullptr;
    if (const auto *RC =
            dyn_cast_or_null<CXXConstructExpr>(RV ? strip(RV) : nullptr);
        RC && RC->getNumArgs() == 1)
      RV = RC->getArg(0);
    const auto *RD = RV ? dyn_cast<DeclRefExpr>(strip(RV)) : nullptr;
    const auto *L = RD ? dyn_cast<VarDecl>(RD->getDecl()) : nullptr;
    if (!L || !L->isLocalVarDecl() || L->isStaticLocal() ||
        L->getType()->isReferenceType() ||
        L->getType().getCanonicalType().getUnqualifiedType() !=
            M->getType().getCanonicalType().getUnqualifiedType())
      return false;
    return contents(L, nullptr, Out, Depth + 1);
  }

  bool braced(const InitListExpr *IL, bool Map, Entries &Out) {
    if (IL->getNumInits() > 64)
      return false;
    for (const Expr *El : IL->inits()) {
      El = strip(El);
      if (!Map) {
        Out.push_back({"", lambdaOf(El)});
        continue;
      }
      auto [Key, Value] = pairEntry(El);
      if (!Key || !store(Key, Value, /*Replaces=*/false, Out))
        return false;
    }
    return true;
  }

  /// A store of Value under Key: operator[] and insert_or_assign replace an
  /// entry of the key, emplace and insert keep the one there.
  bool store(const Expr *Key, const Expr *Value, bool Replaces, Entries &Out) {
    std::optional<std::string> K = keyOf(Key);
    if (!K)
      return false;
    for (auto &E : Out)
      if (E.first == *K) {
        if (Replaces)
          E.second = lambdaOf(Value);
        return true;
      }
    Out.push_back({*K, lambdaOf(Value)});
    return true;
  }

  /// One use of the container: a store (counted when Counts: it runs
  /// before the loop, unconditionally), a read, or a change not followed
  /// (false).
  bool use(const DeclRefExpr *Ref, bool Map, const Stmt *Loop, bool Counts,
           Entries &Out) {
    const Stmt *Child = Ref;
    DynTypedNodeList PL = Ctx.getParents(*Ref);
    const Stmt *P = PL.empty() ? nullptr : PL[0].get<Stmt>();
    while (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P))) {
      Child = P;
      PL = Ctx.getParents(*P);
      P = PL.empty() ? nullptr : PL[0].get<Stmt>();
    }
    if (!P) {
      // `auto &&__range = m` of a range-for; a reference a declaration
      // binds otherwise (`auto &r = m`) may change it
      const auto *V = PL.empty() ? nullptr : PL[0].get<VarDecl>();
      const Stmt *DS = V && V->isImplicit() ? parentStmt(Child) : nullptr;
      const auto *FR =
          DS ? dyn_cast_or_null<CXXForRangeStmt>(parentStmt(DS)) : nullptr;
      if (!FR)
        return false;
      if (FR == Loop)
        return true;
      QualType LT = FR->getLoopVariable()->getType();
      return !LT->isReferenceType() ||
             LT.getNonReferenceType().isConstQualified();
    }
    if (isa<ReturnStmt>(P))
      return true;
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(ME));
      const auto *MD = MC ? MC->getMethodDecl() : nullptr;
      if (!MD || !MD->getIdentifier())
        return false;
      llvm::StringRef N = MD->getName();
      if (llvm::is_contained({"size", "empty", "count", "contains", "find",
                              "at", "begin", "end", "cbegin", "cend",
                              "reserve"},
                             N))
        return true;
      bool Seq = N == "push_back" || N == "emplace_back";
      bool Keyed = N == "emplace" || N == "try_emplace" ||
                   N == "insert_or_assign" || N == "insert";
      if (!Seq && !Keyed)
        return false;
      if (!Counts) // a later or conditional store: emplace keeps a key's entry
        return Map && N != "insert_or_assign";
      if (Seq && !Map && MC->getNumArgs() == 1) {
        Out.push_back({"", lambdaOf(MC->getArg(0))});
        return true;
      }
      if (Keyed && Map && MC->getNumArgs() == 2)
        return store(MC->getArg(0), MC->getArg(1), N == "insert_or_assign",
                     Out);
      if (N == "insert" && Map && MC->getNumArgs() == 1)
        if (const InitListExpr *IL = bracedList(MC->getArg(0));
            IL && IL->getNumInits() == 2)
          return store(IL->getInit(0), IL->getInit(1), false, Out);
      return false;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      // m[k] = lambda
      if (OC->getOperator() == OO_Subscript && Map && OC->getNumArgs() == 2 &&
          strip(OC->getArg(0)) == Ref) {
        const auto *Asg = dyn_cast_or_null<CXXOperatorCallExpr>(parentStmt(OC));
        if (!Asg || Asg->getOperator() != OO_Equal ||
            strip(Asg->getArg(0)) != OC)
          return true; // a read (an absent key makes an empty entry)
        if (!Counts)
          return false;
        return store(OC->getArg(1), Asg->getArg(1), /*Replaces=*/true, Out);
      }
      return false;
    }
    if (const auto *C = dyn_cast<CallExpr>(P)) {
      // given to a function by value or by const reference
      const FunctionDecl *F = C->getDirectCallee();
      for (unsigned I = 0; F && I < C->getNumArgs() && I < F->getNumParams();
           ++I)
        if (strip(C->getArg(I)) == Ref) {
          QualType PT = F->getParamDecl(I)->getType();
          return !PT->isPointerType() &&
                 (!PT->isReferenceType() ||
                  PT.getNonReferenceType().isConstQualified());
        }
      return false;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
      // a copy, or the move of `return m;`
      if (!isCopyOrMoveOf(CE) || isa<CXXTemporaryObjectExpr>(CE))
        return false;
      const Stmt *Up = parentStmt(CE);
      while (Up && (isa<ExprWithCleanups>(Up) || isa<ImplicitCastExpr>(Up)))
        Up = parentStmt(Up);
      return CE->getConstructor()->isCopyConstructor() ||
             isa_and_nonnull<ReturnStmt>(Up);
    }
    return false;
  }
};

} // namespace

llvm::SmallVector<const LambdaExpr *, 4> loopedLambdas(const CallSite &S,
                                                       ASTContext &Ctx) {
  return CallableLoop(Ctx).lambdas(S);
}

const llvm::SmallVector<CallSite, 2> *
FunctionAnalyzer::loopedCallees(const CallSite &S) {
  auto [It, New] = Looped.try_emplace(S.E);
  if (New)
    for (const LambdaExpr *L : loopedLambdas(S, Ctx))
      if (const CXXMethodDecl *Op = L->getCallOperator();
          Op && Op->hasBody() && !Op->isDependentContext() &&
          Op->getNumParams() == S.Args.size()) {
        CallSite Alt = S;
        Alt.Callee = Alt.Def = Op;
        Alt.Family = CallFamily::UserFunction;
        It->second.push_back(std::move(Alt));
      }
  return It->second.empty() ? nullptr : &It->second;
}

} // namespace torchdtype
