//===- PathStates.cpp - the states of several paths at a point ------------===//

#include "PathStates.h"
#include "ExprUtil.h"
#include "KnownConstants.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <cstdio>
#include <limits>

using namespace clang;

namespace torchdtype {

using Relation = Assumption::Relation;

QualType Subject::type() const {
  return Field ? Field->getType() : Var->getType().getNonReferenceType();
}

std::string Subject::name() const {
  // (a structured binding's key: its own name)
  if (const auto *DD = dyn_cast<DecompositionDecl>(Var);
      DD && Field && !DD->bindings().empty() && Field->getName() == "first")
    return DD->bindings()[0]->getNameAsString();
  std::string N = Var->getNameAsString();
  if (Field)
    N += "." + Field->getNameAsString();
  return N;
}

const FieldDecl *entryKeyField(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD)
    return nullptr;
  for (const FieldDecl *F : RD->fields())
    if (F->getIdentifier() && F->getName() == "first")
      return F;
  return nullptr;
}

std::optional<Subject> subjectOf(const Expr *E) {
  E = strip(E);
  Subject S;
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
    S.Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (ME->isArrow() || !S.Field)
      return std::nullopt;
    E = strip(ME->getBase());
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  S.Var = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // `for (const auto &[key, value] : m)`: the key is the entry's `first`.
  if (const auto *BD = DRE ? dyn_cast<BindingDecl>(DRE->getDecl()) : nullptr;
      BD && !S.Field)
    if (const auto *DD =
            dyn_cast_or_null<DecompositionDecl>(BD->getDecomposedDecl());
        DD && !DD->bindings().empty() && DD->bindings()[0] == BD)
      if (const FieldDecl *F = entryKeyField(DD->getType())) {
        S.Var = DD;
        S.Field = F;
      }
  if (!S.Var || !(S.Var->isLocalVarDecl() || isa<ParmVarDecl>(S.Var)) ||
      S.Var->isStaticLocal())
    return std::nullopt;
  // A const reference (`const Options &opts`) cannot be changed through; a
  // non-const reference parameter or range-for variable is changed here
  // only through it (FunctionAnalyzer::trackedVar), another reference is an
  // alias of an object the function may change by its name.
  QualType T = S.Var->getType();
  if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified() &&
      !isa<ParmVarDecl>(S.Var) && !S.Var->isCXXForRangeDecl())
    return std::nullopt;
  return S;
}

static const char *spelling(Relation R) {
  switch (R) {
  case Relation::Equals:
    return "==";
  case Relation::Less:
    return "<";
  case Relation::LessEqual:
    return "<=";
  case Relation::Greater:
    return ">";
  case Relation::GreaterEqual:
    return ">=";
  case Relation::Is:
  case Relation::Holds:
  case Relation::FirstIteration:
    break;
  }
  return "";
}

static Relation mirrored(Relation R) {
  switch (R) {
  case Relation::Less:
    return Relation::Greater;
  case Relation::LessEqual:
    return Relation::GreaterEqual;
  case Relation::Greater:
    return Relation::Less;
  case Relation::GreaterEqual:
    return Relation::LessEqual;
  default:
    return R;
  }
}

/// `Sub Rel K`, with the text a note shows. Integer subjects compare as
/// integers: `n > 0` is the same atom as `n >= 1`.
static Assumption comparison(const Subject &Sub, Relation Rel,
                             const Constant &K) {
  Assumption A;
  A.Var = Sub.Var;
  A.Field = Sub.Field;
  A.Rel = Rel;
  A.Const = K.Key;
  A.Number = K.Number;
  A.Class = K.Class;
  A.Text = Sub.name() + " " + spelling(Rel) + " " + K.Text;
  A.Whole = Sub.type()->isIntegerType();
  if (K.Number && holdsInLongLong(*K.Number) && Sub.type()->isIntegerType() &&
      (Rel == Relation::Less || Rel == Relation::Greater)) {
    double C = Rel == Relation::Less ? std::ceil(*K.Number) - 1
                                     : std::floor(*K.Number) + 1;
    A.Rel =
        Rel == Relation::Less ? Relation::LessEqual : Relation::GreaterEqual;
    A.Number = C;
    A.Const = llvm::toString(llvm::APSInt::get(int64_t(C)), 10);
  }
  return A;
}

