//===- IncludePrefix.cpp - the system includes a file starts with ---------===//

#include "IncludePrefix.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <set>

namespace torchdtype {

namespace {

constexpr unsigned MaxDepth = 16;

/// A conditional the scan is inside.
struct Conditional {
  bool ParentActive = true; ///< the lines around it are compiled
  bool Active = true;       ///< the current branch is compiled
  bool Taken = false;       ///< a branch so far was
  bool SeenElse = false;
};

class Scanner {
public:
  Scanner(const std::vector<std::string> &QuoteDirs, MacroSource Macros)
      : QuoteDirs(QuoteDirs), Macros(Macros) {}

  /// Scans File; false when it stopped at something other than includes.
  bool scan(const std::string &File, unsigned Depth) {
    if (Depth > MaxDepth || !Visited.insert(File).second)
      return stop("the header " + File + " is reached twice");
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      return false;
    llvm::StringRef Dir = llvm::sys::path::parent_path(File);
    llvm::StringRef Source = (*Buf)->getBuffer();
    bool InComment = false;
    std::string Guard; ///< a header's #ifndef, waiting for its #define
    bool GuardOpen = false, First = Depth > 0;
    std::vector<Conditional> Conds;
    auto Active = [&] { return Conds.empty() || Conds.back().Active; };
    while (!Source.empty()) {
      auto [Line, Rest] = Source.split('\n');
      Source = Rest;
      llvm::StringRef L = Line.trim();
      if (L.ends_with("\\"))
        return stop("a directive continued on the next line"); // not parsed
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
      if (!L.consume_front("#")) {
        if (Active())
          return false; // code: the prefix ends here
        // A skipped line: the preprocessor only looks for directives, but a
        // comment opened in it still hides them.
        if (L.contains("/*")) {
          if (L.find_first_of("\"'") != llvm::StringRef::npos)
            return stop("a skipped line with quotes and a comment");
          size_t Open = L.rfind("/*");
          if (L.find("*/", Open) == llvm::StringRef::npos)
            InComment = true;
        }
        continue;
      }
      L = L.ltrim();
      // A comment opened on a directive's line and closed on a later one
      // would hide what comes between: not followed.
      if (size_t Open = L.rfind("/*");
          Open != llvm::StringRef::npos &&
          L.find("*/", Open + 2) == llvm::StringRef::npos)
        return stop("a comment that goes on past the line of #" + L.str());
      llvm::StringRef Directive = macroName(L);
      llvm::StringRef Args = L.drop_front(Directive.size()).trim();
      if (size_t C = Args.find("//");
          C != llvm::StringRef::npos && Directive != "define")
        Args = Args.take_front(C).rtrim();
      bool WasFirst = First;
      First = false;
      if (!Active()) {
        // Only the conditionals count in a skipped branch (its includes
        // and defines are not compiled).
        if (Directive == "if" || Directive == "ifdef" ||
            Directive == "ifndef") {
          Conditional C;
          C.ParentActive = C.Active = false;
          Conds.push_back(C);
        } else if (Directive == "elif" || Directive == "elifdef" ||
                   Directive == "elifndef" || Directive == "else") {
          if (!branch(Conds, Directive, Args, L))
            return false;
        } else if (Directive == "endif") {
          Conds.pop_back();
        }
        continue;
      }
      if (!Guard.empty()) {
        if (Directive != "define" || Args != Guard)
          return stop("a header starting with #ifndef " + Guard +
                      " and no #define of it");
        Guard.clear();
        GuardOpen = true;
        continue;
      }
      if (Directive == "endif") {
        if (!Conds.empty())
          Conds.pop_back();
        else if (GuardOpen)
          GuardOpen = false;
        else
          return stop("an #endif without its #if");
        continue;
      }
      if (WasFirst && Directive == "ifndef") {
        Guard = Args.str();
        if (Guard.empty())
          return false;
        continue;
      }
      if (Directive == "if" || Directive == "ifdef" || Directive == "ifndef") {
        if (SeenAngle)
          return stop("a conditional after an include (#" + L.str() +
                      "): the headers before it may decide it");
        std::optional<bool> V = condition(Directive, Args, L);
        if (!V)
          return false;
        Conditional C;
        C.Active = C.Taken = *V;
        Conds.push_back(C);
        continue;
      }
      if (Directive == "elif" || Directive == "elifdef" ||
          Directive == "elifndef" || Directive == "else") {
        if (Conds.empty())
          return stop("an #" + Directive.str() + " without its #if");
        if (!branch(Conds, Directive, Args, L))
          return false;
        continue;
      }
      if (Directive == "define" || Directive == "undef") {
        llvm::StringRef Name = macroName(Args);
        if (Name.empty())
          return stop("#" + L.str());
        if (Table) {
          if (Directive == "define")
            Table->define(Args);
          else
            Table->undefine(Name);
        } else {
          Pending.push_back({Directive == "define", Args.str()});
        }
        Events.push_back(Name.str());
        Exact += "#" + Directive.str() + " " + Args.str() + "\n";
        continue;
      }
      if (L == "pragma once" || Directive.empty())
        continue;
      if (Directive != "include")
        return stop("#" + L.str());
      llvm::StringRef Inc = Args;
      char Close = Inc.starts_with("<") ? '>' : Inc.starts_with("\"") ? '"' : 0;
      size_t End = Close ? Inc.find(Close, 1) : llvm::StringRef::npos;
      if (End == llvm::StringRef::npos)
        return stop("#" + L.str());
      llvm::StringRef After = Inc.substr(End + 1).trim();
      if (!After.empty() && !After.starts_with("//"))
        return false;
      llvm::StringRef Name = Inc.substr(1, End - 1);
      if (Close == '>') {
        Out += "#include <" + Name.str() + ">\n";
        SeenAngle = true;
        Events.push_back(""); // an include: the defines before it count
        Exact += "#include <" + Name.str() + ">\n";
        ExactEnd = Exact.size();
        continue;
      }
      std::string Header = resolve(Dir, Name);
      if (Header.empty() || !scan(Header, Depth + 1))
        return false;
    }
    return Conds.empty() && Guard.empty() && !GuardOpen;
  }

