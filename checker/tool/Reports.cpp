//===- Reports.cpp - the reports of torchdtype check and merge ------------===//

#include "Reports.h"
#include "Stamps.h"
#include "Git.h"
#include "kb/KnowledgeBase.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/xxhash.h"
#include <cstdlib>
#include <tuple>

using namespace clang;

namespace torchdtype {

namespace {

void printText(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<std::string> &Failed) {
  auto Place = [](const Location &L) {
    return L.File.empty() ? std::string()
                          : L.File + ":" + std::to_string(L.Line) + ":" +
                                std::to_string(L.Column) + ": ";
  };
  for (const Finding &F : Findings) {
    OS << Place(F.Main.Loc) << F.Level << ": " << F.Main.Text << " [" << F.Check
       << "]\n";
    for (const Message &N : F.Notes)
      OS << Place(N.Loc) << "note: " << N.Text << "\n";
  }
  for (const std::string &F : Failed)
    OS << F
       << ": error: the file could not be analysed (see the errors above)\n";
}

void printJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<std::string> &Failed) {
  // Fixes as the tool holds them (offsets into the file as analysed), so
  // that `torchdtype merge` writes the SARIF fixes a single run does.
  llvm::json::Array Items;
  for (const Finding &F : Findings)
    Items.push_back(toJson(F));
  llvm::json::Array FailedFiles;
  for (const std::string &F : Failed)
    FailedFiles.push_back(F);
  OS << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                   {"tool", "torchdtype"},
                                   {"findings", std::move(Items)},
                                   {"failed_files", std::move(FailedFiles)}}))
     << "\n";
}

/// One line per check, for SARIF rules and the GitHub summary.
const std::map<std::string, std::string> &checkSummaries() {
  static const std::map<std::string, std::string> S = {
#define TORCHDTYPE_CHECK(Name, Class, Summary) {Name, Summary},
#include "ChecksTables.inc"
#undef TORCHDTYPE_CHECK
  };
  return S;
}

/// The repository root (git), to make paths relative; else the current
/// directory.
std::string sourceRoot() {
  llvm::SmallString<256> Dir;
  llvm::sys::fs::current_path(Dir);
  std::string Top = gitWorkTree(Dir);
  return Top.empty() ? std::string(Dir) : Top;
}

std::string relativeTo(const std::string &Root, const std::string &File) {
  llvm::StringRef F = File;
  if (F.consume_front(Root) && F.consume_front("/"))
    return F.str();
  return File;
}

/// A fingerprint that survives edits elsewhere in the file: the check and
/// the trimmed text of the line, with an occurrence count for repeats.
std::string lineHash(const Finding &F, std::map<std::string, unsigned> &Seen) {
  std::string Line;
  if (auto Buf = llvm::MemoryBuffer::getFile(F.Main.Loc.File)) {
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    if (F.Main.Loc.Line >= 1 && F.Main.Loc.Line <= Lines.size())
      Line = Lines[F.Main.Loc.Line - 1].trim().str();
  }
  std::string Key = F.Check + "\n" + Line;
  std::string Hash = llvm::utohexstr(llvm::xxh3_64bits(Key), /*Lower=*/true);
  return Hash + ":" + std::to_string(++Seen[F.Main.Loc.File + Key]);
}

void printSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::vector<std::string> &Failed,
                const std::string &AutomationId, LineTable &Lines) {
  std::string Root = sourceRoot();
  const KnowledgeBase &KB = KnowledgeBase::builtin();
  // Rules: every torchdtype check, with help from the records it links.
  std::map<std::string, unsigned> RuleIndex;
  llvm::json::Array Rules;
  for (const auto &[Check, Summary] : checkSummaries()) {
    std::string Text = Summary + ".", Markdown = "**" + Summary + ".**\n";
    std::string HelpUri;
    for (const KbRecord &R : KB.records()) {
      if (std::find(R.Checks.begin(), R.Checks.end(), Check) == R.Checks.end())
        continue;
      Text += "\n\n" + R.Id + ": " + R.firstSignature() + "\n" + R.RootCause;
      Markdown += "\n### `" + R.firstSignature() + "` (" + R.Id + ")\n\n" +
                  R.RootCause + "\n";
      if (const KbAction *W = R.bestWorkaround()) {
        Text += "\nFix: " + W->Action + ": " + W->Detail;
        Markdown += "\n**Fix:** " + W->Action + ": `" + W->Detail + "`\n";
      }
      if (!R.DocUrl.empty()) {
        Markdown += "\nSee " + R.DocUrl + "\n";
        if (HelpUri.empty())
          HelpUri = R.DocUrl;
      }
    }
    llvm::json::Object Rule{
        {"id", Check},
        {"shortDescription", llvm::json::Object{{"text", Summary}}},
        {"fullDescription", llvm::json::Object{{"text", Summary + "."}}},
        {"help", llvm::json::Object{{"text", Text}, {"markdown", Markdown}}},
        {"defaultConfiguration", llvm::json::Object{{"level", "warning"}}},
        {"properties",
         llvm::json::Object{
             {"tags", llvm::json::Array{"correctness", "pytorch", "libtorch"}},
             {"problem.severity", "error"}}}};
    if (!HelpUri.empty())
      Rule["helpUri"] = HelpUri;
    RuleIndex[Check] = Rules.size();
    Rules.push_back(std::move(Rule));
  }
  auto Physical = [&](const Location &L) {
    llvm::json::Object Region{{"startLine", std::max(1u, L.Line)}};
    if (L.Column)
      Region["startColumn"] = L.Column;
    return llvm::json::Object{
        {"artifactLocation",
         llvm::json::Object{{"uri", relativeTo(Root, L.File)},
                            {"uriBaseId", "SRCROOT"}}},
        {"region", std::move(Region)}};
  };
  std::map<std::string, unsigned> Seen;
  llvm::json::Array Results;
  for (const Finding &F : Findings) {
    if (F.Main.Loc.File.empty())
      continue;
    llvm::json::Object Res{
        {"ruleId", F.Check},
        {"level", F.Level == "remark" ? "note" : F.Level},
        {"message", llvm::json::Object{{"text", F.Main.Text}}},
        {"locations", llvm::json::Array{llvm::json::Object{
                          {"physicalLocation", Physical(F.Main.Loc)}}}},
        {"partialFingerprints",
         llvm::json::Object{{"primaryLocationLineHash", lineHash(F, Seen)}}}};
    auto RI = RuleIndex.find(F.Check);
    if (RI != RuleIndex.end())
      Res["ruleIndex"] = RI->second;
    llvm::json::Array Related;
    for (const Message &N : F.Notes)
      if (!N.Loc.File.empty())
        Related.push_back(llvm::json::Object{
            {"id", int64_t(Related.size())},
            {"message", llvm::json::Object{{"text", N.Text}}},
            {"physicalLocation", Physical(N.Loc)}});
    if (!Related.empty())
      Res["relatedLocations"] = std::move(Related);
    // Fix-its as SARIF fixes: one artifact change per file.
    std::map<std::string, llvm::json::Array> Changes;
    for (const tooling::Replacement &R : F.Fixes) {
      std::string Path(R.getFilePath());
      Location B = Lines.locate(Path, R.getOffset());
      Location E = Lines.locate(Path, R.getOffset() + R.getLength());
      Changes[Path].push_back(llvm::json::Object{
          {"deletedRegion", llvm::json::Object{{"startLine", B.Line},
                                               {"startColumn", B.Column},
                                               {"endLine", E.Line},
                                               {"endColumn", E.Column}}},
          {"insertedContent",
           llvm::json::Object{{"text", std::string(R.getReplacementText())}}}});
    }
    if (!Changes.empty()) {
      llvm::json::Array ArtifactChanges;
      for (auto &[Path, Reps] : Changes)
        ArtifactChanges.push_back(llvm::json::Object{
            {"artifactLocation",
             llvm::json::Object{{"uri", relativeTo(Root, Path)},
                                {"uriBaseId", "SRCROOT"}}},
            {"replacements", std::move(Reps)}});
      Res["fixes"] = llvm::json::Array{llvm::json::Object{
          {"description",
           llvm::json::Object{{"text", "Apply the fix of " + F.Check}}},
          {"artifactChanges", std::move(ArtifactChanges)}}};
    }
    Results.push_back(std::move(Res));
  }
  llvm::json::Array Notifications;
  for (const std::string &F : Failed)
    Notifications.push_back(llvm::json::Object{
        {"level", "error"},
        {"message", llvm::json::Object{
                        {"text", relativeTo(Root, F) +
                                     ": the file could not be analysed"}}}});
  std::string RootUri = "file://" + Root + "/";
  llvm::json::Object Run{
      {"tool",
       llvm::json::Object{
           {"driver", llvm::json::Object{{"name", "torchdtype"},
                                         {"version", "0.1.0"},
                                         {"rules", std::move(Rules)}}}}},
      {"automationDetails", llvm::json::Object{{"id", AutomationId}}},
      {"originalUriBaseIds",
       llvm::json::Object{{"SRCROOT", llvm::json::Object{{"uri", RootUri}}}}},
      {"invocations",
       llvm::json::Array{llvm::json::Object{
           {"executionSuccessful", Failed.empty()},
           {"toolExecutionNotifications", std::move(Notifications)}}}},
      {"results", std::move(Results)}};
  OS << llvm::formatv(
            "{0:2}",
            llvm::json::Value(llvm::json::Object{
                {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                {"version", "2.1.0"},
                {"runs", llvm::json::Array{std::move(Run)}}}))
     << "\n";
}

/// GitHub Actions workflow commands, and a markdown summary of everything
/// (GitHub shows at most 10 annotations of a kind per step).
void printGithub(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                 const std::vector<std::string> &Failed) {
  std::string Root = sourceRoot();
  auto Escape = [](llvm::StringRef S, bool Property) {
    std::string Out;
    for (char C : S) {
      if (C == '%')
        Out += "%25";
      else if (C == '\r')
        Out += "%0D";
      else if (C == '\n')
        Out += "%0A";
      else if (Property && C == ':')
        Out += "%3A";
      else if (Property && C == ',')
        Out += "%2C";
      else
        Out += C;
    }
    return Out;
  };
  std::string Summary = "### torchdtype: " + std::to_string(Findings.size()) +
                        " finding(s)\n\n| file | line | check | message |\n"
                        "|---|---|---|---|\n";
  for (const Finding &F : Findings) {
    std::string Rel = relativeTo(Root, F.Main.Loc.File);
    std::string Kind = F.Level == "remark" ? "notice" : F.Level;
    OS << "::" << Kind << " file=" << Escape(Rel, true)
       << ",line=" << F.Main.Loc.Line << ",col=" << F.Main.Loc.Column
       << ",title=" << Escape(F.Check, true)
       << "::" << Escape(F.Main.Text, false) << "\n";
    std::string Cell = F.Main.Text;
    for (char &C : Cell)
      if (C == '|' || C == '\n')
        C = ' ';
    Summary += "| " + Rel + " | " + std::to_string(F.Main.Loc.Line) + " | " +
               F.Check + " | " + Cell + " |\n";
  }
  for (const std::string &F : Failed) {
    OS << "::error file=" << Escape(relativeTo(Root, F), true) << "::"
       << "the file could not be analysed\n";
    Summary +=
        "| " + relativeTo(Root, F) + " | | error | could not be analysed |\n";
  }
  if (const char *Path = std::getenv("GITHUB_STEP_SUMMARY")) {
    std::error_code EC;
    llvm::raw_fd_ostream S(Path, EC, llvm::sys::fs::OF_Append);
    if (!EC)
      S << Summary;
    else
      llvm::errs() << "torchdtype: cannot append to GITHUB_STEP_SUMMARY ("
                   << Path << "): " << EC.message() << "\n";
  }
}

} // namespace

