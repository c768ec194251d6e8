//===- UnitPrescan.cpp - one walk of the unit before its functions -------===//
//
// The user's code walked once per translation unit (AnalysisContext's
// prescan): its call graph, for the functions that may run while autocast
// is on or the default dtype changed; the methods a class overrides; the
// functions the unit names; and the globals and static members it only
// reads (their initializers are their values).
//
//===----------------------------------------------------------------------===//

#include "ASTWalk.h"
#include "Callers.h"
#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "findings/FunctionFindings.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {

namespace {

class Prescan : public NodeVisitor {
public:
  Prescan(AnalysisContext &AC, SourceManager &SM)
      : AC(AC), Api(AC.api()), SM(SM), Ctx(&AC.ast()) {
    TemplateInstantiations = true;
    ImplicitCode = true;
  }

  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallPtrSet<const FunctionDecl *, 4>>
      Callees;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Autocast, DefaultDType;
  /// Functions that hold a guard object of a balanced class
  /// (GuardClasses.h) setting autocast (the default dtype): what they call
  /// may run inside, and they leave the state as they found it.
  llvm::SmallPtrSet<const FunctionDecl *, 8> GuardedAutocast,
      GuardedDefaultDType;

  bool enterDecl(Decl *D) override {
    if (!isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return false;
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      if (Api.isModelledNamespace(NS->getName()))
        return false;
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD && !isLambdaOperator(FD))
      Stack.push_back(FD->getCanonicalDecl());
    return true;
  }
  void leaveDecl(Decl *D) override {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD && !isLambdaOperator(FD))
      Stack.pop_back();
  }
  bool visitDecl(Decl *D) override {
    if (auto *F = dyn_cast<FunctionDecl>(D)) {
      HasMain |= F->isMain() && F->doesThisDeclarationHaveABody();
      if (auto *M = dyn_cast<CXXMethodDecl>(F))
        for (const CXXMethodDecl *O : M->overridden_methods())
          Overridden.insert(O->getCanonicalDecl());
    }
    return true;
  }
  bool visitStmt(Stmt *S) override {
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(S);
        IC && IC->getCastKind() == CK_LValueToRValue)
      if (const Expr *Sub = IC->getSubExpr()->IgnoreParens(); globalVar(Sub))
        GlobalReads.insert(Sub);
    if (const VarDecl *G = globalVar(dyn_cast<Expr>(S));
        G && !GlobalReads.count(S))
      WrittenGlobals.insert(G->getCanonicalDecl());
    fieldUses(S);
    if (const auto *E = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *F = dyn_cast<FunctionDecl>(E->getDecl()))
        Referenced.insert(F->getCanonicalDecl());
    } else if (const auto *E = dyn_cast<MemberExpr>(S)) {
      if (const auto *F = dyn_cast<FunctionDecl>(E->getMemberDecl()))
        Referenced.insert(F->getCanonicalDecl());
    } else if (const auto *E = dyn_cast<CXXDependentScopeMemberExpr>(S)) {
      if (E->getMember().isIdentifier())
        DependentNames.insert(E->getMember().getAsIdentifierInfo()->getName());
    } else if (const auto *E = dyn_cast<UnresolvedMemberExpr>(S)) {
      if (E->getName().isIdentifier())
        DependentNames.insert(E->getName().getAsIdentifierInfo()->getName());
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      visitCall(CE);
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
      visitConstruct(CE);
    }
    return true;
  }
  /// Non-const variables of static storage (globals, static members) the
  /// unit names other than to read their value: written, or a reference or
  /// pointer to them taken.
  llvm::DenseSet<const VarDecl *> WrittenGlobals;
  llvm::DenseSet<const Stmt *> GlobalReads;
  /// The variable a global's name (`g`, `Class::kDtype`, `obj.kDtype`) is.
  static const VarDecl *globalVar(const Expr *E) {
    const ValueDecl *D = nullptr;
    if (const auto *R = dyn_cast_or_null<DeclRefExpr>(E))
      D = R->getDecl();
    else if (const auto *M = dyn_cast_or_null<MemberExpr>(E))
      D = M->getMemberDecl();
    const auto *V = dyn_cast_or_null<VarDecl>(D);
    return V && V->hasGlobalStorage() && !V->isStaticLocal() &&
                   !V->getType().isConstQualified() &&
                   !V->getType()->isReferenceType()
               ? V
               : nullptr;
  }
  /// Fields the unit writes other than through `this` (`cfg.dtype =
  /// kDouble`, an aggregate's initializer, a non-const reference to one):
  /// their class's methods are not all that gives them values.
  llvm::DenseSet<const FieldDecl *> FieldsWrittenOutside;
  llvm::DenseSet<const Stmt *> FieldReads;
  /// Classes whose objects the unit gives to code it does not show.
  llvm::DenseSet<const CXXRecordDecl *> EscapedRecords;
  void fieldUses(const Stmt *S) {
    // Reads: a value loaded, a const method's object, an argument bound to
    // a const reference or taken by value; what a read reaches through.
    auto Read = [&](const Expr *E) {
      if (E)
        FieldReads.insert(E->IgnoreParenNoopCasts(*Ctx));
    };
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(S);
        IC && IC->getCastKind() == CK_LValueToRValue)
      Read(IC->getSubExpr());
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (const CXXMethodDecl *M = MC->getMethodDecl(); M && M->isConst())
        Read(MC->getImplicitObjectArgument());
    auto ByConstRef = [&](const FunctionDecl *F, unsigned Shift,
                          llvm::ArrayRef<const Expr *> Args) {
      // An object of the user's given by reference or pointer to code the
      // unit does not show: its fields may change there.
      if (!F->hasBody() && !Api.isLibTorchDecl(F) && !isStdLibrary(F))
        for (unsigned I = Shift; I < Args.size(); ++I)
          if (I - Shift < F->getNumParams()) {
            QualType PT = F->getParamDecl(I - Shift)->getType();
            if ((PT->isPointerType() || PT->isReferenceType()) &&
                !PT->getPointeeType().isConstQualified())
              if (const CXXRecordDecl *RD =
                      PT->getPointeeType()->getAsCXXRecordDecl())
                EscapedRecords.insert(RD->getCanonicalDecl());
          }
      for (unsigned I = 0; I < Args.size(); ++I) {
        if (I < Shift) {
          if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isConst())
            Read(Args[I]);
          continue;
        }
        if (I - Shift >= F->getNumParams())
          break;
        QualType PT = F->getParamDecl(I - Shift)->getType();
        if (!PT->isPointerType() &&
            (!PT->isReferenceType() ||
             PT.getNonReferenceType().isConstQualified()))
          Read(Args[I]);
      }
    };
    if (const auto *CE = dyn_cast<CallExpr>(S); CE && !isa<CXXMemberCallExpr>(CE))
      if (const FunctionDecl *F = CE->getDirectCallee())
        ByConstRef(F, isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(F),
                   {CE->getArgs(), CE->getNumArgs()});
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (const FunctionDecl *F = MC->getDirectCallee())
        ByConstRef(F, 0, {MC->getArgs(), MC->getNumArgs()});
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S))
      if (const CXXConstructorDecl *C = CE->getConstructor())
        ByConstRef(C, 0, {CE->getArgs(), CE->getNumArgs()});
    if (const auto *IL = dyn_cast<InitListExpr>(S)) {
      const InitListExpr *Sem = IL->isSemanticForm() ? IL : IL->getSemanticForm();
      const auto *RD = Sem ? Sem->getType()->getAsCXXRecordDecl() : nullptr;
      if (RD && !RD->isUnion() && !Api.isLibTorchDecl(RD))
        for (const FieldDecl *F : RD->fields())
          if (F->getFieldIndex() < Sem->getNumInits() &&
              !isa<CXXDefaultInitExpr, ImplicitValueInitExpr>(
                  Sem->getInit(F->getFieldIndex())->IgnoreImplicit()))
            FieldsWrittenOutside.insert(F->getCanonicalDecl());
    }
    const auto *ME = dyn_cast<MemberExpr>(S);
    const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    // A defaulted copy or move gives each field the value of the same
    // field of another object of the class (a dataset moved into its
    // loader): no value the class's own writes do not give it.
    if (!F || (!Stack.empty() && isDefaultedCopy(Stack.back())))
      return;
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    bool IsRead = FieldReads.count(ME);
    if (IsRead && isa<MemberExpr>(Base))
      Read(Base); // `cfg.opts.dtype` read: so is cfg.opts
    if (!IsRead && !isa<CXXThisExpr>(Base))
      FieldsWrittenOutside.insert(F->getCanonicalDecl());
  }
  /// What the unit calls or names, and the member names its templates use.
  llvm::DenseSet<const FunctionDecl *> Referenced;
  llvm::StringSet<> DependentNames;
  bool HasMain = false;
  void visitCall(const CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (F)
      Referenced.insert(F->getCanonicalDecl());
    if (!F || Stack.empty())
      return;
    if (balancedGuard(ownerConstructor(Api, CE)))
      return;
    Callees[Stack.back()].insert(F->getCanonicalDecl());
    // std::make_unique and make_shared (api.json owner_makers) of the
    // user's class construct it in the standard library's code: its
    // constructors run here.
    if (F->isInStdNamespace() && F->getIdentifier() &&
        Api.isOwnerMaker(F->getName()))
      implConstructors(firstTypeArgument(F->getTemplateSpecializationArgs()));
    if (!F->getIdentifier())
      return;
    llvm::StringRef N = F->getName();
    std::optional<AutocastSetter> Setter = Api.autocastSetter(N);
    if (Setter && Setter->What == AutocastSetter::Sets::Enabled &&
        Api.isAutocastNamespace(Api.namespaceOf(F)))
      Autocast.insert(Stack.back());
    if (Api.isDefaultDTypeSetter(N) && Api.isLibTorchDecl(F))
      DefaultDType.insert(Stack.back());
  }
  /// Methods of the user's that a class here overrides.
  llvm::DenseSet<const CXXMethodDecl *> Overridden;
  void visitConstruct(const CXXConstructExpr *CE) {
    if (!Stack.empty() && balancedGuard(CE->getConstructor()))
      return;
    if (!Stack.empty() && CE->getConstructor()) {
      Callees[Stack.back()].insert(CE->getConstructor()->getCanonicalDecl());
      if (const CXXRecordDecl *RD = CE->getConstructor()->getParent())
        if (const CXXDestructorDecl *Dtor = RD->getDestructor())
          Callees[Stack.back()].insert(Dtor->getCanonicalDecl());
      // A holder of the user's module (TORCH_MODULE) constructs its Impl
      // in LibTorch's code, which is not walked: the Impl's constructors
      // run here (in the default dtype of this point).
      if (Api.classify(CE->getType()) == TypeKind::Holder)
        implConstructors(Api.moduleRecord(CE->getType()));
    }
  }
  void implConstructors(const CXXRecordDecl *RD) {
    if (!RD || !RD->hasDefinition() || Api.isLibTorchDecl(RD))
      return;
    for (const CXXConstructorDecl *C : RD->getDefinition()->ctors())
      if (C->hasBody())
        Callees[Stack.back()].insert(C->getCanonicalDecl());
  }

  /// Functions that may run while the state a function of Roots sets is in
  /// force: whatever calls a root sets it too (upwards), and whatever those
  /// or the Guarded functions call may run inside it (downwards).
  llvm::SmallPtrSet<const FunctionDecl *, 16> mayRunInside(
      const llvm::SmallPtrSet<const FunctionDecl *, 8> &Roots,
      const llvm::SmallPtrSet<const FunctionDecl *, 8> &Guarded) const {
    llvm::SmallPtrSet<const FunctionDecl *, 16> Setters(Roots.begin(),
                                                        Roots.end());
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[Caller, Cs] : Callees)
        if (!Setters.count(Caller) &&
            llvm::any_of(
                Cs, [&](const FunctionDecl *C) { return Setters.count(C); }))
          Changed |= Setters.insert(Caller).second;
    }
    Setters.insert(Guarded.begin(), Guarded.end());
    llvm::SmallPtrSet<const FunctionDecl *, 16> Inside;
    llvm::SmallVector<const FunctionDecl *, 16> Work;
    for (const FunctionDecl *S : Setters) {
      auto It = Callees.find(S);
      if (It != Callees.end())
        Work.append(It->second.begin(), It->second.end());
    }
    while (!Work.empty()) {
      const FunctionDecl *F = Work.pop_back_val();
      if (!Inside.insert(F).second)
        continue;
      auto It = Callees.find(F);
      if (It != Callees.end())
        Work.append(It->second.begin(), It->second.end());
    }
    return Inside;
  }

