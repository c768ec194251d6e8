//===- KnowledgeBase.cpp - records of real LibTorch errors ----------------===//

#include "KnowledgeBase.h"
#include <cstdio>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <dirent.h>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

namespace torchdtype {

namespace {
struct KbRecordData {
  const char *Json;
};
#include "KbTables.inc"

using nlohmann::json;

bool stringField(const json &J, const char *Name, bool Required,
                 std::string &Out, const std::string &Origin,
                 std::vector<std::string> &Errors) {
  auto It = J.find(Name);
  if (It == J.end() || It->is_null()) {
    if (Required)
      Errors.push_back(Origin + ": field '" + Name + "': missing");
    return !Required;
  }
  if (!It->is_string()) {
    Errors.push_back(Origin + ": field '" + Name + "': must be a string");
    return false;
  }
  Out = It->get<std::string>();
  if (Required && Out.empty()) {
    Errors.push_back(Origin + ": field '" + Name + "': must not be empty");
    return false;
  }
  return true;
}

bool stringList(const json &J, const char *Name, std::vector<std::string> &Out,
                const std::string &Origin, std::vector<std::string> &Errors) {
  auto It = J.find(Name);
  if (It == J.end() || It->is_null())
    return true;
  if (!It->is_array()) {
    Errors.push_back(Origin + ": field '" + Name + "': must be an array");
    return false;
  }
  for (const json &E : *It) {
    if (!E.is_string()) {
      Errors.push_back(Origin + ": field '" + Name +
                       "': must hold strings only");
      return false;
    }
    Out.push_back(E.get<std::string>());
  }
  return true;
}

bool actionList(const json &J, const char *Name, const char *DetailKey,
                std::vector<KbAction> &Out, const std::string &Origin,
                std::vector<std::string> &Errors) {
  auto It = J.find(Name);
  if (It == J.end() || It->is_null())
    return true;
  if (!It->is_array()) {
    Errors.push_back(Origin + ": field '" + Name + "': must be an array");
    return false;
  }
  for (size_t I = 0; I < It->size(); ++I) {
    const json &E = (*It)[I];
    std::string Field = std::string(Name) + "[" + std::to_string(I) + "]";
    if (!E.is_object()) {
      Errors.push_back(Origin + ": field '" + Field + "': must be an object");
      return false;
    }
    KbAction A;
    if (!stringField(E, "action", false, A.Action, Origin + ": " + Field,
                     Errors) ||
        !stringField(E, DetailKey, false, A.Detail, Origin + ": " + Field,
                     Errors))
      return false;
    if (auto F = E.find("finding"); F != E.end() && F->is_string())
      A.Finding = F->get<std::string>();
    for (const char *RateKey : {"success_rate", "fail_rate"}) {
      auto R = E.find(RateKey);
      if (R != E.end() && R->is_number())
        A.Rate = R->get<double>();
    }
    Out.push_back(std::move(A));
  }
  return true;
}
/// "messages": {"1.13": TEXT, {"SHAPE": TEXT, ...} or null, ...}.
bool messageMap(const json &J, std::vector<KbMessage> &Out,
                const std::string &Origin, std::vector<std::string> &Errors) {
  auto It = J.find("messages");
  if (It == J.end() || It->is_null())
    return true;
  auto Bad = [&](const std::string &What) {
    Errors.push_back(Origin + ": field 'messages': " + What);
    return false;
  };
  if (!It->is_object())
    return Bad("must be an object of versions");
  for (const auto &[Version, V] : It->items()) {
    KbMessage M;
    char Dot = 0;
    int Used = 0;
    if (std::sscanf(Version.c_str(), "%u%c%u%n", &M.Major, &Dot, &M.Minor,
                    &Used) != 3 ||
        Dot != '.' || size_t(Used) != Version.size())
      return Bad("'" + Version + "' is not a version like 1.13");
    std::vector<std::pair<std::string, const json *>> Texts;
    if (V.is_null()) { // none written from this version on
      Out.push_back(M);
      continue;
    }
    if (V.is_string())
      Texts.push_back({"", &V});
    else if (V.is_object())
      for (const auto &[Shape, T] : V.items())
        Texts.push_back({Shape, &T});
    else
      return Bad("'" + Version + "' must be a text or an object of texts");
    for (const auto &[Shape, T] : Texts) {
      if (!T->is_string() || T->get<std::string>().empty())
        return Bad("'" + Version + "' must hold non-empty texts");
      KbMessage Each = M;
      Each.Finding = Shape;
      Each.Text = T->get<std::string>();
      Out.push_back(std::move(Each));
    }
  }
  return true;
}
} // namespace

KnowledgeBase::KnowledgeBase() {
  std::vector<std::string> Errors;
  for (const KbRecordData &D : BuiltinRecords)
    addJson(D.Json, "built-in", Errors);
  // The generator validated these; an error here is a build defect.
  (void)Errors;
}

const KnowledgeBase &KnowledgeBase::builtin() {
  static const KnowledgeBase KB;
  return KB;
}

std::shared_ptr<const KnowledgeBase>
KnowledgeBase::withDirectory(const std::string &Dir,
                             std::vector<std::string> &FirstErrors) {
  static std::mutex Lock;
  static std::map<std::string, std::shared_ptr<const KnowledgeBase>> Loaded;
  std::lock_guard<std::mutex> G(Lock);
  std::shared_ptr<const KnowledgeBase> &Slot = Loaded[Dir];
  if (!Slot) {
    auto KB = std::make_shared<KnowledgeBase>(builtin());
    KB->loadDirectory(Dir, FirstErrors);
    Slot = std::move(KB);
  }
  return Slot;
}

bool KnowledgeBase::addJson(const std::string &Text, const std::string &Origin,
                            std::vector<std::string> &Errors) {
  json J = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded()) {
    Errors.push_back(Origin + ": not valid JSON");
    return false;
  }
  if (!J.is_object()) {
    Errors.push_back(Origin + ": a record must be a JSON object");
    return false;
  }
  KbRecord R;
  R.Origin = Origin;
  size_t Before = Errors.size();
  stringField(J, "id", true, R.Id, Origin, Errors);
  stringField(J, "signature", true, R.Signature, Origin, Errors);
  stringField(J, "signature_zh", false, R.SignatureZh, Origin, Errors);
  stringField(J, "regex", true, R.Regex, Origin, Errors);
  stringField(J, "root_cause", true, R.RootCause, Origin, Errors);
  stringField(J, "root_cause_zh", false, R.RootCauseZh, Origin, Errors);
  stringField(J, "official_doc_url", false, R.DocUrl, Origin, Errors);
  stringField(J, "verification_tier", true, R.Tier, Origin, Errors);
  stringList(J, "checks", R.Checks, Origin, Errors);
  stringList(J, "aliases", R.Aliases, Origin, Errors);
  stringList(J, "workarounds_zh", R.WorkaroundsZh, Origin, Errors);
  actionList(J, "workarounds", "how", R.Workarounds, Origin, Errors);
  actionList(J, "dead_ends", "why_fails", R.DeadEnds, Origin, Errors);
  messageMap(J, R.Messages, Origin, Errors);
  if (Errors.size() != Before)
    return false;
  try {
    R.Compiled = std::make_shared<const std::regex>(
        R.Regex, std::regex::ECMAScript | std::regex::optimize);
  } catch (const std::regex_error &E) {
    Errors.push_back(Origin +
                     ": field 'regex': not a valid regular "
                     "expression: " +
                     E.what());
    return false;
  }
  add(std::move(R));
  return true;
}

