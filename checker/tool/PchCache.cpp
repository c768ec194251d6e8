//===- PchCache.cpp - precompiled headers of shared include prefixes ------===//

#include "PchCache.h"
#include "CompileDatabase.h"
#include "IncludePrefix.h"
#include "UserCodeRunner.h"
#include "clang/Basic/Version.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <dlfcn.h>

namespace fs = llvm::sys::fs;

namespace torchdtype {

namespace {

/// Bump it when the way a PCH or its side files are built changes: the key
/// of every PCH has it (pchIdentity).
const char *const ManifestMagic = "torchdtype-pch 2";

bool isCxxSource(llvm::StringRef File) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  return Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".c++" ||
         Ext == ".C" || Ext == ".cp" || Ext == ".CPP";
}

/// A manifest: the magic line, the status line, then each header the build
/// read with its stamp (a manifest is fresh while the stamps are).
std::string manifestText(llvm::StringRef Status,
                         const std::vector<std::string> &Inputs,
                         StampCache &Stamps) {
  std::string Text = std::string(ManifestMagic) + "\nstatus " + Status.str() + "\n";
  for (const std::string &I : Inputs)
    Text += Stamps.stamp(I) + "\t" + I + "\n";
  return Text;
}

std::string projectHeaderWhy(llvm::StringRef Header) {
  return "its includes reach the project's own header " + Header.str();
}

} // namespace

std::string pchIdentity() {
  std::string Lib;
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&clang::getClangFullVersion), &Info) &&
      Info.dli_fname)
    Lib = Info.dli_fname; // libclang-cpp.so, or the executable if static
  if (Lib.empty() || !fs::exists(Lib))
    Lib = fs::getMainExecutable(nullptr, (void *)&pchIdentity);
  StampCache S;
  return std::string(ManifestMagic) + "|" + clang::getClangFullVersion() + "|" +
         Lib + "|" + S.digest(Lib);
}

std::optional<std::vector<std::string>>
pchFlags(const clang::tooling::CompileCommand &C, std::string &Why) {
  if (C.CommandLine.empty() || !isCxxSource(C.Filename)) {
    Why = "not a C++ source file";
    return std::nullopt;
  }
  std::string Source = absoluteIn(C.Directory, C.Filename);
  // Outputs and dependency files go as ClangTool drops them for the analysis.
  clang::tooling::CommandLineArguments Args =
      clang::tooling::getClangStripDependencyFileAdjuster()(
          clang::tooling::getClangStripOutputAdjuster()(C.CommandLine,
                                                        C.Filename),
          C.Filename);
  std::vector<std::string> Out{Args[0]};
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-c" || A == "-fsyntax-only")
      continue;
    if (A == "--serialize-diagnostics") {
      ++I;
      continue;
    }
    if (A.starts_with("-x") || A.starts_with("-include") ||
        A.starts_with("-imacros") || A.starts_with("-fmodule") ||
        A.starts_with("--cuda") || A.starts_with("-emit")) {
      Why = "its command has " + A.str() +
            ", which a shared precompiled header cannot go with";
      return std::nullopt;
    }
    if (!A.starts_with("-") && absoluteIn(C.Directory, A) == Source)
      continue;
    Out.push_back(A.str());
  }
  return Out;
}

std::optional<PchCache::Plan>
PchCache::plan(const clang::tooling::CompileCommand &C,
               std::string &Why) const {
  std::optional<std::vector<std::string>> Flags = pchFlags(C, Why);
  if (!Flags)
    return std::nullopt;
  std::vector<std::string> QuoteDirs;
  for (size_t I = 1; I < Flags->size(); ++I) {
    llvm::StringRef A = (*Flags)[I];
    for (llvm::StringRef Flag : {"-iquote", "-I"})
      if (A.consume_front(Flag)) {
        if (A.empty() && I + 1 < Flags->size())
          A = (*Flags)[++I];
        QuoteDirs.push_back(absoluteIn(C.Directory, A));
        break;
      }
  }
  std::string Group = C.Directory + '\0';
  for (const std::string &F : *Flags)
    Group += F + '\0';
  Group = hashText(Group);
  std::string Source = absoluteIn(C.Directory, C.Filename);
  // The command's macros, for a file whose first lines are conditionals:
  // once per group (the same flags give the same macros).
  auto MacrosOf = [&]() -> const MacroTable * {
    auto It = Macros.find(Group);
    if (It == Macros.end())
      It = Macros.emplace(Group, commandMacros(*Flags, Source)).first;
    return It->second ? &*It->second : nullptr;
  };
  PrefixScan Scan = scanPrefix(Source, QuoteDirs, MacrosOf);
  std::string Prefix = sharedPrefix(Scan.Prefix);
  if (Prefix.empty()) {
    Why = "the file does not start with #include <...> lines";
    if (!Scan.Stop.empty())
      Why += " (" + Scan.Stop + ")";
    return std::nullopt;
  }
  Plan P;
  P.Flags = std::move(*Flags);
  P.Directory = C.Directory;
  P.Mergeable = libTorchOnly(Prefix);
  if (!P.Mergeable) {
    if (!namesLibTorch(Prefix))
      P.Shape = "its leading includes name no LibTorch header";
    else
      P.Shape = "another library's header comes before LibTorch's (" +
                firstOtherHeader(Prefix) +
                "), so it shares a PCH only with files that start the same way";
  }
  P.Prefix = std::move(Prefix);
  P.Defined = std::move(Scan.Defined);
  P.Exact = std::move(Scan.Exact);
  P.Tested = std::move(Scan.Tested);
  P.Group = std::move(Group);
  P.Key = keyOf(P);
  return P;
}

