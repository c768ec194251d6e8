//===- ApplyFixes.cpp - torchdtype check --fix ----------------------------===//

#include "ApplyFixes.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace clang;

namespace torchdtype {

bool applyFixes(const std::vector<Finding> &Findings) {
  std::map<std::string, tooling::Replacements> PerFile;
  unsigned Applied = 0, Skipped = 0;
  for (const Finding &F : Findings) {
    if (F.Fixes.empty())
      continue;
    std::map<std::string, tooling::Replacements> Trial = PerFile;
    bool Ok = true;
    for (const tooling::Replacement &R : F.Fixes)
      if (llvm::Error E = Trial[std::string(R.getFilePath())].add(R)) {
        llvm::consumeError(std::move(E));
        Ok = false;
        break;
      }
    if (Ok) {
      PerFile = std::move(Trial);
      ++Applied;
    } else {
      ++Skipped;
    }
  }
  for (const auto &[Path, Reps] : PerFile) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf) {
      llvm::errs() << "torchdtype check: --fix: cannot read " << Path << "\n";
      return false;
    }
    llvm::Expected<std::string> New =
        tooling::applyAllReplacements((*Buf)->getBuffer(), Reps);
    if (!New) {
      llvm::errs() << "torchdtype check: --fix: " << Path << ": "
                   << llvm::toString(New.takeError()) << "\n";
      return false;
    }
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    if (EC) {
      llvm::errs() << "torchdtype check: --fix: cannot write " << Path << ": "
                   << EC.message() << "\n";
      return false;
    }
    Out << *New;
  }
  llvm::errs() << "torchdtype check: applied the fixes of " << Applied
               << " finding(s)"
               << (Skipped ? ", skipped " + std::to_string(Skipped) +
                                 " with conflicting fixes"
                           : std::string())
               << "\n";
  return true;
}

} // namespace torchdtype
