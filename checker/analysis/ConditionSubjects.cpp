//===- ConditionSubjects.cpp - the variables branch conditions test ------===//
//
// Which variables a path's assumptions may name, and what becomes of those
// assumptions where such a variable changes: a variable is tracked when
// every change of it is one the analysis sees (an assignment or increment
// of it or of its fields), so the assumption is forgotten there, or renewed
// when the new value is a constant.
//
//===----------------------------------------------------------------------===//

#include "ASTWalk.h"
#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "KnownConstants.h"
#include "PathStates.h"
#include "solver/Paths.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace torchdtype {


namespace {
/// The key a lookup of a std map reads (`m.find(k)`, `at`, `count`,
/// `contains`, `m[k]`), or null.
const Expr *stdMapKey(const CallExpr *CE) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
  if (!M)
    return nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    return MC->getNumArgs() == 1 && M->getIdentifier() &&
                   llvm::is_contained({"find", "at", "count", "contains"},
                                      M->getName()) &&
                   isStdMap(MC->getImplicitObjectArgument()->getType())
               ? MC->getArg(0)
               : nullptr;
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE);
  return OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
                 isStdMap(OC->getArg(0)->getType())
             ? OC->getArg(1)
             : nullptr;
}

/// The scalar arguments, and the scalar fields of plain struct arguments,
/// of calls of the user's functions: the constants they hold are passed
/// (callFacts) and pick the callee's paths.
class ArgumentSubjects : public NodeVisitor {
public:
  ArgumentSubjects(const ApiModel &Api, TrackedVar Tracked)
      : Api(Api), Tracked(Tracked) {}
  bool visitStmt(Stmt *S) override {
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F)
        return true;
      // The standard library's functions are not the user's, whether or
      // not their bodies are in this unit (a member of a template a
      // precompiled header instantiated has none until read from it), except
      // the key of a map lookup, which a const map's lookup reads
      // (ConstantMaps.cpp: a key the path assumed).
      if (isStdLibrary(F)) {
        if (const Expr *Key = stdMapKey(CE))
          add(Key);
        return true;
      }
      if (!F->hasBody() || Api.isLibTorchDecl(F))
        return true;
      for (const Expr *A : CE->arguments())
        add(A);
      // The object of a method call: its fields are the method's members.
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
        add(MC->getImplicitObjectArgument());
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
      const CXXConstructorDecl *C = CE->getConstructor();
      if (!C || !C->hasBody() || isStdLibrary(C) ||
          Api.isLibTorchDecl(C))
        return true;
      for (const Expr *A : CE->arguments())
        add(A);
    }
    return true;
  }
  /// A local pointer to a polymorphic object: its dynamic class is kept;
  /// a local std::function: the lambda it holds.
  bool visitDecl(Decl *D) override {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return true;
    if (VD->isLocalVarDecl() && !VD->isStaticLocal() &&
        (polymorphicClass(VD->getType()) || isStdFunction(VD->getType())) &&
        constantCarrier(VD->getType(), Api) && Tracked(VD))
      Found.push_back({VD, nullptr});
    return true;
  }
  llvm::SmallVector<std::pair<const VarDecl *, const FieldDecl *>, 8> Found;

private:
  void add(const Expr *A) {
    std::optional<Subject> Sub = subjectOf(A);
    if (!Sub || !Tracked(Sub->Var))
      return;
    if (constantCarrier(Sub->type(), Api)) {
      Found.push_back({Sub->Var, Sub->Field});
      return;
    }
    if (Sub->Field)
      return;
    if (const CXXRecordDecl *RD = plainRecord(Sub->type(), Api))
      for (const FieldDecl *F : RD->fields())
        if (constantCarrier(F->getType(), Api))
          Found.push_back({Sub->Var, F});
  }
  const ApiModel &Api;
  TrackedVar Tracked;
};
} // namespace

void FunctionAnalyzer::collectSubjects(const CFG &G) {
  if (const Stmt *Body = FD->getBody()) {
    ArgumentSubjects A(Api, TrackedFn);
    A.walk(Body);
    Subjects.insert(A.Found.begin(), A.Found.end());
  }
  for (const CFGBlock *B : G) {
    const Stmt *T = B->getTerminatorStmt();
    if (const Stmt *Loop = loopOf(*B)) {
      auto Counter = [&](const VarDecl *V) {
        LoopCounters.insert(V);
        return false;
      };
      if (const auto *F = dyn_cast<ForStmt>(Loop)) {
        namesVar(F->getCond(), Counter);
        if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
          for (const Decl *D : DS->decls())
            if (const auto *V = dyn_cast<VarDecl>(D))
              LoopCounters.insert(V);
      } else if (const auto *W = dyn_cast<WhileStmt>(Loop)) {
        namesVar(W->getCond(), Counter);
      }
    }
    std::optional<Subject> Sub;
    if (const auto *SW = dyn_cast_or_null<SwitchStmt>(T))
      Sub = subjectOf(SW->getCond());
    else if (const auto *Cond =
                 dyn_cast_or_null<Expr>(B->getTerminatorCondition()))
      if (std::optional<Assumption> A = branchVariable(Cond, Api, TrackedFn);
          A && !A->Other)
        if (const auto *VD = dyn_cast<VarDecl>(A->Var))
          Sub = Subject{VD, A->Field};
    if (Sub)
      Subjects.insert({Sub->Var, Sub->Field});
  }
}

