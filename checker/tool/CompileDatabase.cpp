//===- CompileDatabase.cpp - a compile database, checked entry by entry ---===//

#include "CompileDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <set>

using namespace clang::tooling;

namespace torchdtype {

namespace {

/// What is wrong with one entry, or "".
std::string entryProblem(const llvm::json::Value &V) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O)
    return "not an object";
  std::optional<llvm::StringRef> Dir = O->getString("directory");
  if (!Dir)
    return "no \"directory\" (a string)";
  if (!llvm::sys::path::is_absolute(*Dir))
    return "\"directory\" is not an absolute path: '" + Dir->str() + "'";
  if (!O->getString("file"))
    return "no \"file\" (a string)";
  const llvm::json::Array *Args = O->getArray("arguments");
  if (!O->getString("command") && !(Args && !Args->empty()))
    return "no \"command\" or \"arguments\"";
  if (Args)
    for (const llvm::json::Value &A : *Args)
      if (!A.getAsString())
        return "\"arguments\" holds a value that is not a string";
  return "";
}

} // namespace

std::unique_ptr<CompilationDatabase>
loadCompileDatabase(llvm::StringRef Dir, std::vector<std::string> &Problems,
                    std::string &Error) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "compile_commands.json");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buf) // compile_flags.txt, or nothing: clang's loaders say which
    return CompilationDatabase::loadFromDirectory(Dir, Error);

  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse((*Buf)->getBuffer());
  if (!Doc) {
    Error = std::string(Path) +
            ": not valid JSON: " + llvm::toString(Doc.takeError());
    return nullptr;
  }
  const llvm::json::Array *Entries = Doc->getAsArray();
  if (!Entries) {
    Error = std::string(Path) + ": not a JSON array of compile commands";
    return nullptr;
  }
  llvm::json::Array Good;
  std::set<std::string> Seen;
  for (size_t I = 0; I < Entries->size(); ++I) {
    const llvm::json::Value &E = (*Entries)[I];
    std::string Problem = entryProblem(E);
    if (!Problem.empty()) {
      Problems.push_back("compile_commands.json: entry " +
                         std::to_string(I + 1) + ": " + Problem +
                         "; left out");
      continue;
    }
    // The same entry twice (a build system's duplicate) is analysed once.
    std::string Text;
    llvm::raw_string_ostream(Text) << E;
    if (Seen.insert(Text).second)
      Good.push_back(E);
  }
  if (Good.empty()) {
    Error = std::string(Path) + ": no usable compile command" +
            (Entries->empty() ? " (the database is empty)" : "");
    return nullptr;
  }
  std::string Text;
  llvm::raw_string_ostream(Text) << llvm::json::Value(std::move(Good));
  std::unique_ptr<CompilationDatabase> DB = JSONCompilationDatabase::loadFromBuffer(
      Text, Error, JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return nullptr;
  // As clang's loader wraps what it loads from a directory.
  return inferTargetAndDriverMode(inferMissingCompileCommands(
      expandResponseFiles(std::move(DB), llvm::vfs::getRealFileSystem())));
}

std::string absoluteIn(llvm::StringRef Dir, llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    P = Dir;
    llvm::sys::path::append(P, Path);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

void absoluteSourceArgument(CompileCommand &C) {
  std::string File = absoluteIn(C.Directory, C.Filename);
  for (std::string &A : C.CommandLine)
    if (!A.empty() && A[0] != '-' && !llvm::sys::path::is_absolute(A) &&
        absoluteIn(C.Directory, A) == File)
      A = File;
}

std::optional<std::string> dropUnbuiltPch(CompileCommand &C) {
  std::vector<std::string> &Args = C.CommandLine;
  // An argument's value, after its own -Xclang when it has one.
  auto ValueOf = [&](size_t I) -> size_t {
    return I + 2 < Args.size() && Args[I + 1] == "-Xclang" ? I + 2 : I + 1;
  };
  std::optional<size_t> Pch;
  bool IncludesText = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-include-pch" && ValueOf(I) < Args.size())
      Pch = I;
    else if (A.starts_with("-include") && !A.starts_with("-include-pch"))
      IncludesText = true;
  }
  if (!Pch || !IncludesText)
    return std::nullopt;
  std::string Path = Args[ValueOf(*Pch)];
  if (llvm::sys::fs::exists(absoluteIn(C.Directory, Path)))
    return std::nullopt;
  size_t First = *Pch > 0 && Args[*Pch - 1] == "-Xclang" ? *Pch - 1 : *Pch;
  Args.erase(Args.begin() + First, Args.begin() + ValueOf(*Pch) + 1);
  return Path;
}

} // namespace torchdtype
