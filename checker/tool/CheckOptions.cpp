//===- CheckOptions.cpp - the command line of torchdtype check ------------===//

#include "CheckOptions.h"
#include "Reports.h"
#include "llvm/ADT/StringRef.h"

namespace torchdtype {

const char *const CheckUsage =
    "usage: torchdtype check [-p BUILD_DIR] [FILE...] [options]\n"
    "\n"
    "Runs the torchdtype checks over the files of "
    "BUILD_DIR/compile_commands.json\n"
    "(all of them, or the FILEs named), reading .clang-tidy files like "
    "clang-tidy.\n"
    "\n"
    "  -p DIR                 the build directory holding "
    "compile_commands.json\n"
    "                         (default: the current directory)\n"
    "  -j N, -jN              parallel jobs (default: the number of cores)\n"
    "  --checks=GLOBS         checks to run (default: '-*,torchdtype-*', then\n"
    "                         .clang-tidy files)\n"
    "  --config=YAML          configuration overriding .clang-tidy files\n"
    "  --only-changed[=REV]   report only findings on lines changed since REV\n"
    "                         (default HEAD: the uncommitted changes)\n"
    "  --format=FORMAT        text (default), json, sarif (SARIF 2.1.0) or "
    "github\n"
    "                         (GitHub Actions annotations; with "
    "GITHUB_STEP_SUMMARY\n"
    "                         set, a markdown table of all findings is "
    "appended there)\n"
    "  --automation-id=ID     SARIF runAutomationDetails id (default "
    "torchdtype/)\n"
    "  -o FILE                write the report to FILE\n"
    "  --fix                  apply the fix-its of the findings reported "
    "(safe,\n"
    "                         local rewrites; others are notes)\n"
    "  --cache-dir=DIR        where the precompiled headers and the findings "
    "of\n"
    "                         unchanged files are kept (default:\n"
    "                         BUILD_DIR/.torchdtype-cache)\n"
    "  --no-pch               parse every file's includes itself (no shared\n"
    "                         precompiled header)\n"
    "  --no-cache             analyse every file, even unchanged ones\n"
    "  --stats                print what was analysed, what came from the "
    "cache,\n"
    "                         the precompiled headers built or reused, and "
    "why\n"
    "                         each file parsed without one got none\n"
    "  --full-traversal       let the checks' matchers walk the whole AST,\n"
    "                         LibTorch's headers included, as clang-tidy does\n"
    "                         (slower; the findings are the same; no caches)\n"
    "  --shard=I/N            analyse the I-th of N shares of the files "
    "(1 <= I <= N;\n"
    "                         for a CI matrix: `torchdtype merge` joins the "
    "shards'\n"
    "                         JSON reports into the report of one run)\n"
    "  --quiet                no progress\n"
    "\n"
    "Exit status: 0 no findings, 1 findings, 2 errors (bad arguments, no\n"
    "compilation database, a file that could not be analysed).\n";

bool parseArgs(const std::vector<std::string> &Args, Options &O,
               std::string &Error) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    auto Value = [&](llvm::StringRef Flag, std::string &Out) {
      if (A == Flag) {
        if (I + 1 == Args.size()) {
          Error = Flag.str() + " needs a value";
          return true; // taken, with Error set
        }
        Out = Args[++I];
        return true;
      }
      if (A.consume_front(Flag.str() + "=")) {
        Out = A.str();
        return true;
      }
      return false;
    };
    std::string Jobs;
    if (Value("-p", O.BuildDir) || Value("--checks", O.Checks) ||
        Value("-checks", O.Checks) || Value("--config", O.Config) ||
        Value("--format", O.Format) || Value("-o", O.OutFile) ||
        Value("--automation-id", O.AutomationId) ||
        Value("--cache-dir", O.CacheDir)) {
      if (!Error.empty())
        return false;
      continue;
    }
    // -j N, -j=N, and -jN as make takes it.
    bool Glued = A.starts_with("-j") && A.size() > 2 && A[2] != '=';
    if (Glued)
      Jobs = A.drop_front(2).str();
    if (Glued || Value("-j", Jobs)) {
      if (!Error.empty())
        return false;
      if (llvm::StringRef(Jobs).getAsInteger(10, O.Jobs) || O.Jobs == 0) {
        Error = "-j needs a positive number";
        return false;
      }
      continue;
    }
    if (std::string Spec; Value("--shard", Spec)) {
      if (!Error.empty())
        return false;
      auto [I, N] = llvm::StringRef(Spec).split('/');
      if (I.getAsInteger(10, O.Shard) ||
          N.getAsInteger(10, O.Shards) || O.Shard < 1 || O.Shard > O.Shards) {
        Error = "--shard needs I/N with 1 <= I <= N (got '" + Spec + "')";
        return false;
      }
      continue;
    }
    if (A == "--only-changed") {
      O.OnlyChanged = true;
    } else if (A.consume_front("--only-changed=")) {
      O.OnlyChanged = true;
      O.Revision = A.str();
    } else if (A == "--quiet" || A == "-q") {
      O.Quiet = true;
    } else if (A == "--fix") {
      O.Fix = true;
    } else if (A == "--full-traversal") {
      O.FullTraversal = true;
    } else if (A == "--no-pch") {
      O.NoPch = true;
    } else if (A == "--no-cache") {
      O.NoCache = true;
    } else if (A == "--stats") {
      O.Stats = true;
    } else if (A.starts_with("-")) {
      Error = "unknown option '" + A.str() + "'";
      return false;
    } else {
      O.Files.push_back(A.str());
    }
  }
  if (!isReportFormat(O.Format)) {
    Error = "unknown format '" + O.Format + "' (text, json, sarif, github)";
    return false;
  }
  return true;
}

} // namespace torchdtype
