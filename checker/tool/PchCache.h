//===- PchCache.h - precompiled headers of shared include prefixes -*- C++ -*-//
//
// `torchdtype check` parses <torch/torch.h> once per set of flags instead of
// once per file: the leading `#include <...>` lines of a file (its prefix)
// are compiled into a precompiled header, cached under the cache directory
// and keyed by the tool, the working directory, the flags and the prefix.
// A PCH is rebuilt when a header it read changes, and is not used when the
// prefix reaches a header of the project itself (the checks would then not
// see that header's declarations; a library's headers may come through -I
// or -isystem alike, see ProjectTree.h) or does not compile.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_PCHCACHE_H
#define TORCHDTYPE_TOOL_PCHCACHE_H

#include "PrefixMacros.h"
#include "ProjectTree.h"
#include "Stamps.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace torchdtype {

/// The compiler and the flags of a command that matter to parsing: without
/// the source file, outputs, -c, -fsyntax-only and dependency-file options.
/// Nothing when the command cannot share a PCH (C or CUDA sources, -x,
/// -include, -include-pch, modules), and Why says which.
std::optional<std::vector<std::string>>
pchFlags(const clang::tooling::CompileCommand &C, std::string &Why);

/// What writes and reads the precompiled headers: the manifest format and
/// the clang library this process runs (its version, path and content), not
/// the executable around it. Builds of torchdtype over the same libclang-cpp
/// (a new release, a sanitizer build) share their PCHs; a change to how the
/// tool builds a PCH changes the manifest format (PchCache.cpp).
std::string pchIdentity();

class PchCache {
public:
  struct Plan {
    std::string Key;
    std::vector<std::string> Flags;
    std::string Directory;
    std::string Prefix;
    /// Its prefix names LibTorch headers only: plans of the same Group
    /// (directory and flags) can be merged (see mergePrefixes).
    bool Mergeable = false;
    std::string Group;
    /// Why a prefix that is not LibTorch's alone is what it is, for --stats:
    /// it names no LibTorch header, or another library's comes first.
    std::string Shape;
    /// The macros the file defines before its includes, and those its
    /// conditionals there test (PrefixScan): a PCH whose headers read the
    /// former or define the latter is not the file's (see mismatch).
    std::vector<std::string> Defined, Tested;
    /// When Defined is not empty: the prefix with the file's defines where
    /// it has them (PrefixScan::Exact), for exactPlan.
    std::string Exact;
    /// A plan of exactPlan: its PCH holds the file's defines.
    bool IsExact = false;
  };
  struct Ready {
    std::string Pch;
    std::vector<std::string> Inputs;
    bool Built = false;
  };

  /// Why a file whose own plan is Own cannot use the PCH R after all: a
  /// macro it defines before its includes is named by the PCH's headers
  /// (they would read it), or one its conditionals test is defined by them
  /// (the conditional would go the other way after the PCH). "" when it
  /// can. Exact: R is the PCH of exactPlan(Own), which holds the file's
  /// defines (its headers may read them, but not define them).
  std::string mismatch(const Ready &R, const Plan &Own, bool Exact);

  /// The plan of a PCH that holds Own's includes and defines in the
  /// file's order (for a file whose defines the shared PCH's headers
  /// read). Its PCH is the file's when its headers define none of the
  /// file's macros (mismatch): the file's own #defines, after it, then
  /// repeat the same definitions.
  Plan exactPlan(const Plan &Own) const;

  /// Whether Why, of mismatch, is about the file's defines (exactPlan can
  /// help) rather than its conditionals.
  static bool aboutDefines(llvm::StringRef Why) {
    return Why.starts_with(DefinesWhy);
  }
  static constexpr const char *DefinesWhy = "it defines ";

  /// ensure's Why when the prefix does not compile (a merged prefix may
  /// fail where each file's own would not).
  static constexpr const char *DoesNotCompile =
      "its includes do not compile on their own";

  PchCache(std::string Dir, std::string Identity, ProjectTree Project)
      : Dir(std::move(Dir)), Identity(std::move(Identity)),
        Project(std::move(Project)) {}

  /// The PCH a command's file can use, if any (reads the file); else Why
  /// says why not.
  std::optional<Plan> plan(const clang::tooling::CompileCommand &C,
                           std::string &Why) const;

  /// One plan for the mergeable plans of one group: the union of their
  /// prefixes.
  Plan merge(const std::vector<const Plan *> &Plans) const;

  /// A fresh PCH of the plan: the cached one, else a new one. When Users
  /// (files of this run that need it) is 1 and the plan was never seen, a
  /// PCH is built only when that costs less than the file's parse of the
  /// headers (its prefix names LibTorch, whose bodies the PCH skips, and
  /// its headers are found outside the project); else the plan is noted,
  /// so the next run builds it. Nothing when no PCH can be used, and Why
  /// says why.
  std::optional<Ready> ensure(const Plan &P, unsigned Users,
                              StampCache &Stamps, std::string &Why);

  /// Removes the PCHs not used in this run except the KeepOthers most
  /// recently used.
  void prune(const std::set<std::string> &UsedKeys, unsigned KeepOthers);

private:
  std::string keyOf(const Plan &P) const;
  /// Whether a PCH of P for one file costs less than parsing its headers
  /// in that file (see ensure).
  bool worthAlone(const Plan &P) const;

  std::string Dir, Identity;
  ProjectTree Project;
  /// The macro tables of the commands planned, by group (plan asks each
  /// group's once, and only for a file that starts with a conditional).
  mutable std::map<std::string, std::optional<MacroTable>> Macros;
  /// The identifiers and macro names of the PCHs read, by PCH path.
  std::map<std::string, std::pair<llvm::StringSet<>, llvm::StringSet<>>> Names;
  std::mutex NamesLock;
};

} // namespace torchdtype

#endif
