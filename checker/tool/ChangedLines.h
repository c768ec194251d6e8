//===- ChangedLines.h - the lines git diff says changed ---------*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_CHANGEDLINES_H
#define TORCHDTYPE_TOOL_CHANGEDLINES_H

#include "llvm/ADT/StringRef.h"
#include <map>
#include <set>
#include <string>

namespace torchdtype {

/// Lines per file, absolute paths.
using LineSets = std::map<std::string, std::set<unsigned>>;

/// The new lines of a `git diff --unified=0` (hunks `@@ -a,b +c,d @@`: lines
/// c .. c+d-1, d defaulting to 1), with paths under Root.
LineSets parseUnifiedDiff(llvm::StringRef Diff, llvm::StringRef Root);

/// Lines changed since Revision in the git work tree holding the current
/// directory (`git diff Revision`); false with Error when git cannot say.
bool changedLines(const std::string &Revision, LineSets &Out,
                  std::string &Error);

} // namespace torchdtype

#endif
