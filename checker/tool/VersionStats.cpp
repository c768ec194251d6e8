//===- VersionStats.cpp - the PyTorch version per set of flags ------------===//

#include "VersionStats.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include <map>

namespace torchdtype {

std::string flagsOf(const clang::tooling::CompileCommand &C) {
  std::string Out;
  const std::vector<std::string> &Args = C.CommandLine;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-c" || A == C.Filename ||
        (!C.Filename.empty() &&
         llvm::sys::path::filename(A) ==
             llvm::sys::path::filename(C.Filename) &&
         !A.starts_with("-")))
      continue;
    if (A == "-o") {
      ++I;
      continue;
    }
    if (A.starts_with("-o") && A.size() > 2)
      continue;
    Out += (Out.empty() ? "" : " ") + A.str();
  }
  return Out;
}

void printVersionStats(
    llvm::raw_ostream &OS,
    const std::vector<
        std::pair<std::string, const clang::tooling::CompileCommand *>>
        &Units) {
  std::vector<std::pair<std::string, std::string>> Order;
  std::map<std::pair<std::string, std::string>, unsigned> Count;
  for (const auto &[Version, Command] : Units) {
    if (Version.empty() || !Command)
      continue;
    std::pair<std::string, std::string> Key{Version, flagsOf(*Command)};
    if (Count[Key]++ == 0)
      Order.push_back(Key);
  }
  for (const auto &Key : Order)
    OS << "torchdtype check: PyTorch " << Key.first << " for " << Count[Key]
       << " file(s) with: " << Key.second << "\n";
}

} // namespace torchdtype