/// `opts.weight` (a std::optional's operator bool), `names.empty()`: a
/// const method of the standard library's (or c10::optional's) without
/// arguments that returns bool, on a parameter or a range-for variable (or
/// a field of one) whose changes the analysis sees. The same query gives
/// the same answer until the subject changes. Its answer comes from the
/// caller or the range, so no fact of the function's own decides it (a
/// local's query may: `device.is_cuda()` of a device the path chose).
static std::optional<Assumption> queryOf(const Expr *Cond, const ApiModel &Api,
                                         TrackedVar Tracked) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Cond);
  const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
  if (!M || !M->isConst() || MC->getNumArgs() != 0 ||
      !M->getReturnType()->isBooleanType() ||
      (!M->getIdentifier() && !isa<CXXConversionDecl>(M)))
    return std::nullopt;
  const CXXRecordDecl *Class = M->getParent();
  if (!Class->isInStdNamespace() &&
      Api.classify(QualType(Class->getTypeForDecl(), 0)) != TypeKind::Optional)
    return std::nullopt;
  std::optional<Subject> Sub = subjectOf(MC->getImplicitObjectArgument());
  if (!Sub || !Tracked(Sub->Var) ||
      !(isa<ParmVarDecl>(Sub->Var) || Sub->Var->isCXXForRangeDecl()))
    return std::nullopt;
  bool Conversion = isa<CXXConversionDecl>(M);
  Assumption A;
  A.Var = Sub->Var;
  A.Field = Sub->Field;
  A.Rel = Relation::Holds;
  A.Const = Conversion ? "bool" : M->getName().str();
  A.Text = Sub->name() + (Conversion ? "" : "." + A.Const + "()");
  return A;
}

/// `bytes > budget`: two numbers (or enumerators) the path follows, each
/// a variable or a field of one, compared. Written as `X > Y` or `X == Y`
/// (Value false for the negation: `a <= b` is `!(a > b)`, `a < b` is `b >
/// a`), equalities with their subjects in the order they are declared, so
/// every spelling of one comparison is one atom.
static std::optional<Assumption> twoSubjects(const Expr *L, const Expr *R,
                                             Relation Rel,
                                             TrackedVar Tracked) {
  std::optional<Subject> A = subjectOf(L), B = subjectOf(R);
  auto Number = [&](const std::optional<Subject> &S) {
    if (!S || !Tracked(S->Var))
      return false;
    QualType T = S->type();
    return !T->isBooleanType() &&
           (T->isArithmeticType() || T->isEnumeralType());
  };
  if (!Number(A) || !Number(B) || (A->Var == B->Var && A->Field == B->Field))
    return std::nullopt;
  bool Holds = true;
  switch (Rel) {
  case Relation::Less: // a < b: b > a
    std::swap(A, B);
    Rel = Relation::Greater;
    break;
  case Relation::GreaterEqual: // a >= b: !(b > a)
    std::swap(A, B);
    Rel = Relation::Greater;
    Holds = false;
    break;
  case Relation::LessEqual: // a <= b: !(a > b)
    Rel = Relation::Greater;
    Holds = false;
    break;
  case Relation::Equals:
    if (B->Var->getLocation() < A->Var->getLocation() ||
        (A->Var == B->Var && B->Field && A->Field &&
         B->Field->getFieldIndex() < A->Field->getFieldIndex()))
      std::swap(A, B);
    break;
  default:
    break;
  }
  Assumption X;
  X.Var = A->Var;
  X.Field = A->Field;
  X.Other = B->Var;
  X.OtherField = B->Field;
  X.Rel = Rel;
  X.Value = Holds;
  X.Text = A->name() + (Rel == Relation::Equals ? " == " : " > ") + B->name();
  return X;
}

