//===- KnowledgeBase.h - records of real LibTorch errors --------*- C++ -*-===//
//
// The knowledge base: one record per runtime error a LibTorch user meets, with
// its real message (signature, regex), root cause, what works and what does
// not, and the checks that predict it. The records of kb/records are compiled
// in; a directory of the user's records can be added at run time. No
// clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_KB_KNOWLEDGEBASE_H
#define TORCHDTYPE_KB_KNOWLEDGEBASE_H

#include <functional>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace torchdtype {

struct KbAction {
  std::string Action; ///< what to do (workaround) or what was tried (dead end)
  std::string Detail; ///< how (workaround) or why it fails (dead end)
  double Rate = 0;    ///< success_rate (workaround) or fail_rate (dead end)
  /// The shape of finding a workaround is written for ("bfloat16",
  /// "module_input", ...), or "" for any.
  std::string Finding;
};

/// The text a program prints for this record from a PyTorch version on, for
/// one shape of finding ("" for any), with {role:format} placeholders.
struct KbMessage {
  unsigned Major = 0, Minor = 0;
  std::string Finding;
  std::string Text;
};

struct KbRecord {
  std::string Id;
  std::string Signature, SignatureZh;
  std::string Regex;
  std::string RootCause, RootCauseZh;
  std::string DocUrl;
  std::string Tier; ///< verification_tier
  std::vector<std::string> Checks, Aliases, WorkaroundsZh;
  std::vector<KbAction> Workarounds, DeadEnds;
  std::string Origin; ///< "built-in" or the file it was read from
  std::shared_ptr<const std::regex> Compiled;
  std::vector<KbMessage> Messages; ///< "messages", by version

  /// The message a finding of this shape prints on PyTorch Major.Minor,
  /// its placeholders ({expected:ScalarType}, {found:type}, {fn} ...)
  /// given by Fill(role, format); {on:cpu=TEXT|cuda=TEXT} is the text
  /// for the device Fill("on", "") names. "" when no message is written
  /// for that version and shape, or Fill has no value for a placeholder.
  std::string
  message(unsigned Major, unsigned Minor, const std::string &Finding,
          const std::function<std::optional<std::string>(
              const std::string &Role, const std::string &Format)> &Fill) const;

  /// The first form of the signature, for one-line warnings (records list
  /// several forms separated by " / ").
  std::string firstSignature() const;
  /// The workaround with the highest success rate, or null.
  /// The best-rated workaround written for this shape of finding, else the
  /// best-rated one written for any.
  const KbAction *bestWorkaround(const std::string &Finding = {}) const;
};

class KnowledgeBase {
public:
  /// The records compiled in from kb/records.
  KnowledgeBase();

  /// Reads every *.json file of Dir as a record (user records override
  /// built-in ones of the same id). Problems are appended to Errors as
  /// "FILE: field 'NAME': what is wrong"; a bad file is skipped whole.
  /// Returns the number of records read.
  unsigned loadDirectory(const std::string &Dir,
                         std::vector<std::string> &Errors);
  /// Parses one record from JSON text; Origin names it in errors.
  bool addJson(const std::string &Text, const std::string &Origin,
               std::vector<std::string> &Errors);

  const KbRecord *find(const std::string &IdOrAlias) const;
  /// Records whose regex occurs in Text, the longest match first.
  std::vector<const KbRecord *> match(const std::string &Text) const;
  const std::vector<KbRecord> &records() const { return Records; }

  /// The built-in knowledge base, shared.
  static const KnowledgeBase &builtin();
  /// The built-in records and Dir's (loadDirectory), read once per process
  /// and shared by every check and file after. FirstErrors gets Dir's
  /// problems on the first call for Dir only, so a run names each broken
  /// record once, not once per check and file.
  static std::shared_ptr<const KnowledgeBase>
  withDirectory(const std::string &Dir, std::vector<std::string> &FirstErrors);

private:
  void add(KbRecord R);
  std::vector<KbRecord> Records;
};

} // namespace torchdtype

#endif
