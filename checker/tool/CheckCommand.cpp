//===- CheckCommand.cpp - torchdtype check --------------------------------===//
//
// Runs the torchdtype checks through the ClangTidy library over the files of
// a compilation database, one ClangTidyContext per worker thread. The
// configuration is clang-tidy's: .clang-tidy files (Checks, CheckOptions,
// HeaderFilterRegex), NOLINT comments, --checks/--config overrides.
//
//===----------------------------------------------------------------------===//

#include "CheckCommand.h"
#include "ApplyFixes.h"
#include "ChangedLines.h"
#include "CheckOptions.h"
#include "CheckUnits.h"
#include "CompileDatabase.h"
#include "CudaCommand.h"
#include "Finding.h"
#include "PchCache.h"
#include "ProjectTree.h"
#include "Reports.h"
#include "ResultCache.h"
#include "UserCodeRunner.h"
#include "VersionStats.h"
#include "checks/TorchDtypeCheck.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "kb/KnowledgeBase.h"
#include "clang/ASTMatchers/ASTMatchers.h"
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

using namespace check;

namespace {

Message toMessage(const tooling::DiagnosticMessage &M, LineTable &Lines) {
  Message Out;
  Out.Text = M.Message;
  if (!M.FilePath.empty())
    Out.Loc = Lines.locate(M.FilePath, M.FileOffset);
  return Out;
}

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
      U.Skipped =
          "it builds a precompiled header (as CMake's cmake_pch.hxx.cxx "
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
    // Clang's memoized matchers (AST_MATCHER_FUNCTION) are built on first use
    // behind an llvm::ManagedStatic whose publishing store is made in libLLVM;
    // workers registering the checks' matchers at once would race on the
    // first build (ThreadSanitizer saw it). They are built here, before any
    // worker starts.
    (void)ast_matchers::isInstantiated();
    (void)ast_matchers::isInTemplateInstantiation();
    (void)ast_matchers::nullPointerConstant();
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
