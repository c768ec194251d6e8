//===- TensorOps.cpp - ops on tensors -------------------------------------===//
//
// What an op on tensors returns (ops that need one dtype, promoting
// elementwise ops, reductions, comparisons: the rules of
// checker/data/api.json), and the op events the checks judge.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"

using namespace clang;

namespace torchdtype {

/// The op a LibTorch functional runs for the mode its options give
/// (`F::interpolate(x, F::InterpolateFuncOptions().mode(torch::kBilinear))`:
/// upsample_bilinear2d; `F::pad(x, F::PadFuncOptions({1, 1, 2, 2})
/// .mode(torch::kReflect))`: reflection_pad2d; api.json functional_ops),
/// or "" when the mode is not known or an antialias setter may pick
/// another kernel.
static llvm::StringRef
modeOp(const CallSite &S, llvm::ArrayRef<const Expr *> Ops,
       const ApiModel &Api,
       llvm::function_ref<bool(const VarDecl *)> Unchanged) {
  if (!S.IsLibTorch || Ops.size() != 2 ||
      optionSetterArg(Ops[1], "antialias", Api, Unchanged))
    return "";
  const Expr *M = optionSetterArg(Ops[1], "mode", Api, Unchanged);
  // torch::kBilinear: a constant of an enumtype struct, converted to the
  // options' variant.
  for (int I = 0; M && I < 4; ++I) {
    M = strip(M);
    const auto *C = dyn_cast<CXXConstructExpr>(M);
    if (!C || C->getNumArgs() != 1)
      break;
    M = C->getArg(0);
  }
  const CXXRecordDecl *RD = M ? M->getType()->getAsCXXRecordDecl() : nullptr;
  if (!RD || !RD->getIdentifier())
    return "";
  return Api.modeOp(S.Name, RD->getName(),
                    optionsListLength(Ops[1], Api, Unchanged));
}

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

void models::opEffects(TransferState &St, const CallSite &S,
                       const AbsValue &V) {
  // An in-place method that may reshape self (unsqueeze_, resize_,
  // squeeze_ ...): self's number of dimensions is no longer known.
  if (S.Obj && llvm::StringRef(S.Name).ends_with("_") &&
      !St.api().isExactRankOp(S.Name))
    if (AbsValue Self = St.eval(S.Obj); Self.isTensor() && Self.rank()) {
      Self.Rank = -1;
      St.assign(S.Obj, Self);
    }
  // `t.set_data(u)`: t now has u's data, dtype and device.
  if (S.Obj && S.Args.size() == 1 && St.api().isDataSetter(S.Name))
    if (AbsValue U = St.eval(S.Args[0]); U.isTensor()) {
      St.assign(S.Obj, U);
      return;
    }
  if (St.api().conversion(S.Name))
    conversionEffects(St, S, V);
  else if (St.api().factory(S.Name))
    factoryEffects(St, S, V);
  else
    tensorOpEffects(St, S, V);
}

static void lossWeight(TransferState &St, OpEvent &E,
                       llvm::ArrayRef<const Expr *> Ops) {
  const ApiModel &Api = St.api();
  // A loss given options (`F::cross_entropy(x, y, Options().weight(w))`):
  // its class weights are an operand, after input and target.
  if (!Api.loss(E.Op) || Ops.size() < 3)
    return;
  const Expr *W =
      optionSetterArg(Ops[2], "weight", Api,
                      [&](const VarDecl *VD) { return St.stableVar(VD); });
  AbsValue V = W ? St.eval(W) : AbsValue::none();
  if (V.isTensor())
    E.Operands.push_back(Operand{W, V, operandName(W), 2});
}

static void recordIndexList(TransferState &St, OpEvent &E, const Expr *List,
                            unsigned Pos) {
  const ApiModel &Api = St.api();
  // `t.index_put_({idx, Slice()}, v)`: a braced list of TensorIndex (or
  // optional<Tensor>) built from tensors, slices and integers.
  const InitListExpr *IL = bracedList(List);
  if (!IL)
    return;
  for (const Expr *El : IL->inits()) {
    const Expr *X = strip(El);
    // TensorIndex(tensor) and optional<Tensor>(tensor) wrap the tensor.
    for (int I = 0; I < 4; ++I) {
      const auto *C = dyn_cast<CXXConstructExpr>(X);
      if (!C || C->getNumArgs() != 1 ||
          (Api.classify(X->getType()) == TypeKind::Tensor &&
           !isCopyOrMoveOf(C)))
        break;
      X = strip(C->getArg(0));
    }
    if (Api.classify(X->getType()) != TypeKind::Tensor)
      continue; // a slice, an integer, None, an ellipsis
    E.Indices.push_back(Operand{X, St.eval(X), operandName(X), Pos});
  }
  E.IndexListSeen = true;
}

void models::tensorOpEffects(TransferState &St, const CallSite &S,
                             const AbsValue &) {
  const ApiModel &Api = St.api();
  auto eval = [&](const Expr *E) { return St.eval(E); };
  auto recordOp = [&](auto &&...A) { return St.recordOp(A...); };
  const CallExpr *CE = S.E;
  const FunctionDecl *Callee = S.Callee;
  llvm::StringRef Name = S.Name;
  llvm::ArrayRef<const Expr *> Args = S.Args;
  llvm::SmallVector<const Expr *, 4> Operands;
  if (S.Obj)
    Operands.push_back(S.Obj);
  Operands.append(Args.begin(), Args.end());
  bool InPlace, Out, OutLast;
  llvm::StringRef Base = baseOpName(Name, InPlace, Out, OutLast);
  llvm::ArrayRef<const Expr *> Ops = Operands, Outs;
  if (Out) {
    // The out= tensors: the non-const Tensor& parameters first (`_out`)
    // or last (`_outf`).
    unsigned N = outParams(Api, Callee, OutLast);
    if (!OutLast)
      N = std::max(1u, N);
    N = std::min<unsigned>(N, Ops.size());
    Outs = OutLast ? Ops.take_back(N) : Ops.take_front(N);
    Ops = OutLast ? Ops.drop_back(N) : Ops.drop_front(N);
  }
  // The out tensors as operands, numbered from First.
  auto OutOperands = [&](unsigned First) {
    llvm::SmallVector<Operand, 2> R;
    for (unsigned I = 0; I < Outs.size(); ++I)
      if (AbsValue V = eval(Outs[I]); V.isTensor())
        R.push_back(Operand{Outs[I], V, operandName(Outs[I]), First + I});
    return R;
  };
  auto Written = [&](OpEvent *E) {
    if (!E)
      return;
    E->Outs.append(OutOperands(0));
    // An index list, by its type (Tensor::index, index_put_), or where the
    // op's rule says one stands.
    for (unsigned I = 0; I < Ops.size() && !E->IndexListSeen; ++I)
      if (isIndexList(Ops[I]->getType()))
        recordIndexList(St, *E, Ops[I], I);
    if (std::optional<SourceDTypeRule> R = Api.sourceDTypeOp(Base))
      if (R->IndexList >= 0 && unsigned(R->IndexList) < Ops.size() &&
          !E->IndexListSeen)
        recordIndexList(St, *E, Ops[R->IndexList], unsigned(R->IndexList));
  };
  if (std::optional<unsigned> P = Api.sameDTypeList(Base)) {
    // The elements of a braced list (einsum's operands), each an operand.
    const InitListExpr *IL = *P < Ops.size() ? bracedList(Ops[*P]) : nullptr;
    if (!IL)
      return;
    llvm::SmallVector<const Expr *, 4> Elems(IL->inits().begin(),
                                             IL->inits().end());
    if (OpEvent *E = recordOp(CE, Base, /*SameDType=*/true,
                              /*Elementwise=*/false, 0xFF, Elems, InPlace, Out,
                              models::hasExplicitDType(Api, S)))
      E->ListOperands = true;
    return;
  }
  if (std::optional<unsigned> Mask = Api.sameDTypeOperands(Base)) {
    // Ops with an explicit dtype argument are not autocast; the measured
    // table may know the call runs (findMixedPrecision).
    OpEvent *E =
        recordOp(CE, Base, /*SameDType=*/true, /*Elementwise=*/false, *Mask,
                 Ops, InPlace, Out, models::hasExplicitDType(Api, S));
    if (E && !Out && Api.contractsApply())
      E->Contract = matchContract(Api, St.astContext(), S, Ops);
    Written(E);
    // Fewer than two of its operands given (layer_norm without weights):
    // judged as any other op below.
    if (E)
      return;
  }
  std::optional<OpRule> Rule = Api.tensorOp(Name);
  if (!Rule)
    Rule = Api.tensorOp(Base);
  auto WithContract = [&](OpEvent *E) {
    // out= variants without an out_dtype_ops rule: their out overload,
    // whose last arguments (and the event's last operands) are the outs.
    if (E && (!Out || Api.outDTypeRules(Base).empty()) &&
        Api.contractsApply()) {
      llvm::SmallVector<const Expr *, 8> Schema(Ops.begin(), Ops.end());
      Schema.append(Outs.begin(), Outs.end());
      E->Contract = matchContract(Api, St.astContext(), S, Schema);
      if (E->Contract)
        E->Operands.append(OutOperands(Ops.size()));
    }
    Written(E);
  };
  llvm::StringRef Reverse = Api.reverseScalarOp(Name);
  if (!Reverse.empty() && Ops.size() == 2 && !eval(Ops[0]).isTensor() &&
      eval(Ops[1]).isTensor()) {
    // `x / t` is empty_like(t).fill_(x).div_(t): the in-place op on a
    // tensor of t's dtype, with t as its operand.
    AbsValue T = eval(Ops[1]);
    OpEvent Ev;
    Ev.Call = CE;
    Ev.Op = Reverse.drop_back().str();
    Ev.Written = Reverse.str();
    Ev.Elementwise = true;
    Ev.InPlace = true;
    Ev.ReverseScalar = true;
    Ev.Operands.push_back(Operand{Ops[1], T, operandName(Ops[1]), 0});
    Ev.Operands.push_back(Operand{Ops[1], T, operandName(Ops[1]), 1});
    St.recordEvent(std::move(Ev));
    return;
  }
  if (Rule == OpRule::Promote ||
      (Name.starts_with("operator") && Name.ends_with("=") && S.Obj &&
       Name.size() == 10)) {
    WithContract(recordOp(CE, Base, /*SameDType=*/false, /*Elementwise=*/true,
                          0x3, Ops, InPlace, Out, false));
    return;
  }
  // A functional whose options' mode fixes the op it runs (interpolate):
  // that op's contract, on the input.
  if (llvm::StringRef Inner = modeOp(
          S, Ops, Api, [&](const VarDecl *VD) { return St.stableVar(VD); });
      !Inner.empty() && !Out && Api.contractsApply()) {
    if (OpEvent *E = recordOp(CE, Inner, /*SameDType=*/false,
                              /*Elementwise=*/false, 0x1, Ops, InPlace, Out,
                              false)) {
      E->Written = Name.str();
      E->Generic = true;
      E->Contract = innerContract(Api.contracts(), Inner);
    }
    return;
  }
  if (!Name.starts_with("operator") || !Api.contractName(Name).empty()) {
    OpEvent *E = recordOp(CE, Base, /*SameDType=*/false,
                          /*Elementwise=*/false, 0xFF, Ops, InPlace, Out,
                          models::hasExplicitDType(Api, S));
    if (E) {
      E->Generic = true;
      lossWeight(St, *E, Ops);
    }
    WithContract(E);
  }
}

unsigned models::outParams(const ApiModel &Api, const FunctionDecl *Callee,
                           bool Last) {
  // out= tensors are taken by non-const reference: `Tensor &out`.
  auto IsOut = [&](const ParmVarDecl *P) {
    QualType T = P->getType();
    return T->isLValueReferenceType() &&
           !T.getNonReferenceType().isConstQualified() &&
           Api.classify(T.getNonReferenceType()) == TypeKind::Tensor;
  };
  unsigned N = 0, Params = Callee->getNumParams();
  while (N < Params && IsOut(Callee->getParamDecl(Last ? Params - 1 - N : N)))
    ++N;
  return N;
}

} // namespace torchdtype
