//===- ResultCache.cpp - findings of unchanged files ----------------------===//

#include "ResultCache.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

namespace fs = llvm::sys::fs;
namespace json = llvm::json;

namespace torchdtype {

namespace {

/// Bumped when the entry format or the meaning of a finding changes.
const char *const EntryFormat = "torchdtype-results 1";

json::Object toJson(const Message &M) {
  return json::Object{{"text", M.Text},
                      {"file", M.Loc.File},
                      {"line", M.Loc.Line},
                      {"column", M.Loc.Column}};
}

bool fromJson(const json::Object *O, Message &M) {
  if (!O)
    return false;
  auto Text = O->getString("text");
  auto File = O->getString("file");
  auto Line = O->getInteger("line");
  auto Column = O->getInteger("column");
  if (!Text || !File || !Line || !Column)
    return false;
  M.Text = Text->str();
  M.Loc = {File->str(), unsigned(*Line), unsigned(*Column)};
  return true;
}

std::optional<std::vector<Finding>> findingsFrom(const json::Array &Items) {
  std::vector<Finding> Out;
  for (const json::Value &V : Items) {
    const json::Object *O = V.getAsObject();
    if (!O)
      return std::nullopt;
    Finding F;
    auto Check = O->getString("check");
    auto Level = O->getString("level");
    const json::Array *Notes = O->getArray("notes");
    const json::Array *Fixes = O->getArray("fixes");
    if (!Check || !Level || !Notes || !Fixes ||
        !fromJson(O->getObject("main"), F.Main))
      return std::nullopt;
    F.Check = Check->str();
    F.Level = Level->str();
    for (const json::Value &N : *Notes) {
      Message M;
      if (!fromJson(N.getAsObject(), M))
        return std::nullopt;
      F.Notes.push_back(std::move(M));
    }
    for (const json::Value &X : *Fixes) {
      const json::Object *R = X.getAsObject();
      if (!R)
        return std::nullopt;
      auto File = R->getString("file");
      auto Offset = R->getInteger("offset");
      auto Length = R->getInteger("length");
      auto Text = R->getString("text");
      if (!File || !Offset || !Length || !Text)
        return std::nullopt;
      F.Fixes.emplace_back(*File, unsigned(*Offset), unsigned(*Length), *Text);
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace

std::string toolIdentity() {
  std::string Exe = fs::getMainExecutable(nullptr, (void *)&toolIdentity);
  StampCache S;
  return std::string(EntryFormat) + "|" + clang::getClangFullVersion() + "|" +
         Exe + "|" + S.digest(Exe);
}

std::string ResultCache::entryPath(const std::string &File) const {
  return Dir + "/results/" + hashText(File) + ".json";
}

std::optional<std::vector<Finding>>
ResultCache::lookup(const std::string &File, const std::string &Key,
                    StampCache &Stamps) const {
  auto Buf = llvm::MemoryBuffer::getFile(entryPath(File));
  if (!Buf)
    return std::nullopt;
  llvm::Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt; // a damaged entry is analysed again and replaced
  }
  const json::Object *O = V->getAsObject();
  if (!O || O->getString("file") != File || O->getString("key") != Key)
    return std::nullopt;
  const json::Array *Inputs = O->getArray("inputs");
  const json::Array *Items = O->getArray("findings");
  if (!Inputs || !Items)
    return std::nullopt;
  for (const json::Value &I : *Inputs) {
    const json::Array *Pair = I.getAsArray();
    if (!Pair || Pair->size() != 2)
      return std::nullopt;
    auto Path = (*Pair)[0].getAsString();
    auto Stamp = (*Pair)[1].getAsString();
    if (!Path || !Stamp || Stamps.digest(Path->str()) != *Stamp)
      return std::nullopt;
  }
  return findingsFrom(*Items);
}

bool ResultCache::store(const std::string &File, const std::string &Key,
                        const std::vector<std::string> &Inputs,
                        const std::vector<Finding> &Findings,
                        StampCache &Stamps) const {
  json::Array In;
  for (const std::string &I : Inputs)
    In.push_back(json::Array{I, Stamps.digest(I)});
  json::Array Items;
  for (const Finding &F : Findings) {
    json::Array Notes, Fixes;
    for (const Message &N : F.Notes)
      Notes.push_back(toJson(N));
    for (const clang::tooling::Replacement &R : F.Fixes)
      Fixes.push_back(json::Object{{"file", R.getFilePath()},
                                   {"offset", R.getOffset()},
                                   {"length", R.getLength()},
                                   {"text", R.getReplacementText()}});
    Items.push_back(json::Object{{"check", F.Check},
                                 {"level", F.Level},
                                 {"main", toJson(F.Main)},
                                 {"notes", std::move(Notes)},
                                 {"fixes", std::move(Fixes)}});
  }
  json::Object Entry{{"file", File},
                     {"key", Key},
                     {"inputs", std::move(In)},
                     {"findings", std::move(Items)}};
  if (fs::create_directories(Dir + "/results"))
    return false;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(std::move(Entry)) << "\n";
  return writeAtomically(entryPath(File), OS.str());
}

} // namespace torchdtype
