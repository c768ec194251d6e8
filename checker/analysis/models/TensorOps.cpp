//===- TensorOps.cpp - ops on tensors -------------------------------------===//
//
// What an op on tensors returns (ops that need one dtype, promoting
// elementwise ops, reductions, comparisons: the rules of
// checker/data/api.json). The op events are TensorOpEffects.cpp's.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"

using namespace clang;

namespace torchdtype {

static AbsValue tensorOpRule(TransferState &St, const CallSite &S,
                             llvm::ArrayRef<const Expr *> Args);

AbsValue models::libTorchOpValue(TransferState &St, const CallSite &S) {
  if (std::optional<FactoryRule> F = St.api().factory(S.Name))
    return models::factoryValue(St, *F, S);
  return tensorOpValue(St, S, S.Args);
}

/// The tensors of a list argument: a braced list's, or a vector's join.
static void listOperands(TransferState &St, const Expr *A,
                         llvm::SmallVectorImpl<AbsValue> &Operands) {
  if (const InitListExpr *IL = bracedList(A)) {
    for (const Expr *El : IL->inits()) {
      AbsValue V = St.eval(El);
      Operands.push_back(V.isTensor() ? V : AbsValue::unknownTensor());
    }
    return;
  }
  if (const Expr *List = models::tensorListArgument(St.api(), A))
    if (AbsValue V = St.eval(List); V.isTensor())
      Operands.push_back(V);
}

AbsValue models::tensorOpValue(TransferState &St, const CallSite &S,
                               llvm::ArrayRef<const Expr *> Args) {
  const ApiModel &Api = St.api();
  AbsValue R = tensorOpRule(St, S, Args);
  if (!R.isTensor())
    return R;
  bool InPlace, Out, OutLast;
  llvm::StringRef Base = baseOpName(S.Name, InPlace, Out, OutLast);
  llvm::SmallVector<AbsValue, 3> Operands;
  std::optional<Device> Dev;
  bool OneDevice = true;
  for (const Expr *A : Args) {
    AbsValue V = St.eval(A);
    TypeKind K = Api.classify(A->getType().getNonReferenceType());
    OneDevice &= K != TypeKind::Device && K != TypeKind::DeviceType &&
                 K != TypeKind::Options;
    if (!V.isTensor()) {
      // A list of tensors (`stack({a, b})`, `cat(v)`): its tensors are
      // operands too, as autocast casts each (its promote list holds cat
      // and stack).
      listOperands(St, A, Operands);
      continue;
    }
    // An undefined tensor where the op needs one (not an optional bias):
    // the op throws, so no tensor comes of it on this path.
    if (K == TypeKind::Tensor && V.undefinedTensor())
      return AbsValue::noTensor();
    Operands.push_back(V);
    if (std::optional<Device> W = V.DV.single()) {
      OneDevice &= !Dev || *Dev == *W;
      Dev = W;
    }
  }
  // An op no rule gives a device of (batch_norm's result): the one device
  // of its tensors known (it runs only where they agree), when no argument
  // names a device.
  if (R.DV.isUnknown() && OneDevice && Dev)
    R.DV = DeviceFact::of(*Dev, S.E->getExprLoc());
  return models::autocastResult(St, S, Base, R, Operands);
}

/// The dimensions a reduction leaves: one fewer per dimension it is given
/// (`mean(0)`, `sum({0, 1})`), as many with keepdim, none over all.
static uint8_t reducedDims(const AbsValue &Self,
                           llvm::ArrayRef<const Expr *> Args) {
  if (Args.size() < 2 || isa<CXXDefaultArgExpr>(Args[1]))
    return 0;
  // An IntArrayRef made from one number (`mean(0)`) or a braced list.
  const Expr *Dim = strip(Args[1]);
  while (const auto *C = dyn_cast<CXXConstructExpr>(Dim)) {
    if (C->getNumArgs() != 1 || !C->getArg(0)->getType()->isIntegerType())
      break;
    Dim = strip(C->getArg(0));
  }
  unsigned Given = Dim->getType()->isIntegerType() ? 1 : listLength(Dim);
  if (Given == 0)
    return 0;
  if (Args.size() >= 3 && !isa<CXXDefaultArgExpr>(Args[2]))
    if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(strip(Args[2]));
        B && B->getValue())
      return Self.Dims; // keepdim
  return Self.Dims > Given ? Self.Dims - Given : 0;
}

