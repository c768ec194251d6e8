//===- CheckUnits.h - the files of a check run and their caches -*- C++ -*-===//
//
// Internal to torchdtype check (CheckCommand.cpp): one Unit per file of the
// run, and the precompiled headers and result cache it is served from.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_CHECKUNITS_H
#define TORCHDTYPE_TOOL_CHECKUNITS_H

#include "ChangedLines.h"
#include "CheckOptions.h"
#include "CompileDatabase.h"
#include "CudaCommand.h"
#include "Finding.h"
#include "PchCache.h"
#include "ProjectTree.h"
#include "Reports.h"
#include "ResultCache.h"
#include "TidyOptions.h"
#include "UserCodeRunner.h"
#include "VersionStats.h"
#include "checks/TorchDtypeCheck.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "kb/KnowledgeBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unistd.h>

namespace torchdtype {
namespace check {

using namespace clang;
using namespace clang::tidy;

/// One file of the run.
struct Unit {
  std::string File;
  tooling::CompileCommand Command; ///< with the configuration's extra args
  std::string Key;                 ///< of its result-cache entry
  bool Cached = false;
  std::vector<Finding> Findings; ///< from the cache, when Cached
  std::string Pch; ///< the precompiled header it is parsed with, or ""
  std::vector<std::string> PchInputs;
  std::vector<std::string> Inputs; ///< the files its parse read
  bool Cuda = false;               ///< a CUDA source, in clang's host mode
  std::string Skipped;             ///< why it is not analysed, or ""
  std::string NoPch;               ///< why it gets no precompiled header, or ""
  std::string PchFailed; ///< why its PCH was dropped after the parse, or ""
  std::string Version;   ///< the PyTorch version it was judged as, and why
};

/// A precompiled header to build or find, and the units that wait for it.
struct PchJob {
  const PchCache::Plan *Plan = nullptr;
  std::vector<size_t> Members;
};

/// The precompiled headers and the result cache of one run.
class Caches {
public:
  /// Files: those to analyse; AllFiles: the compile database's.
  Caches(const Options &O, const std::vector<std::string> &Files,
         const std::vector<std::string> &AllFiles)
      : UseResults(!O.NoCache && !O.FullTraversal),
        UsePch(!O.NoPch && !O.FullTraversal), ToolId(toolIdentity()),
        Dir(cacheDir(O)), Results(Dir),
        Pchs(Dir, pchIdentity(), ProjectTree::find(O.BuildDir, AllFiles)) {
    if ((UseResults || UsePch) && !Files.empty() &&
        llvm::sys::fs::create_directories(Dir)) {
      llvm::errs() << "torchdtype check: cannot create the cache directory "
                   << Dir << "; running without caches\n";
      UseResults = UsePch = false;
    }
  }

  std::string resultKey(const tooling::CompileCommand &Cmd,
                        const ClangTidyOptions &Opts) {
    std::string Id = ToolId + '\0' + Cmd.Directory + '\0';
    for (const std::string &A : Cmd.CommandLine)
      Id += A + '\0';
    return hashText(Id + configurationAsText(Opts) + kbStamps(Opts, Stamps));
  }

  void lookup(Unit &U) {
    if (!UseResults)
      return;
    if (std::optional<std::vector<Finding>> F =
            Results.lookup(U.File, U.Key, Stamps, &U.Version)) {
      U.Cached = true;
      U.Findings = std::move(*F);
    }
  }