std::optional<Assumption> branchVariable(const Expr *Cond, const ApiModel &Api,
                                         TrackedVar Tracked) {
  bool Value = true;
  for (int I = 0; Cond && I < 8; ++I) {
    Cond = strip(Cond);
    if (const auto *U = dyn_cast<UnaryOperator>(Cond);
        U && U->getOpcode() == UO_LNot) {
      Value = !Value;
      Cond = U->getSubExpr();
      continue;
    }
    // `mode == "fp64"`: std::string's operator== or a built-in comparison.
    std::optional<Equality> Eq = equalityOf(Cond);
    const auto *BO = dyn_cast<BinaryOperator>(Cond);
    std::optional<Relation> Rel = Eq ? std::optional<Relation>(Relation::Equals)
                                  : BO ? relationOf(BO->getOpcode())
                                       : std::nullopt;
    if (Rel) {
      const Expr *L = Eq ? Eq->L : BO->getLHS();
      const Expr *R = Eq ? Eq->R : BO->getRHS();
      bool NE = Eq && Eq->NotEqual;
      if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(strip(R)); Lit && Eq) {
        // flag == true, flag != false
        Value = Value == (Lit->getValue() == !NE);
        Cond = L;
        continue;
      }
      for (int Swap = 0; Swap < 2; ++Swap, std::swap(L, R)) {
        std::optional<Subject> Sub = subjectOf(L);
        if (!Sub || Sub->type()->isBooleanType() || !Tracked(Sub->Var))
          continue;
        std::optional<Constant> K = constantOf(R, Sub->Var->getASTContext());
        if (!K || (*Rel != Relation::Equals && !K->Number))
          continue;
        Assumption A = comparison(*Sub, Swap ? mirrored(*Rel) : *Rel, *K);
        A.Value = Value != NE;
        return A;
      }
      if (std::optional<Assumption> A = twoSubjects(L, R, *Rel, Tracked)) {
        A->Value = A->Value == (Value != NE);
        return A;
      }
      return std::nullopt;
    }
    if (std::optional<Assumption> A = queryOf(Cond, Api, Tracked)) {
      A->Value = Value;
      return A;
    }
    if (const auto *CE = dyn_cast<CallExpr>(Cond)) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || CE->getNumArgs() != 0 || !F->getReturnType()->isBooleanType() ||
          !Api.isMachineQuery(F->getQualifiedNameAsString()))
        return std::nullopt;
      Assumption A;
      A.Var = F->getCanonicalDecl();
      A.Value = Value;
      A.Text = F->getQualifiedNameAsString() + "()";
      return A;
    }
    // A flag: a bool variable (whose changes the analysis follows), or a
    // bool field of a tracked variable.
    std::optional<Subject> Sub = subjectOf(Cond);
    if (!Sub || !Sub->type()->isBooleanType() ||
        (Sub->Field && !Tracked(Sub->Var)))
      return std::nullopt;
    Assumption A;
    A.Var = Sub->Var;
    A.Field = Sub->Field;
    A.Value = Value;
    A.Text = Sub->name();
    return A;
  }
  return std::nullopt;
}

std::optional<Assumption> assignedConstant(const Subject &Sub, const Expr *E,
                                           const Assumptions &Known,
                                           CallConstant Calls) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  std::optional<Constant> K =
      knownValue(E, Known, Sub.Var->getASTContext(), Calls);
  if (!K)
    return std::nullopt;
  QualType T = Sub.type();
  // A number the subject's type cannot hold as it is (`int n = 2.5`).
  if (K->Number && !K->IsBool && T->isIntegerType() && !T->isEnumeralType() &&
      std::trunc(*K->Number) != *K->Number)
    return std::nullopt;
  return holding(Sub.Var, Sub.Field, T->isBooleanType(), *K, E, Sub.name());
}

bool assume(FlowState &S, Assumption A) {
  return assume(S.Assumed, std::move(A));
}

void forget(FlowState &S, const NamedDecl *V, const FieldDecl *F) {
  forget(S.Assumed, V, F);
}