void KnowledgeBase::add(KbRecord R) {
  for (KbRecord &Old : Records)
    if (Old.Id == R.Id) {
      Old = std::move(R);
      return;
    }
  Records.push_back(std::move(R));
}

unsigned KnowledgeBase::loadDirectory(const std::string &Dir,
                                      std::vector<std::string> &Errors) {
  DIR *D = opendir(Dir.c_str());
  if (!D) {
    Errors.push_back(Dir + ": cannot open the knowledge-base directory");
    return 0;
  }
  std::vector<std::string> Files;
  while (dirent *E = readdir(D)) {
    std::string Name = E->d_name;
    if (Name.size() > 5 && Name.compare(Name.size() - 5, 5, ".json") == 0)
      Files.push_back(Dir + "/" + Name);
  }
  closedir(D);
  std::sort(Files.begin(), Files.end());
  unsigned N = 0;
  for (const std::string &F : Files) {
    std::ifstream In(F);
    if (!In) {
      Errors.push_back(F + ": cannot read the file");
      continue;
    }
    std::stringstream SS;
    SS << In.rdbuf();
    N += addJson(SS.str(), F, Errors);
  }
  return N;
}

/// {on:cpu=TEXT|cuda=TEXT}: the text written for Device, if any.
static std::optional<std::string>
choose(const std::string &Choices, const std::optional<std::string> &Device) {
  if (!Device)
    return std::nullopt;
  for (size_t I = 0; I <= Choices.size();) {
    size_t Bar = Choices.find('|', I);
    if (Bar == std::string::npos)
      Bar = Choices.size();
    std::string C = Choices.substr(I, Bar - I);
    size_t Eq = C.find('=');
    if (Eq != std::string::npos && C.substr(0, Eq) == *Device)
      return C.substr(Eq + 1);
    I = Bar + 1;
  }
  return std::nullopt;
}

