//===- IncludePrefix.cpp - the system includes a file starts with ---------===//

#include "IncludePrefix.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>

namespace torchdtype {

namespace {

constexpr unsigned MaxDepth = 16;

class Scanner {
public:
  Scanner(const std::vector<std::string> &QuoteDirs) : QuoteDirs(QuoteDirs) {}

  /// Scans File; false when it stopped at something other than includes.
  bool scan(const std::string &File, unsigned Depth) {
    if (Depth > MaxDepth || !Visited.insert(File).second)
      return false;
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      return false;
    llvm::StringRef Dir = llvm::sys::path::parent_path(File);
    llvm::StringRef Source = (*Buf)->getBuffer();
    bool InComment = false;
    std::string Guard; ///< a header's #ifndef, waiting for its #define
    bool GuardOpen = false, First = Depth > 0;
    while (!Source.empty()) {
      auto [Line, Rest] = Source.split('\n');
      Source = Rest;
      llvm::StringRef L = Line.trim();
      if (L.ends_with("\\"))
        return false; // a continued line: stop rather than parse it
      if (InComment) {
        size_t End = L.find("*/");
        if (End == llvm::StringRef::npos)
          continue;
        InComment = false;
        L = L.substr(End + 2).trim();
      }
      while (L.starts_with("/*")) {
        size_t End = L.find("*/", 2);
        if (End == llvm::StringRef::npos) {
          InComment = true;
          L = "";
          break;
        }
        L = L.substr(End + 2).trim();
      }
      if (L.empty() || L.starts_with("//"))
        continue;
      if (!L.consume_front("#"))
        return false;
      L = L.ltrim();
      bool WasFirst = First;
      First = false;
      if (!Guard.empty()) {
        if (!L.consume_front("define") || L.trim() != Guard)
          return false;
        Guard.clear();
        GuardOpen = true;
        continue;
      }
      if (GuardOpen && L.starts_with("endif")) {
        GuardOpen = false;
        continue;
      }
      if (WasFirst && L.consume_front("ifndef")) {
        Guard = L.trim().str();
        if (Guard.empty())
          return false;
        continue;
      }
      if (L == "pragma once")
        continue;
      if (!L.consume_front("include"))
        return false;
      L = L.ltrim();
      char Close = L.starts_with("<") ? '>' : L.starts_with("\"") ? '"' : 0;
      size_t End = Close ? L.find(Close, 1) : llvm::StringRef::npos;
      if (End == llvm::StringRef::npos)
        return false;
      llvm::StringRef After = L.substr(End + 1).trim();
      if (!After.empty() && !After.starts_with("//"))
        return false;
      llvm::StringRef Name = L.substr(1, End - 1);
      if (Close == '>') {
        Out += "#include <" + Name.str() + ">\n";
        continue;
      }
      std::string Header = resolve(Dir, Name);
      if (Header.empty() || !scan(Header, Depth + 1))
        return false;
    }
    return Guard.empty() && !GuardOpen;
  }

  std::string Out;

private:
  std::string resolve(llvm::StringRef Dir, llvm::StringRef Name) {
    auto Try = [&](llvm::StringRef D) -> std::string {
      llvm::SmallString<256> P(D);
      llvm::sys::path::append(P, Name);
      llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      return llvm::sys::fs::is_regular_file(P) ? std::string(P) : "";
    };
    if (std::string P = Try(Dir); !P.empty())
      return P;
    for (const std::string &D : QuoteDirs)
      if (std::string P = Try(D); !P.empty())
        return P;
    return "";
  }

  const std::vector<std::string> &QuoteDirs;
  std::set<std::string> Visited;
};

} // namespace

std::string includePrefix(const std::string &MainFile,
                          const std::vector<std::string> &QuoteDirs) {
  Scanner S(QuoteDirs);
  S.scan(MainFile, 0);
  return S.Out;
}

} // namespace torchdtype
