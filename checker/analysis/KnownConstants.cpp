//===- KnownConstants.cpp - values a path knows of scalar expressions -----===//

#include "KnownConstants.h"
#include "ExprUtil.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <cstdio>

using namespace clang;

namespace torchdtype {

Constant Constant::boolean(bool B) {
  Constant K;
  K.Key = K.Text = B ? "true" : "false";
  K.Number = B ? 1 : 0;
  K.IsBool = true;
  return K;
}

Constant Constant::ofClass(const CXXRecordDecl *RD) {
  Constant K;
  K.Class = RD->getCanonicalDecl();
  if (RD->isLambda()) {
    // A lambda's closure type: one per lambda expression of the unit.
    K.Key = "lambda " + std::to_string(RD->getLocation().getRawEncoding());
    K.Text = "the lambda";
    return K;
  }
  K.Key = "class " + RD->getQualifiedNameAsString();
  K.Text = RD->getNameAsString();
  return K;
}

const CXXRecordDecl *polymorphicClass(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
      Spec && Spec->isInStdNamespace() && Spec->getIdentifier() &&
      (Spec->getName() == "shared_ptr" || Spec->getName() == "unique_ptr") &&
      Spec->getTemplateArgs().size() >= 1 &&
      Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
    RD = Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || !RD->isPolymorphic() ||
      RD->isInStdNamespace())
    return nullptr;
  return RD;
}

/// The class an expression makes: `std::make_shared<D>(...)`,
/// `std::make_unique<D>(...)`, `new D(...)`; or the object a local by-value
/// variable of a polymorphic class is. A lambda (and a local variable
/// holding one) is the object of its closure type, which a std::function
/// made from it calls.
static const CXXRecordDecl *madeClass(const Expr *E) {
  if (const auto *L = dyn_cast<LambdaExpr>(E))
    return L->getLambdaClass();
  if (const auto *N = dyn_cast<CXXNewExpr>(E)) {
    const CXXRecordDecl *RD = N->getAllocatedType()->getAsCXXRecordDecl();
    return RD && RD->hasDefinition() && RD->isPolymorphic() ? RD : nullptr;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
        (F->getName() != "make_shared" && F->getName() != "make_unique"))
      return nullptr;
    const TemplateArgumentList *TA = F->getTemplateSpecializationArgs();
    if (!TA || TA->size() < 1 || TA->get(0).getKind() != TemplateArgument::Type)
      return nullptr;
    const CXXRecordDecl *RD = TA->get(0).getAsType()->getAsCXXRecordDecl();
    return RD && RD->hasDefinition() && RD->isPolymorphic() ? RD : nullptr;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && !V->getType()->isReferenceType() &&
        !V->getType()->isPointerType()) {
      const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
      return RD && RD->hasDefinition() &&
                     ((RD->isPolymorphic() && !RD->isInStdNamespace()) ||
                      RD->isLambda())
                 ? RD
                 : nullptr;
    }
  return nullptr;
}

std::optional<Assumption> holding(const NamedDecl *V, const FieldDecl *F,
                                  bool IsFlag, const Constant &K,
                                  const Expr *Where, const std::string &Name) {
  Assumption A;
  A.Var = V;
  A.Field = F;
  A.Where = Where;
  if (IsFlag) {
    std::optional<bool> B = K.truth();
    if (!B)
      return std::nullopt;
    A.Value = *B;
    A.Text = Name; // a note says "assuming 'Name' is true" (or false)
    return A;
  }
  if (K.IsBool)
    return std::nullopt;
  A.Rel = Assumption::Relation::Equals;
  A.Const = K.Key;
  A.Number = K.Number;
  A.Class = K.Class;
  A.Value = true;
  A.Text = Name + " == " + K.Text;
  return A;
}

std::optional<bool> Constant::truth() const {
  if (Number)
    return *Number != 0;
  return std::nullopt;
}

