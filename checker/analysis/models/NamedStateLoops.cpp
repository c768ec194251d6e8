//===- NamedStateLoops.cpp - named_parameters() loops filtered by name ----===//
//
// A loop over a module's named_parameters() that sets the data of the
// parameters whose name passes a test, and only those:
//
//   for (auto &item : model->named_parameters()) {
//     if (item.key().rfind("backbone.", 0) != 0)
//       continue;
//     item.value().set_data(item.value().to(torch::kFloat64));
//   }
//
// A parameter's name is the path of names register_module and
// register_parameter gave it ("backbone.0.weight"), so a test of its
// prefix (rfind(p, 0) == 0, find(p) == 0, compare(0, n, p) == 0,
// substr(0, n) == p), of a part it contains (find(s) != npos), or of the
// whole name, combined with !, && and ||, decides for each registered
// member of the module's class whether all its parameters are converted
// or none is. Where the test decides every member, the converted
// submodules are the module's fields (as `net->backbone->to(kDouble)`);
// otherwise the loop leaves the module unknown, as any other loop that sets
// data does (ModuleStateLoops.cpp). No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace torchdtype {

namespace {

/// A method call's name, or "".
llvm::StringRef methodName(const Expr *E) {
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(strip(E));
  const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
  return M && M->getIdentifier() ? M->getName() : "";
}

/// The string literal E is (through std::string's constructor), if any.
std::optional<llvm::StringRef> literal(const Expr *E) {
  for (int I = 0; E && I < 4; ++I) {
    E = strip(E);
    if (const auto *SL = dyn_cast<StringLiteral>(E))
      return SL->getString();
    const auto *CE = dyn_cast<CXXConstructExpr>(E);
    if (!CE || CE->getNumArgs() < 1)
      return std::nullopt;
    E = CE->getArg(0);
  }
  return std::nullopt;
}

std::optional<uint64_t> integer(const Expr *E) {
  if (const auto *IL = dyn_cast<IntegerLiteral>(strip(E)))
    return IL->getValue().getZExtValue();
  return std::nullopt;
}

bool isNpos(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(E));
  return DRE && DRE->getDecl()->getIdentifier() &&
         DRE->getDecl()->getName() == "npos";
}

/// Three-valued: whether every parameter of a member passes (true), none
/// does (false), or it depends on names not known here (nullopt).
using Verdict = std::optional<bool>;

Verdict negate(Verdict V) { return V ? Verdict(!*V) : std::nullopt; }

/// Parses the loop body's tests and set_data call.
class LoopBody {
public:
  LoopBody(const VarDecl *Item) : Item(Item) {}

  /// The body's statements (the then-branch of a last `if (t) {...}`
  /// taken as a test too): true if they are only name tests, the
  /// variables of the key and the value, requires_grad setters, counters
  /// and one set_data of the value.
  bool parse(const Stmt *S) {
    llvm::SmallVector<const Stmt *, 8> List;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      List.append(CS->body_begin(), CS->body_end());
    else
      List.push_back(S);
    for (unsigned I = 0; I < List.size(); ++I) {
      const Stmt *T = List[I];
      if (const auto *If = dyn_cast<IfStmt>(T)) {
        if (If->getElse() || If->getInit() || If->getConditionVariable())
          return false;
        if (isa<ContinueStmt>(If->getThen())) {
          Tests.push_back({If->getCond(), /*Negated=*/true});
          continue;
        }
        if (I + 1 != List.size())
          return false;
        Tests.push_back({If->getCond(), /*Negated=*/false});
        return parse(If->getThen());
      }
      if (const auto *DS = dyn_cast<DeclStmt>(T)) {
        for (const Decl *D : DS->decls()) {
          const auto *V = dyn_cast<VarDecl>(D);
          if (!V || !V->getInit())
            return false;
          if (isKey(V->getInit()))
            Keys.push_back(V);
          else if (isValue(V->getInit()) && V->getType()->isReferenceType())
            Values.push_back(V);
          else
            return false;
        }
        continue;
      }
      if (const auto *UO =
              dyn_cast<UnaryOperator>(isa<Expr>(T) ? strip(cast<Expr>(T)) : T);
          UO && UO->isIncrementDecrementOp() &&
          UO->getSubExpr()->getType()->isIntegerType())
        continue;
      const auto *E = dyn_cast<Expr>(T);
      const auto *MC = E ? dyn_cast<CXXMemberCallExpr>(strip(E)) : nullptr;
      llvm::StringRef Name = methodName(MC);
      if (!MC || !isValue(MC->getImplicitObjectArgument()))
        return false;
      if (Name == "set_requires_grad" || Name == "requires_grad_")
        continue;
      if (Name != "set_data" || MC->getNumArgs() != 1 || SetData)
        return false;
      SetData = MC;
    }
    return SetData != nullptr;
  }

