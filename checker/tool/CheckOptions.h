//===- CheckOptions.h - the command line of torchdtype check ----*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_CHECKOPTIONS_H
#define TORCHDTYPE_TOOL_CHECKOPTIONS_H

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace torchdtype {

/// `torchdtype check --help`.
extern const char *const CheckUsage;

struct Options {
  std::string BuildDir = ".";
  std::vector<std::string> Files;
  unsigned Jobs = std::max(1u, std::thread::hardware_concurrency());
  std::string Checks, Config, Format = "text", OutFile;
  std::string AutomationId = "torchdtype/";
  bool OnlyChanged = false, Quiet = false, Fix = false;
  bool FullTraversal = false;
  bool NoPch = false, NoCache = false, Stats = false;
  std::string CacheDir;
  std::string Revision = "HEAD";
  unsigned Shard = 0, Shards = 0; ///< --shard=I/N: 1 <= Shard <= Shards
};

/// Parses check's arguments into O; false with Error on a bad one.
bool parseArgs(const std::vector<std::string> &Args, Options &O,
               std::string &Error);

} // namespace torchdtype

#endif
