//===- Tuples.cpp - std::pair and std::tuple of tensors -------------------===//
//
// Ops returning a tuple of tensors (max(dim), sort, topk: values and
// indices), tuples and pairs the user's code makes (`std::make_tuple(a,
// b)`, a function returning `{a, b}`), and their elements read back
// (std::get<I>, .first, .second).
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"

using namespace clang;

namespace torchdtype {

AbsValue FunctionAnalyzer::tupleResult(const CallSite &S) {
  AbsValue R = unknownOf(S.E->getType());
  const Expr *Self = S.Obj ? S.Obj : (S.Args.empty() ? nullptr : S.Args[0]);
  AbsValue In = Self ? eval(Self) : AbsValue::none();
  if (!In.isTensor())
    return R;
  bool Indices = Api.isValuesIndicesOp(S.Name);
  if (!Indices && !Api.isSameDTypeTupleOp(S.Name))
    return R;
  R = R.withField(0, AbsValue::tensor(In.DT, In.DV));
  R = R.withField(
      1, Indices ? AbsValue::tensor(
                       DTypeFact::of(DType::Long, S.E->getExprLoc()), In.DV)
                 : AbsValue::tensor(In.DT, In.DV));
  return R;
}

/// std::pair, std::tuple or torch::data::Example (of tensors: ApiModel::
/// classify's Record), whose constructor's arguments are its elements.
static bool isStdTuple(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  if (RD->getName() == "Example")
    return RD->getQualifiedNameAsString() == "torch::data::Example";
  return RD->isInStdNamespace() &&
         (RD->getName() == "pair" || RD->getName() == "tuple");
}

std::optional<AbsValue>
FunctionAnalyzer::tupleOf(QualType T, llvm::ArrayRef<const Expr *> Elements) {
  // `std::pair<Tensor, Tensor>{a, b}`, `std::make_tuple(a, b)`, a function
  // returning `{a, b}`: element I is argument I (std::get<I> and .first,
  // .second read it back).
  if (!isStdTuple(T) || Api.classify(T) != TypeKind::Record)
    return std::nullopt;
  const auto *Spec =
      dyn_cast<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec)
    return std::nullopt;
  unsigned N = 0;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    N += A.getKind() == TemplateArgument::Pack ? A.pack_size() : 1;
  if (Elements.size() != N)
    return std::nullopt;
  AbsValue R = unknownOf(T);
  for (unsigned I = 0; I < N; ++I) {
    AbsValue V = eval(Elements[I]);
    if (V.K != AbsValue::Kind::None)
      R = R.withField(I, V);
  }
  return R;
}

std::optional<AbsValue> FunctionAnalyzer::madeTuple(const CallSite &S) {
  const FunctionDecl *F = S.Callee;
  if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
      (F->getName() != "make_pair" && F->getName() != "make_tuple"))
    return std::nullopt;
  return tupleOf(S.E->getType(), S.Args);
}

bool FunctionAnalyzer::tieAssigned(const Expr *LHS, const AbsValue &V) {
  const auto *Tie = dyn_cast<CallExpr>(strip(LHS));
  const FunctionDecl *F = Tie ? Tie->getDirectCallee() : nullptr;
  if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
      F->getName() != "tie")
    return false;
  for (unsigned I = 0; I < Tie->getNumArgs(); ++I) {
    const Expr *A = Tie->getArg(I);
    // std::ignore, or anything that is not a variable or member: skipped.
    if (!storageOf(A) && !isa<MemberExpr>(strip(A)))
      continue;
    const AbsValue *E = V.K == AbsValue::Kind::Record ? V.field(I) : nullptr;
    AbsValue U = unknownOf(A->getType());
    if (U.K == AbsValue::Kind::None)
      continue;
    writeSubject(A, nullptr);
    assign(A, E ? convertTo(*E, A->getType()) : U);
  }
  return true;
}

std::optional<AbsValue> FunctionAnalyzer::tupleElement(const CallSite &S) {
  const FunctionDecl *F = S.Callee;
  if (!F || !F->isInStdNamespace() || !F->getIdentifier() ||
      F->getName() != "get" || S.Args.size() != 1)
    return std::nullopt;
  const TemplateArgumentList *TA = F->getTemplateSpecializationArgs();
  if (!TA || TA->size() < 1 ||
      TA->get(0).getKind() != TemplateArgument::Integral)
    return std::nullopt;
  AbsValue T = eval(S.Args[0]);
  if (T.K != AbsValue::Kind::Record)
    return std::nullopt;
  unsigned N = unsigned(TA->get(0).getAsIntegral().getZExtValue());
  if (const AbsValue *E = T.field(N))
    return convertTo(*E, S.E->getType());
  return unknownOf(S.E->getType());
}

} // namespace torchdtype