  /// What the tests say of a member registered as Name (a submodule, or a
  /// parameter of the class itself).
  Verdict decide(llvm::StringRef Name, bool IsModule) const {
    Verdict All = true;
    for (const auto &[Cond, Negated] : Tests) {
      Verdict V = test(Cond, Name, IsModule);
      if (Negated)
        V = negate(V);
      if (V && !*V)
        return false;
      if (!V)
        All = std::nullopt;
    }
    return All;
  }

  const Expr *conversion() const { return SetData->getArg(0); }

private:
  bool refersTo(const Expr *E, llvm::ArrayRef<const VarDecl *> Vars) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(strip(E));
    return DRE && llvm::is_contained(Vars, DRE->getDecl());
  }
  /// `item.key()` or a variable it initialised.
  bool isKey(const Expr *E) const {
    if (refersTo(E, Keys))
      return true;
    const auto *MC = dyn_cast<CXXMemberCallExpr>(strip(E));
    return MC && methodName(MC) == "key" &&
           refersTo(MC->getImplicitObjectArgument(), {Item});
  }
  /// `item.value()` or a variable it initialised.
  bool isValue(const Expr *E) const {
    if (refersTo(E, Values))
      return true;
    const auto *MC = dyn_cast<CXXMemberCallExpr>(strip(E));
    return MC && methodName(MC) == "value" &&
           refersTo(MC->getImplicitObjectArgument(), {Item});
  }

  static bool startsWith(llvm::StringRef Prefix, llvm::StringRef Name,
                         bool IsModule, Verdict &Out) {
    if (!IsModule) {
      Out = Name.starts_with(Prefix);
      return true;
    }
    // "name." and an unknown rest.
    std::string Path = (Name + ".").str();
    if (llvm::StringRef(Path).starts_with(Prefix))
      Out = true;
    else if (Prefix.starts_with(Path))
      Out = std::nullopt;
    else
      Out = false;
    return true;
  }

  /// A key's method call compared with N (`k.rfind(p, 0) == 0`,
  /// `k.find(s) != npos`): its verdict when it equals N.
  Verdict compared(const Expr *Call, const Expr *N, llvm::StringRef Name,
                   bool IsModule, bool &Known) const {
    Known = false;
    const auto *MC = dyn_cast<CXXMemberCallExpr>(strip(Call));
    if (!MC || !isKey(MC->getImplicitObjectArgument()) || MC->getNumArgs() < 1)
      return std::nullopt;
    llvm::StringRef M = methodName(MC);
    std::optional<uint64_t> Zero = integer(N);
    Verdict V;
    if ((M == "rfind" || M == "find") && Zero && *Zero == 0) {
      // rfind(p, 0) and find(p, 0) look at position 0 only, find(p) is 0
      // only for a prefix (rfind(p) is 0 where p is nowhere after it).
      bool Default =
          MC->getNumArgs() < 2 || isa<CXXDefaultArgExpr>(MC->getArg(1));
      bool AtZero = !Default && integer(MC->getArg(1)) == uint64_t(0);
      std::optional<llvm::StringRef> P = literal(MC->getArg(0));
      if (!P || !(AtZero || (M == "find" && Default)))
        return std::nullopt;
      Known = startsWith(*P, Name, IsModule, V);
      return V;
    }
    if (M == "find" && isNpos(N) && MC->getNumArgs() >= 1 &&
        (MC->getNumArgs() < 2 || isa<CXXDefaultArgExpr>(MC->getArg(1)))) {
      std::optional<llvm::StringRef> S = literal(MC->getArg(0));
      if (!S)
        return std::nullopt;
      // find(s) == npos: s is nowhere in the name.
      Known = true;
      std::string Path = IsModule ? (Name + ".").str() : Name.str();
      if (llvm::StringRef(Path).contains(*S))
        return false;
      return IsModule ? Verdict() : Verdict(true);
    }
    if (M == "compare" && Zero && *Zero == 0 && MC->getNumArgs() == 3 &&
        integer(MC->getArg(0)) == uint64_t(0)) {
      std::optional<llvm::StringRef> P = literal(MC->getArg(2));
      if (!P || integer(MC->getArg(1)) != uint64_t(P->size()))
        return std::nullopt;
      Known = startsWith(*P, Name, IsModule, V);
      return V;
    }
    return std::nullopt;
  }

  Verdict test(const Expr *Cond, llvm::StringRef Name, bool IsModule) const {
    Cond = strip(Cond);
    if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
        UO && UO->getOpcode() == UO_LNot)
      return negate(test(UO->getSubExpr(), Name, IsModule));
    const Expr *L = nullptr, *R = nullptr;
    bool Equal = false;
    if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
        Verdict A = test(BO->getLHS(), Name, IsModule);
        Verdict B = test(BO->getRHS(), Name, IsModule);
        bool And = BO->getOpcode() == BO_LAnd;
        if ((A && *A != And) || (B && *B != And))
          return !And; // one false operand of &&, one true of ||
        if (A && B)
          return And;
        return std::nullopt;
      }
      if (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
        return std::nullopt;
      L = BO->getLHS();
      R = BO->getRHS();
      Equal = BO->getOpcode() == BO_EQ;
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Cond);
               OC && OC->getNumArgs() == 2 &&
               (OC->getOperator() == OO_EqualEqual ||
                OC->getOperator() == OO_ExclaimEqual)) {
      L = OC->getArg(0);
      R = OC->getArg(1);
      Equal = OC->getOperator() == OO_EqualEqual;
    } else {
      return std::nullopt;
    }
    Verdict V;
    bool Known = false;
    V = compared(L, R, Name, IsModule, Known);
    if (!Known)
      V = compared(R, L, Name, IsModule, Known);
    if (!Known) {
      // `k == "head.weight"`, `k.substr(0, n) == "backbone."`.
      if (!literal(R))
        std::swap(L, R);
      std::optional<llvm::StringRef> S = literal(R);
      if (!S)
        return std::nullopt;
      if (isKey(L)) {
        Known = true;
        if (!IsModule)
          V = Name == *S;
        else
          V = llvm::StringRef(*S).starts_with((Name + ".").str())
                  ? Verdict()
                  : Verdict(false);
      } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(strip(L));
                 MC && methodName(MC) == "substr" && MC->getNumArgs() == 2 &&
                 isKey(MC->getImplicitObjectArgument()) &&
                 integer(MC->getArg(0)) == uint64_t(0) &&
                 integer(MC->getArg(1)) == uint64_t(S->size())) {
        Known = startsWith(*S, Name, IsModule, V);
      }
    }
    if (!Known)
      return std::nullopt;
    return Equal ? V : negate(V);
  }

  const VarDecl *Item;
  llvm::SmallVector<const VarDecl *, 2> Keys, Values;
  llvm::SmallVector<std::pair<const Expr *, bool>, 2> Tests;
  const CXXMemberCallExpr *SetData = nullptr;
};

