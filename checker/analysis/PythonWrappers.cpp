//===- PythonWrappers.cpp - how an extension's Python calls its C++ -------===//

#include "PythonWrappers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <mutex>

namespace torchdtype {

namespace {

constexpr unsigned MaxLevelsUp = 8;
constexpr unsigned MaxFiles = 5000;
constexpr uint64_t MaxFileBytes = 1 << 20;

/// The code of a Python source with comments and string literals blanked
/// (newlines kept), so that names in them are not taken for calls.
std::string code(llvm::StringRef Text) {
  std::string Out(Text);
  size_t I = 0, N = Out.size();
  while (I < N) {
    char C = Out[I];
    if (C == '#') {
      while (I < N && Out[I] != '\n')
        Out[I++] = ' ';
      continue;
    }
    if (C != '\'' && C != '"') {
      ++I;
      continue;
    }
    bool Triple = I + 2 < N && Out[I + 1] == C && Out[I + 2] == C;
    size_t Quote = Triple ? 3 : 1;
    for (size_t K = 0; K < Quote; ++K)
      Out[I++] = ' ';
    while (I < N) {
      if (Out[I] == '\\' && I + 1 < N) {
        Out[I] = ' '; // an escape, or a line continued inside the literal
        if (Out[I + 1] != '\n')
          Out[I + 1] = ' ';
        I += 2;
        continue;
      }
      if (Out[I] == C &&
          (!Triple || (I + 2 < N && Out[I + 1] == C && Out[I + 2] == C))) {
        for (size_t K = 0; K < Quote; ++K)
          Out[I++] = ' ';
        break;
      }
      if (Out[I] == '\n' && !Triple)
        break; // an unterminated literal ends with its line
      if (Out[I] != '\n')
        Out[I] = ' ';
      ++I;
    }
  }
  return Out;
}

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The places where Name occurs as a whole identifier in Code, except as
/// the name a def defines.
std::vector<size_t> uses(llvm::StringRef Code, llvm::StringRef Name) {
  std::vector<size_t> Out;
  for (size_t At = Code.find(Name); At != llvm::StringRef::npos;
       At = Code.find(Name, At + 1)) {
    size_t End = At + Name.size();
    if ((At > 0 && isIdentChar(Code[At - 1])) ||
        (End < Code.size() && isIdentChar(Code[End])))
      continue;
    if (Code.take_front(At).rtrim(" \t").ends_with("def"))
      continue;
    Out.push_back(At);
  }
  return Out;
}

/// Whether Code[At...] is followed by a call's "(".
bool calledAt(llvm::StringRef Code, size_t At, size_t Length) {
  return Code.drop_front(At + Length).ltrim(" \t").starts_with("(");
}

/// Whether the code casts the arguments of the extension calls it makes:
/// it calls apex's _cast_if_autocast_enabled, decorates with
/// custom_fwd(cast_inputs=...), or uses apex amp's half_function /
/// float_function / bfloat16_function (as a decorator, or their register_
/// forms). A definition or an import of these names is no cast.
bool casts(llvm::StringRef Code) {
  llvm::StringRef Helper = "_cast_if_autocast_enabled";
  for (size_t At : uses(Code, Helper))
    if (calledAt(Code, At, Helper.size()))
      return true;
  for (llvm::StringRef Name :
       {"half_function", "float_function", "bfloat16_function",
        "register_half_function", "register_float_function",
        "register_bfloat16_function"})
    for (size_t At : uses(Code, Name)) {
      size_t LineStart = Code.take_front(At).rfind('\n');
      llvm::StringRef Line = Code.slice(
          LineStart == llvm::StringRef::npos ? 0 : LineStart + 1, At);
      if (calledAt(Code, At, Name.size()) || Line.ltrim().starts_with("@"))
        return true;
    }
  llvm::StringRef Fwd = "custom_fwd";
  for (size_t At : uses(Code, Fwd)) {
    llvm::StringRef Rest = Code.drop_front(At + Fwd.size()).ltrim();
    if (!Rest.consume_front("("))
      continue;
    unsigned Depth = 1;
    size_t I = 0;
    for (; I < Rest.size() && Depth; ++I)
      Depth += Rest[I] == '(' ? 1 : Rest[I] == ')' ? -1 : 0;
    if (!uses(Rest.take_front(I), "cast_inputs").empty())
      return true;
  }
  return false;
}

/// The names the code calls as attributes (x.name(...)) and the imported
/// names it calls bare (from m import name [as alias]; alias(...)).
llvm::StringSet<> calledNames(llvm::StringRef Code) {
  llvm::StringSet<> Called;
  llvm::StringMap<std::string> Imported; // local name -> imported name
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Code.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef L = Line.trim();
    if (!L.consume_front("from "))
      continue;
    size_t Import = L.find(" import ");
    if (Import == llvm::StringRef::npos)
      continue;
    llvm::StringRef Names = L.drop_front(Import + 8).trim();
    Names.consume_front("(");
    Names.consume_back(")");
    llvm::SmallVector<llvm::StringRef, 8> Items;
    Names.split(Items, ',');
    for (llvm::StringRef Item : Items) {
      llvm::StringRef Orig = Item.trim(), Local = Orig;
      size_t As = Orig.find(" as ");
      if (As != llvm::StringRef::npos) {
        Local = Orig.drop_front(As + 4).trim();
        Orig = Orig.take_front(As).trim();
      }
      if (!Orig.empty() && !Local.empty())
        Imported[Local] = Orig.str();
    }
  }
  for (size_t I = 0, N = Code.size(); I < N; ++I) {
    if (!isIdentChar(Code[I]) || (I > 0 && isIdentChar(Code[I - 1])) ||
        llvm::isDigit(Code[I]))
      continue;
    size_t End = I;
    while (End < N && isIdentChar(Code[End]))
      ++End;
    llvm::StringRef Name = Code.slice(I, End);
    size_t After = End;
    while (After < N && (Code[After] == ' ' || Code[After] == '\t'))
      ++After;
    size_t Before = I;
    while (Before > 0 && (Code[Before - 1] == ' ' || Code[Before - 1] == '\t'))
      --Before;
    if (After < N && Code[After] == '(') {
      if (Before > 0 && Code[Before - 1] == '.')
        Called.insert(Name);
      else if (auto It = Imported.find(Name); It != Imported.end())
        Called.insert(It->second);
    }
    I = End - 1;
  }
  return Called;
}

/// The directory of SourceFile, absolute, without . and .. components.
std::string directoryOf(llvm::StringRef SourceFile) {
  llvm::SmallString<256> Dir(SourceFile);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_filename(Dir);
  return std::string(Dir);
}

/// The package root above the directory, or "".
std::string packageRoot(llvm::StringRef Directory) {
  llvm::SmallString<256> Dir(Directory);
  for (unsigned Up = 0; Up <= MaxLevelsUp && !Dir.empty(); ++Up) {
    for (const char *Marker : {"setup.py", "pyproject.toml"}) {
      llvm::SmallString<256> P(Dir);
      llvm::sys::path::append(P, Marker);
      if (llvm::sys::fs::is_regular_file(P))
        return std::string(Dir);
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return "";
}

bool skippedDirectory(llvm::StringRef Name) {
  return Name.starts_with(".") || Name == "build" || Name == "dist" ||
         Name == "__pycache__" || Name == "node_modules" ||
         Name == "site-packages";
}

std::vector<PythonWrappers::Source> readSources(llvm::StringRef Root) {
  std::vector<PythonWrappers::Source> Out;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC && Out.size() < MaxFiles; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      if (skippedDirectory(Name))
        It.no_push();
      continue;
    }
    if (!Name.ends_with(".py"))
      continue;
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(Path, St) || St.getSize() > MaxFileBytes)
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf)
      continue;
    llvm::StringRef Rel = Path;
    Rel.consume_front(Root);
    Rel = Rel.ltrim("/\\");
    Out.push_back({Rel.str(), (*Buf)->getBuffer().str()});
  }
  return Out;
}

} // namespace

