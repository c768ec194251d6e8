//===- ExprUtil.cpp - expression shapes the analysis looks through --------===//

#include "ExprUtil.h"
#include "AnalysisContext.h"
#include "KnownConstants.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace torchdtype {

/// The variable at the root of `v`, `v.f`, `v.f.g`.
const VarDecl *rootVar(const Expr *E) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
      continue;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  }
  return nullptr;
}

bool callsStd(const CallExpr *Call,
              std::initializer_list<llvm::StringRef> Names) {
  if (isa<CXXOperatorCallExpr, CXXMemberCallExpr>(Call))
    return false;
  const auto *F = Call->getDirectCallee();
  return F && F->isInStdNamespace() && F->getIdentifier() &&
         llvm::is_contained(Names, F->getName());
}

/// std::move(x), std::forward<T>(x), std::as_const(x), std::move_if_noexcept(x)
static bool isIdentityCast(const CallExpr *Call) {
  return Call->getNumArgs() == 1 &&
         callsStd(Call, {"move", "forward", "as_const", "move_if_noexcept"});
}

const Expr *strip(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
      E = C->getSubExpr();
    else if (const auto *Call = dyn_cast<CallExpr>(E);
             Call && isIdentityCast(Call))
      E = Call->getArg(0);
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    else if (const auto *CE = dyn_cast<ConstantExpr>(E))
      E = CE->getSubExpr();
    else if (const auto *RB = dyn_cast<CXXRewrittenBinaryOperator>(E))
      E = RB->getSemanticForm(); // C++20's `a != b`: `!(a == b)`
    else
      break;
  }
  return E;
}

const Expr *throughArrow(const Expr *E) {
  E = strip(E);
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Arrow && Op->getNumArgs() == 1)
    return strip(Op->getArg(0));
  return E;
}

bool isNonEmptyList(const Expr *E) {
  for (int I = 0; E && I < 6; ++I) {
    E = strip(E);
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      return IL->getNumInits() > 0;
    if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E)) {
      E = SIL->getSubExpr();
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() == 0 || isa<CXXDefaultArgExpr>(CE->getArg(0)))
        return false;
      E = CE->getArg(0);
    } else {
      return false;
    }
  }
  return false;
}

unsigned listLength(const Expr *E) {
  const InitListExpr *IL = bracedList(E);
  return IL ? IL->getNumInits() : 0;
}

std::optional<unsigned> sizeListRank(const Expr *Size) {
  Size = strip(Size);
  while (const auto *C = dyn_cast<CXXConstructExpr>(Size)) {
    if (C->getNumArgs() != 1)
      break;
    if (C->getArg(0)->getType()->isIntegerType())
      return 1u;
    Size = strip(C->getArg(0));
  }
  if (Size->getType()->isIntegerType())
    return 1u;
  const InitListExpr *IL = bracedList(Size);
  if (!IL || IL->getNumInits() == 0 ||
      !llvm::all_of(IL->inits(), [](const Expr *E) {
        return strip(E)->getType()->isIntegerType();
      }))
    return std::nullopt;
  return IL->getNumInits();
}

const InitListExpr *bracedList(const Expr *E) {
  for (int I = 0; E && I < 6; ++I) {
    E = strip(E);
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      return IL;
    if (const auto *C = dyn_cast<CXXConstructExpr>(E);
        C && C->getNumArgs() == 1)
      E = C->getArg(0);
    else if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
      E = SIL->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

bool isIndexList(QualType T) {
  const auto *R = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!R || !R->getIdentifier() ||
      (R->getName() != "ArrayRef" && R->getName() != "initializer_list") ||
      R->getTemplateArgs().size() != 1 ||
      R->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return false;
  const auto *E = R->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  return E && E->getIdentifier() && E->getName() == "TensorIndex";
}

const Expr *firstListElement(const Expr *E) {
  for (int I = 0; E && I < 6; ++I) {
    E = strip(E);
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      return IL->getNumInits() ? strip(IL->getInit(0)) : nullptr;
    if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(E))
      E = SIL->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

const Expr *splitCall(const CallExpr *CE, const FunctionDecl *Callee,
                      llvm::SmallVectorImpl<const Expr *> &Args) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    Args.append(MC->arg_begin(), MC->arg_end());
    return MC->getImplicitObjectArgument();
  }
  if (isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) &&
      CE->getNumArgs() >= 1) {
    Args.append(CE->arg_begin() + 1, CE->arg_end());
    return CE->getArg(0);
  }
  Args.append(CE->arg_begin(), CE->arg_end());
  return nullptr;
}

bool isCopyOrMoveOf(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  return Ctor && (Ctor->isCopyOrMoveConstructor()) && CE->getNumArgs() >= 1;
}

