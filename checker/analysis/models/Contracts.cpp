//===- Contracts.cpp - ops judged by their measured dtype contracts -------===//
//
// A call of an op that checker/data/api.json has no rule for is matched to
// the aten overloads of the measured table (OpContracts.h) by where its
// tensor arguments stand: its result dtype is the one measured for its
// operands' dtypes, and its op event carries the match for the
// unsupported-dtype finder.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"

using namespace clang;

namespace torchdtype {

namespace {

/// c10::nullopt, std::nullopt or {}: an optional argument left empty.
bool isNullopt(const Expr *E) {
  if (const auto *IL = dyn_cast<InitListExpr>(E))
    return IL->getNumInits() == 0;
  if (isa<CXXDefaultArgExpr>(E))
    return true;
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return C->getNumArgs() == 0;
  return isNulloptType(E->getType());
}

/// How a Scalar (or Scalar?) argument was given, as the table's patterns
/// spell it: d left to its default or None, i an integral number, f a
/// floating one, ? anything else (a Scalar variable, a bool, a complex).
char scalarKind(const Expr *Arg) {
  if (isa<CXXDefaultArgExpr>(Arg) || isNullopt(writtenArgument(Arg)))
    return 'd';
  QualType NT = numberType(Arg);
  if (NT.isNull() || NT->isBooleanType())
    return '?';
  if (NT->isIntegerType())
    return 'i';
  return NT->isRealFloatingType() ? 'f' : '?';
}

bool isSymInt(QualType T) {
  const auto *R = T->getAsCXXRecordDecl();
  return R && R->getIdentifier() && R->getName() == "SymInt";
}

/// An options object built in place whose setters give no tensor
/// (`F::CrossEntropyFuncOptions().reduction(torch::kNone)`): the Tensor?
/// arguments it stands for (a loss's weight) are None, as measured.
bool optionsWithoutTensors(const Expr *E, const ApiModel &Api) {
  E = strip(E);
  while (const auto *C = dyn_cast<CXXConstructExpr>(E))
    if (C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
      E = strip(C->getArg(0));
    else
      break;
  if (isa<CXXTemporaryObjectExpr>(E) ||
      (isa<CXXConstructExpr>(E) &&
       cast<CXXConstructExpr>(E)->getNumArgs() == 0))
    return true;
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  if (!MC || !MC->getMethodDecl())
    return false;
  for (const Expr *A : MC->arguments())
    if (Api.classify(A->getType()) != TypeKind::None)
      return false; // a tensor, a dtype or a device given
  return optionsWithoutTensors(MC->getImplicitObjectArgument(), Api);
}

} // namespace

/// A C++ parameter type as a schema argument code (OpContracts.h; X for
/// TensorOptions, which stands for several arguments).
static char signatureCode(const ApiModel &Api, QualType T) {
  T = T.getNonReferenceType().getUnqualifiedType();
  switch (Api.classify(T)) {
  case TypeKind::Tensor:
    return 'T';
  case TypeKind::TensorList:
    return 'L';
  case TypeKind::ScalarType:
    return 'Y';
  case TypeKind::Options:
    return 'X';
  default:
    break;
  }
  // An index list (Tensor::index's): its tensors are the schema's Tensor?[]
  // (its slices and integers select or slice first).
  if (isIndexList(T))
    return 'L';
  bool Optional = Api.classify(T) == TypeKind::Optional;
  if (Optional && (T = unwrapOptional(Api, T)).isNull())
    return '?';
  // ArrayRef<T>, OptionalArrayRef<T> (IntArrayRef, SymIntArrayRef ...).
  if (const auto *R = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T->getAsCXXRecordDecl());
      R && R->getIdentifier() &&
      (R->getName() == "ArrayRef" || R->getName() == "OptionalArrayRef") &&
      R->getTemplateArgs().size() >= 1 &&
      R->getTemplateArgs()[0].getKind() == TemplateArgument::Type) {
    QualType Arg = R->getTemplateArgs()[0].getAsType();
    if (Api.classify(Arg) == TypeKind::Tensor)
      return 'L';
    if (Arg->isBooleanType())
      return 'B';
    if (Arg->isIntegerType() || isSymInt(Arg))
      return 'I';
    if (Arg->isRealFloatingType())
      return 'F';
    if (const auto *E = Arg->getAsCXXRecordDecl())
      if (E->getIdentifier() && E->getName() == "Dimname")
        return 'n';
    return '?';
  }
  switch (Api.classify(T)) {
  case TypeKind::Tensor:
    return Optional ? 'O' : 'T';
  case TypeKind::ScalarType:
    return 'Y';
  default:
    break;
  }
  if (T->isBooleanType())
    return 'b';
  if (T->isIntegerType() || isSymInt(T))
    return 'i';
  if (T->isRealFloatingType())
    return 'f';
  if (const auto *R = T->getAsCXXRecordDecl())
    if (R->getIdentifier()) {
      llvm::StringRef N = R->getName();
      if (N == "Scalar")
        return 'S';
      if (N == "Dimname")
        return 'n';
      if (N == "basic_string_view" || N == "string_view")
        return 's';
    }
  return '?';
}

std::optional<ContractCall>
models::matchContract(const ApiModel &Api, ASTContext &Ctx, const CallSite &S,
                      llvm::ArrayRef<const Expr *> Ops) {
  if (!S.IsLibTorch || !S.Callee)
    return std::nullopt;
  // An out= function (`histc_out(out, self, ...)`, `histc_outf(self, ...,
  // out)`) is the op's out overload, whose schema puts the out tensors
  // last; the caller gives its arguments in that order (Ops), and the
  // C++ parameters are read so too.
  bool InPlace, OutCall, OutLast;
  llvm::StringRef Base = baseOpName(S.Name, InPlace, OutCall, OutLast);
  // (An operator of one operand may have its own op: `-x` is neg, where
  // `~x` is bitwise_not as `x & y` is bitwise_and.)
  llvm::StringRef Called = OutCall ? Base : S.Name;
  std::string Unary = Called.str() + "/1";
  llvm::StringRef Name;
  if (Ops.size() == 1 && Called.starts_with("operator"))
    Name = Api.contractName(Unary);
  if (Name.empty())
    Name = Api.contractName(Called);
  if (Name.empty())
    return std::nullopt;
  unsigned NumOut =
      OutCall && !S.Obj ? models::outParams(Api, S.Callee, OutLast) : 0;
  if (OutCall && NumOut == 0)
    return std::nullopt;
  // The C++ signature in the schema's terms: the receiver, then the
  // parameters (both follow the schema's order, generated from it).
  std::string Written;
  if (S.Obj)
    Written += Api.classify(S.Obj->getType()) == TypeKind::Tensor ? 'T' : '?';
  for (const ParmVarDecl *P : S.Callee->parameters())
    Written += signatureCode(Api, P->getType());
  if (Written.size() != Ops.size() || llvm::is_contained(Written, 'X'))
    return std::nullopt;
  std::string Sig = OutCall && !OutLast
                        ? Written.substr(NumOut) + Written.substr(0, NumOut)
                        : Written;
  const OpContracts &C = Api.contracts();
  ContractCall M;
  for (unsigned I : C.overloads(Name)) {
    const ContractOverload &O = C.overload(I);
    if (O.Flags & (ContractOverload::Unstable | ContractOverload::NeverRan) ||
        bool(O.Flags & ContractOverload::OutVariant) != OutCall ||
        Sig.size() > O.Signature.size() ||
        (OutCall && Sig.size() != O.Signature.size()))
      continue;
    bool Ok = true, ScalarGiven = false, FloatScalar = false,
         OtherBool = false;
    std::string Scalars;
    for (unsigned P = 0; P < Ops.size() && Ok; ++P) {
      char Want = O.argument(P), Have = Sig[P];
      Ok = Want == Have || Want == '?' || Have == '?' ||
           (Want == 'z' && Have == 's') || (Want == 'y' && Have == 'Y') ||
           (Want == 'c' && Have == 'b');
      // The Scalars, the table's runs being looked up by their pattern.
      if (Ok && Want == 'S') {
        Scalars += scalarKind(Ops[P]);
        ScalarGiven |= Scalars.back() != 'd';
        FloatScalar |= Scalars.back() != 'd' && Scalars.back() != 'i';
      }
      if (!Ok || isa<CXXDefaultArgExpr>(Ops[P]))
        continue;
      const Expr *W = writtenArgument(Ops[P]);
      // A Tensor? given a tensor (measured as None), a dtype given (the op
      // then computes in it), a str? given (div_'s rounding mode): another
      // call than the one measured.
      if ((Want == 'O' || Want == 'Y' || Want == 'y' || Want == 'z') &&
          !isNullopt(W) && !(Have == '?' && optionsWithoutTensors(W, Api)))
        Ok = false;
      // A bool given the other value than the one measured
      // (`bucketize(x, edges, /*out_int32=*/true)`).
      bool B;
      if ((Want == 'b' || Want == 'c') && !W->isValueDependent() &&
          W->EvaluateAsBooleanCondition(B, Ctx) && B != (Want == 'c'))
        OtherBool = true;
    }
    // A Scalar the C++ call has no parameter for is left to its default; a
    // dtype it has none for was measured Float (norm.ScalarOpt_dim_dtype is
    // not the call norm(p, dim)).
    for (unsigned P = Ops.size(); P < O.Signature.size(); ++P) {
      if (O.argument(P) == 'S')
        Scalars += 'd';
      Ok &= O.argument(P) != 'Y';
    }
    llvm::SmallVector<unsigned, 3> Slots;
    for (unsigned J = 0; J < O.numSlots() && Ok; ++J) {
      unsigned P = O.slotPosition(J);
      // Lists were measured with two tensors of one dtype: a list is
      // looked up by the dtype all its tensors have (the join of its
      // elements, which is that dtype only when they agree).
      TypeKind K = P < Ops.size() ? Api.classify(Ops[P]->getType())
                                  : TypeKind::None;
      // A list of optional tensors (index's Tensor?[]) is an index list.
      Ok = (O.slotKind(J) == 'T' && K == TypeKind::Tensor) ||
           (O.slotKind(J) == 'L' && P < Sig.size() && Sig[P] == 'L') ||
           (O.slotKind(J) == 'O' && P < Ops.size() &&
            isIndexList(Ops[P]->getType()));
      Slots.push_back(P);
    }
    if (!Ok || (!M.Overloads.empty() && M.SlotPos != Slots))
      continue;
    M.Overloads.push_back(I);
    M.Scalars.push_back(Scalars);
    M.SlotPos = Slots;
    M.ScalarGiven |= ScalarGiven;
    M.FloatScalar |= FloatScalar;
    M.OtherBool |= OtherBool;
  }
  if (M.Overloads.empty())
    return std::nullopt;
  return M;
}

std::optional<ContractOutcome>
contractOutcome(const OpContracts &C, const ContractCall &M,
                llvm::ArrayRef<DType> SlotDTypes) {
  std::optional<ContractOutcome> R;
  for (unsigned J = 0; J < M.Overloads.size(); ++J) {
    // A Scalar given as the table never runs it (a Scalar variable): the
    // call may be this overload, whose outcome is not known.
    if (llvm::is_contained(M.Scalars[J], '?'))
      return std::nullopt;
    ContractOutcome O =
        C.outcome(M.Overloads[J], SlotDTypes, llvm::StringRef(M.Scalars[J]));
    if (O.K == ContractOutcome::Unmeasured)
      continue;
    if (R && (R->K != O.K || R->Result != O.Result))
      return std::nullopt; // the overloads disagree: the table cannot say
    if (!R)
      R = O;
  }
  return R;
}

std::optional<ContractCall> innerContract(const OpContracts &C,
                                          llvm::StringRef Op,
                                          unsigned Tensors) {
  ContractCall M;
  for (unsigned I : C.overloads(Op)) {
    const ContractOverload &O = C.overload(I);
    bool Leading = O.numSlots() == Tensors;
    for (unsigned J = 0; J < O.numSlots() && Leading; ++J)
      Leading = O.slotKind(J) == 'T' && O.slotPosition(J) == J;
    if ((Tensors == 1 && !O.Overload.empty()) || !Leading ||
        (O.Flags & (ContractOverload::Unstable | ContractOverload::NeverRan |
                    ContractOverload::OutVariant)))
      continue;
    std::string Scalars;
    for (char A : O.Signature)
      if (A == 'S')
        Scalars += 'd';
    M.Overloads.push_back(I);
    M.Scalars.push_back(Scalars);
    M.SlotPos.clear();
    for (unsigned J = 0; J < Tensors; ++J)
      M.SlotPos.push_back(J);
  }
  if (M.Overloads.empty())
    return std::nullopt;
  return M;
}

/// The outcome of nll_loss(input, target) for the first two dtypes.
static std::optional<ContractOutcome>
classIndexLoss(const OpContracts &C, llvm::ArrayRef<DType> DTypes) {
  for (unsigned I : C.overloads("nll_loss"))
    if (C.overload(I).Name == "nll_loss" && C.overload(I).Overload.empty()) {
      ContractOutcome O = C.outcome(I, DTypes.take_front(2), "");
      if (O.K != ContractOutcome::Unmeasured)
        return O;
    }
  return std::nullopt;
}

/// The result of a call some of whose tensors' dtypes are not known (the
/// Open slots of DTypes): the one dtype every measured dtype of them that
/// runs gives (`argmax` Long, `eq` Bool), when each was measured and one
/// runs; a call that would throw does not reach its result.
static std::optional<AbsValue>
resultOfAnyDType(const OpContracts &C, const ContractCall &M,
                 llvm::SmallVector<DType, 3> DTypes,
                 llvm::ArrayRef<unsigned> Open, const CallSite &S) {
  llvm::ArrayRef<DType> All = OpContracts::dtypes();
  if (Open.size() > 2)
    return std::nullopt;
  std::optional<DType> Result;
  unsigned N = Open.size() == 1 ? All.size() : All.size() * All.size();
  for (unsigned I = 0; I < N; ++I) {
    DTypes[Open[0]] = All[I % All.size()];
    if (Open.size() == 2)
      DTypes[Open[1]] = All[I / All.size()];
    std::optional<ContractOutcome> O = contractOutcome(C, M, DTypes);
    if (!O || O->K == ContractOutcome::Unmeasured ||
        O->K == ContractOutcome::Crashes)
      return std::nullopt;
    if (O->K != ContractOutcome::Runs)
      continue;
    if (!O->Result || (Result && *Result != *O->Result))
      return std::nullopt;
    Result = O->Result;
  }
  if (!Result)
    return std::nullopt;
  AbsValue R = AbsValue::unknownTensor();
  R.DT = DTypeFact::of(*Result, S.E->getExprLoc());
  return R;
}

std::optional<AbsValue>
models::contractValue(TransferState &St, const CallSite &S,
                      llvm::ArrayRef<const Expr *> Ops) {
  const ApiModel &Api = St.api();
  std::optional<ContractCall> M = matchContract(Api, St.astContext(), S, Ops);
  // out_int32 given true (bucketize, searchsorted): the indices are Int
  // (the table ran the default, false: Long).
  for (unsigned I = 0; M && M->OtherBool && I < S.Args.size() &&
                       I < S.Callee->getNumParams();
       ++I) {
    const ParmVarDecl *P = S.Callee->getParamDecl(I);
    bool B = false;
    if (!P->getIdentifier() || P->getName() != "out_int32" ||
        S.Args[I]->isValueDependent() ||
        !S.Args[I]->EvaluateAsBooleanCondition(B, St.astContext()) || !B)
      continue;
    AbsValue R = AbsValue::unknownTensor();
    R.DT = DTypeFact::of(DType::Int, S.E->getExprLoc());
    if (AbsValue In = St.eval(Ops[0]); In.isTensor())
      R.DV = In.DV;
    return R;
  }
  // A number given may change the result dtype (a Long tensor plus 2.5):
  // the runs of its pattern say which, when they were measured. A bool
  // given otherwise than measured may too (bucketize's out_int32).
  if (!M || M->OtherBool)
    return std::nullopt;
  llvm::SmallVector<DType, 3> DTypes;
  llvm::SmallVector<unsigned, 2> Open; // slots of no one known dtype
  std::optional<Device> Dev;
  bool SameDevice = true;
  for (unsigned P : M->SlotPos) {
    AbsValue V = St.eval(Ops[P]);
    // A braced list of tensors (meshgrid's): the join of its elements.
    if (const InitListExpr *IL = V.isTensor() ? nullptr : bracedList(Ops[P]))
      V = bracedListJoin(St, IL);
    std::optional<DType> D = V.isTensor() ? V.DT.single() : std::nullopt;
    if (!D)
      Open.push_back(DTypes.size());
    DTypes.push_back(D.value_or(DType::Float));
    std::optional<Device> W = V.isTensor() ? V.DV.single() : std::nullopt;
    if (!W || (Dev && *Dev != *W))
      SameDevice = false;
    Dev = W;
  }
  if (!Open.empty()) // (not a loss measured with probabilities' targets)
    return Api.loss(S.Name) == LossRule::ClassIndexOrProbabilities
               ? std::nullopt
               : resultOfAnyDType(Api.contracts(), *M, DTypes, Open, S);
  std::optional<ContractOutcome> O =
      contractOutcome(Api.contracts(), *M, DTypes);
  // cross_entropy was measured with a target of the input's shape, which
  // an integer target cannot be (class probabilities): with class indices
  // it runs as nll_loss of the log-softmax, whose runs say the result.
  if (DTypes.size() >= 2 && isIntegral(DTypes[1]) &&
      Api.loss(S.Name) == LossRule::ClassIndexOrProbabilities)
    O = classIndexLoss(Api.contracts(), DTypes);
  if (!O || O->K != ContractOutcome::Runs || !O->Result)
    return std::nullopt;
  AbsValue R = AbsValue::unknownTensor();
  R.DT = DTypeFact::of(*O->Result, S.E->getExprLoc());
  if (SameDevice && Dev)
    R.DV = DeviceFact::of(*Dev, S.E->getExprLoc());
  return R;
}

} // namespace torchdtype
