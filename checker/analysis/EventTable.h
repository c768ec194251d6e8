//===- EventTable.h - the events of one function's elements --*- C++ -*-===//
// Internal to checker/analysis. The events a function's analysis records per
// program element (an op call, a module call, ...), one per path that reached
// the element on the last visit of its block. The slots live in a deque, so
// growing the table never moves an event (an OpEvent is about 1 KB): the map
// holds only their indices.
// No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_EVENTTABLE_H
#define TORCHDTYPE_ANALYSIS_EVENTTABLE_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <deque>
#include <vector>

namespace torchdtype {

/// The events of one program element: one per path that reached it on the
/// last visit of its block.
template <typename EventT> struct EventSlot {
  unsigned Visit = 0;
  llvm::SmallVector<EventT, 1> Events;
};

template <typename EventT> class EventTable {
public:
  /// Adds Ev to Key's slot; a slot last filled on another visit (Visit
  /// numbers the block visits) is emptied first.
  EventT &record(const clang::Expr *Key, unsigned Visit, EventT Ev) {
    EventSlot<EventT> &S = slot(Key);
    if (S.Visit != Visit) {
      S.Events.clear();
      S.Visit = Visit;
    }
    S.Events.push_back(std::move(Ev));
    return S.Events.back();
  }
  EventSlot<EventT> &slot(const clang::Expr *Key) {
    auto [It, New] = Index.try_emplace(Key, Slots.size());
    if (New)
      Slots.emplace_back();
    return Slots[It->second];
  }
  /// The elements that have a slot, in no particular order.
  std::vector<const clang::Expr *> keys() const {
    std::vector<const clang::Expr *> Keys;
    Keys.reserve(Index.size());
    for (const auto &KV : Index)
      Keys.push_back(KV.first);
    return Keys;
  }

private:
  llvm::DenseMap<const clang::Expr *, unsigned> Index;
  std::deque<EventSlot<EventT>> Slots;
};

} // namespace torchdtype

#endif