/// The case of a switch the edge to To takes: `Sub == K` for a tracked
/// subject, else a fact of this switch's value (evaluated anew each time
/// the switch runs); for the default, none of the cases.
static bool takeCase(FlowState &S, const SwitchStmt &SW, const CFGBlock *To,
                     TrackedVar Tracked, ASTContext &Ctx, CallConstant Calls) {
  const Expr *Cond = SW.getCond();
  if (!To || !Cond)
    return true;
  std::optional<Subject> Sub = subjectOf(Cond);
  if (Sub && (Sub->type()->isBooleanType() || !Tracked(Sub->Var)))
    Sub.reset();
  auto Atom = [&](const CaseStmt *CS) -> std::optional<Assumption> {
    if (CS->caseStmtIsGNURange())
      return std::nullopt;
    std::optional<Constant> K = constantOf(CS->getLHS(), Ctx);
    if (!K)
      return std::nullopt;
    Assumption A;
    if (Sub) {
      A = comparison(*Sub, Relation::Equals, *K);
    } else {
      A.Site = &SW;
      A.Rel = Relation::Equals;
      A.Const = K->Key;
      A.Number = K->Number;
      StringRef Written = Lexer::getSourceText(
          CharSourceRange::getTokenRange(Cond->getSourceRange()),
          Ctx.getSourceManager(), Ctx.getLangOpts());
      A.Text = (Written.empty() ? "the switch's value" : Written.str()) +
               " == " + K->Text;
    }
    A.Where = Cond;
    return A;
  };
  // A value the path knows takes one case (or the default) only.
  if (std::optional<Constant> V = knownValue(Cond, S.Assumed, Ctx, Calls)) {
    bool Matches = false, ToMatches = false;
    for (const SwitchCase *SC = SW.getSwitchCaseList(); SC;
         SC = SC->getNextSwitchCase())
      if (const auto *CS = dyn_cast<CaseStmt>(SC)) {
        std::optional<Constant> K = constantOf(CS->getLHS(), Ctx);
        if (!K || CS->caseStmtIsGNURange())
          return true; // not decidable here: as before
        bool Same = K->Number && V->Number ? *K->Number == *V->Number
                                           : K->Key == V->Key;
        Matches |= Same;
        ToMatches |= Same && To->getLabel() == CS;
      }
    if (isa_and_nonnull<CaseStmt>(To->getLabel()) ? !ToMatches : Matches)
      return false;
  }
  if (!Sub)
    llvm::erase_if(S.Assumed,
                   [&](const Assumption &A) { return A.Site == &SW; });
  // The case taken, and the others not (which the default takes none of).
  std::optional<Assumption> Taken;
  if (const auto *CS = dyn_cast_or_null<CaseStmt>(To->getLabel())) {
    Taken = Atom(CS);
    if (!Taken)
      return true;
    Taken->Value = true;
    if (!assume(S, *Taken))
      return false;
  }
  for (const SwitchCase *SC = SW.getSwitchCaseList(); SC;
       SC = SC->getNextSwitchCase())
    if (const auto *CS = dyn_cast<CaseStmt>(SC))
      if (std::optional<Assumption> A = Atom(CS);
          A && !(Taken && Taken->sameAtom(*A))) {
        A->Value = false;
        if (!assume(S, std::move(*A)))
          return false;
      }
  return true;
}

bool takeEdge(FlowState &S, const CFGBlock &P, unsigned Succ,
              const ApiModel &Api, TrackedVar Tracked, ASTContext &Ctx,
              CallConstant Calls) {
  if (const auto *SW = dyn_cast_or_null<SwitchStmt>(P.getTerminatorStmt())) {
    if (Succ >= P.succ_size())
      return true;
    return takeCase(S, *SW, (P.succ_begin() + Succ)->getReachableBlock(),
                    Tracked, Ctx, Calls);
  }
  if (P.succ_size() != 2 || Succ > 1)
    return true;
  const Expr *Cond = dyn_cast_or_null<Expr>(P.getTerminatorCondition());
  if (!Cond)
    return true;
  // A condition the path knows the value of (`vocab <= INT32_MAX` where
  // `vocab == 20` is assumed) takes its edge only.
  if (std::optional<Constant> V = knownValue(Cond, S.Assumed, Ctx, Calls))
    if (std::optional<bool> T = V->truth(); T && *T != (Succ == 0))
      return false;
  std::optional<Assumption> B = branchVariable(Cond, Api, Tracked);
  if (!B)
    return true;
  // Successor 0 is the true edge.
  if (Succ != 0)
    B->Value = !B->Value;
  B->Where = Cond;
  return assume(S, std::move(*B));
}

const Expr *branchCondition(const CFGBlock &P) {
  const auto *Cond = dyn_cast_or_null<Expr>(P.getTerminatorCondition());
  // (the terminator of a block the chain's first operands end is the
  // operator itself, whose condition is its left operand)
  if (isa_and_nonnull<BinaryOperator>(P.getTerminatorStmt()))
    return Cond;
  for (int I = 0; Cond && I < 8; ++I) {
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO || !BO->isLogicalOp())
      break;
    Cond = BO->getRHS();
  }
  return Cond;
}

} // namespace torchdtype