private:
  /// A constructor of a balanced guard class: the function making the
  /// object is noted as guarded, and the constructor and destructor are not
  /// its callees (they do not make it a setter).
  bool balancedGuard(const CXXConstructorDecl *Ctor) {
    if (!Ctor)
      return false;
    const GuardClass &G = AC.guardClass(Ctor);
    if (!G.balanced())
      return false;
    uint32_t DefaultBit = statePieceBit(StatePiece::DefaultDType);
    if (G.Restores & DefaultBit)
      GuardedDefaultDType.insert(Stack.back());
    if (G.Restores & ~DefaultBit)
      GuardedAutocast.insert(Stack.back());
    return true;
  }
  static bool isLambdaOperator(const FunctionDecl *FD) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    return MD && MD->getParent()->isLambda();
  }
  AnalysisContext &AC;
  const ApiModel &Api;
  SourceManager &SM;
  ASTContext *Ctx;
  std::vector<const FunctionDecl *> Stack;
};

} // namespace

AnalysisContext::AnalysisContext(ASTContext &Ctx, AnalysisConfig Config)
    : Ctx(Ctx), Config(Config), Api(Config.Version) {}

AnalysisContext::~AnalysisContext() = default;

void AnalysisContext::prescan() {
  if (Prescanned)
    return;
  Prescanned = true;
  Prescan P(*this, Ctx.getSourceManager());
  P.walk(Ctx.getTranslationUnitDecl());
  for (const FunctionDecl *F : P.mayRunInside(P.Autocast, P.GuardedAutocast))
    InsideAutocast.insert(F);
  for (const FunctionDecl *F :
       P.mayRunInside(P.DefaultDType, P.GuardedDefaultDType))
    InsideDefaultDType.insert(F);
  Overridden = std::move(P.Overridden);
  Referenced = std::move(P.Referenced);
  DependentNames = std::move(P.DependentNames);
  HasMain = P.HasMain;
  WrittenGlobals = std::move(P.WrittenGlobals);
  FieldsWrittenOutside = std::move(P.FieldsWrittenOutside);
  EscapedRecords = std::move(P.EscapedRecords);
}

