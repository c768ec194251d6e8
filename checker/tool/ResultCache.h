//===- ResultCache.h - findings of unchanged files ------------*- C++ -*-===//
//
// `torchdtype check` keeps the findings of each file it analysed, keyed by
// the tool, the file's compile command and its configuration, and valid while
// every file the parse read (the file, its headers, the PCH's headers) is
// unchanged. One entry per file, replaced when the key changes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_RESULTCACHE_H
#define TORCHDTYPE_TOOL_RESULTCACHE_H

#include "Finding.h"
#include "Stamps.h"
#include <optional>
#include <string>
#include <vector>

namespace torchdtype {

/// The version of the tool and of the clang it is built on, and the digest
/// of the executable: a changed tool invalidates the caches, the same build
/// restored elsewhere (a CI cache) does not.
std::string toolIdentity();

class ResultCache {
public:
  explicit ResultCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// The findings stored for File under Key, if every input is unchanged;
  /// Version, when given, gets the PyTorch version the checks judged the
  /// file as (for --stats).
  std::optional<std::vector<Finding>>
  lookup(const std::string &File, const std::string &Key, StampCache &Stamps,
         std::string *Version = nullptr) const;

  /// Stores the findings of File; false when the entry cannot be written.
  bool store(const std::string &File, const std::string &Key,
             const std::vector<std::string> &Inputs,
             const std::vector<Finding> &Findings, StampCache &Stamps,
             const std::string &Version = "") const;

private:
  std::string entryPath(const std::string &File) const;
  std::string Dir;
};

} // namespace torchdtype

#endif