std::string PchCache::keyOf(const Plan &P) const {
  std::string Id = Identity + '\0' + Project.root() + '\0' + P.Group + '\0';
  return hashText(Id + P.Prefix);
}

PchCache::Plan PchCache::exactPlan(const Plan &Own) const {
  Plan E = Own;
  E.Prefix = Own.Exact;
  E.Mergeable = false;
  E.IsExact = true;
  E.Shape = "its defines come before its includes, so it shares a PCH only "
            "with files that start the same way";
  E.Key = keyOf(E);
  return E;
}

PchCache::Plan PchCache::merge(const std::vector<const Plan *> &Plans) const {
  Plan M = *Plans.front();
  std::vector<std::string> Prefixes;
  for (const Plan *P : Plans)
    Prefixes.push_back(P->Prefix);
  M.Prefix = mergePrefixes(Prefixes);
  M.Key = keyOf(M);
  return M;
}

std::optional<PchCache::Ready> PchCache::ensure(const Plan &P, unsigned Users,
                                                StampCache &Stamps,
                                                std::string &Why) {
  std::string D = Dir + "/pch/" + P.Key;
  std::string Header = D + "/prefix.h", Pch = D + "/prefix.pch",
              Manifest = D + "/manifest", Seen = D + "/seen";
  if (auto Buf = llvm::MemoryBuffer::getFile(Manifest)) {
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    (*Buf)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
    bool Fresh = Lines.size() >= 2 && Lines[0] == ManifestMagic;
    Ready R;
    R.Pch = Pch;
    for (size_t I = 2; Fresh && I < Lines.size(); ++I) {
      auto [Stamp, Path] = Lines[I].split('\t');
      Fresh = Stamps.stamp(Path.str()) == Stamp;
      R.Inputs.push_back(Path.str());
    }
    llvm::StringRef Status = Lines.size() >= 2 ? Lines[1] : "";
    if (Fresh && Status == "status does-not-compile") {
      Why = DoesNotCompile;
      return std::nullopt;
    }
    if (Fresh && Status.consume_front("status project-header ")) {
      Why = projectHeaderWhy(Status);
      return std::nullopt;
    }
    if (Fresh && Lines[1] == "status ok" && fs::exists(Pch)) {
      int FD;
      if (!fs::openFileForReadWrite(Manifest, FD, fs::CD_OpenExisting,
                                    fs::OF_None)) {
        fs::setLastAccessAndModificationTime(FD,
                                             std::chrono::system_clock::now());
        llvm::sys::Process::SafelyCloseFileDescriptor(FD);
      }
      return R;
    }
  }
  bool Known = fs::exists(Manifest) || fs::exists(Seen);
  if (fs::create_directories(D)) {
    Why = "cannot create " + D;
    return std::nullopt;
  }
  if (Users < 2 && !Known && !worthAlone(P)) {
    writeAtomically(Seen, ""); // built on the next run that needs it
    Why = "the only file with its includes and flags (the next run that "
          "needs it builds it)";
    if (!P.Shape.empty())
      Why += "; " + P.Shape;
    return std::nullopt;
  }
  auto Old = llvm::MemoryBuffer::getFile(Header);
  if ((!Old || (*Old)->getBuffer() != P.Prefix) &&
      !writeAtomically(Header, P.Prefix)) {
    Why = "cannot write " + Header;
    return std::nullopt;
  }
  Stamps.forget(Header);
  PchBuild B = buildPch(P.Flags, P.Directory, Header, Pch);
  if (!B.Ok) { // remembered until one of the headers it read changes
    if (!B.Inputs.empty())
      writeAtomically(Manifest,
                      manifestText("does-not-compile", B.Inputs, Stamps));
    Why = DoesNotCompile;
    return std::nullopt;
  }
  std::vector<std::string> Own = Project.ownOf(B.UserHeaders);
  std::string Text = manifestText(
      Own.empty() ? "ok" : "project-header " + Own.front(), B.Inputs, Stamps);
  if (!Own.empty()) { // remembered, so the next run does not build
    writeAtomically(Manifest, Text);
    Why = projectHeaderWhy(Own.front());
    return std::nullopt;
  }
  std::error_code EC; // a full disk, say: tried again on the next run
  if (!writeAtomically(D + "/identifiers",
                       llvm::join(B.Identifiers, "\n") + "\n", &EC) ||
      !writeAtomically(D + "/macros", llvm::join(B.MacroNames, "\n") + "\n",
                       &EC) ||
      !writeAtomically(Pch, llvm::StringRef(B.Bytes.data(), B.Bytes.size()),
                       &EC)) {
    Why = "cannot write the precompiled header " + Pch + ": " + EC.message();
    return std::nullopt;
  }
  if (!writeAtomically(Manifest, Text)) {
    fs::remove(Pch);
    Why = "cannot write " + Manifest;
    return std::nullopt;
  }
  return Ready{Pch, B.Inputs, true};
}

