//===- Paths.cpp - the states of several paths at a point -----------------===//

#include "Paths.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace torchdtype {

/// Where a condition is written, to order conditions deterministically.
static unsigned writtenAt(const Assumption &A) {
  if (A.Where)
    return A.Where->getBeginLoc().getRawEncoding();
  return A.Site ? A.Site->getBeginLoc().getRawEncoding() : ~0u;
}

std::optional<Assumption>
conditionToForget(llvm::ArrayRef<const Assumptions *> PathAssumptions,
                  llvm::function_ref<bool(unsigned, unsigned)> SameFacts) {
  std::vector<const Assumption *> Atoms;
  for (const Assumptions *P : PathAssumptions)
    for (const Assumption &A : *P)
      if (llvm::none_of(Atoms,
                        [&](const Assumption *X) { return X->sameAtom(A); }))
        Atoms.push_back(&A);
  std::optional<Assumption> Best;
  size_t BestLeft = PathAssumptions.size() + 1;
  bool BestLossless = false;
  for (const Assumption *Atom : Atoms) {
    std::vector<Assumptions> Left;
    // (for each set left, the first path that has it)
    std::vector<unsigned> FirstOf;
    bool Lossless = true;
    for (unsigned I = 0; I < PathAssumptions.size(); ++I) {
      Assumptions Rest;
      for (const Assumption &A : *PathAssumptions[I])
        if (!A.sameAtom(*Atom))
          Rest.push_back(A);
      auto It = llvm::find(Left, Rest);
      if (It == Left.end()) {
        Left.push_back(std::move(Rest));
        FirstOf.push_back(I);
      } else if (Lossless) {
        Lossless = SameFacts(FirstOf[It - Left.begin()], I);
      }
    }
    // (one that merges no paths at all spares nothing)
    Lossless = Lossless && Left.size() < PathAssumptions.size();
    bool Better = Left.size() < BestLeft ||
                  (Left.size() == BestLeft && writtenAt(*Atom) < writtenAt(*Best));
    if (Lossless != BestLossless ? Lossless : Better) {
      BestLeft = Left.size();
      BestLossless = Lossless;
      Best = *Atom;
    }
  }
  return Best;
}

const Stmt *loopOf(const CFGBlock &B) {
  const Stmt *T = B.getTerminatorStmt();
  return T && (isa<ForStmt>(T) || isa<WhileStmt>(T) || isa<CXXForRangeStmt>(T))
             ? T
             : nullptr;
}

Assumption firstIteration(const Stmt *Loop, bool First) {
  Assumption A;
  A.Site = Loop;
  A.Rel = Assumption::Relation::FirstIteration;
  A.Value = First;
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    A.Where = F->getCond();
  else if (const auto *W = dyn_cast<WhileStmt>(Loop))
    A.Where = W->getCond();
  else if (const auto *R = dyn_cast<CXXForRangeStmt>(Loop))
    A.Where = R->getRangeInit();
  return A;
}

} // namespace torchdtype