  /// Plans the PCHs the files to analyse share: one job per PCH, with the
  /// units that wait for it, those with the most first. The files whose
  /// includes start with LibTorch's headers alone share one PCH per
  /// directory and flags, holding the LibTorch headers every file of the
  /// database with those flags starts with (the database's other commands
  /// come from OtherCommands, asked only then): a run on some files gets the
  /// PCH a run on all of them does.
  std::vector<PchJob>
  planPchs(std::vector<Unit> &Units,
           llvm::function_ref<std::vector<tooling::CompileCommand>(
               const std::set<std::string> &Skip)>
               OtherCommands) {
    if (!UsePch)
      return {};
    Own.assign(Units.size(), std::nullopt);
    std::set<std::string> MergeGroups;
    for (size_t I = 0; I < Units.size(); ++I) {
      Unit &U = Units[I];
      if (U.Cached || !U.Skipped.empty())
        continue;
      Own[I] = Pchs.plan(U.Command, U.NoPch);
      if (Own[I] && Own[I]->Mergeable)
        MergeGroups.insert(Own[I]->Group);
    }
    if (!MergeGroups.empty()) {
      // The plans made above, then those of the database's other files.
      std::map<std::string, std::vector<const PchCache::Plan *>> Members;
      std::set<std::string> Planned;
      for (size_t I = 0; I < Units.size(); ++I)
        if (Own[I]) {
          Planned.insert(Units[I].File);
          if (Own[I]->Mergeable)
            Members[Own[I]->Group].push_back(&*Own[I]);
        }
      std::vector<PchCache::Plan> Others;
      for (const tooling::CompileCommand &C : OtherCommands(Planned)) {
        std::string Why;
        if (std::optional<PchCache::Plan> P = Pchs.plan(C, Why))
          if (P->Mergeable && MergeGroups.count(P->Group))
            Others.push_back(std::move(*P));
      }
      for (const PchCache::Plan &P : Others)
        Members[P.Group].push_back(&P);
      for (auto &[Group, List] : Members)
        Merged.emplace(Group, Pchs.merge(List));
    }
    std::map<std::string, PchJob> ByKey;
    for (size_t I = 0; I < Units.size(); ++I)
      if (Own[I]) {
        auto It = Own[I]->Mergeable ? Merged.find(Own[I]->Group) : Merged.end();
        const PchCache::Plan *P = It != Merged.end() ? &It->second : &*Own[I];
        PchJob &J = ByKey[P->Key];
        J.Plan = P;
        J.Members.push_back(I);
      }
    std::vector<PchJob> Jobs;
    for (auto &[Key, J] : ByKey) {
      UsedKeys.insert(Key);
      Jobs.push_back(std::move(J));
    }
    std::stable_sort(Jobs.begin(), Jobs.end(),
                     [](const PchJob &A, const PchJob &B) {
                       return A.Members.size() > B.Members.size();
                     });
    return Jobs;
  }

  /// Builds or finds the PCH of a job and gives it to its units. A merged
  /// PCH that does not compile: each unit's own prefix instead.
  void ensurePch(std::vector<Unit> &Units, const PchJob &J) {
    std::vector<size_t> Redo;
    std::vector<size_t> Failed = ensure(Units, *J.Plan, J.Members, &Redo);
    std::map<std::string, std::vector<size_t>> ByOwn;
    for (size_t I : Failed)
      if (Own[I]->Mergeable && Own[I]->Key != J.Plan->Key)
        ByOwn[Own[I]->Key].push_back(I);
    // Files whose defines the PCH's headers name: a PCH of their own that
    // holds the defines where they have them.
    std::map<std::string, std::vector<size_t>> ByExact;
    for (size_t I : Redo) {
      PchCache::Plan E = Pchs.exactPlan(*Own[I]);
      std::lock_guard<std::mutex> G(Lock);
      ByExact[E.Key].push_back(I);
      UsedKeys.insert(E.Key);
      Exacts.emplace(E.Key, std::move(E));
    }
    for (auto &[Key, Members] : ByExact) {
      const PchCache::Plan *E;
      {
        std::lock_guard<std::mutex> G(Lock);
        E = &Exacts.at(Key);
      }
      ensure(Units, *E, Members);
    }
    for (auto &[Key, Members] : ByOwn) {
      {
        std::lock_guard<std::mutex> G(Lock);
        UsedKeys.insert(Key);
      }
      ensure(Units, *Own[Members.front()], Members);
    }
  }

  void store(const Unit &U, const std::vector<Finding> &Findings) {
    if (!UseResults)
      return;
    std::vector<std::string> Inputs = U.Inputs;
    llvm::append_range(Inputs, U.PchInputs);
    if (!Results.store(U.File, U.Key, Inputs, Findings, Stamps, U.Version))
      StoreFailures += 1;
  }

