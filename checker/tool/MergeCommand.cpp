//===- MergeCommand.cpp - torchdtype merge --------------------------------===//

#include "MergeCommand.h"
#include "Reports.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <set>

namespace torchdtype {

namespace {

const char *const MergeUsage =
    "usage: torchdtype merge [--format=FORMAT] [-o FILE] [--automation-id=ID] "
    "REPORT.json...\n"
    "\n"
    "Joins the JSON reports of `torchdtype check --shard=I/N --format=json` "
    "runs\n"
    "into the report one `torchdtype check` over all the files gives.\n"
    "\n"
    "  --format=FORMAT        text (default), json, sarif or github\n"
    "  --automation-id=ID     SARIF runAutomationDetails id (default "
    "torchdtype/)\n"
    "  -o FILE                write the report to FILE\n"
    "\n"
    "Run it where the shards ran (SARIF paths are made relative to the git\n"
    "work tree, and SARIF fixes read the files). Exit status as check's: 0 no\n"
    "findings, 1 findings, 2 files not analysed or a bad argument or report.\n";

} // namespace

int runMerge(const std::vector<std::string> &Args) {
  std::string Format = "text", OutFile, AutomationId = "torchdtype/";
  std::vector<std::string> Reports;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-h" || A == "--help") {
      llvm::outs() << MergeUsage;
      return 0;
    }
    std::string *Into = nullptr;
    llvm::StringRef Value;
    for (auto [Flag, Target] :
         {std::pair<llvm::StringRef, std::string *>{"--format", &Format},
          {"-o", &OutFile},
          {"--automation-id", &AutomationId}}) {
      if (A == Flag) {
        if (I + 1 == Args.size()) {
          llvm::errs() << "torchdtype merge: " << Flag << " needs a value\n";
          return 2;
        }
        Into = Target;
        Value = Args[++I];
      } else if (A.starts_with((Flag + "=").str())) {
        Into = Target;
        Value = A.drop_front(Flag.size() + 1);
      }
      if (Into)
        break;
    }
    if (Into) {
      *Into = Value.str();
      continue;
    }
    if (A.starts_with("-") && A != "-") {
      llvm::errs() << "torchdtype merge: unknown option '" << A << "'\n"
                   << MergeUsage;
      return 2;
    }
    Reports.push_back(A.str());
  }
  if (!isReportFormat(Format)) {
    llvm::errs() << "torchdtype merge: unknown format '" << Format
                 << "' (text, json, sarif, github)\n";
    return 2;
  }
  if (Reports.empty()) {
    llvm::errs() << "torchdtype merge: no reports given\n" << MergeUsage;
    return 2;
  }
  std::vector<Finding> Findings;
  std::vector<std::string> Failed;
  for (const std::string &R : Reports) {
    std::string Error;
    if (!readJsonReport(R, Findings, Failed, Error)) {
      llvm::errs() << "torchdtype merge: " << Error << "\n";
      return 2;
    }
  }
  // The shards share no file; a report given twice would repeat its files.
  std::set<std::string> Seen(Failed.begin(), Failed.end());
  Failed.assign(Seen.begin(), Seen.end());
  sortReport(Findings, Failed);
  LineTable Lines;
  if (std::string Err; !writeReport(OutFile, Format, Findings, Failed,
                                    AutomationId, Lines, Err)) {
    llvm::errs() << "torchdtype merge: " << Err << "\n";
    return 2;
  }
  return reportStatus(Findings, Failed);
}

} // namespace torchdtype