/// A register_* call of LibTorch's, with its name when that is a literal.
const CallExpr *registerCall(const Expr *E, const ApiModel &Api) {
  // (through the holder made of the shared_ptr register_module returns)
  for (int I = 0; E && I < 4; ++I) {
    E = strip(E);
    const auto *C = dyn_cast<CXXConstructExpr>(E);
    if (!C || C->getNumArgs() != 1)
      break;
    E = C->getArg(0);
  }
  const auto *CE = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || !Api.isLibTorchDecl(F) ||
      !Api.isRegisterModuleMethod(F->getName()))
    return nullptr;
  return CE;
}

/// The field of `this` E names, if any.
const FieldDecl *thisMember(const Expr *E) {
  E = strip(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1 && isCopyOrMoveOf(CE))
    E = strip(CE->getArg(0));
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME || !isa<CXXThisExpr>(strip(ME->getBase())))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

} // namespace

std::optional<llvm::SmallVector<models::RegisteredMember, 4>>
models::registeredMembers(const CXXRecordDecl *RD, const ApiModel &Api) {
  // One constructor, of a class derived from torch::nn::Module alone.
  const CXXConstructorDecl *Ctor = nullptr;
  for (const CXXConstructorDecl *C : RD->ctors()) {
    if (C->isImplicit() || C->isCopyOrMoveConstructor())
      continue;
    if (Ctor)
      return std::nullopt;
    Ctor = C;
  }
  const FunctionDecl *Def = nullptr;
  if (!Ctor || !Ctor->hasBody(Def) || !Def || RD->getNumBases() != 1)
    return std::nullopt;
  const auto *CtorDef = cast<CXXConstructorDecl>(Def);
  llvm::SmallVector<models::RegisteredMember, 4> Out;
  bool Unnamed = false;
  auto Add = [&](const FieldDecl *F, const CallExpr *Reg) {
    std::optional<llvm::StringRef> Name =
        Reg->getNumArgs() ? literal(Reg->getArg(0)) : std::nullopt;
    if (!F)
      return;
    if (!Name) {
      Unnamed = true;
      return;
    }
    Out.push_back(
        {F, Name->str(), Api.classify(F->getType()) != TypeKind::Tensor});
  };
  for (const CXXCtorInitializer *I : CtorDef->inits())
    if (I->isWritten() && I->getMember())
      if (const CallExpr *Reg = registerCall(I->getInit(), Api))
        Add(I->getMember(), Reg);
  if (const auto *Body = dyn_cast<CompoundStmt>(CtorDef->getBody()))
    for (const Stmt *S : Body->body()) {
      const auto *E = dyn_cast<Expr>(S);
      if (!E)
        continue;
      E = strip(E);
      const Expr *LHS = nullptr, *RHS = E;
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
          OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
        LHS = OC->getArg(0);
        RHS = OC->getArg(1);
      } else if (const auto *BO = dyn_cast<BinaryOperator>(E);
                 BO && BO->getOpcode() == BO_Assign) {
        LHS = BO->getLHS();
        RHS = BO->getRHS();
      }
      const CallExpr *Reg = registerCall(RHS, Api);
      if (!Reg)
        continue;
      const FieldDecl *F = LHS ? thisMember(LHS) : nullptr;
      // register_buffer("w", w_): the member given.
      if (!F && Reg->getNumArgs() >= 2)
        F = thisMember(Reg->getArg(1));
      Add(F, Reg);
    }
  if (Unnamed)
    return std::nullopt;
  return Out;
}

