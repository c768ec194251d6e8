//===- CompileDatabase.h - a compile database, checked entry by entry -*- C++ -*-===//
//
// `torchdtype check -p DIR` reads DIR/compile_commands.json. Clang's loader
// refuses a whole database for one bad entry, and takes a truncated file
// for an empty one. This loader says what is wrong, per entry, and keeps
// the good entries: a file that is not JSON, or not an array, is an error;
// an entry that is not an object, lacks "directory", "file" or a command,
// or has a relative "directory" is named and left out; duplicate entries
// are analysed once. Other databases (compile_flags.txt) load as clang
// loads them.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_COMPILEDATABASE_H
#define TORCHDTYPE_TOOL_COMPILEDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace torchdtype {

/// The database of Dir, its bad entries described in Problems (one line
/// each: "compile_commands.json: entry 3: ..."); null with Error set when
/// nothing usable is there.
std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompileDatabase(llvm::StringRef Dir, std::vector<std::string> &Problems,
                    std::string &Error);

/// Path, as a command in Dir names it, made absolute and without . and ..
/// components.
std::string absoluteIn(llvm::StringRef Dir, llvm::StringRef Path);

/// Writes the source file's argument as C.Filename (absolute) where the
/// command names it relative to C.Directory: clang-tidy finds a file's
/// .clang-tidy from the name the compiler is given, and would resolve a
/// relative one against this process's working directory instead.
void absoluteSourceArgument(clang::tooling::CompileCommand &C);

/// CMake's target_precompile_headers gives each command
/// `-Xclang -include-pch -Xclang P -Xclang -include -Xclang H`, and P exists
/// only once the project is built. When P is missing and the command also
/// includes a header with -include (H, the text P is made from), the
/// -include-pch is dropped and H is read as text; returns P as written, or
/// nothing when the command is left as it was.
std::optional<std::string> dropUnbuiltPch(clang::tooling::CompileCommand &C);

} // namespace torchdtype

#endif
