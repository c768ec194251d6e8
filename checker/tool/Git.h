//===- Git.h - what torchdtype check asks git -------------------*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_GIT_H
#define TORCHDTYPE_TOOL_GIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace torchdtype {

/// The git work tree holding Dir (absolute): the nearest directory, Dir or
/// above, that has a .git; "" when there is none.
std::string gitWorkTree(llvm::StringRef Dir);

/// Runs git with Args (Args[0] is "git"), Input on its standard input, its
/// standard output in Output, its standard error shown (or dropped, without
/// ShowErrors). Returns git's exit status, negative when git cannot be found
/// or run.
int runGit(llvm::ArrayRef<llvm::StringRef> Args, std::string &Output,
           llvm::StringRef Input = "", bool ShowErrors = true);

} // namespace torchdtype

#endif
