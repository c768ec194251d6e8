//===- Finding.h - one reported finding of torchdtype check -----*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_FINDING_H
#define TORCHDTYPE_TOOL_FINDING_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/JSON.h"
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

/// A finding as JSON, as the JSON report lists it and the result cache
/// keeps it: check, level, message, location {file, line, column}, notes
/// [{message, location}], fixes [{file, offset, length, text}] (offsets into
/// the file as analysed).
llvm::json::Object toJson(const Finding &F);

/// The finding of toJson's form; false when O is not one.
bool fromJson(const llvm::json::Object *O, Finding &F);

} // namespace torchdtype

#endif
