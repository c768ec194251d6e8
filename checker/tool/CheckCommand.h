//===- CheckCommand.h - torchdtype check ------------------------*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_CHECKCOMMAND_H
#define TORCHDTYPE_TOOL_CHECKCOMMAND_H

#include <string>
#include <vector>

namespace torchdtype {

/// `torchdtype check`: runs the checks over a project from its compilation
/// database, in-process and in parallel. Returns the exit status: 0 clean, 1
/// findings, 2 errors (bad arguments, no database, a file that did not parse).
int runCheck(const std::vector<std::string> &Args);

} // namespace torchdtype

#endif
