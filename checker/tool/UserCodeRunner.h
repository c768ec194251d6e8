//===- UserCodeRunner.h - run the checks, build a PCH -----------*- C++ -*-===//
//
// The two ClangTool runs of `torchdtype check`: the checks over one
// translation unit (matchers limited to the user's code, optionally on a
// precompiled header), and the precompiled header of a prefix of includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_USERCODERUNNER_H
#define TORCHDTYPE_TOOL_USERCODERUNNER_H

#include "clang-tidy/ClangTidy.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <string>
#include <vector>

namespace torchdtype {

/// The compile command of File with the configuration's ExtraArgsBefore and
/// ExtraArgs applied, as clang-tidy applies them.
clang::tooling::CompileCommand
commandFor(const clang::tooling::CompilationDatabase &DB,
           const std::string &File, const clang::tidy::ClangTidyOptions &Opts);

struct AnalysisRun {
  std::vector<clang::tidy::ClangTidyError> Errors;
  /// Absolute paths of the files the parse read (the PCH's inputs aside).
  std::vector<std::string> Inputs;
};

/// runClangTidy of LLVM 19 on one command, with the checks' matcher traversal
/// limited to the user's top-level declarations. With Pch non-empty, the
/// command gets -include-pch Pch.
AnalysisRun
runOnUserCode(clang::tidy::ClangTidyContext &Context,
              const clang::tooling::CompileCommand &Command,
              const std::string &Pch,
              llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS);

struct PchBuild {
  bool Ok = false;
  /// The headers it read through a user include directory (-I, -iquote),
  /// absolute: the project's own headers, or a library's found with -I.
  std::vector<std::string> UserHeaders;
  std::vector<std::string> Inputs;
  /// Every identifier its headers name (what a macro defined before them
  /// could change), and the macros they define or undefine.
  std::vector<std::string> Identifiers, MacroNames;
  /// The PCH, built in memory: the caller writes it with the error checked
  /// (clang's own output stream ends the process on a failed write, a full
  /// disk say).
  llvm::SmallVector<char, 0> Bytes;
};

/// Builds the precompiled header Header with Flags (a compiler and its
/// flags, without source or output) in Directory, into Bytes; Output is the
/// file it will be written to (the PCH records its name). Unless AllBodies,
/// the bodies of LibTorch's, the standard library's and pybind11's
/// functions are skipped (the checks model those by name).
PchBuild buildPch(const std::vector<std::string> &Flags,
                  const std::string &Directory, const std::string &Header,
                  const std::string &Output, bool AllBodies = false);

} // namespace torchdtype

#endif
