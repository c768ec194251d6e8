//===- ContainerValues.h - the values of containers of tensors -*- C++ -*-===//
//
// Internal to checker/analysis/models: what a followed container's value
// is (Containers.cpp's header comment) and the operations the container
// models share: its bottom, an element read from it, the keys of a map's
// value, the join of an element put in. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_MODELS_CONTAINERVALUES_H
#define TORCHDTYPE_ANALYSIS_MODELS_CONTAINERVALUES_H

#include "analysis/ApiModel.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/TensorValue.h"
#include <string>

namespace torchdtype {
namespace containers {

/// Nothing put in yet.
inline bool isBottom(const AbsValue &L) {
  if (L.K == AbsValue::Kind::Record)
    return L.Opt == AbsValue::Engaged::No;
  return (L.K == AbsValue::Kind::Tensor || L.K == AbsValue::Kind::Module) &&
         ((!L.DT.Param.isSymbolic() && L.DT.Bits == 0) ||
          (!L.DV.Param.isSymbolic() && L.DV.Bits == 0));
}

/// A record none of whose fields is known.
inline AbsValue unknownRecord() {
  AbsValue R;
  R.K = AbsValue::Kind::Record;
  return R;
}

/// A record without the keys a map of records holds beside its fields.
inline AbsValue withoutKeys(AbsValue R) {
  if (R.K != AbsValue::Kind::Record || !R.Fields)
    return R;
  auto Own = std::make_shared<RecordFields>();
  for (const auto &[F, V] : *R.Fields)
    if (F < MapKeysKnown)
      Own->push_back({F, V});
  R.Fields = Own->empty() ? nullptr : std::move(Own);
  return R;
}

/// The join read as one element: nothing pushed yet reads as unknown.
inline AbsValue element(AbsValue L) {
  if (L.K == AbsValue::Kind::Record) {
    if (isBottom(L))
      return unknownRecord();
    L.Opt = AbsValue::Engaged::Unknown;
    return withoutKeys(L);
  }
  if (L.K == AbsValue::Kind::Module) {
    if (isBottom(L))
      return AbsValue::unknownModule();
    L.Fields = nullptr; // a map's keys, not a module's submodules
    return L;
  }
  if (L.K != AbsValue::Kind::Tensor || isBottom(L))
    return AbsValue::unknownTensor();
  L.Fields = nullptr;       // a map's keys are the map's, not an element's
  L.MaybeUndefined = false; // (the empty list's bottom, not an element's)
  return L;
}

inline bool isList(TypeKind K) {
  return K == TypeKind::TensorList || K == TypeKind::RecordList ||
         K == TypeKind::ModuleList;
}

/// A list's value holds keys (a map of tensors, of modules or of records;
/// a record's keys are fields past its own, from MapKeysKnown).
inline bool keyed(const AbsValue &L) {
  return L.K == AbsValue::Kind::Tensor || L.K == AbsValue::Kind::Module ||
         L.K == AbsValue::Kind::Record;
}

/// L, a list or map of records, joined with record V, its keys kept.
inline void joinRecord(AbsValue &L, const AbsValue &V) {
  AbsValue E = V.K == AbsValue::Kind::Record ? withoutKeys(V) : unknownRecord();
  if (L.Fields)
    for (const auto &[F, FV] : *L.Fields)
      if (F >= MapKeysKnown)
        E = E.withField(F, FV);
  L.join(E);
}

/// What a map keeps of V as the value of one key.
inline AbsValue entryValue(AbsValue V) {
  if (V.K == AbsValue::Kind::Record)
    return withoutKeys(V);
  V.Fields = nullptr;
  return V;
}

/// What a list of kind K holds of V: V where it is of the elements' kind,
/// else an unknown element.
inline AbsValue asElement(TypeKind K, const AbsValue &V) {
  if (K == TypeKind::RecordList)
    return V.K == AbsValue::Kind::Record ? V : unknownRecord();
  if (K == TypeKind::ModuleList)
    return V.K == AbsValue::Kind::Module ? V : AbsValue::unknownModule();
  return V.isTensor() ? V : AbsValue::unknownTensor();
}

/// A sequence of tensors (not a map) made from braces or filled by
/// push_back and emplace_back from empty on every path knows the values its
/// elements may have, one field per distinct value ("#0", "#1", ...) beside
/// their join: a set, not positions (a loop over it takes each value on a
/// path of its own, ConstantLists.cpp). At most this many values.
constexpr unsigned MaxElementValues = 8;

/// The field of a sequence's value holding its I-th distinct element value.
inline unsigned elementValueField(unsigned I) {
  return mapKeyFieldOf("#" + std::to_string(I));
}

/// L, a sequence's value, with E added at its end: their join, and E among
/// its element values where L knew them all.
inline void appendElement(AbsValue &L, const AbsValue &E) {
  const AbsValue Before = L;
  L.join(E);
  L.Fields = nullptr;
  if (!Before.isTensor() || !Before.field(MapKeysKnown) || !E.isTensor())
    return;
  AbsValue V = entryValue(E);
  unsigned N = 0;
  for (const auto &[F, W] : *Before.Fields)
    if (F > MapKeysKnown) {
      if (W == V) {
        L.Fields = Before.Fields; // (a value it may hold already)
        return;
      }
      ++N;
    }
  if (N < MaxElementValues)
    L = L.withField(MapKeysKnown, AbsValue::none())
            .withField(elementValueField(N), V);
  if (N)
    for (const auto &[F, W] : *Before.Fields)
      if (F > MapKeysKnown)
        L = L.withField(F, W);
}

/// An empty list of kind K.
inline AbsValue emptyList(TypeKind K) {
  if (K == TypeKind::ModuleList) {
    // The identity of the join on every flag, so that the first module
    // put in is the list's value.
    AbsValue M = AbsValue::unknownModule();
    M.DT.Bits = M.DV.Bits = 0;
    M.Fwd = AbsValue::Forward::Keeps;
    M.FloatModule = M.Moved = M.Tracked = true;
    return M.withField(MapKeysKnown, AbsValue::none()); // (as a map)
  }
  if (K != TypeKind::RecordList)
    return emptyInputs();
  AbsValue R = unknownRecord();
  R.Opt = AbsValue::Engaged::No;
  return R.withField(MapKeysKnown, AbsValue::none()); // (as a map)
}

} // namespace containers
} // namespace torchdtype

#endif