std::string
KbRecord::message(unsigned Major, unsigned Minor, const std::string &Finding,
                  const std::function<std::optional<std::string>(
                      const std::string &, const std::string &)> &Fill) const {
  // The latest version at or before the target, written for this shape
  // (before one written for any).
  const KbMessage *Best = nullptr;
  for (const KbMessage &M : Messages) {
    if (std::make_pair(M.Major, M.Minor) > std::make_pair(Major, Minor) ||
        (!M.Finding.empty() && M.Finding != Finding))
      continue;
    if (!Best ||
        std::make_pair(M.Major, M.Minor) >
            std::make_pair(Best->Major, Best->Minor) ||
        (std::make_pair(M.Major, M.Minor) ==
             std::make_pair(Best->Major, Best->Minor) &&
         !M.Finding.empty()))
      Best = &M;
  }
  if (!Best || Best->Text.empty())
    return "";
  std::string Out;
  const std::string &T = Best->Text;
  for (size_t I = 0; I < T.size();) {
    size_t Open = T.find('{', I);
    Out += T.substr(I, Open == std::string::npos ? Open : Open - I);
    if (Open == std::string::npos)
      break;
    size_t Close = T.find('}', Open);
    if (Close == std::string::npos)
      return "";
    std::string Name = T.substr(Open + 1, Close - Open - 1);
    size_t Colon = Name.find(':');
    std::optional<std::string> V =
        Name.rfind("on:", 0) == 0 ? choose(Name.substr(3), Fill("on", ""))
        : Colon == std::string::npos
            ? Fill(Name, "")
            : Fill(Name.substr(0, Colon), Name.substr(Colon + 1));
    if (!V)
      return "";
    Out += *V;
    I = Close + 1;
  }
  return Out;
}

std::string KbRecord::firstSignature() const {
  return Signature.substr(0, Signature.find(" / "));
}

const KbAction *KbRecord::bestWorkaround(const std::string &Finding) const {
  const KbAction *Best = nullptr;
  for (bool Written : {true, false}) {
    for (const KbAction &W : Workarounds)
      if ((Written ? !Finding.empty() && W.Finding == Finding
                   : W.Finding.empty()) &&
          (!Best || W.Rate > Best->Rate))
        Best = &W;
    if (Best)
      return Best;
  }
  return Best;
}

const KbRecord *KnowledgeBase::find(const std::string &IdOrAlias) const {
  for (const KbRecord &R : Records)
    if (R.Id == IdOrAlias || std::find(R.Aliases.begin(), R.Aliases.end(),
                                       IdOrAlias) != R.Aliases.end())
      return &R;
  return nullptr;
}

std::vector<const KbRecord *>
KnowledgeBase::match(const std::string &Text) const {
  std::vector<std::pair<size_t, const KbRecord *>> Hits;
  for (const KbRecord &R : Records) {
    std::smatch M;
    if (R.Compiled && std::regex_search(Text, M, *R.Compiled))
      Hits.push_back({size_t(M.length(0)), &R});
  }
  std::stable_sort(Hits.begin(), Hits.end(), [](const auto &A, const auto &B) {
    return A.first > B.first;
  });
  std::vector<const KbRecord *> Out;
  for (const auto &H : Hits)
    Out.push_back(H.second);
  return Out;
}

} // namespace torchdtype
