//===- ApplyFixes.h - torchdtype check --fix --------------------*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_APPLYFIXES_H
#define TORCHDTYPE_TOOL_APPLYFIXES_H

#include "Finding.h"
#include <vector>

namespace torchdtype {

/// Applies the fixes of the findings, file by file; a finding whose fixes
/// conflict with one already taken is left as it is. False (said on
/// stderr) when a file cannot be read or written.
bool applyFixes(const std::vector<Finding> &Findings);

} // namespace torchdtype

#endif
