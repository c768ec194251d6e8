//===- Liveness.h - which locals a CFG block's successors may read -*- C++ -*-//
//
// The flow analysis keeps a value per variable in the state of every block;
// a long function with a new local every few statements would make that
// quadratic. Locals that no path from a block's end reads again are dropped
// from its state. The liveness is conservative: a read anywhere in a block
// (even before the variable's declaration) keeps the variable live into the
// block, assignments kill nothing, and variables that lambdas capture or
// whose address, a reference or an iterator is taken are never dropped.
// (The analysis reads a variable's value only where its name is read, so a
// dropped value is one nothing asks for.)
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_SOLVER_LIVENESS_H
#define TORCHDTYPE_ANALYSIS_SOLVER_LIVENESS_H

#include "clang/AST/Decl.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace torchdtype {

class LocalLiveness {
public:
  LocalLiveness(const clang::CFG &G, const clang::Stmt *Body);

  /// Whether D can be dropped from the state at the end of B: a local that
  /// no path from there reads.
  bool isDeadAfter(const clang::CFGBlock *B, const clang::Decl *D) const {
    auto It = Index.find(D);
    return It != Index.end() && !LiveOut[B->getBlockID()].test(It->second);
  }

private:
  llvm::DenseMap<const clang::Decl *, unsigned> Index;
  std::vector<llvm::BitVector> LiveOut;
};

} // namespace torchdtype

#endif
