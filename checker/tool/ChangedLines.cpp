//===- ChangedLines.cpp - the lines git diff says changed -----------------===//

#include "ChangedLines.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <optional>

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

namespace {

/// Runs git with Args, its standard output in Text; false when it fails.
bool runGit(const std::string &Git, llvm::ArrayRef<llvm::StringRef> Args,
            std::string &Text) {
  llvm::SmallString<128> Out;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("torchdtype-git", "txt", FD, Out))
    return false;
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Out.str(),
                                                std::nullopt};
  bool Ok = llvm::sys::ExecuteAndWait(Git, Args, std::nullopt, Redirects) == 0;
  if (auto Buf = llvm::MemoryBuffer::getFile(Out))
    Text = (*Buf)->getBuffer().str();
  llvm::sys::fs::remove(Out);
  return Ok;
}

} // namespace

bool changedLines(const std::string &Revision, LineSets &Out,
                  std::string &Error) {
  llvm::ErrorOr<std::string> Git = llvm::sys::findProgramByName("git");
  if (!Git) {
    Error = "--only-changed needs git";
    return false;
  }
  std::string Top, Diff;
  if (!runGit(*Git, {"git", "rev-parse", "--show-toplevel"}, Top)) {
    Error = "--only-changed: not inside a git work tree";
    return false;
  }
  if (!runGit(*Git,
              {"git", "diff", "--unified=0", "--no-color", "--no-ext-diff",
               Revision},
              Diff)) {
    Error = "--only-changed: 'git diff " + Revision + "' failed";
    return false;
  }
  Out = parseUnifiedDiff(Diff, llvm::StringRef(Top).trim());
  return true;
}

} // namespace torchdtype
