//===- Finding.cpp - a finding as JSON ------------------------------------===//

#include "Finding.h"

namespace json = llvm::json;

namespace torchdtype {

namespace {

json::Object toJson(const Location &L) {
  return json::Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

bool fromJson(const json::Object *O, Location &L) {
  if (!O)
    return false;
  std::optional<llvm::StringRef> File = O->getString("file");
  std::optional<int64_t> Line = O->getInteger("line"),
                         Column = O->getInteger("column");
  if (!File || !Line || !Column || *Line < 0 || *Column < 0)
    return false;
  L = {File->str(), unsigned(*Line), unsigned(*Column)};
  return true;
}

} // namespace

json::Object toJson(const Finding &F) {
  json::Array Notes, Fixes;
  for (const Message &N : F.Notes)
    Notes.push_back(
        json::Object{{"message", N.Text}, {"location", toJson(N.Loc)}});
  for (const clang::tooling::Replacement &R : F.Fixes)
    Fixes.push_back(json::Object{{"file", std::string(R.getFilePath())},
                                 {"offset", int64_t(R.getOffset())},
                                 {"length", int64_t(R.getLength())},
                                 {"text", std::string(R.getReplacementText())}});
  return json::Object{{"check", F.Check},
                      {"level", F.Level},
                      {"message", F.Main.Text},
                      {"location", toJson(F.Main.Loc)},
                      {"notes", std::move(Notes)},
                      {"fixes", std::move(Fixes)}};
}

bool fromJson(const json::Object *O, Finding &F) {
  if (!O)
    return false;
  std::optional<llvm::StringRef> Check = O->getString("check"),
                                 Level = O->getString("level"),
                                 Text = O->getString("message");
  const json::Array *Notes = O->getArray("notes");
  const json::Array *Fixes = O->getArray("fixes");
  if (!Check || !Level || !Text || !Notes || !Fixes ||
      !fromJson(O->getObject("location"), F.Main.Loc))
    return false;
  F.Check = Check->str();
  F.Level = Level->str();
  F.Main.Text = Text->str();
  for (const json::Value &V : *Notes) {
    const json::Object *N = V.getAsObject();
    Message M;
    std::optional<llvm::StringRef> NoteText =
        N ? N->getString("message") : std::nullopt;
    if (!NoteText || !fromJson(N->getObject("location"), M.Loc))
      return false;
    M.Text = NoteText->str();
    F.Notes.push_back(std::move(M));
  }
  for (const json::Value &V : *Fixes) {
    const json::Object *X = V.getAsObject();
    if (!X)
      return false;
    std::optional<llvm::StringRef> File = X->getString("file"),
                                   Replacement = X->getString("text");
    std::optional<int64_t> Offset = X->getInteger("offset"),
                           Length = X->getInteger("length");
    if (!File || !Replacement || !Offset || !Length || *Offset < 0 ||
        *Length < 0)
      return false;
    F.Fixes.emplace_back(*File, unsigned(*Offset), unsigned(*Length),
                         *Replacement);
  }
  return true;
}

} // namespace torchdtype
