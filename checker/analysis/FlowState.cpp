//===- FlowState.cpp - the analysis state at a program point --------------===//

#include "FlowState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace torchdtype {

bool FlowState::sameFacts(const FlowState &O) const {
  if (Reached != O.Reached || Autocast != O.Autocast ||
      !(DefaultDType == O.DefaultDType) || AutocastDType != O.AutocastDType ||
      NoGradGuards != O.NoGradGuards || Guards != O.Guards ||
      Vars.size() != O.Vars.size())
    return false;
  for (const auto &[K, V] : Vars) {
    auto It = O.Vars.find(K);
    if (It == O.Vars.end() || It->second != V)
      return false;
  }
  return true;
}

void FlowState::join(const FlowState &O) {
  if (!O.Reached)
    return;
  if (!Reached) {
    *this = O;
    return;
  }
  for (unsigned I = 0; I < NumAutocastDevices; ++I) {
    Autocast[I] = joinAutocast(Autocast[I], O.Autocast[I]);
    if (AutocastDType[I] != O.AutocastDType[I])
      AutocastDType[I] = std::nullopt;
  }
  DefaultDType.join(O.DefaultDType);
  NoGradGuards = std::min(NoGradGuards, O.NoGradGuards);
  // A guard alive on both paths gives back the join of what each saved; one
  // alive on one path only is forgotten (its destructor's own effects stay).
  llvm::erase_if(Guards, [&](auto &G) {
    const auto *It = llvm::find_if(
        O.Guards, [&](const auto &OG) { return OG.first == G.first; });
    if (It == O.Guards.end() || It->second.Dtor != G.second.Dtor ||
        It->second.Restores != G.second.Restores)
      return true;
    for (unsigned I = 0; I < NumAutocastDevices; ++I) {
      G.second.Autocast[I] =
          joinAutocast(G.second.Autocast[I], It->second.Autocast[I]);
      if (G.second.AutocastDType[I] != It->second.AutocastDType[I])
        G.second.AutocastDType[I] = std::nullopt;
    }
    G.second.DefaultDType.join(It->second.DefaultDType);
    return false;
  });
  llvm::erase_if(Assumed, [&](const Assumption &A) {
    return !llvm::is_contained(O.Assumed, A);
  });
  llvm::SmallVector<const clang::Decl *, 8> Drop;
  for (auto &[K, V] : Vars) {
    auto It = O.Vars.find(K);
    if (It == O.Vars.end()) {
      AbsValue U;
      U.K = V.K;
      V = U;
      if (V.K == AbsValue::Kind::None)
        Drop.push_back(K);
    } else {
      V.join(It->second);
    }
  }
  for (const auto &[K, V] : O.Vars)
    if (!Vars.count(K)) {
      AbsValue U;
      U.K = V.K;
      Vars[K] = U;
    }
  for (const clang::Decl *D : Drop)
    Vars.erase(D);
}

} // namespace torchdtype
