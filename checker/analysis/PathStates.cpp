//===- PathStates.cpp - the states of several paths at a point ------------===//

#include "PathStates.h"
#include "ExprUtil.h"
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

void addPath(PathStates &Paths, FlowState S) {
  for (FlowState &P : Paths)
    if (P.Assumed == S.Assumed) {
      P.join(S);
      return;
    }
  Paths.push_back(std::move(S));
}

/// Where a condition is written, to order conditions deterministically.
static unsigned writtenAt(const Assumption &A) {
  if (A.Where)
    return A.Where->getBeginLoc().getRawEncoding();
  return A.Site ? A.Site->getBeginLoc().getRawEncoding() : ~0u;
}

/// The condition whose forgetting leaves the fewest paths, or none.
static std::optional<Assumption> conditionToForget(const PathStates &Paths) {
  std::vector<const Assumption *> Atoms;
  for (const FlowState &P : Paths)
    for (const Assumption &A : P.Assumed)
      if (llvm::none_of(Atoms,
                        [&](const Assumption *X) { return X->sameAtom(A); }))
        Atoms.push_back(&A);
  std::optional<Assumption> Best;
  size_t BestLeft = Paths.size() + 1;
  for (const Assumption *Atom : Atoms) {
    std::vector<Assumptions> Left;
    for (const FlowState &P : Paths) {
      Assumptions Rest;
      for (const Assumption &A : P.Assumed)
        if (!A.sameAtom(*Atom))
          Rest.push_back(A);
      if (!llvm::is_contained(Left, Rest))
        Left.push_back(std::move(Rest));
    }
    if (Left.size() < BestLeft ||
        (Left.size() == BestLeft && writtenAt(*Atom) < writtenAt(*Best))) {
      BestLeft = Left.size();
      Best = *Atom;
    }
  }
  return Best;
}

void boundPaths(PathStates &Paths, unsigned MaxPaths, MinorAtom Minor) {
  unsigned Max = std::max(MaxPaths, 1u);
  // Loop iterations go first, then the minor atoms (loop counters): paths
  // that differ only in them join.
  for (int Round = 0; Round < 2 && Paths.size() > Max; ++Round) {
    PathStates Fewer;
    for (FlowState &P : Paths) {
      llvm::erase_if(P.Assumed, [&](const Assumption &A) {
        return A.Rel == Relation::FirstIteration || (Round == 1 && Minor(A));
      });
      addPath(Fewer, std::move(P));
    }
    Paths = std::move(Fewer);
  }
  // Then one condition at a time: the one whose forgetting merges the most
  // paths (the earliest written on a tie). What it decided becomes unknown
  // where the merged paths differ; the other conditions stay apart.
  while (Paths.size() > Max) {
    std::optional<Assumption> Drop = conditionToForget(Paths);
    if (!Drop)
      break;
    PathStates Fewer;
    for (FlowState &P : Paths) {
      llvm::erase_if(P.Assumed,
                     [&](const Assumption &A) { return A.sameAtom(*Drop); });
      addPath(Fewer, std::move(P));
    }
    Paths = std::move(Fewer);
  }
  if (Paths.size() <= Max)
    return;
  FlowState All = joinPaths(Paths);
  All.Assumed.clear();
  Paths.clear();
  Paths.push_back(std::move(All));
}

FlowState joinPaths(const PathStates &Paths) {
  FlowState All;
  for (const FlowState &P : Paths)
    All.join(P);
  return All;
}

bool samePaths(const PathStates &A, const PathStates &B) {
  if (A.size() != B.size())
    return false;
  return llvm::all_of(
      A, [&](const FlowState &S) { return llvm::is_contained(B, S); });
}

QualType Subject::type() const {
  return Field ? Field->getType() : Var->getType().getNonReferenceType();
}

std::string Subject::name() const {
  std::string N = Var->getNameAsString();
  if (Field)
    N += "." + Field->getNameAsString();
  return N;
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
  if (!S.Var || !(S.Var->isLocalVarDecl() || isa<ParmVarDecl>(S.Var)) ||
      S.Var->isStaticLocal())
    return std::nullopt;
  // A const reference (`const Options &opts`) cannot be changed through.
  QualType T = S.Var->getType();
  if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
    return std::nullopt;
  return S;
}

