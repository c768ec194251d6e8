//===- VersionStats.h - the PyTorch version per set of flags ----*- C++ -*-===//
//
// `torchdtype check --stats` names the PyTorch version the checks judged
// the files as (in this run, or in the one whose results the cache holds),
// per set of compile flags (the include path decides which LibTorch
// headers, so which torch/version.h, a file reads).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_VERSIONSTATS_H
#define TORCHDTYPE_TOOL_VERSIONSTATS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <utility>
#include <vector>

namespace torchdtype {

/// A command's flags without its source file, its output (-o) and -c.
std::string flagsOf(const clang::tooling::CompileCommand &C);

/// One line per version and set of flags, in the order first seen:
/// `torchdtype check: PyTorch VERSION (WHY) for N file(s) with: FLAGS`.
/// Each unit is its version (takeUnitVersion's text) and command.
void printVersionStats(
    llvm::raw_ostream &OS,
    const std::vector<
        std::pair<std::string, const clang::tooling::CompileCommand *>> &Units);

} // namespace torchdtype

#endif
