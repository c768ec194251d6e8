//===- ModuleMembers.cpp - a module's registered and plain members --------===//
//
// What Module::to() reaches. LibTorch's Module::to(dtype/device) converts
// the tensors registered with register_parameter/register_buffer (integer
// buffers too: the C++ frontend converts every one, observed on 1.13.1)
// and the submodules registered with register_module, recursively. A
// tensor or module only assigned to a member stays where it was, and so
// does a member rebound after it was registered (`w_ = register_buffer(
// "w", t); w_ = w_ / w_.sum();`). Each tensor or module member of a
// torch::nn::Module subclass is sorted here, from what its constructors
// do to it and what the rest of the unit does to it:
//   Registered  every constructor leaves it the value a register_* call
//               returned, or passes it to register_* after its last write;
//   Plain       every constructor leaves it a tensor or module it made
//               (a LibTorch call or a layer built there) that no
//               register_* call took, and nothing else changes it;
//   Unknown     anything else (set in a branch or a loop, copied from a
//               variable, written by other code): the analysis then takes
//               it as converted with its module, as before.
//
//===----------------------------------------------------------------------===//

#include "analysis/ASTWalk.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "ModuleLists.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchdtype {

namespace {
using Role = AnalysisContext::MemberRole;
using namespace members;

const FunctionDecl *calleeOf(const Expr *E) {
  if (const auto *CE = dyn_cast<CallExpr>(strip(E)))
    return CE->getDirectCallee();
  return nullptr;
}

/// Methods that may return their object itself rather than a new tensor
/// (a conversion to the dtype or device it has: api.json "conversions";
/// contiguous() of a contiguous one; in-place ops): a member set from them
/// may alias a registered tensor.
bool mayReturnSelf(const ApiModel &Api, llvm::StringRef Name) {
  return Name.ends_with("_") || Api.conversion(Name) ||
         Name == "contiguous" || Name == "coalesce" || Name == "type" ||
         Name == "expect_contiguous";
}

class MemberSorter {
public:
  explicit MemberSorter(const ApiModel &Api) : Api(Api) {}

  bool isRegister(const Expr *E) const {
    const FunctionDecl *F = calleeOf(E);
    return F && F->getIdentifier() && Api.isLibTorchDecl(F) &&
           Api.isRegisterModuleMethod(F->getName());
  }

