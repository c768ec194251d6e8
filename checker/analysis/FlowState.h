//===- FlowState.h - the analysis state at a program point ------*- C++ -*-===//
//
// What the flow analysis knows at one program point: the abstract value of
// every tracked storage (TensorValue.h), the autocast state per device and
// the default dtype. States join where paths meet. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_FLOWSTATE_H
#define TORCHDTYPE_ANALYSIS_FLOWSTATE_H

#include "AnalysisContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace torchdtype {

/// A guard object alive on a path (GuardClasses.h): the state its
/// destructor gives back, for the pieces in Restores.
struct GuardSnapshot {
  const clang::CXXDestructorDecl *Dtor = nullptr;
  uint32_t Restores = 0;
  AutocastArray Autocast{};
  AutocastDTypeArray AutocastDType{};
  DTypeFact DefaultDType;
  bool operator==(const GuardSnapshot &O) const {
    return Dtor == O.Dtor && Restores == O.Restores &&
           Autocast == O.Autocast && AutocastDType == O.AutocastDType &&
           DefaultDType == O.DefaultDType;
  }
};

struct FlowState {
  bool Reached = false;
  /// What this path assumed, sorted by variable (PathStates.h).
  Assumptions Assumed;
  llvm::DenseMap<const clang::Decl *, AbsValue> Vars;
  AutocastArray Autocast;
  AutocastDTypeArray AutocastDType;
  DTypeFact DefaultDType;
  /// Guards alive that turn gradients off (torch::NoGradGuard,
  /// c10::InferenceMode): no backward runs while one is.
  uint8_t NoGradGuards = 0;
  /// Guard objects alive, by the variable or member that holds them (or the
  /// optional or smart pointer that owns them).
  llvm::SmallVector<std::pair<const clang::Decl *, GuardSnapshot>, 0> Guards;

  FlowState() { Autocast.fill(AutocastState::Entry); }

  bool operator==(const FlowState &O) const {
    return Assumed == O.Assumed && sameFacts(O);
  }
  /// Equal but for what the two paths assumed.
  bool sameFacts(const FlowState &O) const;
  /// Least upper bound. A storage tracked on one path only is unknown (of
  /// its kind) after the join; only the assumptions both make remain.
  void join(const FlowState &O);
};

} // namespace torchdtype

#endif
