//===- ProjectTree.cpp - the project's own files and the rest -------------===//

#include "ProjectTree.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

namespace torchdtype {

namespace {

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// The deepest directory holding every path ("" for none but "/").
std::string commonDirectory(const std::vector<std::string> &Paths) {
  if (Paths.empty())
    return "";
  std::string Common = llvm::sys::path::parent_path(Paths.front()).str();
  for (const std::string &P : Paths) {
    while (!Common.empty() &&
           !(llvm::StringRef(P).starts_with(Common) &&
             (P.size() == Common.size() || P[Common.size()] == '/')))
      Common = llvm::sys::path::parent_path(Common).str();
  }
  return Common == "/" ? "" : Common;
}

bool under(llvm::StringRef Path, llvm::StringRef Dir) {
  return !Dir.empty() && Path.starts_with(Dir) &&
         (Path.size() == Dir.size() || Path[Dir.size()] == '/');
}

} // namespace

ProjectTree ProjectTree::find(const std::string &BuildDir,
                              const std::vector<std::string> &Sources) {
  std::string Dir = absolute(BuildDir);
  for (llvm::StringRef D = Dir; !D.empty() && D != "/";
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Git(D);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return ProjectTree(D.str(), /*Git=*/true);
  }
  // The build directory counts: a build tree beside the sources (setup.py's
  // build/temp.*, CMake's build/) brings the root up to the project's top,
  // where headers beside the sources' directory (an include/) lie.
  std::vector<std::string> All{Dir + "/"};
  for (const std::string &S : Sources)
    All.push_back(absolute(S));
  return ProjectTree(commonDirectory(All), /*Git=*/false);
}

std::vector<std::string>
ProjectTree::ownOf(const std::vector<std::string> &Paths) const {
  if (Root.empty()) // no tree known: every header may be the project's
    return Paths;
  std::vector<std::string> Inside;
  for (const std::string &P : Paths)
    if (under(P, Root))
      Inside.push_back(P);
  if (Inside.empty() || !Git)
    return Inside;
  // What git ignores is not the project's: `git check-ignore --stdin`
  // prints those of its input lines that are ignored. Should git fail, every
  // header inside the tree counts as the project's.
  llvm::ErrorOr<std::string> GitExe = llvm::sys::findProgramByName("git");
  llvm::SmallString<128> In, Out;
  int FD;
  if (!GitExe ||
      llvm::sys::fs::createTemporaryFile("torchdtype-paths", "txt", FD, In))
    return Inside;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    for (const std::string &P : Inside)
      OS << P << "\n";
  }
  if (llvm::sys::fs::createTemporaryFile("torchdtype-ignored", "txt", FD,
                                         Out)) {
    llvm::sys::fs::remove(In);
    return Inside;
  }
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  std::optional<llvm::StringRef> Redirects[] = {In.str(), Out.str(),
                                                llvm::StringRef("")};
  // 0: some are ignored; 1: none is; 128: an error.
  int Status = llvm::sys::ExecuteAndWait(
      *GitExe, {"git", "-C", Root, "check-ignore", "--stdin"}, std::nullopt,
      Redirects);
  std::set<std::string> Ignored;
  if (Status == 0)
    if (auto Buf = llvm::MemoryBuffer::getFile(Out)) {
      llvm::SmallVector<llvm::StringRef, 0> Lines;
      (*Buf)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef L : Lines)
        Ignored.insert(L.str());
    }
  llvm::sys::fs::remove(In);
  llvm::sys::fs::remove(Out);
  if (Status != 0 && Status != 1)
    return Inside;
  std::vector<std::string> Own;
  for (const std::string &P : Inside)
    if (!Ignored.count(P))
      Own.push_back(P);
  return Own;
}

} // namespace torchdtype