  void finish() {
    if (UsePch)
      Pchs.prune(UsedKeys, /*KeepOthers=*/3);
    if (StoreFailures)
      llvm::errs() << "torchdtype check: could not write " << StoreFailures
                   << " result(s) to the cache in " << Dir << "\n";
  }

  /// The counts, then each analysed file parsed without a PCH, and why.
  void printStats(llvm::raw_ostream &OS, const std::vector<Unit> &Units,
                  const std::vector<size_t> &Analysed) {
    size_t Cached =
        llvm::count_if(Units, [](const Unit &U) { return U.Cached; });
    size_t Skipped =
        llvm::count_if(Units, [](const Unit &U) { return !U.Skipped.empty(); });
    OS << "torchdtype check: " << Units.size()
       << " file(s): " << Analysed.size() << " analysed, " << Cached
       << " from the cache"
       << (Skipped ? ", " + std::to_string(Skipped) + " skipped" : "")
       << "; pch: " << Built << " built, " << Reused << " reused, " << Unusable
       << " not usable\n";
    for (size_t I : Analysed) {
      const Unit &U = Units[I];
      if (!U.Pch.empty())
        continue;
      std::string Why = U.NoPch;
      if (!UsePch)
        Why = "precompiled headers are off (--no-pch or --full-traversal)";
      else if (U.Cuda)
        Why = "a CUDA source (parsed in clang's CUDA host mode)";
      else if (!U.PchFailed.empty())
        Why = U.PchFailed;
      OS << "torchdtype check: no pch: " << U.File << ": " << Why << "\n";
    }
    std::vector<std::pair<std::string, const tooling::CompileCommand *>> Vs;
    for (const Unit &U : Units) // analysed now or by the run cached
      Vs.push_back({U.Version, &U.Command});
    printVersionStats(OS, Vs);
  }

private:
  static std::string cacheDir(const Options &O) {
    return absoluteNormalPath(
        O.CacheDir.empty() ? O.BuildDir + "/.torchdtype-cache" : O.CacheDir);
  }

  bool UseResults, UsePch;
  std::string ToolId, Dir;
  StampCache Stamps;
  ResultCache Results;
  PchCache Pchs;
  /// Builds or finds the PCH of Plan for Members; those left without
  /// because it does not compile.
  std::vector<size_t> ensure(std::vector<Unit> &Units,
                             const PchCache::Plan &Plan,
                             const std::vector<size_t> &Members,
                             std::vector<size_t> *Redo = nullptr) {
    std::string Why;
    std::optional<PchCache::Ready> R =
        Pchs.ensure(Plan, Members.size(), Stamps, Why);
    std::lock_guard<std::mutex> G(Lock);
    (R ? (R->Built ? Built : Reused) : Unusable) += 1;
    std::vector<size_t> Failed;
    for (size_t M : Members) {
      Unit &U = Units[M];
      if (R && Own[M]) {
        U.NoPch = Pchs.mismatch(*R, *Own[M], Plan.IsExact);
        if (Redo && PchCache::aboutDefines(U.NoPch) && !Own[M]->Exact.empty())
          Redo->push_back(M);
      }
      if (R && U.NoPch.empty()) {
        U.Pch = R->Pch;
        U.PchInputs = R->Inputs;
      } else if (!R) {
        U.NoPch = Why;
        if (Why == PchCache::DoesNotCompile)
          Failed.push_back(M);
      }
    }
    return Failed;
  }

  std::vector<std::optional<PchCache::Plan>> Own; ///< each unit's plan
  std::map<std::string, PchCache::Plan> Merged;   ///< by group
  std::map<std::string, PchCache::Plan> Exacts;   ///< by key, under Lock
  std::mutex Lock; ///< for UsedKeys, the counts and the units' PCH fields
  std::set<std::string> UsedKeys;
  unsigned Built = 0, Reused = 0, Unusable = 0;
  std::atomic<unsigned> StoreFailures{0};
};

} // namespace check
} // namespace torchdtype

#endif