PythonWrappers::PythonWrappers(const std::vector<Source> &Sources) {
  for (const Source &S : Sources) {
    std::string Code = code(S.Text);
    File F;
    F.Path = S.Path;
    F.Casts = casts(Code);
    F.Called = calledNames(Code);
    Files.push_back(std::move(F));
  }
}

namespace {
/// The packages read in this process, behind one lock.
struct Packages {
  std::mutex Lock;
  llvm::StringMap<std::string> RootOfDir; ///< "" for no package
  llvm::StringMap<std::shared_ptr<const PythonWrappers>> OfRoot;
};
Packages &packages() {
  static Packages P;
  return P;
}
} // namespace

std::shared_ptr<const PythonWrappers>
PythonWrappers::forSource(llvm::StringRef SourceFile) {
  Packages &P = packages();
  std::string Dir = directoryOf(SourceFile);
  std::lock_guard<std::mutex> Guard(P.Lock);
  auto R = P.RootOfDir.find(Dir);
  if (R == P.RootOfDir.end())
    R = P.RootOfDir.insert({Dir, packageRoot(Dir)}).first;
  if (R->second.empty())
    return nullptr;
  std::shared_ptr<const PythonWrappers> &W = P.OfRoot[R->second];
  if (!W) {
    auto Read = std::make_shared<PythonWrappers>(readSources(R->second));
    Read->Root = R->second;
    W = std::move(Read);
  }
  return W;
}

std::vector<std::string>
PythonWrappers::filesReadFor(llvm::StringRef SourceFile) {
  Packages &P = packages();
  std::lock_guard<std::mutex> Guard(P.Lock);
  auto R = P.RootOfDir.find(directoryOf(SourceFile));
  if (R == P.RootOfDir.end() || R->second.empty())
    return {};
  auto W = P.OfRoot.find(R->second);
  if (W == P.OfRoot.end() || !W->second)
    return {};
  std::vector<std::string> Out;
  for (const File &F : W->second->Files) {
    llvm::SmallString<256> Path(W->second->Root);
    llvm::sys::path::append(Path, F.Path);
    Out.push_back(std::string(Path));
  }
  return Out;
}

PythonWrappers::Callers PythonWrappers::callersOf(llvm::StringRef Name) const {
  Callers Result = Callers::None;
  for (const File &F : Files)
    if (F.Called.contains(Name)) {
      if (!F.Casts)
        return Callers::Plain;
      Result = Callers::Casting;
    }
  return Result;
}

std::vector<std::string>
PythonWrappers::filesCalling(llvm::StringRef Name) const {
  std::vector<std::string> Out;
  for (const File &F : Files)
    if (F.Called.contains(Name))
      Out.push_back(F.Path);
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace torchdtype