bool rewrittenIn(const VarDecl *V, const Stmt *Body) {
  if (!Body)
    return true;
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Body)) {
    if (BO->isAssignmentOp())
      Target = BO->getLHS();
  } else if (const auto *UO = dyn_cast<UnaryOperator>(Body)) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      Target = UO->getSubExpr();
  }
  if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(strip(Target));
      DR && DR->getDecl() == V)
    return true;
  for (const Stmt *C : Body->children())
    if (C && rewrittenIn(V, C))
      return true;
  return false;
}

QualType unwrapOptional(const ApiModel &Api, QualType T) {
  for (int I = 0; I < 3 && Api.classify(T) == TypeKind::Optional; ++I) {
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        T.getNonReferenceType()->getAsCXXRecordDecl());
    if (!Spec || Spec->getTemplateArgs().size() < 1 ||
        Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
      return QualType();
    T = Spec->getTemplateArgs()[0].getAsType();
  }
  return T;
}

bool isNulloptType(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsRecordDecl();
  return RD && RD->getIdentifier() && RD->getName() == "nullopt_t";
}

/// A number argument as written, through the c10::Scalar made of it.
static const Expr *numberExpr(const Expr *E) {
  E = strip(E);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    if (C->getNumArgs() == 1)
      E = strip(C->getArg(0));
  return E;
}

QualType numberType(const Expr *E) {
  QualType T = numberExpr(E)->getType();
  return T->isArithmeticType() ? T : QualType();
}

std::optional<double> numberValue(const Expr *E, ASTContext &Ctx) {
  E = numberExpr(E);
  if (E->isValueDependent() || !E->getType()->isArithmeticType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx))
    return std::nullopt;
  if (R.Val.isFloat())
    return R.Val.getFloat().convertToDouble();
  if (R.Val.isInt())
    return double(R.Val.getInt().getSExtValue());
  return std::nullopt;
}

bool isDispatchTypeRead(const CallExpr *CE, const ApiModel &Api) {
  const FunctionDecl *F = CE->getDirectCallee();
  return F && !isa<CXXMethodDecl>(F) && CE->getNumArgs() == 1 &&
         Api.isDispatchTypeReader(F->getQualifiedNameAsString());
}

/// What a local nothing changes was initialized with (walked through), or null.
static const Expr *
unchangedInit(const DeclRefExpr *DRE,
              llvm::function_ref<bool(const VarDecl *)> Unchanged) {
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || !VD->isLocalVarDecl() || !VD->getInit() || !Unchanged(VD))
    return nullptr;
  return VD->getInit();
}

/// Walks a chain that builds a LibTorch options object back towards where
/// it was made, through local copies Unchanged accepts and the chain's
/// setters: stops at the setter call AtSetter accepts, at the object's
/// construction (not a copy), or at anything else (null).
static const Expr *
walkOptions(const Expr *E, const ApiModel &Api,
            llvm::function_ref<bool(const VarDecl *)> Unchanged,
            llvm::function_ref<bool(const CXXMemberCallExpr *)> AtSetter) {
  for (int I = 0; E && I < 16; ++I) {
    E = strip(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      E = unchangedInit(DRE, Unchanged);
      continue;
    }
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = FC->getSubExpr(); // F::PadFuncOptions({1, 1})
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (!isCopyOrMoveOf(C))
        return C;
      E = C->getArg(0);
      continue;
    }
    const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
    const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
    if (!M || !M->getIdentifier() || !Api.isLibTorchDecl(M->getParent()))
      return nullptr;
    if (AtSetter(MC))
      return MC;
    E = MC->getImplicitObjectArgument(); // another setter of the chain
  }
  return nullptr;
}

const Expr *
optionSetterArg(const Expr *E, llvm::StringRef Setter, const ApiModel &Api,
                llvm::function_ref<bool(const VarDecl *)> Unchanged) {
  auto IsSetter = [&](const CXXMemberCallExpr *MC) {
    return MC->getMethodDecl()->getName() == Setter && MC->getNumArgs() == 1;
  };
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(
      walkOptions(E, Api, Unchanged, IsSetter));
  return MC ? MC->getArg(0) : nullptr;
}

