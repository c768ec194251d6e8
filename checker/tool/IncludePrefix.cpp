//===- IncludePrefix.cpp - the system includes a file starts with ---------===//

#include "IncludePrefix.h"
#include "llvm/ADT/STLExtras.h"
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

bool isLibTorchHeader(llvm::StringRef Name) {
  return Name.starts_with("torch/") || Name.starts_with("ATen/") ||
         Name.starts_with("c10/") || Name.starts_with("caffe2/");
}

/// <vector>, <cstdint>: the C++ library's names; <stdio.h>: the C library's.
bool isStandardHeader(llvm::StringRef Name) {
  static const std::set<llvm::StringRef> C = {
      "assert.h", "ctype.h",  "errno.h",  "float.h",  "inttypes.h",
      "limits.h", "locale.h", "math.h",   "setjmp.h", "signal.h",
      "stdarg.h", "stddef.h", "stdint.h", "stdio.h",  "stdlib.h",
      "string.h", "time.h",   "wchar.h",  "wctype.h"};
  if (Name.contains('/'))
    return false;
  return !Name.contains('.') || C.count(Name);
}

/// The header of each `#include <...>` line of a prefix, in order; "" for
/// a line of any other kind.
std::vector<llvm::StringRef> headerNames(llvm::StringRef Prefix) {
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Prefix.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::vector<llvm::StringRef> Names;
  for (llvm::StringRef Name : Lines)
    Names.push_back(Name.consume_front("#include <") && Name.consume_back(">")
                        ? Name
                        : "");
  return Names;
}

} // namespace

std::string sharedPrefix(const std::string &Prefix) {
  std::string Out;
  std::set<llvm::StringRef> Seen;
  for (llvm::StringRef Name : headerNames(Prefix)) {
    if (Name.empty())
      return Prefix;
    if (isLibTorchHeader(Name)) {
      // Included again (by a header of the user's, say), it adds nothing:
      // LibTorch's headers are guarded.
      if (Seen.insert(Name).second)
        Out += "#include <" + Name.str() + ">\n";
    } else if (!isStandardHeader(Name)) {
      return Out.empty() ? Prefix : Out;
    }
  }
  return Out.empty() ? Prefix : Out;
}

bool libTorchOnly(const std::string &Prefix) {
  std::vector<llvm::StringRef> Names = headerNames(Prefix);
  return !Names.empty() && llvm::all_of(Names, isLibTorchHeader);
}

bool namesLibTorch(const std::string &Prefix) {
  return llvm::any_of(headerNames(Prefix), isLibTorchHeader);
}

std::string firstOtherHeader(const std::string &Prefix) {
  for (llvm::StringRef Name : headerNames(Prefix))
    if (!Name.empty() && !isLibTorchHeader(Name) && !isStandardHeader(Name))
      return "<" + Name.str() + ">";
  return "";
}

std::string mergePrefixes(const std::vector<std::string> &Prefixes) {
  std::set<std::string> Names;
  for (const std::string &P : Prefixes)
    for (llvm::StringRef Name : headerNames(P))
      Names.insert(Name.str());
  std::string Out;
  for (const std::string &Name : Names)
    Out += "#include <" + Name + ">\n";
  return Out;
}

std::string includePrefix(const std::string &MainFile,
                          const std::vector<std::string> &QuoteDirs) {
  Scanner S(QuoteDirs);
  S.scan(MainFile, 0);
  return S.Out;
}

} // namespace torchdtype