bool FunctionAnalyzer::nameFilteredSetData(const CXXForRangeStmt *Loop,
                                           const Expr *Obj, const Decl *D,
                                           AbsValue M) {
  const Stmt *Body = Loop->getBody();
  LoopBody B(Loop->getLoopVariable());
  if (!Body || !B.parse(Body))
    return false;
  AbsValue C = eval(B.conversion());
  std::optional<DType> DT = C.isTensor() ? C.DT.single() : std::nullopt;
  if (!DT || !isFloating(*DT))
    return false;
  // (the class of the module, not the torch::nn::Module the method is of)
  const CXXRecordDecl *RD =
      Api.moduleRecord(Obj->IgnoreParenImpCasts()->getType());
  if (!RD)
    return false;
  std::optional<llvm::SmallVector<models::RegisteredMember, 4>> Members =
      models::registeredMembers(RD, Api);
  if (!Members)
    return false;
  // Every registered member of a kind that holds parameters is named.
  unsigned Registered = 0;
  for (const FieldDecl *F : RD->fields()) {
    TypeKind K = Api.classify(F->getType());
    if ((K == TypeKind::Tensor || K == TypeKind::Holder ||
         K == TypeKind::ModulePtr) &&
        AC.memberRole(F) != AnalysisContext::MemberRole::Plain)
      ++Registered;
  }
  if (Registered != Members->size())
    return false;
  llvm::SmallVector<const FieldDecl *, 4> Converted;
  for (const models::RegisteredMember &R : *Members) {
    Verdict V = B.decide(R.Name, R.IsModule);
    if (!V || (*V && !R.IsModule))
      return false; // undecided, or a parameter of the class itself
    if (*V)
      Converted.push_back(R.Field);
  }
  if (Converted.empty())
    return true; // no parameter passes: the module is as it was
  if (Converted.size() == Members->size() && M.Tracked) {
    // Every one: as the module's to() of that dtype.
    M.DT = DTypeFact::of(*DT, B.conversion()->getExprLoc());
    M.DTypeConverted = true;
    M.Fields = nullptr;
    store(D, M);
    return true;
  }
  // The converted submodules as fields: the module's own facts stay (a
  // parameter's: the argument's, for its callers).
  const auto *P = dyn_cast<ParmVarDecl>(D);
  if (!M.Tracked) {
    std::optional<AbsValue> Own =
        P ? models::ownFactsKept(*this, P, M) : std::nullopt;
    if (!Own)
      return false;
    M = *Own;
    M.DT = DTypeFact::param(P->getFunctionScopeIndex());
    M.DV = DeviceFact::param(P->getFunctionScopeIndex());
  }
  for (const FieldDecl *F : Converted) {
    AbsValue Sub = AbsValue::unknownModule();
    if (const AbsValue *V = M.field(F->getFieldIndex()))
      Sub = *V;
    else if (M.Tracked) {
      std::optional<AbsValue> Outer = BoundReceiver;
      BoundReceiver = M;
      Sub = moduleMember(F, F->getType());
      BoundReceiver = Outer;
    }
    if (Sub.K != AbsValue::Kind::Module)
      return false;
    Sub.DT = DTypeFact::of(*DT, B.conversion()->getExprLoc());
    Sub.DTypeConverted = true;
    M = M.withField(F->getFieldIndex(), Sub);
  }
  store(D, M);
  return true;
}

} // namespace torchdtype
