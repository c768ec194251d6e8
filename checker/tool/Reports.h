//===- Reports.h - the reports of torchdtype check and merge ----*- C++ -*-===//
//
// The findings of a run written as text (compiler style), JSON, SARIF 2.1.0
// or GitHub Actions annotations, and read back from JSON: `torchdtype
// merge` joins the JSON reports of shards (`check --shard=I/N`) into the
// report one run over all the files gives, in any of the formats.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_REPORTS_H
#define TORCHDTYPE_TOOL_REPORTS_H

#include "Finding.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace torchdtype {

/// Offsets to line and column, reading each file once.
class LineTable {
public:
  Location locate(const std::string &File, unsigned Offset) {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Starts.find(File);
    if (It == Starts.end()) {
      std::vector<unsigned> S{0};
      if (auto Buf = llvm::MemoryBuffer::getFile(File)) {
        llvm::StringRef Text = (*Buf)->getBuffer();
        for (unsigned I = 0; I < Text.size(); ++I)
          if (Text[I] == '\n')
            S.push_back(I + 1);
      }
      It = Starts.emplace(File, std::move(S)).first;
    }
    const std::vector<unsigned> &S = It->second;
    auto Line = std::upper_bound(S.begin(), S.end(), Offset) - S.begin();
    return {File, unsigned(Line), Offset - S[Line - 1] + 1};
  }

private:
  std::mutex Lock;
  std::map<std::string, std::vector<unsigned>> Starts;
};

/// The formats of --format.
bool isReportFormat(llvm::StringRef Format);

/// Orders findings as every report lists them: by file, line and column
/// (stable: a file's findings at one place keep the order of its analysis);
/// the failed files sorted.
void sortReport(std::vector<Finding> &Findings,
                std::vector<std::string> &Failed);

/// Writes the report in Format (text, json, sarif or github).
void printReport(llvm::raw_ostream &OS, llvm::StringRef Format,
                 const std::vector<Finding> &Findings,
                 const std::vector<std::string> &Failed,
                 const std::string &AutomationId, LineTable &Lines);

/// Writes the report to standard output (OutFile empty) or to OutFile, as a
/// whole or not at all (writeAtomically). False with Error when it cannot.
bool writeReport(const std::string &OutFile, llvm::StringRef Format,
                 const std::vector<Finding> &Findings,
                 const std::vector<std::string> &Failed,
                 const std::string &AutomationId, LineTable &Lines,
                 std::string &Error);

/// Reads a report printed with --format=json, appending its findings and
/// failed files; false with Error when Path is not such a report.
bool readJsonReport(const std::string &Path, std::vector<Finding> &Findings,
                    std::vector<std::string> &Failed, std::string &Error);

/// The exit status of a report: 2 failed files, 1 warnings, else 0.
int reportStatus(const std::vector<Finding> &Findings,
                 const std::vector<std::string> &Failed);

} // namespace torchdtype

#endif
