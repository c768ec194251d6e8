//===- ChangedLines.cpp - the lines git diff says changed -----------------===//

#include "ChangedLines.h"
#include "Git.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

namespace torchdtype {

LineSets parseUnifiedDiff(llvm::StringRef Diff, llvm::StringRef Root) {
  LineSets Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  std::string Current;
  for (llvm::StringRef L : Lines) {
    if (L.consume_front("+++ ")) {
      Current = L.consume_front("b/") ? (Root + "/" + L).str() : "";
      continue;
    }
    if (!L.consume_front("@@ ") || Current.empty())
      continue;
    llvm::StringRef Plus = L.split(' ').second.split(' ').first;
    if (!Plus.consume_front("+"))
      continue;
    auto [StartS, CountS] = Plus.split(',');
    unsigned Start = 0, Count = 1;
    if (StartS.getAsInteger(10, Start) ||
        (!CountS.empty() && CountS.getAsInteger(10, Count)))
      continue;
    for (unsigned I = 0; I < Count; ++I)
      Out[Current].insert(Start + I);
  }
  return Out;
}

bool changedLines(const std::string &Revision, LineSets &Out,
                  std::string &Error) {
  std::string Top, Diff;
  int Status = runGit({"git", "rev-parse", "--show-toplevel"}, Top);
  if (Status < 0) {
    Error = "--only-changed needs git";
    return false;
  }
  if (Status != 0) {
    Error = "--only-changed: not inside a git work tree";
    return false;
  }
  if (runGit({"git", "diff", "--unified=0", "--no-color", "--no-ext-diff",
              Revision},
             Diff) != 0) {
    Error = "--only-changed: 'git diff " + Revision + "' failed";
    return false;
  }
  Out = parseUnifiedDiff(Diff, llvm::StringRef(Top).trim());
  return true;
}

} // namespace torchdtype