const Expr *AnalysisContext::unchangedGlobalInit(const VarDecl *V) {
  prescan();
  // Another unit may write one it can name, unless this one is the program
  // (it defines main).
  const VarDecl *Def = V->getDefinition() ? V->getDefinition() : V;
  const Expr *Init = nullptr;
  for (const VarDecl *R : Def->redecls())
    if (R->getInit())
      Init = R->getInit();
  if (!Init || WrittenGlobals.count(V->getCanonicalDecl()) ||
      (!HasMain && V->isExternallyVisible()))
    return nullptr;
  return Init;
}

bool AnalysisContext::mayRun(const FunctionDecl *F) {
  prescan();
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if (!HasMain || !M || M->isVirtual() || isa<CXXConstructorDecl>(M) ||
      isa<CXXDestructorDecl>(M) || isa<CXXConversionDecl>(M) ||
      M->isOverloadedOperator() || M->getParent()->isLambda() ||
      !M->getIdentifier())
    return true;
  return Referenced.count(M->getCanonicalDecl()) ||
         DependentNames.count(M->getName());
}

bool AnalysisContext::overridden(const CXXMethodDecl *M) {
  prescan();
  return Overridden.count(M->getCanonicalDecl());
}

AutocastState AnalysisContext::entryAutocast(const FunctionDecl *FD) const {
  const_cast<AnalysisContext *>(this)->prescan();
  if (!FD || FD->isMain() || !InsideAutocast.count(FD->getCanonicalDecl()))
    return AutocastState::Off;
  return AutocastState::Unknown;
}

DTypeFact AnalysisContext::entryDefaultDType(const FunctionDecl *FD) const {
  const_cast<AnalysisContext *>(this)->prescan();
  if (!FD || FD->isMain() || !InsideDefaultDType.count(FD->getCanonicalDecl()))
    return DTypeFact::of(DType::Float, SourceLocation());
  return DTypeFact::unknown();
}

} // namespace torchdtype
