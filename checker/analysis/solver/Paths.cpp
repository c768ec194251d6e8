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
conditionToForget(llvm::ArrayRef<const Assumptions *> PathAssumptions) {
  std::vector<const Assumption *> Atoms;
  for (const Assumptions *P : PathAssumptions)
    for (const Assumption &A : *P)
      if (llvm::none_of(Atoms,
                        [&](const Assumption *X) { return X->sameAtom(A); }))
        Atoms.push_back(&A);
  std::optional<Assumption> Best;
  size_t BestLeft = PathAssumptions.size() + 1;
  for (const Assumption *Atom : Atoms) {
    std::vector<Assumptions> Left;
    for (const Assumptions *P : PathAssumptions) {
      Assumptions Rest;
      for (const Assumption &A : *P)
        if (!A.sameAtom(*Atom))
          Rest.push_back(A);
      if (!llvm::is_contained(Left, Rest))
        Left.push_back(std::move(Rest));
    }
    if (Left.size() < BestLeft ||
        (Left.size() == BestLeft && writtenAt(*Atom) < writtenAt(*Best))) {
      BestLeft = Left.size();
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
