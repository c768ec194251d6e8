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
const char *const EntryFormat = "torchdtype-results 3";

std::optional<std::vector<Finding>> findingsFrom(const json::Array &Items) {
  std::vector<Finding> Out;
  for (const json::Value &V : Items) {
    Finding F;
    if (!fromJson(V.getAsObject(), F))
      return std::nullopt;
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
                    StampCache &Stamps, std::string *Version) const {
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
  if (Version)
    *Version = O->getString("version").value_or("").str();
  return findingsFrom(*Items);
}

bool ResultCache::store(const std::string &File, const std::string &Key,
                        const std::vector<std::string> &Inputs,
                        const std::vector<Finding> &Findings,
                        StampCache &Stamps, const std::string &Version) const {
  json::Array In;
  for (const std::string &I : Inputs)
    In.push_back(json::Array{I, Stamps.digest(I)});
  json::Array Items;
  for (const Finding &F : Findings)
    Items.push_back(toJson(F));
  json::Object Entry{{"file", File},
                     {"key", Key},
                     {"inputs", std::move(In)},
                     {"findings", std::move(Items)},
                     {"version", Version}};
  if (fs::create_directories(Dir + "/results"))
    return false;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(std::move(Entry)) << "\n";
  return writeAtomically(entryPath(File), OS.str());
}

} // namespace torchdtype