std::optional<unsigned>
optionsListLength(const Expr *E, const ApiModel &Api,
                  llvm::function_ref<bool(const VarDecl *)> Unchanged) {
  const auto *C = dyn_cast_or_null<CXXConstructExpr>(walkOptions(
      E, Api, Unchanged, [](const CXXMemberCallExpr *) { return false; }));
  if (!C || C->getNumArgs() < 1 || !Api.isLibTorchDecl(C->getConstructor()))
    return std::nullopt;
  // PadFuncOptions({1, 1, 2, 2}): the std::vector made of a braced list.
  const Expr *L = C->getArg(0);
  for (int I = 0; L && I < 4; ++I) {
    L = strip(L);
    if (const auto *IL = dyn_cast<InitListExpr>(L))
      return IL->getNumInits();
    if (const auto *SL = dyn_cast<CXXStdInitializerListExpr>(L)) {
      L = SL->getSubExpr();
      continue;
    }
    const auto *VC = dyn_cast<CXXConstructExpr>(L);
    if (!VC || VC->getNumArgs() < 1)
      return std::nullopt;
    L = VC->getArg(0);
  }
  return std::nullopt;
}

const Expr *dtypeReadTensor(const Expr *E, const ApiModel &Api,
                            llvm::function_ref<bool(const VarDecl *)> Unchanged,
                            bool *ThroughReader) {
  if (ThroughReader)
    *ThroughReader = false;
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      // A local copy of the dtype (`const auto &the_type = x.scalar_type()`,
      // `at::ScalarType st = ...`) that nothing writes.
      E = unchangedInit(DRE, Unchanged);
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      const Expr *Obj = MC->getImplicitObjectArgument();
      return M && M->getIdentifier() && MC->getNumArgs() == 0 &&
                     Api.isDTypeAccessor(M->getName()) && Obj &&
                     Api.classify(Obj->getType()) == TypeKind::Tensor
                 ? Obj
                 : nullptr;
    }
    if (const auto *CE = dyn_cast<CallExpr>(E); CE && isDispatchTypeRead(CE, Api)) {
      if (ThroughReader)
        *ThroughReader = true;
      E = CE->getArg(0);
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

std::optional<Equality> equalityOf(const Expr *E) {
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_EQ || B->getOpcode() == BO_NE))
    return Equality{B->getLHS(), B->getRHS(), B->getOpcode() == BO_NE};
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getNumArgs() == 2 &&
      (OC->getOperator() == OO_EqualEqual ||
       OC->getOperator() == OO_ExclaimEqual))
    return Equality{OC->getArg(0), OC->getArg(1),
                    OC->getOperator() == OO_ExclaimEqual};
  return std::nullopt;
}

bool sharesModule(const ApiModel &Api, QualType ParamType) {
  QualType Pointee = ParamType.getNonReferenceType();
  if (Pointee->isPointerType())
    Pointee = Pointee->getPointeeType();
  TypeKind K = Api.classify(Pointee);
  return K == TypeKind::Holder || K == TypeKind::NNModule ||
         K == TypeKind::ModulePtr;
}

const Expr *pointedTo(const Expr *Init) {
  Init = strip(Init);
  if (const auto *C = dyn_cast<CXXConstructExpr>(Init);
      C && C->getNumArgs() == 1 && isCopyOrMoveOf(C))
    Init = strip(C->getArg(0));
  if (const auto *UO = dyn_cast<UnaryOperator>(Init))
    return UO->getOpcode() == UO_AddrOf ? UO->getSubExpr() : nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(Init);
      Call && Call->getNumArgs() == 1 && callsStd(Call, {"ref", "cref"}))
    return Call->getArg(0);
  return nullptr;
}

const Decl *aliasedStorage(const VarDecl *VD) {
  if (!VD || VD->isImplicit() || isa<ParmVarDecl>(VD) ||
      !VD->hasLocalStorage() || !VD->getInit())
    return nullptr;
  QualType T = VD->getType();
  QualType Pointee;
  if (T->isReferenceType())
    Pointee = T.getNonReferenceType();
  else if (T->isPointerType() && T.isConstQualified())
    Pointee = T->getPointeeType(); // `Tensor *const p = &x`
  else
    return nullptr;
  const Expr *Init =
      T->isPointerType() ? pointedTo(VD->getInit()) : VD->getInit();
  const Decl *D = Init ? storageOf(Init) : nullptr;
  const auto *Target = dyn_cast_or_null<ValueDecl>(D);
  // The storage itself, of the type the alias names: not an iterator a
  // reference is read through (`auto &kv = *it`), nor a holder (`auto &m =
  // *ptr`), nor the hidden iterator of a range-for.
  if (!Target || Target == VD || Target->isImplicit() ||
      !isa<VarDecl, FieldDecl>(Target) ||
      Target->getType().getNonReferenceType()->getCanonicalTypeUnqualified() !=
          Pointee->getCanonicalTypeUnqualified())
    return nullptr;
  return Target;
}