/// How many dimensions the size argument after self lists (`view({-1, 4})`:
/// two; `view(-1)`: one), if it is written out.
static std::optional<unsigned> givenRank(llvm::ArrayRef<const Expr *> Args) {
  if (Args.size() < 2 || isa<CXXDefaultArgExpr>(Args[1]))
    return std::nullopt;
  return sizeListRank(Args[1]);
}

/// `add(t, n, alpha)`, `sub(t, n, alpha)`: an alpha left to its default,
/// an integer one, or a floating one for a floating tensor scales the number
/// without changing the result's dtype (a floating alpha for an integral
/// tensor throws, and is left unknown).
static bool alphaKeepsDType(const AbsValue &Self,
                            llvm::ArrayRef<const Expr *> Args) {
  if (Args.size() != 3)
    return false;
  if (isa<CXXDefaultArgExpr>(Args[2]))
    return true;
  QualType NT = numberType(Args[2]);
  if (NT.isNull() || NT->isBooleanType())
    return false;
  std::optional<DType> D = Self.DT.single();
  return NT->isIntegerType() ||
         (NT->isRealFloatingType() && D && isFloating(*D));
}

/// A tensor combined with a C++ number by a promoting op.
static AbsValue scalarPromotion(TransferState &St, const CallSite &S,
                                AbsValue T, const Expr *Number);