/// Through what strip() sees through (parentheses, implicit casts,
/// temporaries), the initializer a default member initialization or a
/// default argument uses, and a conversion by a constructor.
static const Expr *bare(const Expr *E) {
  for (int I = 0; E && I < 16; ++I) {
    E = strip(E);
    if (const auto *D = dyn_cast<CXXDefaultInitExpr>(E))
      E = D->getExpr();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      E = D->getExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && CE->getNumArgs() >= 1 && !isa<CXXTemporaryObjectExpr>(E) &&
             (CE->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(CE->getArg(1))))
      E = CE->getArg(0); // std::string from a literal
    else
      break;
  }
  return E;
}

std::optional<Constant> constantOf(const Expr *E, ASTContext &Ctx) {
  E = bare(E);
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Constant K;
  if (const CXXRecordDecl *RD = madeClass(E))
    return Constant::ofClass(RD);
  if (const auto *SL = dyn_cast<StringLiteral>(E)) {
    if (!SL->isOrdinary() && !SL->isUTF8())
      return std::nullopt;
    K.Key = K.Text = "\"" + SL->getString().str() + "\"";
    return K;
  }
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return Constant::boolean(BL->getValue());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      K.Key = K.Text = EC->getQualifiedNameAsString();
      K.Number = double(EC->getInitVal().getSExtValue());
      return K;
    }
  Expr::EvalResult R;
  if (E->getType()->isBooleanType() && E->EvaluateAsRValue(R, Ctx) &&
      R.Val.isInt())
    return Constant::boolean(R.Val.getInt().getBoolValue());
  // A constant expression of an enum type (`torch::kHalf`, a constexpr
  // variable holding c10::ScalarType::Half): its enumerator.
  if (const auto *ET = E->getType()->getAs<EnumType>();
      ET && ET->getDecl() && E->EvaluateAsInt(R, Ctx))
    for (const EnumConstantDecl *EC : ET->getDecl()->enumerators())
      if (llvm::APSInt::isSameValue(EC->getInitVal(), R.Val.getInt())) {
        K.Key = K.Text = EC->getQualifiedNameAsString();
        K.Number = double(EC->getInitVal().getSExtValue());
        return K;
      }
  if (E->getType()->isIntegerType() && !E->getType()->isEnumeralType() &&
      E->EvaluateAsInt(R, Ctx)) {
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

/// A number's constant; integers keep the key an integer has.
static Constant number(double V, bool Integer) {
  Constant K;
  char Buf[40];
  // Beyond what a long long holds (or not finite) it is written as a
  // double.
  if (Integer && holdsInLongLong(V))
    std::snprintf(Buf, sizeof Buf, "%lld", (long long)V);
  else
    std::snprintf(Buf, sizeof Buf, "%.17g", V);
  K.Key = K.Text = Buf;
  K.Number = V;
  return K;
}

/// What `*p`, `p.get()`, `p->` and `&x` designate: p or x.
static const Expr *throughPointer(const Expr *E) {
  for (int I = 0; E && I < 4; ++I) {
    E = bare(E);
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf) &&
        polymorphicClass(U->getSubExpr()->getType())) {
      E = U->getSubExpr();
      continue;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getNumArgs() == 1 &&
        (OC->getOperator() == OO_Star || OC->getOperator() == OO_Arrow) &&
        polymorphicClass(OC->getArg(0)->IgnoreParenImpCasts()->getType())) {
      E = OC->getArg(0);
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
        MC && MC->getNumArgs() == 0 && MC->getMethodDecl() &&
        MC->getMethodDecl()->getIdentifier() &&
        MC->getMethodDecl()->getName() == "get" &&
        polymorphicClass(
            MC->getImplicitObjectArgument()->IgnoreParenImpCasts()->getType())) {
      E = MC->getImplicitObjectArgument();
      continue;
    }
    break;
  }
  return E;
}

const NamedDecl *thisAtom(const CXXThisExpr *TE) {
  const CXXRecordDecl *RD = TE->getType()->getPointeeCXXRecordDecl();
  return RD ? RD->getCanonicalDecl() : nullptr;
}

