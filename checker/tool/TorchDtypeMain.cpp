//===- TorchDtypeMain.cpp - the torchdtype command ------------------------===//
//
//   torchdtype check [-p BUILD_DIR] [FILE...]      run the checks (CheckCommand)
//   torchdtype merge REPORT.json...                join shards' reports
//   torchdtype pch -o OUT HEADER -- FLAGS...       a fast-loading PCH
//   torchdtype explain [--kb DIR] [--zh] TEXT...   explain an error message
//   torchdtype explain [--kb DIR] [--zh] -         ... read from standard input
//   torchdtype compdb [-o FILE] DIR                a setup.py's compile database
//   torchdtype --version                           versions: its, LLVM's and
//                                                  the PyTorch ones it knows
//
// Exit status: 0 when a record matches, 1 when none does, 2 on bad usage or a
// broken knowledge-base directory.
//
//===----------------------------------------------------------------------===//

#include "CheckCommand.h"
#include "CompdbCommand.h"
#include "checks/HeaderVersion.h"
#include "MergeCommand.h"
#include "PchCommand.h"
#include "kb/KnowledgeBase.h"
#include "Explain.h"
#include "llvm/Config/llvm-config.h"

#include <cstring>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

using namespace torchdtype;

namespace {

const char *const Usage =
    "usage: torchdtype check [-p BUILD_DIR] [FILE...] [options]  (--help)\n"
    "       torchdtype merge [--format=FORMAT] [-o FILE] REPORT.json...  "
    "(--help)\n"
    "       torchdtype pch -o OUT [--deps FILE] HEADER -- COMPILER FLAGS...  "
    "(--help)\n"
    "       torchdtype explain [--kb DIR] [--zh] TEXT...\n"
    "       torchdtype explain [--kb DIR] [--zh] -     (read a log from stdin)\n"
    "       torchdtype compdb [-o FILE] [--python PY] DIR  (--help)\n"
    "       torchdtype --version\n"
    "\n"
    "Prints the knowledge-base records whose error message occurs in TEXT:\n"
    "root cause, what works, what does not, and which torchdtype check\n"
    "would have caught it. Exit status 0 when a record matches, 1 when none\n"
    "does, 2 on bad usage.\n";

void printRecord(const KbRecord &R, const std::string &Text,
                 const Explanation &E, bool Zh) {
  const std::string &Measured = E.Measured;
  std::smatch M;
  std::regex_search(Text, M, *R.Compiled);
  std::cout << R.Id << "\n";
  // A record reached through the measured table, not through its own
  // signature, shows the table's message instead of an empty match.
  std::cout << "  matched:     "
            << (M.empty() && !Measured.empty()
                    ? Measured + (E.OtherDTypes
                                      ? "  (measured, with other dtypes)"
                                      : "  (measured)")
                    : M.str(0))
            << "\n";
  std::cout << "  signature:   "
            << (Zh && !R.SignatureZh.empty() ? R.SignatureZh : R.Signature)
            << "\n";
  std::cout << "  root cause:  "
            << (Zh && !R.RootCauseZh.empty() ? R.RootCauseZh : R.RootCause)
            << "\n";
  if (Zh && !R.WorkaroundsZh.empty()) {
    std::cout << "  what works:\n";
    for (const std::string &W : R.WorkaroundsZh)
      std::cout << "    - " << W << "\n";
  } else if (!R.Workarounds.empty()) {
    std::cout << "  what works:\n";
    for (const KbAction &W : R.Workarounds)
      std::cout << "    - " << W.Action
                << (W.Detail.empty() || W.Detail == W.Action
                        ? ""
                        : "\n      " + W.Detail)
                << "\n";
  }
  if (!R.DeadEnds.empty()) {
    std::cout << "  what does not work:\n";
    for (const KbAction &D : R.DeadEnds)
      std::cout << "    - " << (D.Action.empty() ? D.Detail : D.Action)
                << (D.Action.empty() || D.Detail.empty()
                        ? ""
                        : "\n      " + D.Detail)
                << "\n";
  }
  std::cout << "  caught by:   ";
  if (R.Checks.empty())
    std::cout << "(no torchdtype check predicts this error)";
  for (size_t I = 0; I < R.Checks.size(); ++I)
    std::cout << (I ? ", " : "") << R.Checks[I];
  std::cout << "\n";
  if (!R.DocUrl.empty())
    std::cout << "  docs:        " << R.DocUrl << "\n";
  std::cout << "  verified:    " << R.Tier
            << (R.Origin == "built-in" ? "" : " (from " + R.Origin + ")")
            << "\n";
}

int explain(std::vector<std::string> Args) {
  KnowledgeBase KB = KnowledgeBase::builtin();
  bool Zh = false;
  std::vector<std::string> Texts;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "--kb") {
      if (I + 1 == Args.size()) {
        std::cerr << "torchdtype explain: --kb needs a directory\n";
        return 2;
      }
      std::vector<std::string> Errors;
      KB.loadDirectory(Args[++I], Errors);
      for (const std::string &E : Errors)
        std::cerr << "torchdtype explain: " << E << "\n";
      if (!Errors.empty())
        return 2;
    } else if (Args[I] == "--zh") {
      Zh = true;
    } else if (Args[I] == "-h" || Args[I] == "--help") {
      std::cout << Usage;
      return 0;
    } else if (Args[I] == "-") {
      Texts.emplace_back(std::istreambuf_iterator<char>(std::cin),
                         std::istreambuf_iterator<char>());
    } else if (Args[I].size() > 1 && Args[I][0] == '-') {
      std::cerr << "torchdtype explain: unknown option '" << Args[I] << "'\n"
                << Usage;
      return 2;
    } else {
      Texts.push_back(Args[I]);
    }
  }
  if (Texts.empty()) {
    std::cerr << Usage;
    return 2;
  }
  std::string Text;
  for (const std::string &T : Texts)
    Text += (Text.empty() ? "" : " ") + T;
  OpContracts Contracts;
  Explanation E = explainMessage(KB, Contracts, Text);
  if (E.Records.empty()) {
    std::cout << "no knowledge-base record matches this message\n";
    return 1;
  }
  for (size_t I = 0; I < E.Records.size(); ++I) {
    if (I)
      std::cout << "\n";
    printRecord(*E.Records[I], Text, E, Zh);
  }
  if (!E.RaisedBy.empty()) {
    std::cout << "\nmeasured on LibTorch " << OpContracts::measuredVersion().str()
              << " (checker/data/op_contracts.json): raised by";
    for (size_t I = 0; I < E.RaisedBy.size(); ++I)
      std::cout << (I ? ", " : " ") << E.RaisedBy[I];
    std::cout << (E.RaisedBy.size() == 4 ? ", ..." : "") << "\n";
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  if (Args.empty() || Args[0] == "-h" || Args[0] == "--help") {
    std::cout << Usage;
    return Args.empty() ? 2 : 0;
  }
  if (Args[0] == "--version" || Args[0] == "-version") {
    std::cout << "torchdtype " << TORCHDTYPE_VERSION << "\n"
              << "LLVM " << LLVM_VERSION_STRING << "\n"
              << "PyTorch versions known: " << knownTorchVersionsText()
              << " (without a PyTorchVersion option: the version of the "
                 "code's LibTorch headers, else "
              << defaultTorchVersion().str() << ")\n";
    return 0;
  }
  if (Args[0] == "explain")
    return explain(std::vector<std::string>(Args.begin() + 1, Args.end()));
  if (Args[0] == "check") {
    std::vector<std::string> CheckArgs(Args.begin() + 1, Args.end());
    std::string Error;
    if (!useSetupPyDatabase(CheckArgs, Error)) {
      std::cerr << "torchdtype check: " << Error << "\n";
      return 2;
    }
    return runCheck(CheckArgs);
  }
  if (Args[0] == "compdb")
    return runCompdb(std::vector<std::string>(Args.begin() + 1, Args.end()));
  if (Args[0] == "merge")
    return runMerge(std::vector<std::string>(Args.begin() + 1, Args.end()));
  if (Args[0] == "pch")
    return runPch(std::vector<std::string>(Args.begin() + 1, Args.end()));
  std::cerr << "torchdtype: unknown command '" << Args[0] << "'\n" << Usage;
  return 2;
}
