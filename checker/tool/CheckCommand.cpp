//===- CheckCommand.cpp - torchdtype check --------------------------------===//
//
// Runs the torchdtype checks through the ClangTidy library over the files of
// a compilation database, one ClangTidyContext per worker thread. The
// configuration is clang-tidy's: .clang-tidy files (Checks, CheckOptions,
// HeaderFilterRegex), NOLINT comments, --checks/--config overrides.
//
//===----------------------------------------------------------------------===//

#include "CheckCommand.h"
#include "ChangedLines.h"
#include "CheckOptions.h"
#include "CompileDatabase.h"
#include "CudaCommand.h"
#include "Finding.h"
#include "PchCache.h"
#include "ProjectTree.h"
#include "Reports.h"
#include "ResultCache.h"
#include "checks/TorchDtypeCheck.h"
#include "UserCodeRunner.h"
#include "VersionStats.h"
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

using namespace clang;
using namespace clang::tidy;

namespace torchdtype {

namespace {

/// clang-tidy's FileOptionsProvider, on the real file system, whose reader
/// of .clang-tidy files also notes those that do not parse.
class RecordingOptionsProvider : public FileOptionsProvider {
public:
  RecordingOptionsProvider(ClangTidyGlobalOptions Global,
                           ClangTidyOptions Defaults,
                           ClangTidyOptions Overrides,
                           std::set<std::string> &Broken)
      : FileOptionsProvider(std::move(Global), std::move(Defaults),
                            std::move(Overrides),
                            llvm::vfs::getRealFileSystem()) {
    ConfigHandlers.clear();
    ConfigHandlers.emplace_back(
        ".clang-tidy", [&Broken](llvm::MemoryBufferRef Config) {
          llvm::ErrorOr<ClangTidyOptions> Parsed = parseConfiguration(Config);
          if (!Parsed)
            Broken.insert(Config.getBufferIdentifier().str());
          return Parsed;
        });
  }
};

/// The options of the run: defaults, .clang-tidy files, --checks and
/// --config. A .clang-tidy file that does not parse is added to Broken as
/// clang-tidy reads it (clang-tidy prints why, and goes on without it).
std::unique_ptr<ClangTidyOptionsProvider>
optionsProvider(const Options &O, std::set<std::string> &Broken,
                std::string &Error) {
  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,torchdtype-*";
  // --fix fixes every finding in one run, those after another's throw too
  // (a .clang-tidy file or --config that sets the option wins).
  if (O.Fix)
    Defaults.CheckOptions["ReportAfterThrow"] =
        ClangTidyOptions::ClangTidyValue("true");
  ClangTidyOptions Overrides;
  if (!O.Checks.empty())
    Overrides.Checks = O.Checks;
  if (!O.Config.empty()) {
    llvm::ErrorOr<ClangTidyOptions> Parsed =
        parseConfiguration(llvm::MemoryBufferRef(O.Config, "--config"));
    if (!Parsed) {
      Error = "invalid --config: " + Parsed.getError().message();
      return nullptr;
    }
    Overrides = Overrides.merge(*Parsed, 0);
  }
  return std::make_unique<RecordingOptionsProvider>(
      std::move(Global), std::move(Defaults), std::move(Overrides), Broken);
}

/// One options provider for the whole run, behind a lock, its answers kept
/// per directory: the .clang-tidy files of a directory are read, and an
/// error in one printed, once per run rather than at every look-up of every
/// file analysed (each worker's ClangTidyContext owns one of these).
class SharedOptionsProvider : public ClangTidyOptionsProvider {
public:
  struct State {
    std::mutex Lock;
    std::unique_ptr<ClangTidyOptionsProvider> Provider;
    std::map<std::string, std::vector<OptionsSource>> PerDirectory;
    std::set<std::string> BrokenFiles; ///< .clang-tidy files that do not parse
  };
  explicit SharedOptionsProvider(std::shared_ptr<State> S) : S(std::move(S)) {}
  const ClangTidyGlobalOptions &getGlobalOptions() override {
    std::lock_guard<std::mutex> G(S->Lock);
    return S->Provider->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef File) override {
    std::lock_guard<std::mutex> G(S->Lock);
    // What FileOptionsProvider reads depends on the file's directory only.
    llvm::SmallString<256> Dir(File);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_filename(Dir);
    auto It = S->PerDirectory.find(std::string(Dir));
    if (It == S->PerDirectory.end())
      It = S->PerDirectory
               .emplace(std::string(Dir), S->Provider->getRawOptions(File))
               .first;
    return It->second;
  }

private:
  std::shared_ptr<State> S;
};

Message toMessage(const tooling::DiagnosticMessage &M, LineTable &Lines) {
  Message Out;
  Out.Text = M.Message;
  if (!M.FilePath.empty())
    Out.Loc = Lines.locate(M.FilePath, M.FileOffset);
  return Out;
}

/// Applies the fixes of the findings, file by file; a finding whose fixes
/// conflict with one already taken is left as it is.
bool applyFixes(const std::vector<Finding> &Findings) {
  std::map<std::string, tooling::Replacements> PerFile;
  unsigned Applied = 0, Skipped = 0;
  for (const Finding &F : Findings) {
    if (F.Fixes.empty())
      continue;
    std::map<std::string, tooling::Replacements> Trial = PerFile;
    bool Ok = true;
    for (const tooling::Replacement &R : F.Fixes)
      if (llvm::Error E = Trial[std::string(R.getFilePath())].add(R)) {
        llvm::consumeError(std::move(E));
        Ok = false;
        break;
      }
    if (Ok) {
      PerFile = std::move(Trial);
      ++Applied;
    } else {
      ++Skipped;
    }
  }
  for (const auto &[Path, Reps] : PerFile) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf) {
      llvm::errs() << "torchdtype check: --fix: cannot read " << Path << "\n";
      return false;
    }
    llvm::Expected<std::string> New =
        tooling::applyAllReplacements((*Buf)->getBuffer(), Reps);
    if (!New) {
      llvm::errs() << "torchdtype check: --fix: " << Path << ": "
                   << llvm::toString(New.takeError()) << "\n";
      return false;
    }
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    if (EC) {
      llvm::errs() << "torchdtype check: --fix: cannot write " << Path << ": "
                   << EC.message() << "\n";
      return false;
    }
    Out << *New;
  }
  llvm::errs() << "torchdtype check: applied the fixes of " << Applied
               << " finding(s)"
               << (Skipped ? ", skipped " + std::to_string(Skipped) +
                                 " with conflicting fixes"
                           : std::string())
               << "\n";
  return true;
}

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