  /// The value a member is set to: a new tensor or layer nobody else holds
  /// (Plain), the result of a register_* call (Registered), or Unknown.
  Role ofValue(const Expr *E) const {
    for (int I = 0; E && I < 8; ++I) {
      E = strip(E);
      if (isa<CXXNullPtrLiteralExpr>(E) || isa<CXXDefaultArgExpr>(E))
        return Role::Plain;
      if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
        E = FC->getSubExpr();
        continue;
      }
      if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
        if (CE->getNumArgs() == 0)
          return Role::Plain; // an empty tensor or holder
        if (isCopyOrMoveOf(CE)) {
          E = CE->getArg(0);
          continue;
        }
        // A layer built here (`torch::nn::Linear(4, 2)`, `{nullptr}`),
        // a tensor made from data: new.
        const CXXConstructorDecl *C = CE->getConstructor();
        if (!C || !Api.isLibTorchDecl(C))
          return Role::Unknown;
        // ... unless it wraps a module or tensor held elsewhere.
        for (const Expr *Arg : CE->arguments()) {
          TypeKind K = Api.classify(Arg->getType());
          if ((K == TypeKind::Tensor || K == TypeKind::Holder ||
               K == TypeKind::ModulePtr || K == TypeKind::NNModule) &&
              ofValue(Arg) != Role::Plain)
            return Role::Unknown;
        }
        return Role::Plain;
      }
      if (isRegister(E))
        return Role::Registered;
      if (const auto *CE = dyn_cast<CallExpr>(E)) {
        const FunctionDecl *F = CE->getDirectCallee();
        if (!F || !Api.isLibTorchDecl(F))
          return Role::Unknown; // the user's: may return a member
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
          if (F->getIdentifier() && mayReturnSelf(Api, F->getName())) {
            E = MC->getImplicitObjectArgument();
            continue; // new only when its object is
          }
          return Role::Plain;
        }
        if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
          if (OC->getOperator() == OO_Arrow || OC->getOperator() == OO_Star ||
              OC->getOperator() == OO_Equal)
            return Role::Unknown;
        return Role::Plain; // torch::randn, x / y, torch::stack ...
      }
      return Role::Unknown; // a variable, a parameter, another member
    }
    return Role::Unknown;
  }

  /// Every member a statement assigns, registers or may rebind, with
  /// nothing said of its role (for statements nested in branches and
  /// loops).
  void touched(const Stmt *S, llvm::SmallPtrSetImpl<const FieldDecl *> &Out) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (auto A = assignment(E))
        if (const FieldDecl *F = thisField(A->first))
          Out.insert(F);
      // Registered, or given to the user's code, which may register or
      // rebind it.
      if (const auto *CE = dyn_cast<CallExpr>(E)) {
        const FunctionDecl *Callee = CE->getDirectCallee();
        if (isRegister(CE) || !Callee || !Api.isLibTorchDecl(Callee))
          for (const Expr *Arg : CE->arguments())
            if (const FieldDecl *F = thisField(Arg))
              Out.insert(F);
      }
      if (const auto *L = dyn_cast<LambdaExpr>(E))
        for (const LambdaCapture &C : L->captures())
          if (C.capturesThis()) // its body may write any member
            Out.insert(nullptr);
    }
    for (const Stmt *C : S->children())
      touched(C, Out);
  }

  /// What one constructor leaves each member: its initialisers, then its
  /// body's top-level statements in order.
  void constructor(const CXXConstructorDecl *C,
                   llvm::DenseMap<const FieldDecl *, Role> &State) {
    for (const CXXCtorInitializer *I : C->inits()) {
      const FieldDecl *F = I->getMember();
      if (!F || !State.count(F))
        continue;
      const Expr *Init = I->getInit();
      if (isa_and_nonnull<CXXDefaultInitExpr>(strip(Init)))
        Init = F->getInClassInitializer();
      State[F] = Init ? ofValue(Init) : Role::Plain;
    }
    const auto *Body = dyn_cast_or_null<CompoundStmt>(C->getBody());
    if (!Body) {
      for (auto &[F, R] : State)
        R = Role::Unknown;
      return;
    }
    for (const Stmt *S : Body->body()) {
      const auto *E = dyn_cast<Expr>(S);
      if (E) {
        if (auto A = assignment(E))
          if (const FieldDecl *F = thisField(A->first); F && State.count(F)) {
            // `w_ = register_buffer("w", ...)`, `head_ = Linear(...)`; a
            // member the value also registers (`g_ = register_buffer("g",
            // w_)`) is registered too.
            State[F] = ofValue(A->second);
            if (isRegister(A->second))
              for (const Expr *Arg :
                   cast<CallExpr>(strip(A->second))->arguments())
                if (const FieldDecl *G = thisField(Arg); G && State.count(G))
                  State[G] = Role::Registered;
            continue;
          }
        if (isRegister(E)) { // register_buffer("window", window_);
          for (const Expr *Arg : cast<CallExpr>(strip(E))->arguments())
            if (const FieldDecl *G = thisField(Arg); G && State.count(G))
              State[G] = Role::Registered;
          continue;
        }
      }
      llvm::SmallPtrSet<const FieldDecl *, 4> Nested;
      touched(S, Nested);
      for (const FieldDecl *F : Nested)
        if (State.count(F))
          State[F] = Role::Unknown;
      if (Nested.count(nullptr)) // a lambda capturing this
        for (auto &[F, R] : State)
          R = Role::Unknown;
    }
  }

  /// What one constructor puts in list-of-modules member F: modules
  /// registered (`heads_.emplace(k, register_module(k, Linear(...)))`),
  /// new layers no register_* call took, nothing (Plain: empty), or a mix
  /// or anything else (Unknown).
  Role listRole(const CXXConstructorDecl *C, const FieldDecl *F) const {
    bool Reg = false, New = false, Other = false;
    bool Followed = listFills(C, F, [&](const Expr *Added) {
      Role R = Added ? ofValue(throughHolder(Added)) : Role::Plain;
      Reg |= R == Role::Registered;
      New |= R == Role::Plain;
      Other |= R == Role::Unknown;
    });
    Other |= !Followed;
    return Other || (Reg && New) ? Role::Unknown
           : Reg                 ? Role::Registered
                                 : Role::Plain;
  }

