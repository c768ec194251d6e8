//===- PchCommand.h - torchdtype pch ----------------------------*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_PCHCOMMAND_H
#define TORCHDTYPE_TOOL_PCHCOMMAND_H

#include <string>
#include <vector>

namespace torchdtype {

/// `torchdtype pch -o OUT [--deps FILE] HEADER -- COMPILER FLAGS...`: builds
/// the precompiled header of HEADER as `torchdtype check` builds its own:
/// the headers' templates instantiated and their vtables defined in it, so a
/// clang-tidy run given `-include-pch OUT` (with the same flags) does not
/// redo that work at the end of every file. --deps writes a Makefile rule of
/// the files it read. Returns 0, 1 when HEADER does not compile with the
/// flags, 2 on bad arguments or a file that cannot be written.
int runPch(const std::vector<std::string> &Args);

} // namespace torchdtype

#endif