/// Stamps of the .json files of the knowledge-base directories the
/// configuration names (their records change the messages).
std::string kbStamps(const ClangTidyOptions &Opts, StampCache &Stamps) {
  std::string Out;
  for (const auto &[Name, Value] : Opts.CheckOptions) {
    if (!llvm::StringRef(Name).ends_with("KnowledgeBase") ||
        Value.Value.empty())
      continue;
    Out += Value.Value;
    std::error_code EC;
    std::vector<std::string> Records;
    for (llvm::sys::fs::directory_iterator It(Value.Value, EC), End;
         !EC && It != End; It.increment(EC))
      if (llvm::StringRef(It->path()).ends_with(".json"))
        Records.push_back(It->path());
    std::sort(Records.begin(), Records.end());
    for (const std::string &R : Records)
      Out += ";" + R + "=" + Stamps.digest(R);
    Out += "\n";
  }
  return Out;
}

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
        Pchs(Dir, ToolId, ProjectTree::find(O.BuildDir, AllFiles)) {
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
    size_t Cached = llvm::count_if(Units, [](const Unit &U) { return U.Cached; });
    size_t Skipped = llvm::count_if(
        Units, [](const Unit &U) { return !U.Skipped.empty(); });
    OS << "torchdtype check: " << Units.size()
       << " file(s): " << Analysed.size() << " analysed, " << Cached
       << " from the cache"
       << (Skipped ? ", " + std::to_string(Skipped) + " skipped" : "")
       << "; pch: " << Built << " built, " << Reused << " reused, "
       << Unusable << " not usable\n";
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

/// Runs the checks on one file; true when it could not be analysed.
bool analyse(const Options &O, const tooling::CompilationDatabase &DB, Unit &U,
             std::shared_ptr<SharedOptionsProvider::State> Config,
             LineTable &Lines, std::vector<Finding> &Out) {
  ClangTidyContext Context(
      std::make_unique<SharedOptionsProvider>(std::move(Config)));
  // A file system with a working directory of its own: ClangTool moves it
  // to each command's directory, and the process's own (shared by the
  // parallel runs, and where -o and the cache are written) stays put.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(
          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
              llvm::vfs::createPhysicalFileSystem().release())));
  AnalysisRun Run;
  if (U.Cuda) {
    // Stand-ins for headers clang's CUDA wrapper wants and the installation
    // may lack (found after every real include directory).
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Shim(
        new llvm::vfs::InMemoryFileSystem);
    for (const CudaShimHeader &H : CudaShimHeaders) {
      llvm::SmallString<64> P(CudaShimDir);
      llvm::sys::path::append(P, H.Name);
      Shim->addFile(P, 0, llvm::MemoryBuffer::getMemBuffer(H.Text, H.Name));
    }
    FS->pushOverlay(Shim);
  }
  clang::tidy::torchdtype::takeUnitVersion(); // this thread's last unit's
  if (O.FullTraversal && !U.Cuda) {
    Run.Errors = runClangTidy(Context, DB, {U.File}, FS, /*ApplyAnyFix=*/false);
  } else {
    Run = runOnUserCode(Context, U.Command, U.Pch, FS);
  }
  U.Version = clang::tidy::torchdtype::takeUnitVersion();
  U.Inputs = std::move(Run.Inputs);
  // Paths as the command named them are relative to its directory.
  auto InDir = [&](llvm::StringRef Path) {
    if (Path.empty() || llvm::sys::path::is_absolute(Path))
      return Path.str();
    return absoluteIn(U.Command.Directory, Path);
  };
  auto Absolute = [&](tooling::DiagnosticMessage M) {
    M.FilePath = InDir(M.FilePath);
    return M;
  };
  bool Broken = false;
  for (const ClangTidyError &E : Run.Errors) {
    Finding F;
    F.Check = E.DiagnosticName;
    F.Level = E.DiagLevel == tooling::Diagnostic::Error    ? "error"
              : E.DiagLevel == tooling::Diagnostic::Remark ? "remark"
                                                           : "warning";
    F.Main = toMessage(Absolute(E.Message), Lines);
    for (const tooling::DiagnosticMessage &N : E.Notes)
      F.Notes.push_back(toMessage(Absolute(N), Lines));
    for (const auto &FileFix : E.Message.Fix)
      for (const tooling::Replacement &R : FileFix.second)
        F.Fixes.push_back(tooling::Replacement(InDir(R.getFilePath()),
                                               R.getOffset(), R.getLength(),
                                               R.getReplacementText()));
    Broken |= F.Level == "error";
    Out.push_back(std::move(F));
  }
  return Broken;
}

} // namespace

