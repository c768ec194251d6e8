//===- Assumption.cpp - what a path assumed of a branch condition ---------===//

#include "Assumption.h"
#include "llvm/ADT/STLExtras.h"
#include <cmath>
#include <limits>
#include <tuple>

using namespace clang;

namespace torchdtype {

using Relation = Assumption::Relation;

/// Whether the numeric assumptions on N's subject, with N, leave a value.
static bool satisfiable(const Assumptions &As, const Assumption &N) {
  constexpr double Inf = std::numeric_limits<double>::infinity();
  double Lo = -Inf, Hi = Inf;
  bool LoOpen = false, HiOpen = false;
  llvm::SmallVector<double, 2> Not;
  // An integer's open bound is the next whole number's closed one.
  bool Whole = N.Whole;
  auto Lower = [&](double C, bool Open) {
    if (Whole && (Open || C != std::ceil(C))) {
      C = Open ? std::floor(C) + 1 : std::ceil(C);
      Open = false;
    }
    if (C > Lo || (C == Lo && Open)) {
      Lo = C;
      LoOpen = Open;
    }
  };
  auto Upper = [&](double C, bool Open) {
    if (Whole && (Open || C != std::floor(C))) {
      C = Open ? std::ceil(C) - 1 : std::floor(C);
      Open = false;
    }
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

std::optional<bool> decided(const Assumptions &As, const Assumption &A) {
  if (auto It =
          llvm::find_if(As, [&](const Assumption &X) { return X.sameAtom(A); });
      It != As.end())
    return It->Value == A.Value;
  if (!A.Number)
    return std::nullopt;
  if (!satisfiable(As, A))
    return false;
  Assumption Not = A;
  Not.Value = !A.Value;
  if (!satisfiable(As, Not))
    return true;
  return std::nullopt;
}

bool assume(Assumptions &As, Assumption A) {
  auto It =
      llvm::find_if(As, [&](const Assumption &X) { return X.sameAtom(A); });
  if (It != As.end())
    return It->Value == A.Value;
  // A subject equals one constant at most.
  if (A.Rel == Relation::Equals && A.Value &&
      llvm::any_of(As, [&](const Assumption &X) {
        return X.sameSubject(A) && X.Rel == Relation::Equals && X.Value;
      }))
    return false;
  if (A.Number && !satisfiable(As, A))
    return false;
  auto Key = [](const Assumption &X) {
    return std::make_tuple(X.Var, X.Field, X.Site, X.Rel,
                           llvm::StringRef(X.Const), X.Other, X.OtherField);
  };
  As.insert(llvm::upper_bound(As, A,
                              [&](const Assumption &X, const Assumption &Y) {
                                return Key(X) < Key(Y);
                              }),
            std::move(A));
  return true;
}

void forget(Assumptions &As, const NamedDecl *V, const FieldDecl *F) {
  llvm::erase_if(As, [&](const Assumption &A) {
    return A.Site == nullptr &&
           ((A.Var == V && (!F || A.Field == F)) ||
            (A.Other == V && (!F || A.OtherField == F)));
  });
}

} // namespace torchdtype