const Decl *storageOf(const Expr *E) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return nullptr;
      if (const Decl *A = aliasedStorage(V))
        return A;
      return V;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(strip(ME->getBase())))
        return dyn_cast<FieldDecl>(ME->getMemberDecl());
      return nullptr;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      if ((OC->getOperator() == OO_Arrow || OC->getOperator() == OO_Star) &&
          OC->getNumArgs() >= 1) {
        E = OC->getArg(0);
        continue;
      }
      return nullptr;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf) {
        E = UO->getSubExpr();
        continue;
      }
      return nullptr;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const auto *M = MC->getMethodDecl();
      if (M && (M->getName() == "get" || M->getName() == "ptr")) {
        E = MC->getImplicitObjectArgument();
        continue;
      }
    }
    return nullptr;
  }
  return nullptr;
}

std::string nameOfStorage(const Decl *D) {
  if (const auto *ND = dyn_cast_or_null<NamedDecl>(D))
    return ND->getNameAsString();
  return "";
}

std::string operandName(const Expr *E) {
  E = strip(E);
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return DRE->getDecl()->getNameAsString();
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return ME->getMemberDecl()->getNameAsString();
  return "";
}

bool isStdFunction(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->isInStdNamespace() &&
         RD->getName() == "function";
}

/// A type whose constant values the paths keep (a bool, number, enum or
/// string), so that a call passing one can take the callee's paths it picks.
bool constantCarrier(QualType T, const ApiModel &Api) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isBooleanType() || T->isIntegerType() || T->isEnumeralType() ||
      T->isRealFloatingType())
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  if (RD && RD->getIdentifier() && RD->isInStdNamespace() &&
      (RD->getName() == "basic_string" || RD->getName() == "basic_string_view"))
    return true;
  // A std::function: the lambda it was made from (its closure type).
  if (isStdFunction(T))
    return true;
  // A polymorphic object of the user's: its dynamic class (not a module's,
  // whose facts are followed as modules, nor LibTorch's).
  const CXXRecordDecl *P = polymorphicClass(T);
  if (!P || Api.isLibTorchDecl(P))
    return false;
  return Api.classify(QualType(P->getTypeForDecl(), 0)) != TypeKind::NNModule;
}

/// A plain struct of the user's (no base, not a library's), whose scalar
/// fields a call may pass along with it.
const CXXRecordDecl *plainRecord(QualType T, const ApiModel &Api) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isInStdNamespace() ||
      Api.isLibTorchDecl(RD) || RD->isLambda() || RD->getNumBases() != 0)
    return nullptr;
  return RD;
}

bool isStdLibrary(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  while (DC && DC->isRecord())
    DC = DC->getParent();
  for (; DC && DC->isNamespace(); DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

std::pair<const Expr *, const Expr *> pairEntry(const Expr *El) {
  El = strip(El);
  if (const auto *P = dyn_cast<CXXConstructExpr>(El); P && P->getNumArgs() == 2)
    return {P->getArg(0), P->getArg(1)};
  if (const auto *PL = dyn_cast<InitListExpr>(El); PL && PL->getNumInits() == 2)
    return {PL->getInit(0), PL->getInit(1)};
  return {nullptr, nullptr};
}

bool isStdMap(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isInStdNamespace() && RD->getIdentifier() &&
         (RD->getName() == "map" || RD->getName() == "unordered_map");
}

const Expr *peelConversion(const Expr *E) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() >= 1 && !isa<CXXTemporaryObjectExpr>(CE)) {
      E = CE->getArg(0);
      continue;
    }
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
      continue;
    }
    break;
  }
  return E;
}

const Expr *writtenArgument(const Expr *E) {
  E = strip(E);
  for (int I = 0; I < 4; ++I) {
    const auto *C = dyn_cast<CXXConstructExpr>(E);
    if (!C || C->getNumArgs() != 1)
      break;
    E = strip(C->getArg(0));
  }
  return E;
}

const Decl *holderOf(const Expr *Made, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*Made);
  for (int Depth = 0; Depth < 8; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return nullptr;
    N = Parents[0];
    if (const auto *VD = N.get<VarDecl>())
      return VD->hasLocalStorage() ? VD : nullptr;
    if (const auto *OC = N.get<CXXOperatorCallExpr>())
      return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2
                 ? storageOf(OC->getArg(0))
                 : nullptr;
    const Expr *E = N.get<Expr>();
    if (!E ||
        !(isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
              ExprWithCleanups, CXXFunctionalCastExpr, ParenExpr>(E) ||
          (isa<CXXConstructExpr>(E) &&
           isCopyOrMoveOf(cast<CXXConstructExpr>(E)))))
      return nullptr;
  }
  return nullptr;
}

} // namespace torchdtype