private:
  const ApiModel &Api;
};

/// What the rest of the unit does to members of torch::nn::Module
/// subclasses, outside their class's constructors: assigns or registers
/// them (Rebound), or changes them in place in a way that may change their
/// dtype or device (Changed: set_data, set_, a module's to(), passed by
/// non-const reference, address taken).
class MemberWrites : public NodeVisitor {
public:
  MemberWrites(AnalysisContext &AC, SourceManager &SM)
      : AC(AC), Api(AC.api()), SM(SM), Sorter(AC.api()) {
    TemplateInstantiations = true;
  }
  llvm::DenseSet<const FieldDecl *> Rebound, Changed;
  /// Lists of modules: the new layers other code puts in them.
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<AbsValue, 1>> ListAdds;

  bool enterDecl(Decl *D) override {
    if (!isa<TranslationUnitDecl>(D)) {
      if (SM.isInSystemHeader(D->getLocation()))
        return false;
      if (const auto *ND = dyn_cast<NamespaceDecl>(D);
          ND && Api.isLibTorchDecl(ND))
        return false;
      // A method nothing calls in a program does not write.
      if (const auto *F = dyn_cast<FunctionDecl>(D); F && !AC.mayRun(F))
        return false;
    }
    Outer.push_back(Ctor);
    OuterFns.push_back(Fn);
    if (const auto *C = dyn_cast<CXXConstructorDecl>(D))
      Ctor = C;
    else if (isa<FunctionDecl>(D))
      Ctor = nullptr;
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      Fn = F;
    return true;
  }
  void leaveDecl(Decl *) override {
    Ctor = Outer.pop_back_val();
    Fn = OuterFns.pop_back_val();
  }
  void enterLambda(LambdaExpr *) override {
    Outer.push_back(Ctor);
    Ctor = nullptr; // may run after the constructor
  }
  void leaveLambda(LambdaExpr *) override { Ctor = Outer.pop_back_val(); }

  bool visitStmt(Stmt *S) override {
    // Variables holding an element of a list of modules (a range-for's,
    // `auto &head = heads_.at(k)`, `auto it = heads_.find(k)`).
    if (const auto *FR = dyn_cast<CXXForRangeStmt>(S)) {
      if (const FieldDecl *F = listMember(Api, FR->getRangeInit(), ElementVars))
        if (const VarDecl *LV = FR->getLoopVariable())
          ElementVars[LV] = F;
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
          if (const FieldDecl *F = listMember(Api, V->getInit(), ElementVars))
            ElementVars[V] = F;
    }
    if (const auto *CE = dyn_cast<CallExpr>(S))
      return visitCall(CE);
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp())
        note(BO->getLHS(), Rebound, false);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->getOpcode() == UO_AddrOf)
        note(UO->getSubExpr(), Changed, true);
    }
    return true;
  }
  bool visitCall(const CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (auto A = assignment(CE)) {
      note(A->first, Rebound, /*InOwnCtor=*/false);
      // `heads_[k] = Linear(...)` outside the constructors; any other
      // element rebound (`it->second = ...`, `head = ...`).
      const auto *Sub = dyn_cast<CXXOperatorCallExpr>(strip(A->first));
      const FieldDecl *L =
          Sub && Sub->getOperator() == OO_Subscript ? anyField(Sub->getArg(0))
                                                    : nullptr;
      if (L && Api.classify(L->getType()) == TypeKind::ModuleList)
        listAdd(L, A->second);
      else if (const FieldDecl *E = listMember(Api, A->first, ElementVars))
        Changed.insert(E);
    }
    if (!F)
      return true;
    bool Lib = Api.isLibTorchDecl(F);
    llvm::StringRef Name = F->getIdentifier() ? F->getName() : "";
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const Expr *Obj = MC->getImplicitObjectArgument();
      // An element of a list of modules converted (anywhere: what the
      // constructors' analysis saw is not kept apart).
      if (Api.isModuleConversion(Name))
        if (const FieldDecl *L = listMember(Api, Obj, ElementVars))
          Changed.insert(L);
      // What other code puts in a list of modules.
      if (const FieldDecl *L = anyField(Obj);
          L && Api.classify(L->getType()) == TypeKind::ModuleList) {
        const Expr *Added;
        ListUse U = listCall(MC, Added);
        if (U == ListUse::Changes)
          note(Obj, Changed, true);
        else if (U == ListUse::Add)
          listAdd(L, Added, MC);
      }
    }
    // An element of a list of modules given to other code.
    if (!Lib && !isa<CXXOperatorCallExpr>(CE))
      for (const Expr *Arg : CE->arguments())
        if (const FieldDecl *L = listMember(Api, Arg, ElementVars))
          Changed.insert(L);
    if (Lib && Api.isRegisterModuleMethod(Name))
      for (const Expr *Arg : CE->arguments())
        note(Arg, Rebound, false);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      if (Name == "set_data" || Name == "set_" || Name == "swap" ||
          (Api.isModuleConversion(Name) &&
           Api.classify(MC->getImplicitObjectArgument()->getType()) !=
               TypeKind::Tensor))
        note(MC->getImplicitObjectArgument(), Changed, true);
    if (Name == "swap" || Name == "move")
      for (const Expr *Arg : CE->arguments())
        note(Arg, Changed, true);
    // Passed by non-const reference to code that may rebind it.
    if (isa<CXXOperatorCallExpr>(CE))
      return true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < F->getNumParams(); ++I) {
      QualType PT = F->getParamDecl(I)->getType();
      if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
        note(CE->getArg(I), Changed, true);
    }
    return true;
  }

