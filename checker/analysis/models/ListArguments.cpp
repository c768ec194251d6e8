//===- ListArguments.cpp - lists of tensors given to ops ------------------===//
//
// Braced lists of tensors (and of records and modules) as one joined value,
// the std::vector a LibTorch list parameter is made from, and the dtype a
// list op (cat, stack) promotes its elements to.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/models/ContainerValues.h"
#include "analysis/models/FamilyModels.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace torchdtype::containers;

namespace torchdtype {

AbsValue models::bracedListJoin(TransferState &St, const InitListExpr *IL,
                                QualType ListT) {
  const ApiModel &Api = St.api();
  // `std::vector<Sample> v = {{a, 1}, {b, 2}}`: the join of its records.
  TypeKind K = ListT.isNull() ? TypeKind::TensorList : Api.classify(ListT);
  bool Records = K == TypeKind::RecordList;
  bool Modules = K == TypeKind::ModuleList; // `std::vector<Linear> v{a, b}`
  AbsValue L = Records || Modules ? emptyList(K) : emptyInputs();
  for (const Expr *El : IL->inits()) {
    // std::array's braces hold its C array's (`{{a, b}}`, or elided).
    if (const auto *Inner = dyn_cast<InitListExpr>(strip(El));
        Inner && (Inner->getType()->isArrayType() ||
                  (!Records &&
                   Api.classify(Inner->getType()) == TypeKind::TensorList))) {
      L.join(bracedListJoin(St, Inner, ListT));
      if (!Records && !Modules)
        L.Fields = nullptr; // (std::array's element values are not kept)
      continue;
    }
    AbsValue V = St.eval(El);
    if (Modules)
      L.join(asElement(K, V));
    else if (Records)
      L.join(V.K == AbsValue::Kind::Record ? V : unknownRecord());
    else if (!ListT.isNull()) // (a std::vector's element values are kept)
      appendElement(L, V.isTensor() ? V : AbsValue::unknownTensor());
    else
      L.join(V.isTensor() ? V : AbsValue::unknownTensor());
  }
  return L;
}

const Expr *models::tensorListArgument(const ApiModel &Api, const Expr *A) {
  // Through the list views LibTorch's parameters take (at::TensorList,
  // ITensorListRef) to the std::vector of tensors they are made from.
  for (int I = 0; A && I < 4; ++I) {
    A = strip(A);
    if (Api.classify(A->getType()) == TypeKind::TensorList)
      return A;
    const auto *C = dyn_cast<CXXConstructExpr>(A);
    A = C && C->getNumArgs() >= 1 ? C->getArg(0) : nullptr;
  }
  return nullptr;
}

/// cat(v), stack(v) of a std::vector<Tensor>.
static AbsValue vectorPromotion(TransferState &St, const Expr *List) {
  const ApiModel &Api = St.api();
  // cat(v), stack(v) of a std::vector<Tensor>: the one dtype (device) all
  // its tensors have; a vector of several is not promoted here.
  AbsValue R = AbsValue::unknownTensor();
  List = models::tensorListArgument(Api, List);
  if (!List)
    return R;
  AbsValue V = St.eval(List);
  // An empty vector (a loop that pushed nothing on this path): cat and
  // stack throw there ("expected a non-empty list of Tensors"), so this
  // path gives nothing to what follows (the lattice's bottom).
  if (V.K == AbsValue::Kind::Tensor && V.DT.Bits == 0 &&
      !V.DT.Param.isSymbolic()) {
    R.DT.Bits = 0;
    R.DV.Bits = 0;
    return R;
  }
  if (V.K != AbsValue::Kind::Tensor || !V.DT.single())
    return R;
  R.DT = V.DT;
  if (V.DV.single())
    R.DV = V.DV;
  R.atLeast(1);
  return R;
}

// cat and stack (api.json's list_promote), ops of the tensors a list holds.
AbsValue models::listPromotion(TransferState &St, const CallSite &S,
                               const Expr *List) {
  // cat({a, b}), stack({a, b}): the promoted dtype of a braced list's
  // tensors (1.13.1: cat of float32 and float64 is float64), on their one
  // device.
  AbsValue R = AbsValue::unknownTensor();
  const InitListExpr *IL = bracedList(List);
  if (!IL)
    return vectorPromotion(St, List);
  if (IL->getNumInits() == 0)
    return R;
  std::optional<DType> D;
  std::optional<Device> Dev;
  bool SameDevice = true;
  std::optional<unsigned> Rank;
  bool First = true;
  for (const Expr *El : IL->inits()) {
    AbsValue V = St.eval(El);
    std::optional<DType> E = V.isTensor() ? V.DT.single() : std::nullopt;
    if (!E)
      return R;
    if (First || Rank != V.rank())
      Rank = First ? V.rank() : std::nullopt;
    First = false;
    D = D ? promoteTypes(*D, *E) : *E;
    std::optional<Device> W = V.DV.single();
    if (!W || (Dev && *Dev != *W))
      SameDevice = false;
    Dev = W;
  }
  R.DT = DTypeFact::of(*D, S.E->getExprLoc());
  if (SameDevice && Dev)
    R.DV = DeviceFact::of(*Dev, S.E->getExprLoc());
  R.atLeast(1);
  // cat keeps its tensors' number of dimensions, when they have one
  // (api.json's exact_rank_ops).
  if (St.api().isExactRankOp(S.Name) && Rank && *Rank > 0)
    R.exactly(*Rank);
  return R;
}

} // namespace torchdtype
