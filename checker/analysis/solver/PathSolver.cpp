//===- PathSolver.cpp - a bounded path-sensitive worklist over a CFG ------===//

#include "PathSolver.h"
#include <algorithm>

using namespace clang;

namespace torchdtype {

std::vector<const CFGBlock *> reversePostOrder(const CFG &G) {
  std::vector<const CFGBlock *> Order;
  llvm::DenseMap<const CFGBlock *, bool> Seen;
  std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>> Stack;
  const CFGBlock *Entry = &G.getEntry();
  Seen[Entry] = true;
  Stack.push_back({Entry, Entry->succ_begin()});
  while (!Stack.empty()) {
    auto &[B, It] = Stack.back();
    if (It == B->succ_end()) {
      Order.push_back(B);
      Stack.pop_back();
      continue;
    }
    const CFGBlock *Next = It->getReachableBlock();
    ++It;
    if (Next && !Seen[Next]) {
      Seen[Next] = true;
      Stack.push_back({Next, Next->succ_begin()});
    }
  }
  std::reverse(Order.begin(), Order.end());
  return Order;
}

} // namespace torchdtype