int runCheck(const std::vector<std::string> &Args) {
  Options O;
  std::string Error;
  if (!parseArgs(Args, O, Error)) {
    llvm::errs() << "torchdtype check: " << Error << "\n" << CheckUsage;
    return 2;
  }
  std::string DbError;
  std::vector<std::string> DbProblems;
  std::unique_ptr<tooling::CompilationDatabase> DB =
      loadCompileDatabase(O.BuildDir, DbProblems, DbError);
  for (const std::string &P : DbProblems)
    llvm::errs() << "torchdtype check: " << P << "\n";
  if (!DB) {
    llvm::errs() << "torchdtype check: no compilation database in '"
                 << O.BuildDir << "': " << DbError << "\n";
    return 2;
  }
  std::vector<std::string> Files;
  if (O.Files.empty()) {
    Files = DB->getAllFiles();
  } else {
    for (const std::string &F : O.Files) {
      std::string Abs = absoluteNormalPath(F);
      // Files the database does not list get a command inferred from their
      // neighbours (headers, new files), as clang-tidy does.
      if (!llvm::sys::fs::exists(Abs)) {
        llvm::errs() << "torchdtype check: " << F << ": no such file\n";
        return 2;
      }
      if (DB->getCompileCommands(Abs).empty()) {
        llvm::errs() << "torchdtype check: " << F
                     << ": no compile command for it in the database\n";
        return 2;
      }
      Files.push_back(Abs);
    }
  }
  std::sort(Files.begin(), Files.end());
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  if (O.Shards) {
    // Every N-th file, from the I-th, of the sorted list: the same share on
    // every machine of a CI matrix, the shares about equal.
    std::vector<std::string> Share;
    for (size_t I = O.Shard - 1; I < Files.size(); I += O.Shards)
      Share.push_back(Files[I]);
    Files = std::move(Share);
  }
  LineSets Changed;
  if (O.OnlyChanged && !changedLines(O.Revision, Changed, Error)) {
    llvm::errs() << "torchdtype check: " << Error << "\n";
    return 2;
  }
  auto Config = std::make_shared<SharedOptionsProvider::State>();
  Config->Provider = optionsProvider(O, Config->BrokenFiles, Error);
  if (!Config->Provider) {
    llvm::errs() << "torchdtype check: " << Error << "\n";
    return 2;
  }
  auto Provider = std::make_unique<SharedOptionsProvider>(Config);

  // LLVM's thread pool, -j threads (one: the calling thread alone).
  llvm::parallel::strategy = llvm::hardware_concurrency(O.Jobs);
  bool Progress = !O.Quiet && ::isatty(2);
  Caches C(O, Files, DB->getAllFiles());
  std::vector<Unit> Units(Files.size());
  // A file's command as it is analysed. A project's own precompiled headers
  // (CMake's) not built yet give way to the headers they are made from; those
  // of the files analysed are added to Unbuilt.
  std::set<std::string> UnbuiltPchs;
  auto CommandOf = [&](const std::string &File, const ClangTidyOptions &Opts,
                       std::set<std::string> *Unbuilt) {
    tooling::CompileCommand Command = commandFor(*DB, File, Opts);
    std::optional<std::string> P = dropUnbuiltPch(Command);
    if (P && Unbuilt)
      Unbuilt->insert(*P);
    return Command;
  };
  for (size_t I = 0; I < Files.size(); ++I) {
    Unit &U = Units[I];
    U.File = Files[I];
    ClangTidyOptions Opts = Provider->getOptions(U.File);
    U.Command = CommandOf(U.File, Opts, &UnbuiltPchs);
    if (llvm::is_contained(U.Command.CommandLine, "-emit-pch"))
      U.Skipped = "it builds a precompiled header (as CMake's cmake_pch.hxx.cxx "
                  "does); the files that use it are analysed";
    if (isCudaCommand(U.Command)) {
      U.Cuda = true;
      if (std::optional<std::string> Why =
              translateCudaCommand(U.Command, llvm::sys::Process::GetEnv))
        U.Skipped = *Why;
    }
    U.Key = C.resultKey(U.Command, Opts);
    C.lookup(U);
  }
  std::vector<PchJob> Jobs =
      C.planPchs(Units, [&](const std::set<std::string> &Skip) {
        std::vector<tooling::CompileCommand> Commands;
        for (const std::string &F : DB->getAllFiles())
          if (!Skip.count(F))
            Commands.push_back(
                CommandOf(F, Provider->getOptions(F), /*Unbuilt=*/nullptr));
        return Commands;
      });
  for (const std::string &P : UnbuiltPchs)
    llvm::errs() << "torchdtype check: " << P
                 << " is not built yet: the files it is for read the header "
                    "it is made from (-include)\n";

  // Workers take files in turn; each has its own ClangTidyContext.
  LineTable Lines;
  std::mutex Lock;
  std::vector<Finding> Findings;
  std::vector<std::string> Failed;
  // What the checks say of their configuration (a knowledge-base record that
  // does not load, say): once per run on stderr, never a finding.
  std::set<std::string> ConfigProblems;
  std::vector<size_t> Todo;
  for (size_t I = 0; I < Units.size(); ++I) {
    if (!Units[I].Skipped.empty()) {
      llvm::errs() << "torchdtype check: " << Units[I].File
                   << ": skipped: " << Units[I].Skipped << "\n";
      continue;
    }
    if (!llvm::sys::fs::exists(Units[I].File)) {
      // A stale database: one line, counted as a file not analysed.
      llvm::errs() << "torchdtype check: " << Units[I].File
                   << ": error: no such file (the compile database lists it)\n";
      Failed.push_back(Units[I].File);
      continue;
    }
    if (Units[I].Cached)
      llvm::append_range(Findings, Units[I].Findings);
    else
      Todo.push_back(I);
  }
  size_t Done = 0; // under Lock
  auto AnalyseUnit = [&](size_t I) {
    Unit &U = Units[I];
    std::vector<Finding> Local;
    // The configuration's problems are said by the first file to meet them
    // (the knowledge base is read once per process), so they are kept even
    // from a parse that is redone.
    std::vector<std::string> Problems;
    auto TakeProblems = [&] {
      std::vector<Finding> Kept;
      for (Finding &F : Local) {
        if (F.Check == "clang-tidy-config")
          Problems.push_back(F.Main.Text);
        else
          Kept.push_back(std::move(F));
      }
      Local = std::move(Kept);
    };
    bool Broken = analyse(O, *DB, U, Config, Lines, Local);
    TakeProblems();
    if (Broken && !U.Pch.empty()) {
      // Whatever went wrong, the file gets the diagnosis it has without the
      // shared PCH.
      U.Pch.clear();
      U.PchInputs.clear();
      U.PchFailed = "the parse with the precompiled header failed, and "
                    "the file was parsed again without it";
      Local.clear();
      Broken = analyse(O, *DB, U, Config, Lines, Local);
      TakeProblems();
    }
    // Not cached when the configuration had problems: the next run says them
    // again.
    if (!Broken && Problems.empty())
      C.store(U, Local);
    std::lock_guard<std::mutex> G(Lock);
    ConfigProblems.insert(Problems.begin(), Problems.end());
    llvm::append_range(Findings, Local);
    if (Broken)
      Failed.push_back(U.File);
    ++Done;
    if (Progress)
      llvm::errs() << "\r[" << Done << "/" << Todo.size() << "] "
                   << llvm::sys::path::filename(U.File) << "\x1b[K";
  };
  // One task list: the PCH jobs first, those with the most units first (a
  // PCH build is the long pole of a cold run); a job's units are queued as
  // soon as their PCH is decided, and the units without one from the
  // start, so no core waits for a PCH another file does not need.
  std::vector<bool> InTodo(Units.size()), Waits(Units.size());
  for (size_t I : Todo)
    InTodo[I] = true;
  if (Progress && !Jobs.empty())
    llvm::errs() << "\rpreparing " << Jobs.size()
                 << " precompiled header(s)\x1b[K";
  {
    llvm::StdThreadPool Pool(llvm::parallel::strategy);
    for (const PchJob &J : Jobs) {
      for (size_t M : J.Members)
        Waits[M] = true;
      Pool.async([&, J] {
        C.ensurePch(Units, J);
        for (size_t M : J.Members)
          if (InTodo[M])
            Pool.async([&, M] { AnalyseUnit(M); });
      });
    }
    for (size_t I : Todo)
      if (!Waits[I])
        Pool.async([&, I] { AnalyseUnit(I); });
    Pool.wait();
  }
  if (Progress)
    llvm::errs() << "\r\x1b[K";
  C.finish();
  if (O.Stats)
    C.printStats(llvm::errs(), Units, Todo);

  // Only what the user touched, with --only-changed; errors always.
  if (O.OnlyChanged)
    Findings.erase(std::remove_if(Findings.begin(), Findings.end(),
                                  [&](const Finding &F) {
                                    if (F.Level == "error")
                                      return false;
                                    auto It = Changed.find(F.Main.Loc.File);
                                    return It == Changed.end() ||
                                           !It->second.count(F.Main.Loc.Line);
                                  }),
                   Findings.end());
  sortReport(Findings, Failed);

  if (O.Fix && !applyFixes(Findings))
    return 2;

  if (std::string Err; !writeReport(O.OutFile, O.Format, Findings, Failed,
                                    O.AutomationId, Lines, Err)) {
    llvm::errs() << "torchdtype check: " << Err << "\n";
    return 2;
  }
  // A configuration file that does not parse was ignored: the findings are
  // not those the project configured.
  for (const std::string &F : Config->BrokenFiles)
    llvm::errs() << "torchdtype check: " << F
                 << ": error: the configuration does not parse (see above) "
                    "and was ignored\n";
  for (const std::string &P : ConfigProblems)
    llvm::errs() << "torchdtype check: error: " << P << "\n";
  if (!ConfigProblems.empty())
    llvm::errs() << "torchdtype check: the configuration has problems "
                    "(above); the checks ran without what they name\n";
  return Config->BrokenFiles.empty() && ConfigProblems.empty()
             ? reportStatus(Findings, Failed)
             : 2;
}

} // namespace torchdtype