namespace {
/// A constant a subject may be compared with: a string literal ("fp64"),
/// a number (2, 0.5), an enumerator (Precision::Double). Key is the same
/// for the same value; Text is as written.
struct Constant {
  std::string Key, Text;
  std::optional<double> Number;
};
} // namespace

static std::optional<Constant> constantOf(const Expr *E, ASTContext &Ctx) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1) {
      E = CE->getArg(0);
      continue;
    }
    break;
  }
  if (!E || E->isValueDependent())
    return std::nullopt;
  Constant K;
  if (const auto *SL = dyn_cast<StringLiteral>(E)) {
    K.Key = K.Text = "\"" + SL->getString().str() + "\"";
    return K;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      K.Key = K.Text = EC->getQualifiedNameAsString();
      return K;
    }
  Expr::EvalResult R;
  if (E->getType()->isIntegerType() && E->EvaluateAsInt(R, Ctx)) {
    K.Key = K.Text = llvm::toString(R.Val.getInt(), 10);
    K.Number = double(R.Val.getInt().getSExtValue());
    return K;
  }
  if (E->getType()->isRealFloatingType() && E->EvaluateAsRValue(R, Ctx) &&
      R.Val.isFloat()) {
    K.Number = R.Val.getFloat().convertToDouble();
    char Buf[40];
    std::snprintf(Buf, sizeof Buf, "%.17g", *K.Number);
    K.Key = Buf;
    StringRef Written = Lexer::getSourceText(
        CharSourceRange::getTokenRange(E->getSourceRange()),
        Ctx.getSourceManager(), Ctx.getLangOpts());
    K.Text = Written.empty() ? K.Key : Written.str();
    return K;
  }
  return std::nullopt;
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
  A.Text = Sub.name() + " " + spelling(Rel) + " " + K.Text;
  if (K.Number && Sub.type()->isIntegerType() &&
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

static std::optional<Relation> relationOf(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return Relation::Less;
  case BO_LE:
    return Relation::LessEqual;
  case BO_GT:
    return Relation::Greater;
  case BO_GE:
    return Relation::GreaterEqual;
  default:
    return std::nullopt;
  }
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
      return std::nullopt;
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

std::optional<Assumption> assignedConstant(const Subject &Sub, const Expr *E) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  ASTContext &Ctx = Sub.Var->getASTContext();
  Assumption A;
  A.Where = E;
  if (Sub.type()->isBooleanType()) {
    bool B;
    if (!E->EvaluateAsBooleanCondition(B, Ctx))
      return std::nullopt;
    A.Var = Sub.Var;
    A.Field = Sub.Field;
    A.Value = B;
    A.Text = Sub.name();
    return A;
  }
  std::optional<Constant> K = constantOf(E, Ctx);
  if (!K)
    return std::nullopt;
  A = comparison(Sub, Relation::Equals, *K);
  A.Value = true;
  A.Where = E;
  return A;
}

/// Whether the numeric assumptions on N's subject, with N, leave a value.
static bool satisfiable(const Assumptions &As, const Assumption &N) {
  constexpr double Inf = std::numeric_limits<double>::infinity();
  double Lo = -Inf, Hi = Inf;
  bool LoOpen = false, HiOpen = false;
  llvm::SmallVector<double, 2> Not;
  auto Lower = [&](double C, bool Open) {
    if (C > Lo || (C == Lo && Open)) {
      Lo = C;
      LoOpen = Open;
    }
  };
  auto Upper = [&](double C, bool Open) {
    if (C < Hi || (C == Hi && Open)) {
      Hi = C;
      HiOpen = Open;
    }
  };
  auto Apply = [&](const Assumption &A) {
    if (!A.Number || !A.sameSubject(N))
      return;
    double C = *A.Number;
    Relation R = A.Rel;
    if (!A.Value) {
      if (R == Relation::Equals) {
        Not.push_back(C);
        return;
      }
      R = R == Relation::Less        ? Relation::GreaterEqual
          : R == Relation::LessEqual ? Relation::Greater
          : R == Relation::Greater   ? Relation::LessEqual
                                     : Relation::Less;
    }
    switch (R) {
    case Relation::Equals:
      Lower(C, false);
      Upper(C, false);
      break;
    case Relation::Less:
      Upper(C, true);
      break;
    case Relation::LessEqual:
      Upper(C, false);
      break;
    case Relation::Greater:
      Lower(C, true);
      break;
    case Relation::GreaterEqual:
      Lower(C, false);
      break;
    default:
      break;
    }
  };
  for (const Assumption &A : As)
    Apply(A);
  Apply(N);
  if (Lo > Hi)
    return false;
  if (Lo == Hi)
    return !LoOpen && !HiOpen && !llvm::is_contained(Not, Lo);
  return true;
}