/// The variable, or the field of a variable (`cfg.mode`), E reads; `this`
/// is the atom of its class (thisAtom).
static std::optional<std::pair<const NamedDecl *, const FieldDecl *>>
atomOf(const Expr *E) {
  E = throughPointer(E);
  if (const auto *TE = dyn_cast_or_null<CXXThisExpr>(E))
    if (const NamedDecl *A = thisAtom(TE))
      return std::make_pair(A, (const FieldDecl *)nullptr);
  const FieldDecl *F = nullptr;
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
    F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F)
      return std::nullopt;
    // A member of the object a method runs on (`encoder_`, `this->mode`).
    if (const auto *TE = dyn_cast<CXXThisExpr>(bare(ME->getBase()))) {
      if (const NamedDecl *A = thisAtom(TE))
        return std::make_pair(A, F);
      return std::nullopt;
    }
    if (ME->isArrow())
      return std::nullopt;
    E = bare(ME->getBase());
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return std::nullopt;
  return std::make_pair((const NamedDecl *)V, F);
}

std::optional<Constant> assumedValue(const NamedDecl *V,
                                            const FieldDecl *F,
                                            const Assumptions &Known) {
  for (const Assumption &A : Known) {
    if (A.Var != V || A.Field != F || A.Site)
      continue;
    if (A.Rel == Assumption::Relation::Is)
      return Constant::boolean(A.Value);
    if (A.Rel == Assumption::Relation::Equals && A.Value) {
      Constant K;
      K.Key = K.Text = A.Const;
      K.Number = A.Number;
      K.Class = A.Class;
      return K;
    }
  }
  return std::nullopt;
}

static std::optional<bool> compare(BinaryOperatorKind Op, const Constant &L,
                                   const Constant &R) {
  if (Op == BO_EQ || Op == BO_NE) {
    bool Same = L.Number && R.Number ? *L.Number == *R.Number : L.Key == R.Key;
    if (!(L.Number && R.Number) && (L.Number || R.Number))
      return std::nullopt; // a string with a number: not this fold's to say
    return Op == BO_EQ ? Same : !Same;
  }
  if (!L.Number || !R.Number)
    return std::nullopt;
  double A = *L.Number, B = *R.Number;
  switch (Op) {
  case BO_LT:
    return A < B;
  case BO_LE:
    return A <= B;
  case BO_GT:
    return A > B;
  case BO_GE:
    return A >= B;
  default:
    return std::nullopt;
  }
}

/// `x OP c` where the path's assumptions on x decide it (`argc > 1`
/// assumed false decides `argc >= 2` and `argc == 5`).
static std::optional<bool> boundedComparison(BinaryOperatorKind Op,
                                             const Expr *X,
                                             const Constant &C,
                                             const Assumptions &Known) {
  auto Atom = atomOf(X);
  if (!Atom || !C.Number)
    return std::nullopt;
  std::optional<Assumption::Relation> Rel =
      Op == BO_EQ || Op == BO_NE ? Assumption::Relation::Equals
                                 : relationOf(Op);
  if (!Rel)
    return std::nullopt;
  Assumption A;
  A.Var = Atom->first;
  A.Field = Atom->second;
  A.Rel = *Rel;
  A.Number = C.Number;
  A.Const = C.Key;
  A.Value = Op != BO_NE;
  A.Whole = X->getType()->isIntegerType();
  return decided(Known, A);
}

std::optional<Assumption::Relation> relationOf(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return Assumption::Relation::Less;
  case BO_LE:
    return Assumption::Relation::LessEqual;
  case BO_GT:
    return Assumption::Relation::Greater;
  case BO_GE:
    return Assumption::Relation::GreaterEqual;
  default:
    return std::nullopt;
  }
}

