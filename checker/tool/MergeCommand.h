//===- MergeCommand.h - torchdtype merge ------------------------*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_MERGECOMMAND_H
#define TORCHDTYPE_TOOL_MERGECOMMAND_H

#include <string>
#include <vector>

namespace torchdtype {

/// `torchdtype merge`: joins the JSON reports of `torchdtype check
/// --shard=I/N` runs into the report one run over all the files gives, in
/// any format. Returns check's exit status for the joined report (0 clean,
/// 1 findings, 2 failed files), or 2 on bad arguments or a bad report.
int runMerge(const std::vector<std::string> &Args);

} // namespace torchdtype

#endif