  /// The names defined or undefined before the last include, each once.
  std::vector<std::string> definedBeforeIncludes() const {
    std::vector<std::string> Names;
    auto Last = std::find(Events.rbegin(), Events.rend(), "");
    for (auto It = Events.begin(); Last != Events.rend() && It != Last.base();
         ++It)
      if (!It->empty() && !llvm::is_contained(Names, *It))
        Names.push_back(*It);
    return Names;
  }

  std::string Out;
  std::vector<std::string> Tested;
  std::string Stop;
  /// The angle includes, defines and undefines met, in order, as lines;
  /// ExactEnd: its length at the last include.
  std::string Exact;
  size_t ExactEnd = 0;

private:
  bool stop(const std::string &Why) {
    if (Stop.empty())
      Stop = Why;
    return false;
  }

  /// The macros where the scan is: the command's and the file's own.
  const MacroTable *table() {
    if (!Table) {
      const MacroTable *Base = Macros ? Macros() : nullptr;
      if (!Base)
        return nullptr;
      Table = *Base;
      for (const auto &[Define, Rest] : Pending) {
        if (Define)
          Table->define(Rest);
        else
          Table->undefine(macroName(Rest));
      }
    }
    return &*Table;
  }

  /// Adds Name and the macros its definition names to Tested.
  void noteTested(const std::string &Name, unsigned Depth = 0) {
    if (Depth > 8 || llvm::is_contained(Tested, Name))
      return;
    Tested.push_back(Name);
    if (const MacroTable::Macro *M = Table ? Table->find(Name) : nullptr)
      for (const std::string &N : conditionIdentifiers(M->Body))
        noteTested(N, Depth + 1);
  }

  /// The value of a conditional directive (if, ifdef, ifndef, elif,
  /// elifdef, elifndef); nothing when it cannot be known.
  std::optional<bool> condition(llvm::StringRef Directive, llvm::StringRef Args,
                                llvm::StringRef Line) {
    const MacroTable *M = table();
    if (!M) {
      stop("a conditional (#" + Line.str() +
           ") and its command's macros are not known");
      return std::nullopt;
    }
    if (Directive.ends_with("def")) {
      llvm::StringRef Name = macroName(Args);
      if (Name.empty() || Name.size() != Args.size()) {
        stop("#" + Line.str());
        return std::nullopt;
      }
      noteTested(Name.str());
      bool Defined = isBuiltinMacro(Name) || M->find(Name);
      return Directive.ends_with("ndef") ? !Defined : Defined;
    }
    for (const std::string &N : conditionIdentifiers(Args))
      noteTested(N);
    std::string Why;
    std::optional<bool> V = evaluateCondition(Args, *M, Why);
    if (!V)
      stop("a conditional that cannot be evaluated under its command's "
           "macros (#" +
           Line.str() + "): " + Why);
    return V;
  }

  /// An #elif, #elifdef, #elifndef or #else of the innermost conditional.
  bool branch(std::vector<Conditional> &Conds, llvm::StringRef Directive,
              llvm::StringRef Args, llvm::StringRef Line) {
    Conditional &C = Conds.back();
    if (C.SeenElse)
      return stop("#" + Line.str() + " after #else");
    if (Directive == "else") {
      C.SeenElse = true;
      C.Active = C.ParentActive && !C.Taken;
      C.Taken |= C.Active;
      return true;
    }
    if (!C.ParentActive || C.Taken) {
      C.Active = false;
      return true;
    }
    if (SeenAngle)
      return stop("a conditional after an include (#" + Line.str() +
                  "): the headers before it may decide it");
    std::optional<bool> V = condition(
        Directive == "elif" ? "if" : Directive.drop_front(2), Args, Line);
    if (!V)
      return false;
    C.Active = C.Taken = *V;
    return true;
  }

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
  MacroSource Macros;
  std::optional<MacroTable> Table;
  /// The file's defines (true) and undefines met before Table was needed.
  std::vector<std::pair<bool, std::string>> Pending;
  /// Each define or undefine's name, and "" for each angle include.
  std::vector<std::string> Events;
  bool SeenAngle = false;
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

PrefixScan scanPrefix(const std::string &MainFile,
                      const std::vector<std::string> &QuoteDirs,
                      MacroSource Macros) {
  Scanner S(QuoteDirs, Macros);
  S.scan(MainFile, 0);
  PrefixScan R;
  R.Prefix = std::move(S.Out);
  R.Defined = S.definedBeforeIncludes();
  if (!R.Defined.empty())
    R.Exact = S.Exact.substr(0, S.ExactEnd);
  if (!R.Prefix.empty())
    R.Tested = std::move(S.Tested);
  R.Stop = std::move(S.Stop);
  return R;
}

std::string includePrefix(const std::string &MainFile,
                          const std::vector<std::string> &QuoteDirs) {
  return scanPrefix(MainFile, QuoteDirs, nullptr).Prefix;
}

} // namespace torchdtype