private:
  /// Module Added (null: built in place by Call) put in list L: a new layer
  /// outside L's class's constructors is what the list holds beside what
  /// they left; anything else leaves L unknown.
  void listAdd(const FieldDecl *L, const Expr *Added,
               const CXXMemberCallExpr *Call = nullptr) {
    if (Ctor && Ctor->getParent() == L->getParent())
      return; // MemberSorter::listRole
    if (Added && Sorter.ofValue(Added) != Role::Plain) {
      Changed.insert(L);
      return;
    }
    const Expr *Where = Added ? Added : Call;
    std::optional<ModuleInfo> Info =
        Added ? Api.builtinModule(strip(Added)->getType()) : std::nullopt;
    AbsValue V = AbsValue::unknownModule();
    if (Info && Where) { // made with the default dtype, on the CPU
      V.DT = AC.entryDefaultDType(Fn);
      V.DT.Where = Where->getExprLoc();
      V.DV = DeviceFact::of(Device::CPU, Where->getExprLoc());
      V.FloatModule = Info->Rule == ModuleRule::FloatInput;
      V.Fwd = AbsValue::Forward::Keeps;
      V.Tracked = true;
    }
    ListAdds[L].push_back(V);
  }

  /// InOwnCtor: counts in a constructor of the member's class too (whose
  /// assignments and registrations MemberSorter reads).
  void note(const Expr *E, llvm::DenseSet<const FieldDecl *> &Set,
            bool InOwnCtor) {
    const FieldDecl *F = anyField(E);
    if (!F)
      return;
    if (!InOwnCtor && Ctor && Ctor->getParent() == F->getParent())
      return;
    Set.insert(F);
    // A submodule of the object a method runs on (`head->to(kDouble)`).
    const Expr *X = strip(E);
    while (const auto *OC = dyn_cast<CXXOperatorCallExpr>(X)) {
      if (OC->getOperator() != OO_Arrow || OC->getNumArgs() < 1)
        break;
      X = strip(OC->getArg(0));
    }
    if (const auto *ME = dyn_cast<MemberExpr>(X);
        &Set == &Changed && ME && isa<CXXThisExpr>(strip(ME->getBase())))
      ChangedByOwnMethods.insert(F);
  }
public:
  llvm::DenseSet<const FieldDecl *> ChangedByOwnMethods;
private:
  AnalysisContext &AC;
  const ApiModel &Api;
  SourceManager &SM;
  MemberSorter Sorter;
  const CXXConstructorDecl *Ctor = nullptr;
  const FunctionDecl *Fn = nullptr;
  llvm::SmallVector<const CXXConstructorDecl *, 8> Outer;
  llvm::SmallVector<const FunctionDecl *, 8> OuterFns;
  llvm::DenseMap<const VarDecl *, const FieldDecl *> ElementVars;
};
} // namespace