static AbsValue tensorOpRule(TransferState &St, const CallSite &S,
                             llvm::ArrayRef<const Expr *> Args) {
  const ApiModel &Api = St.api();
  auto eval = [&](const Expr *E) { return St.eval(E); };
  auto unknownOf = [&](QualType T) { return St.unknownOf(T); };
  auto convertTo = [&](const AbsValue &V, QualType T) {
    return St.convertTo(V, T);
  };
  const CallExpr *CE = S.E;
  const FunctionDecl *Callee = S.Callee;
  llvm::StringRef Name = S.Name;
  QualType RT = CE->getType();
  bool InPlace, Out, OutLast;
  llvm::StringRef Base = baseOpName(Name, InPlace, Out, OutLast);
  if (Name.starts_with("operator") && Name.ends_with("=") &&
      Name != "operator==" && Name != "operator!=" && Name != "operator<=" &&
      Name != "operator>=" && !Args.empty())
    return eval(Args[0]); // compound assignment keeps the tensor's dtype
  if (Name == "operator[]" && !Args.empty()) {
    AbsValue V = eval(Args[0]);
    V.Dims = V.Dims > 1 ? V.Dims - 1 : 0; // t[i]
    // An integer index drops one dimension; a tensor index, any number.
    QualType IT = Args.size() == 2 ? numberType(Args[1]) : QualType();
    if (std::optional<unsigned> R = V.rank();
        R && *R > 0 && !IT.isNull() && IT->isIntegerType())
      V.exactly(*R - 1);
    else
      V.Rank = -1;
    return V.isTensor() ? V : unknownOf(RT);
  }
  llvm::ArrayRef<const Expr *> Operands = Args;
  if (Out && !OutLast && !Operands.empty())
    Operands = Operands.drop_front();
  // A list whose elements need one dtype (einsum): its join, which has
  // their dtype when they agree.
  if (std::optional<unsigned> P = Api.sameDTypeList(Base)) {
    AbsValue L = *P < Operands.size() ? eval(Operands[*P]) : AbsValue::none();
    if (!L.isTensor())
      return unknownOf(RT);
    L.Dims = 0;
    L.Rank = -1;
    return convertTo(L, RT);
  }
  if (std::optional<unsigned> Mask = Api.sameDTypeOperands(Base)) {
    if (Operands.empty())
      return unknownOf(RT);
    AbsValue First = eval(Operands[0]);
    AbsValue R = First.isTensor() ? First : AbsValue::unknownTensor();
    R.Rank = -1;
    for (unsigned I = 1; I < Operands.size() && I < 8; ++I) {
      if (!(*Mask & (1u << I)) || isa<CXXDefaultArgExpr>(Operands[I]))
        continue;
      AbsValue A = eval(Operands[I]);
      if (!A.isTensor() || A.Opt == AbsValue::Engaged::No)
        continue;
      if (!(A.DT == R.DT))
        R.DT = DTypeFact::unknown();
    }
    R.Dims = Base == "mm" || Base == "bmm" || Base == "addmm" ? 2
             : Base != "dot" && Base != "vdot" && Base != "matmul" ? 1
                                                                    : 0;
    return convertTo(R, RT);
  }
  // A list of tensors (split, chunk, unbind, meshgrid): the dtype of its
  // elements where the measured table says one.
  if (Api.classify(RT) == TypeKind::TensorList) {
    std::optional<AbsValue> V = !Out && Api.contractsApply()
                                    ? models::contractValue(St, S, Args)
                                    : std::nullopt;
    return V ? convertTo(*V, RT) : unknownOf(RT);
  }
  std::optional<OpRule> Rule = Api.tensorOp(Name);
  if (!Rule)
    Rule = Api.tensorOp(Base);
  if (!Rule && !Out && Api.contractsApply())
    if (std::optional<AbsValue> V = models::contractValue(St, S, Args))
      return convertTo(*V, RT);
  if (!Rule || Args.empty())
    return unknownOf(RT);
  if (*Rule == OpRule::ListPromote)
    return convertTo(models::listPromotion(St, S, Args[0]), RT);
  AbsValue Self = eval(Args[0]);
  if (!Self.isTensor()) {
    // A number first: `1 - t`, `1.0 / t`, `2 % t` run in place on a tensor
    // of t's dtype and keep it (tensorOpEffects records that in-place op,
    // whose cast back inplace-dtype judges); `2.0 * t` promotes.
    if (*Rule == OpRule::Promote && Args.size() == 2 &&
        eval(Args[1]).isTensor())
      return convertTo(!Api.reverseScalarOp(Name).empty()
                           ? eval(Args[1])
                           : scalarPromotion(St, S, eval(Args[1]), Args[0]),
                       RT);
    return unknownOf(RT);
  }
  bool Explicit;
  switch (*Rule) {
  case OpRule::Preserve:
    // Its dimensions: one more (unsqueeze), as many (elementwise ops), or
    // not known beyond having one (view, reshape, select).
    if (Base == "unsqueeze")
      Self.atLeast(Self.Dims + 1);
    else if (!Api.isSameRankOp(Name) && !Api.isSameRankOp(Base))
      Self.Dims = std::min<uint8_t>(Self.Dims, 1);
    // How many exactly: as many for the exact-rank ops, one more for
    // unsqueeze, one fewer for select, as many as the sizes given (view, reshape ...), one for
    // flatten() and ravel(); else not known.
    if (std::optional<unsigned> R = Self.rank(); R && Base == "unsqueeze")
      Self.exactly(*R + 1);
    else if (R && *R > 0 && Base == "select")
      Self.exactly(*R - 1);
    else if (!Api.isExactRankOp(Name) && !Api.isExactRankOp(Base))
      Self.Rank = -1;
    if (std::optional<unsigned> N =
            Api.isShapeGivenOp(Base) ? givenRank(Args) : std::nullopt)
      Self.exactly(*N);
    if (Api.isFlatResultOp(Base) &&
        llvm::all_of(Args.drop_front(),
                     [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
      Self.exactly(1);
    return convertTo(
        models::applyDTypeDeviceArgs(St, Self, Callee, Args, Explicit), RT);
  case OpRule::Reduce: {
    AbsValue R = Self;
    R.Dims = reducedDims(Self, Args);
    R.Rank = -1;
    if (std::optional<DType> D = R.DT.single())
      if (isIntegral(*D) && (Base == "sum" || Base == "prod"))
        R.DT = DTypeFact::of(DType::Long, CE->getExprLoc());
    return convertTo(
        models::applyDTypeDeviceArgs(St, R, Callee, Args, Explicit), RT);
  }
  case OpRule::RealOfComplex: {
    // What each complex dtype the input may have becomes; a symbolic one
    // (a parameter's) is kept, as the ops of `preserve` keep it.
    if (!Self.DT.Param.isSymbolic() && !Self.DT.isUnknown()) {
      uint32_t Bits = 0;
      for (unsigned I = 0; I < unsigned(DType::NumDTypes); ++I)
        if (Self.DT.Bits & (1u << I))
          Bits |= 1u << unsigned(realCounterpart(DType(I)));
      if (Bits != Self.DT.Bits) {
        Self.DT.Bits = Bits;
        Self.DT.Where = CE->getExprLoc();
      }
    }
    if (Base == "view_as_real")
      Self.atLeast(Self.Dims + 1);
    Self.Rank = -1;
    return convertTo(Self, RT);
  }
  case OpRule::BoolResult:
    Self.DT = DTypeFact::of(DType::Bool, CE->getExprLoc());
    // Elementwise: broadcast to the larger of two known ranks.
    if (AbsValue O = Args.size() >= 2 ? eval(Args[1]) : AbsValue::none();
        O.isTensor())
      Self.Rank = Self.rank() && O.rank() ? std::max(Self.Rank, O.Rank) : -1;
    return convertTo(Self, RT);
  case OpRule::LongResult:
    Self.DT = DTypeFact::of(DType::Long, CE->getExprLoc());
    Self.Dims = 0;
    Self.Rank = -1;
    return convertTo(Self, RT);
  case OpRule::ListPromote:
    break; // above
  case OpRule::Promote: {
    if (Args.size() < 2) // -t keeps t's dtype
      return Base == "operator-" ? convertTo(Self, RT) : unknownOf(RT);
    AbsValue Other = eval(Args[1]);
    AbsValue R = Self;
    if (!Other.isTensor())
      return convertTo(Args.size() == 2 || alphaKeepsDType(Self, Args)
                           ? scalarPromotion(St, S, Self, Args[1])
                           : AbsValue::unknownTensor(),
                       RT);
    std::optional<DType> A = Self.DT.single(), B = Other.DT.single();
    if (A && B) {
      // torch.result_type: a 0-dim tensor does not widen a dimensioned one
      // of the same category.
      DType P = promoteTypes(*A, *B);
      DTypeFact F = DTypeFact::of(P, CE->getExprLoc());
      auto SameCategory = [](DType X, DType Y) {
        return isFloating(X) == isFloating(Y) && isComplex(X) == isComplex(Y) &&
               (X == DType::Bool) == (Y == DType::Bool);
      };
      if (!Other.nonScalar() && SameCategory(*A, *B))
        F.join(DTypeFact::of(*A, CE->getExprLoc()));
      if (!Self.nonScalar() && SameCategory(*A, *B))
        F.join(DTypeFact::of(*B, CE->getExprLoc()));
      if (P == *A && F.single())
        F.Where = Self.DT.Where;
      // Integral tensors divided truly give the default dtype (observed on
      // 1.13.1: int64 / int64 is float32).
      if (Api.isTrueDivision(S.Name) && (isIntegral(P) || P == DType::Bool)) {
        F = St.path().DefaultDType;
        F.Where = CE->getExprLoc();
      }
      R.DT = F;
    } else {
      R.DT = DTypeFact::unknown();
    }
    if (!(Self.DV == Other.DV)) {
      // A CPU scalar joins a tensor on another device.
      if (Self.DV.single() == Device::CPU && !Self.nonScalar())
        R.DV = Other.DV;
      else if (!(Other.DV.single() == Device::CPU && !Other.nonScalar()))
        R.DV.join(Other.DV);
    }
    R.Dims = std::max(Self.Dims, Other.Dims);
    R.Rank = Self.rank() && Other.rank() ? std::max(Self.Rank, Other.Rank) : -1;
    return convertTo(R, RT);
  }
  }
  return unknownOf(RT);
}

static AbsValue scalarPromotion(TransferState &St, const CallSite &S,
                                AbsValue T, const Expr *Number) {
  const ApiModel &Api = St.api();
  // torch.result_type: a number does not widen a tensor of its category;
  // a floating number (or true division) makes an integral tensor the
  // default dtype.
  std::optional<DType> D = T.DT.single();
  QualType NT = numberType(Number);
  if (!D || NT.isNull() || *D == DType::Bool)
    T.DT = DTypeFact::unknown();
  else if (isIntegral(*D) &&
           (NT->isRealFloatingType() || Api.isTrueDivision(S.Name))) {
    T.DT = St.path().DefaultDType;
    T.DT.Where = S.E->getExprLoc();
  } else if (!isIntegral(*D) && !isFloating(*D)) {
    T.DT = DTypeFact::unknown(); // complex
  }
  return T;
}

} // namespace torchdtype
