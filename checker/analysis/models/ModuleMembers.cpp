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
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace torchdtype {

namespace {
using Role = AnalysisContext::MemberRole;

/// The field of `this` an expression names (`w_`, `this->w_`), or null.
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

/// A field of any object an expression names, through `->` and `*` of
/// holders (`head_->to(...)`, `net->head_`): the member written.
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

/// `lhs = rhs` (a class's operator= or a built-in one): its two sides.
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
      : AC(AC), Api(AC.api()), SM(SM) {
    TemplateInstantiations = true;
  }
  llvm::DenseSet<const FieldDecl *> Rebound, Changed;

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
    if (const auto *C = dyn_cast<CXXConstructorDecl>(D))
      Ctor = C;
    else if (isa<FunctionDecl>(D))
      Ctor = nullptr;
    return true;
  }
  void leaveDecl(Decl *) override { Ctor = Outer.pop_back_val(); }
  void enterLambda(LambdaExpr *) override {
    Outer.push_back(Ctor);
    Ctor = nullptr; // may run after the constructor
  }
  void leaveLambda(LambdaExpr *) override { Ctor = Outer.pop_back_val(); }

  bool visitStmt(Stmt *S) override {
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
    if (auto A = assignment(CE))
      note(A->first, Rebound, /*InOwnCtor=*/false);
    if (!F)
      return true;
    bool Lib = Api.isLibTorchDecl(F);
    llvm::StringRef Name = F->getIdentifier() ? F->getName() : "";
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
  }
  AnalysisContext &AC;
  const ApiModel &Api;
  SourceManager &SM;
  const CXXConstructorDecl *Ctor = nullptr;
  llvm::SmallVector<const CXXConstructorDecl *, 8> Outer;
};
} // namespace

AnalysisContext::MemberRole
AnalysisContext::memberRole(const FieldDecl *Field) {
  const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!RD || Api.classify(Ctx.getRecordType(RD)) != TypeKind::NNModule)
    return MemberRole::Unknown;
  if (!MemberWritesDone) {
    MemberWrites W(*this, Ctx.getSourceManager());
    W.walk(Ctx.getTranslationUnitDecl());
    OtherRebinds = std::move(W.Rebound);
    OtherChanges = std::move(W.Changed);
    MemberWritesDone = true;
  }
  auto Done = MemberRoles.find(RD);
  if (Done == MemberRoles.end()) {
    llvm::DenseMap<const FieldDecl *, MemberRole> Roles;
    for (const FieldDecl *F : RD->fields()) {
      TypeKind K = Api.classify(F->getType());
      if (K == TypeKind::Tensor || K == TypeKind::Holder ||
          K == TypeKind::ModulePtr)
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

} // namespace torchdtype