bool assume(FlowState &S, Assumption A) {
  auto It = llvm::find_if(S.Assumed,
                          [&](const Assumption &X) { return X.sameAtom(A); });
  if (It != S.Assumed.end())
    return It->Value == A.Value;
  // A subject equals one constant at most.
  if (A.Rel == Relation::Equals && A.Value &&
      llvm::any_of(S.Assumed, [&](const Assumption &X) {
        return X.sameSubject(A) && X.Rel == Relation::Equals && X.Value;
      }))
    return false;
  if (A.Number && !satisfiable(S.Assumed, A))
    return false;
  auto Key = [](const Assumption &X) {
    return std::make_tuple(X.Var, X.Field, X.Site, X.Rel,
                           llvm::StringRef(X.Const));
  };
  S.Assumed.insert(
      llvm::upper_bound(S.Assumed, A,
                        [&](const Assumption &X, const Assumption &Y) {
                          return Key(X) < Key(Y);
                        }),
      std::move(A));
  return true;
}

void forget(FlowState &S, const NamedDecl *V, const FieldDecl *F) {
  llvm::erase_if(S.Assumed, [&](const Assumption &A) {
    return A.Var == V && A.Site == nullptr && (!F || A.Field == F);
  });
}

/// The case of a switch the edge to To takes: `Sub == K` for a tracked
/// subject, else a fact of this switch's value (evaluated anew each time
/// the switch runs); for the default, none of the cases.
static bool takeCase(FlowState &S, const SwitchStmt &SW, const CFGBlock *To,
                     TrackedVar Tracked, ASTContext &Ctx) {
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
              const ApiModel &Api, TrackedVar Tracked, ASTContext &Ctx) {
  if (const auto *SW = dyn_cast_or_null<SwitchStmt>(P.getTerminatorStmt())) {
    if (Succ >= P.succ_size())
      return true;
    return takeCase(S, *SW, (P.succ_begin() + Succ)->getReachableBlock(),
                    Tracked, Ctx);
  }
  if (P.succ_size() != 2 || Succ > 1)
    return true;
  const Expr *Cond = dyn_cast_or_null<Expr>(P.getTerminatorCondition());
  if (!Cond)
    return true;
  std::optional<Assumption> B = branchVariable(Cond, Api, Tracked);
  if (!B)
    return true;
  // Successor 0 is the true edge.
  if (Succ != 0)
    B->Value = !B->Value;
  B->Where = Cond;
  return assume(S, std::move(*B));
}

const Stmt *loopOf(const CFGBlock &B) {
  const Stmt *T = B.getTerminatorStmt();
  return T && (isa<ForStmt>(T) || isa<WhileStmt>(T) || isa<CXXForRangeStmt>(T))
             ? T
             : nullptr;
}

void enterLoop(FlowState &S, const Stmt *Loop, bool First) {
  leaveLoop(S, Loop);
  Assumption A;
  A.Site = Loop;
  A.Rel = Relation::FirstIteration;
  A.Value = First;
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    A.Where = F->getCond();
  else if (const auto *W = dyn_cast<WhileStmt>(Loop))
    A.Where = W->getCond();
  else if (const auto *R = dyn_cast<CXXForRangeStmt>(Loop))
    A.Where = R->getRangeInit();
  assume(S, std::move(A));
}

void leaveLoop(FlowState &S, const Stmt *Loop) {
  llvm::erase_if(S.Assumed, [&](const Assumption &A) {
    return A.Site == Loop && A.Rel == Relation::FirstIteration;
  });
}

} // namespace torchdtype