bool isReportFormat(llvm::StringRef Format) {
  return Format == "text" || Format == "json" || Format == "sarif" ||
         Format == "github";
}

void sortReport(std::vector<Finding> &Findings,
                std::vector<std::string> &Failed) {
  std::stable_sort(
      Findings.begin(), Findings.end(), [](const Finding &A, const Finding &B) {
        return std::tie(A.Main.Loc.File, A.Main.Loc.Line, A.Main.Loc.Column) <
               std::tie(B.Main.Loc.File, B.Main.Loc.Line, B.Main.Loc.Column);
      });
  std::sort(Failed.begin(), Failed.end());
}

void printReport(llvm::raw_ostream &OS, llvm::StringRef Format,
                 const std::vector<Finding> &Findings,
                 const std::vector<std::string> &Failed,
                 const std::string &AutomationId, LineTable &Lines) {
  if (Format == "json")
    printJson(OS, Findings, Failed);
  else if (Format == "sarif")
    printSarif(OS, Findings, Failed, AutomationId, Lines);
  else if (Format == "github")
    printGithub(OS, Findings, Failed);
  else
    printText(OS, Findings, Failed);
}

bool writeReport(const std::string &OutFile, llvm::StringRef Format,
                 const std::vector<Finding> &Findings,
                 const std::vector<std::string> &Failed,
                 const std::string &AutomationId, LineTable &Lines,
                 std::string &Error) {
  if (OutFile.empty()) {
    printReport(llvm::outs(), Format, Findings, Failed, AutomationId, Lines);
    llvm::outs().flush();
    return true;
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printReport(OS, Format, Findings, Failed, AutomationId, Lines);
  OS.flush();
  if (std::error_code EC; !writeAtomically(OutFile, Text, &EC)) {
    Error = "cannot write " + OutFile + ": " + EC.message();
    return false;
  }
  return true;
}

bool readJsonReport(const std::string &Path, std::vector<Finding> &Findings,
                    std::vector<std::string> &Failed, std::string &Error) {
  auto Buf = llvm::MemoryBuffer::getFileOrSTDIN(Path);
  if (!Buf) {
    Error = Path + ": " + Buf.getError().message();
    return false;
  }
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Buf)->getBuffer());
  if (!V) {
    Error = Path + ": not JSON (" + llvm::toString(V.takeError()) + ")";
    return false;
  }
  const llvm::json::Object *Root = V->getAsObject();
  const llvm::json::Array *Items = Root ? Root->getArray("findings") : nullptr;
  const llvm::json::Array *Files =
      Root ? Root->getArray("failed_files") : nullptr;
  if (!Root || Root->getString("tool") != "torchdtype" || !Items || !Files) {
    Error = Path + ": not a torchdtype JSON report (torchdtype check "
                   "--format=json)";
    return false;
  }
  size_t Index = 0;
  for (const llvm::json::Value &Item : *Items) {
    Finding F;
    if (!fromJson(Item.getAsObject(), F)) {
      Error = Path + ": finding " + std::to_string(Index) +
              " is not one torchdtype writes";
      return false;
    }
    Findings.push_back(std::move(F));
    ++Index;
  }
  for (const llvm::json::Value &F : *Files) {
    std::optional<llvm::StringRef> S = F.getAsString();
    if (!S) {
      Error = Path + ": failed_files holds something other than a path";
      return false;
    }
    Failed.push_back(S->str());
  }
  return true;
}

int reportStatus(const std::vector<Finding> &Findings,
                 const std::vector<std::string> &Failed) {
  bool AnyWarning = std::any_of(Findings.begin(), Findings.end(), [](const Finding &F) {
    return F.Level == "warning";
  });
  return !Failed.empty() ? 2 : AnyWarning ? 1 : 0;
}

} // namespace torchdtype