std::string PchCache::mismatch(const Ready &R, const Plan &Own, bool Exact) {
  if (Own.Defined.empty() && Own.Tested.empty())
    return "";
  std::lock_guard<std::mutex> G(NamesLock);
  auto It = Names.find(R.Pch);
  if (It == Names.end()) {
    std::pair<llvm::StringSet<>, llvm::StringSet<>> Sets;
    llvm::StringRef D = llvm::sys::path::parent_path(R.Pch);
    bool Ok = true;
    for (auto [File, Set] : {std::pair{"/identifiers", &Sets.first},
                             std::pair{"/macros", &Sets.second}}) {
      auto Buf = llvm::MemoryBuffer::getFile(D.str() + File);
      if (!Buf) {
        Ok = false;
        break;
      }
      llvm::SmallVector<llvm::StringRef, 0> Lines;
      (*Buf)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef L : Lines)
        Set->insert(L);
    }
    if (!Ok)
      return "the precompiled header's lists of identifiers and macros are "
             "missing, so its macros cannot be compared with the file's";
    It = Names.emplace(R.Pch, std::move(Sets)).first;
  }
  // A PCH holding the file's defines (exactPlan) may be read by its
  // headers; they must not define them too (the file's #define after it
  // would then change what the headers left).
  for (const std::string &M : Own.Defined)
    if (!Exact && It->second.first.contains(M))
      return DefinesWhy + M +
             " before its includes, and the precompiled headers name it "
             "(they could read it)";
    else if (Exact && It->second.second.contains(M))
      return DefinesWhy + M +
             " before its includes, and its headers define it too";
  for (const std::string &M : Own.Tested)
    if (It->second.second.contains(M))
      return "its first conditionals test " + M +
             ", which the precompiled headers define";
  return "";
}

bool PchCache::worthAlone(const Plan &P) const {
  // A PCH skips LibTorch's bodies: built for one file, it and the parse
  // with it cost about 0.6x the file's parse without it (docs/benchmarks.md).
  if (!namesLibTorch(P.Prefix))
    return false;
  // Its headers must not be the project's (the build would be wasted):
  // those of the prefix's lines, found in the command's directories.
  std::vector<std::string> Dirs;
  for (size_t I = 1; I < P.Flags.size(); ++I) {
    llvm::StringRef A = P.Flags[I];
    for (llvm::StringRef Flag : {"-isystem", "-idirafter", "-I"})
      if (A.consume_front(Flag)) {
        if (A.empty() && I + 1 < P.Flags.size())
          A = P.Flags[++I];
        Dirs.push_back(absoluteIn(P.Directory, A));
        break;
      }
  }
  std::vector<std::string> Found;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(P.Prefix).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef L : Lines) {
    if (L.starts_with("#define ") || L.starts_with("#undef "))
      continue; // an exact plan's
    if (!L.consume_front("#include <") || !L.consume_back(">"))
      return false;
    for (const std::string &D : Dirs) {
      llvm::SmallString<256> Path(D);
      llvm::sys::path::append(Path, L);
      if (fs::is_regular_file(Path)) {
        Found.push_back(std::string(Path));
        break;
      }
    }
  }
  return Project.ownOf(Found).empty();
}

void PchCache::prune(const std::set<std::string> &UsedKeys,
                     unsigned KeepOthers) {
  std::vector<std::pair<llvm::sys::TimePoint<>, std::string>> Others;
  std::error_code EC;
  for (fs::directory_iterator It(Dir + "/pch", EC), End; !EC && It != End;
       It.increment(EC)) {
    std::string Key = llvm::sys::path::filename(It->path()).str();
    if (UsedKeys.count(Key))
      continue;
    fs::file_status S;
    std::string Stamp = It->path() + "/manifest";
    if (fs::status(Stamp, S))
      fs::status(It->path(), S);
    Others.push_back({S.getLastModificationTime(), It->path()});
  }
  std::sort(Others.begin(), Others.end(), std::greater<>());
  for (size_t I = KeepOthers; I < Others.size(); ++I)
    fs::remove_directories(Others[I].second);
}

} // namespace torchdtype
