//===- GuardClasses.h - classes that save and restore global state -*- C++ -*-===//
//
// A guard class of the user's saves a piece of global state in a member
// (its constructor reads at::autocast::is_cpu_enabled(), get_default_dtype()
// ...) and gives it back to the setter in its destructor. What its
// destructor restores is then what the state was when the object was
// made: before the constructor changed it, or after, when the constructor
// reads the state only once it has set it. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_GUARDCLASSES_H
#define TORCHDTYPE_ANALYSIS_GUARDCLASSES_H

#include "ApiModel.h"
#include "TensorValue.h"
#include "clang/AST/DeclCXX.h"

namespace torchdtype {

/// One piece of global state: autocast enabled or its dtype, per device,
/// or the default dtype, as a bit of a mask.
enum class StatePiece : uint8_t { Enabled, DType, DefaultDType };
constexpr uint32_t statePieceBit(StatePiece P, unsigned Device = 0) {
  return P == StatePiece::DefaultDType
             ? 1u << (2 * NumAutocastDevices)
             : 1u << (unsigned(P) * NumAutocastDevices + Device);
}

/// What objects made by one constructor restore when destroyed.
struct GuardClass {
  /// The pieces the destructor gives back from members this constructor
  /// saved them in; 0: not a guard class.
  uint32_t Restores = 0;
  /// Of those, the ones the constructor read only after setting them.
  uint32_t SavedAfterSet = 0;
  /// The pieces the constructor or the destructor set themselves.
  uint32_t Sets = 0;
  /// They call functions of the user's (which may set more).
  bool CallsUserCode = false;
  /// Whatever it sets is as it was once the object is gone: code after
  /// its scope does not run with the state it set.
  bool balanced() const {
    return Restores && !SavedAfterSet && !CallsUserCode &&
           (Sets & ~Restores) == 0;
  }
};

/// Reads Ctor's class and its destructor (both the user's, with bodies).
GuardClass classifyGuard(const ApiModel &Api,
                         const clang::CXXConstructorDecl *Ctor);

/// The first template argument of a class or function specialization, as
/// a class (`T` of `std::make_unique<T>`).
const clang::CXXRecordDecl *
firstTypeArgument(const clang::TemplateArgumentList *TA);

/// The constructor a call makes a guard-class candidate with:
/// `std::make_unique<T>(...)` / `make_shared<T>(...)` (api.json
/// owner_makers) or `owner.emplace(...)` on an optional of T
/// (owner_emplacers); the one user constructor of T (not copy or move)
/// that takes the call's arguments. Null for any other call, or when T has
/// several such constructors.
const clang::CXXConstructorDecl *ownerConstructor(const ApiModel &Api,
                                                  const clang::CallExpr *CE);

/// The piece a call reads (Query) or sets (!Query): an autocast query or
/// setter, or a default-dtype query or setter of LibTorch; 0 if none.
uint32_t statePieceOf(const ApiModel &Api, const clang::CallExpr *CE,
                      bool Query);

/// The parameter of C a non-const reference member F is bound to by C's
/// initializer list (`ScopedUpcast(Tensor &t) : t_(t)`): what C writes
/// through F it writes to the caller's argument. Null if none.
const clang::ParmVarDecl *boundParam(const clang::CXXConstructorDecl *C,
                                     const clang::FieldDecl *F);

} // namespace torchdtype

#endif