AnalysisContext::MemberRole
AnalysisContext::memberRole(const FieldDecl *Field) {
  const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!RD || Api.classify(Ctx.getRecordType(RD)) != TypeKind::NNModule)
    return MemberRole::Unknown;
  findMemberWrites();
  auto Done = MemberRoles.find(RD);
  if (Done == MemberRoles.end()) {
    llvm::DenseMap<const FieldDecl *, MemberRole> Roles;
    for (const FieldDecl *F : RD->fields()) {
      TypeKind K = Api.classify(F->getType());
      if (K == TypeKind::Tensor || K == TypeKind::Holder ||
          K == TypeKind::ModulePtr || K == TypeKind::ModuleList)
        Roles[F] = MemberRole::Unknown;
    }
    MemberSorter Sorter(Api);
    bool First = true;
    for (const CXXConstructorDecl *C : RD->ctors()) {
      const FunctionDecl *Def = nullptr;
      if (C->isCopyOrMoveConstructor() || !C->hasBody(Def) || !Def ||
          Def->isDependentContext())
        continue;
      llvm::DenseMap<const FieldDecl *, MemberRole> State;
      for (const auto &[F, R] : Roles)
        State[F] = MemberRole::Plain; // default-constructed: empty
      Sorter.constructor(cast<CXXConstructorDecl>(Def), State);
      for (auto &[F, R] : State)
        if (R != MemberRole::Unknown &&
            Api.classify(F->getType()) == TypeKind::ModuleList)
          R = Sorter.listRole(cast<CXXConstructorDecl>(Def), F);
      for (auto &[F, R] : Roles)
        R = First || R == State[F] ? State[F] : MemberRole::Unknown;
      First = false;
    }
    if (First) // no constructor of the user's
      for (auto &[F, R] : Roles)
        R = MemberRole::Unknown;
    for (auto &[F, R] : Roles) {
      if (OtherRebinds.count(F))
        R = MemberRole::Unknown;
      // A list of modules: its elements converted or changed elsewhere, or
      // filled elsewhere while its constructors register what they put in.
      if (Api.classify(F->getType()) == TypeKind::ModuleList &&
          (OtherChanges.count(F) ||
           (R == MemberRole::Registered && OtherListAdds.count(F))))
        R = MemberRole::Unknown;
      // set_data keeps a registered tensor registered; a plain one's
      // facts are no longer the constructor's.
      if (R == MemberRole::Plain && OtherChanges.count(F))
        R = MemberRole::Unknown;
    }
    Done = MemberRoles.try_emplace(RD, std::move(Roles)).first;
  }
  auto It = Done->second.find(Field);
  return It == Done->second.end() ? MemberRole::Unknown : It->second;
}

std::optional<AbsValue> AnalysisContext::laterValues(const FieldDecl *F,
                                                     bool Compute) {
  findMemberWrites();
  TypeKind K = Api.classify(F->getType());
  if ((K == TypeKind::Holder || K == TypeKind::ModulePtr) &&
      ChangedByOwnMethods.count(F))
    return AbsValue::none();
  if (!OtherRebinds.count(F))
    return std::nullopt;
  std::optional<AbsValue> W = Compute ? classWrites(F) : std::nullopt;
  return W ? *W : AbsValue::none();
}

void AnalysisContext::findMemberWrites() {
  if (MemberWritesDone)
    return;
  MemberWrites W(*this, Ctx.getSourceManager());
  W.walk(Ctx.getTranslationUnitDecl());
  OtherRebinds = std::move(W.Rebound);
  ChangedByOwnMethods = std::move(W.ChangedByOwnMethods);
  OtherChanges = std::move(W.Changed);
  OtherListAdds = std::move(W.ListAdds);
  MemberWritesDone = true;
}

llvm::ArrayRef<AbsValue>
AnalysisContext::moduleListAdds(const FieldDecl *Field) {
  findMemberWrites();
  auto It = OtherListAdds.find(Field);
  if (It == OtherListAdds.end())
    return {};
  return It->second;
}

} // namespace torchdtype
