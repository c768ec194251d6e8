//===- GuardScopes.cpp - guard objects of the user's classes --------------===//
//
// An object of a guard class (GuardClasses.h) saves global state when it
// is made and gives it back when it is destroyed. It is made by a variable's
// constructor, by emplace() on a std::optional, or by std::make_unique /
// make_shared; it is destroyed at the end of the variable's scope, or by
// reset() (or assigning nullopt / nullptr to its owner). Between the two,
// the path carries what it saved (FlowState::Guards); at the end, the
// pieces it restores are set back to that.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/GuardClasses.h"
#include "analysis/models/TransferState.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace torchdtype {

const GuardClass &
AnalysisContext::guardClass(const CXXConstructorDecl *Ctor) {
  auto [It, New] = Guards.try_emplace(Ctor);
  if (New)
    It->second = classifyGuard(Api, Ctor);
  return It->second;
}

void FunctionAnalyzer::guardMade(const CXXConstructorDecl *Ctor,
                                 const Decl *Holder,
                                 const GuardSnapshot &Before) {
  const GuardClass &G = AC.guardClass(Ctor);
  if (!G.Restores || !Holder)
    return;
  GuardSnapshot Saved = Before, After = snapshotOf(*Cur);
  for (unsigned I = 0; I < NumAutocastDevices; ++I) {
    if (G.SavedAfterSet & statePieceBit(StatePiece::Enabled, I))
      Saved.Autocast[I] = After.Autocast[I];
    if (G.SavedAfterSet & statePieceBit(StatePiece::DType, I))
      Saved.AutocastDType[I] = After.AutocastDType[I];
  }
  if (G.SavedAfterSet & statePieceBit(StatePiece::DefaultDType))
    Saved.DefaultDType = After.DefaultDType;
  Saved.Restores = G.Restores;
  Saved.Dtor = Ctor->getParent()->getDestructor();
  llvm::erase_if(Cur->Guards, [&](const auto &O) { return O.first == Holder; });
  Cur->Guards.push_back({Holder, Saved});
}

void FunctionAnalyzer::guardEnds(const Decl *Holder, bool DtorRan) {
  auto *It = llvm::find_if(Cur->Guards,
                           [&](const auto &G) { return G.first == Holder; });
  if (It == Cur->Guards.end())
    return;
  GuardSnapshot G = It->second;
  Cur->Guards.erase(It);
  if (!DtorRan && G.Dtor)
    applyCalleeEffects(G.Dtor, nullptr, {});
  for (unsigned I = 0; I < NumAutocastDevices; ++I) {
    if (G.Restores & statePieceBit(StatePiece::Enabled, I))
      Cur->Autocast[I] = G.Autocast[I];
    if (G.Restores & statePieceBit(StatePiece::DType, I))
      Cur->AutocastDType[I] = G.AutocastDType[I];
  }
  if (G.Restores & statePieceBit(StatePiece::DefaultDType))
    Cur->DefaultDType = G.DefaultDType;
}

void FunctionAnalyzer::objectDestroyed(const VarDecl *VD) {
  if (Api.isNoGradGuard(VD->getType()) && Cur->NoGradGuards > 0)
    --Cur->NoGradGuards;
  const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl();
  bool Own = RD && RD->getDestructor() && !Api.isLibTorchDecl(RD);
  if (Own) {
    applyCalleeEffects(RD->getDestructor(), nullptr, {});
    referencesWritten(VD, RD->getDestructor());
  }
  // An optional or smart pointer: the guard it owns ends too.
  guardEnds(VD, /*DtorRan=*/Own && !RD->isInStdNamespace());
}

bool FunctionAnalyzer::guardCall(const CallSite &S) {
  if (S.Name.empty() || S.IsLibTorch)
    return false;
  // std::make_unique<Guard>(...) into a variable or member, or
  // owner.emplace(...): a guard object is made, ending the one its owner
  // held before.
  if (const CXXConstructorDecl *Ctor = ownerConstructor(Api, S.E);
      Ctor && AC.guardClass(Ctor).Restores) {
    const Decl *Holder = S.Obj ? storageOf(S.Obj) : holderOf(S.E, Ctx);
    if (S.Obj && !Holder)
      return false;
    if (Holder)
      guardEnds(Holder, /*DtorRan=*/false);
    GuardSnapshot Before = snapshotOf(*Cur);
    applyCalleeEffects(Ctor, nullptr, S.Args);
    guardMade(Ctor, Holder, Before);
    return true;
  }
  if (!S.Obj)
    return false;
  const Decl *Holder = storageOf(S.Obj);
  if (!Holder)
    return false;
  // reset() (unique_ptr's reset(pointer = pointer()) given no argument).
  if (!Api.isOwnerReset(S.Name) ||
      llvm::any_of(S.Args,
                   [](const Expr *A) { return !isa<CXXDefaultArgExpr>(A); }) ||
      llvm::none_of(Cur->Guards,
                    [&](const auto &G) { return G.first == Holder; }))
    return false;
  guardEnds(Holder, /*DtorRan=*/false);
  return true;
}

void FunctionAnalyzer::guardAssigned(const Expr *LHS, const Expr *RHS) {
  QualType T = strip(RHS)->getType();
  if (isNulloptType(T) || T->isNullPtrType())
    if (const Decl *Holder = storageOf(LHS))
      guardEnds(Holder, /*DtorRan=*/false);
}

} // namespace torchdtype
