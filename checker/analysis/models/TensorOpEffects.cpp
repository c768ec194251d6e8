//===- TensorOpEffects.cpp - the op events of ops on tensors --------------===//
//
// The events an op on tensors records for the checks to judge: its
// operands' dtypes and devices, out= tensors, index lists, loss weights,
// the op a functional runs for its mode, and what in-place ops and
// set_data leave in their object. What an op returns is TensorOps.cpp's.
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
modeOp(const CallSite &S, llvm::ArrayRef<const Expr *> Ops, const ApiModel &Api,
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
    if (Api.contractsApply())
      Ev.Contract = innerContract(Api.contracts(), Reverse, /*Tensors=*/2);
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
    if (OpEvent *E =
            recordOp(CE, Inner, /*SameDType=*/false,
                     /*Elementwise=*/false, 0x1, Ops, InPlace, Out, false)) {
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