static std::optional<Constant> fold(const Expr *E, const Assumptions &Known,
                                    ASTContext &Ctx, CallConstant Calls,
                                    int Depth) {
  if (!E || Depth > 12)
    return std::nullopt;
  E = bare(E);
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (std::optional<Constant> K = constantOf(E, Ctx))
    return K;
  if (auto Atom = atomOf(E))
    return assumedValue(Atom->first, Atom->second, Known);
  if (const auto *CE = dyn_cast<CallExpr>(E);
      CE && Calls && !isa<CXXOperatorCallExpr>(CE))
    return Calls(CE);
  auto Sub = [&](const Expr *X) {
    return fold(X, Known, Ctx, Calls, Depth + 1);
  };
  bool IntegerResult = E->getType()->isIntegerType();
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    std::optional<Constant> V = Sub(U->getSubExpr());
    if (!V)
      return std::nullopt;
    if (U->getOpcode() == UO_LNot) {
      std::optional<bool> T = V->truth();
      return T ? std::optional<Constant>(Constant::boolean(!*T)) : std::nullopt;
    }
    if (U->getOpcode() == UO_Minus && V->Number)
      return number(-*V->Number, IntegerResult);
    if (U->getOpcode() == UO_Plus)
      return V;
    return std::nullopt;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    std::optional<Constant> Cond = Sub(C->getCond());
    std::optional<bool> T = Cond ? Cond->truth() : std::nullopt;
    if (!T)
      return std::nullopt;
    return Sub(*T ? C->getTrueExpr() : C->getFalseExpr());
  }
  BinaryOperatorKind Op;
  const Expr *L = nullptr, *R = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    Op = BO->getOpcode();
    L = BO->getLHS();
    R = BO->getRHS();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
             OC && OC->getNumArgs() == 2 &&
             (OC->getOperator() == OO_EqualEqual ||
              OC->getOperator() == OO_ExclaimEqual)) {
    // std::string's operator== and !=.
    Op = OC->getOperator() == OO_EqualEqual ? BO_EQ : BO_NE;
    L = OC->getArg(0);
    R = OC->getArg(1);
  } else {
    return std::nullopt;
  }
  if (Op == BO_LAnd || Op == BO_LOr) {
    std::optional<Constant> A = Sub(L);
    std::optional<bool> TA = A ? A->truth() : std::nullopt;
    // `false && x`, `true || x` whatever x is.
    if (TA && *TA == (Op == BO_LOr))
      return Constant::boolean(*TA);
    std::optional<Constant> B = Sub(R);
    std::optional<bool> TB = B ? B->truth() : std::nullopt;
    if (TB && *TB == (Op == BO_LOr))
      return Constant::boolean(*TB);
    if (!TA || !TB)
      return std::nullopt;
    return Constant::boolean(Op == BO_LAnd ? *TA && *TB : *TA || *TB);
  }
  std::optional<Constant> A = Sub(L);
  if (!A && !BinaryOperator::isComparisonOp(Op))
    return std::nullopt;
  std::optional<Constant> B = Sub(R);
  if (BinaryOperator::isComparisonOp(Op) && (!A || !B) && (A || B)) {
    // A variable the path bounded, against a number.
    bool Left = !A;
    const Constant &K = Left ? *B : *A;
    if (K.IsBool)
      return std::nullopt;
    std::optional<bool> T = boundedComparison(
        Left ? Op : BinaryOperator::reverseComparisonOp(Op), Left ? L : R, K,
        Known);
    return T ? std::optional<Constant>(Constant::boolean(*T)) : std::nullopt;
  }
  if (!A || !B)
    return std::nullopt;
  if (BinaryOperator::isComparisonOp(Op)) {
    std::optional<bool> T = compare(Op, *A, *B);
    return T ? std::optional<Constant>(Constant::boolean(*T)) : std::nullopt;
  }
  if (!A->Number || !B->Number)
    return std::nullopt;
  double X = *A->Number, Y = *B->Number;
  switch (Op) {
  case BO_Add:
    return number(X + Y, IntegerResult);
  case BO_Sub:
    return number(X - Y, IntegerResult);
  case BO_Mul:
    return number(X * Y, IntegerResult);
  case BO_Div:
    if (Y == 0)
      return std::nullopt;
    return number(IntegerResult ? std::trunc(X / Y) : X / Y, IntegerResult);
  case BO_Rem:
    if (!IntegerResult || Y == 0)
      return std::nullopt;
    if (!holdsInLongLong(X) || !holdsInLongLong(Y))
      return std::nullopt; // beyond a long long: not folded
    return number(double((long long)X % (long long)Y), true);
  default:
    return std::nullopt;
  }
}

std::optional<Constant> knownValue(const Expr *E, const Assumptions &Known,
                                   ASTContext &Ctx, CallConstant Calls) {
  return fold(E, Known, Ctx, Calls, 0);
}

} // namespace torchdtype