bool FunctionAnalyzer::isMinor(const Assumption &A) {
  // Of a loop counter (a changing variable a loop's condition reads or its
  // init declares), compared with a number or another variable; a constant
  // another changing variable was given; the value a loop over a constant
  // list gives its variable. (`bytes` summed in a loop and compared after
  // it keeps that branch's paths apart where it dies.)
  auto Counter = [&](const NamedDecl *D) {
    const auto *V = dyn_cast_or_null<VarDecl>(D);
    return V && LoopCounters.count(V) && !stableVar(V);
  };
  const auto *VD = dyn_cast_or_null<VarDecl>(A.Var);
  return VD && ((A.Number && !stableVar(VD) &&
                 (LoopCounters.count(VD) || A.FromValue)) ||
                (A.Other && (Counter(VD) || Counter(A.Other))) ||
                ListVars.count(VD));
}

void FunctionAnalyzer::writeSubject(const Expr *LHS, const Expr *Value) {
  // A field of the object a method runs on (`fitted_ = true`): what the
  // path assumed of it is forgotten, and a constant it is given assumed
  // (the method's callers take it, Summary::ExitThisFields).
  if (const auto *ME = dyn_cast<MemberExpr>(strip(LHS));
      ME && isa<CXXThisExpr>(strip(ME->getBase())))
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
      const NamedDecl *This = thisAtom(cast<CXXThisExpr>(strip(ME->getBase())));
      forget(*Cur, This, F);
      std::optional<Constant> K =
          Value && constantCarrier(F->getType(), Api)
              ? knownValue(Value, Cur->Assumed, Ctx, CallsFn)
              : std::nullopt;
      if (K)
        if (std::optional<Assumption> A =
                holding(This, F, F->getType()->isBooleanType(), *K, Value,
                        F->getNameAsString()))
          assume(*Cur, std::move(*A));
      return;
    }
  const VarDecl *Root = rootVar(LHS);
  if (!Root)
    return;
  std::optional<Subject> Sub = subjectOf(LHS);
  if (!Sub || Sub->Var != Root) {
    forget(*Cur, Root);
    return;
  }
  setSubject(*Sub, Value);
}

void FunctionAnalyzer::stepSubject(const Expr *LHS, bool Up) {
  using Relation = Assumption::Relation;
  std::optional<Subject> Sub = subjectOf(LHS);
  Assumptions Kept;
  if (Sub && Sub->Var == rootVar(LHS) && Sub->type()->isIntegerType() &&
      !Sub->type()->isBooleanType())
    for (const Assumption &A : Cur->Assumed) {
      if (A.Var != Sub->Var || A.Field != Sub->Field || !A.Number ||
          !A.Whole || A.Site || !holdsInLongLong(*A.Number + 1) ||
          !holdsInLongLong(*A.Number - 1))
        continue;
      bool Lower = A.Rel == Relation::Greater || A.Rel == Relation::GreaterEqual;
      bool Upper = A.Rel == Relation::Less || A.Rel == Relation::LessEqual;
      // `n > 3` (or `!(n < 3)`) holds after `++n` as `n > 4`: shifted once
      // (a loop's last iteration is then told by its condition), and kept
      // as it is by any step after (so a loop's paths converge).
      if (!(Lower || Upper) || (Lower == A.Value) != Up)
        continue;
      Assumption K = A;
      if (!A.Carried) {
        double By = Up ? 1 : -1;
        *K.Number += By;
        K.Const = std::to_string((long long)*K.Number);
        static const char *const Ops[] = {"", "", "<", "<=", ">", ">="};
        K.Text = Sub->name() + " " + Ops[unsigned(A.Rel)] + " " + K.Const;
        K.Where = LHS;
      }
      K.Carried = true;
      Kept.push_back(std::move(K));
    }
  writeSubject(LHS, nullptr);
  for (Assumption &A : Kept)
    assume(*Cur, std::move(A));
}

void FunctionAnalyzer::setSubject(const Subject &Sub, const Expr *Value) {
  forget(*Cur, Sub.Var, Sub.Field);
  bool Flag = !Sub.Field && Sub.type()->isBooleanType();
  if (!Flag && !Subjects.count({Sub.Var, Sub.Field}))
    return;
  if (std::optional<Assumption> A = assignedConstant(Sub, Value, Cur->Assumed, CallsFn)) {
    A->FromValue = true;
    assume(*Cur, std::move(*A));
  }
}

void FunctionAnalyzer::initFieldSubjects(const VarDecl *VD) {
  const auto *RD = VD->getType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isUnion())
    return;
  // Made by the implicit default constructor (each field from its
  // initializer in the class) or by aggregate initialization.
  const Expr *Init = VD->getInit() ? strip(VD->getInit()) : nullptr;
  const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
  const auto *IL = dyn_cast_or_null<InitListExpr>(Init);
  if (IL && !IL->isSemanticForm())
    IL = IL->getSemanticForm();
  bool Defaults = CE && CE->getNumArgs() == 0 && CE->getConstructor() &&
                  !CE->getConstructor()->isUserProvided();
  if (!Defaults && !IL)
    return;
  for (const FieldDecl *F : RD->fields()) {
    if (!Subjects.count({VD, F}))
      continue;
    const Expr *Value = nullptr;
    if (IL)
      Value = F->getFieldIndex() < IL->getNumInits()
                  ? IL->getInit(F->getFieldIndex())
                  : nullptr;
    else
      Value = F->getInClassInitializer();
    setSubject(Subject{VD, F}, Value);
  }
}

} // namespace torchdtype
