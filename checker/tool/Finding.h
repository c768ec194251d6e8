//===- Finding.h - one reported finding of torchdtype check -----*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_FINDING_H
#define TORCHDTYPE_TOOL_FINDING_H

#include "clang/Tooling/Core/Replacement.h"
#include <string>
#include <vector>

namespace torchdtype {

struct Location {
  std::string File;
  unsigned Line = 0, Column = 0;
};

struct Message {
  std::string Text;
  Location Loc;
};

struct Finding {
  std::string Check;
  std::string Level; ///< "warning", "error", "remark"
  Message Main;
  std::vector<Message> Notes;
  std::vector<clang::tooling::Replacement> Fixes;
};

} // namespace torchdtype

#endif
