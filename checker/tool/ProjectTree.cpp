//===- ProjectTree.cpp - the project's own files and the rest -------------===//

#include "ProjectTree.h"
#include "Git.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <set>

namespace torchdtype {

std::string absoluteNormalPath(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

namespace {

/// Whether Path is Dir or lies below it.
bool under(llvm::StringRef Path, llvm::StringRef Dir) {
  return !Dir.empty() && Path.starts_with(Dir) &&
         (Path.size() == Dir.size() || Path[Dir.size()] == '/');
}

/// The deepest directory holding every path ("" for none but "/").
std::string commonDirectory(const std::vector<std::string> &Paths) {
  if (Paths.empty())
    return "";
  std::string Common = llvm::sys::path::parent_path(Paths.front()).str();
  for (const std::string &P : Paths)
    while (!Common.empty() && !under(P, Common))
      Common = llvm::sys::path::parent_path(Common).str();
  return Common == "/" ? "" : Common;
}

} // namespace

ProjectTree ProjectTree::find(const std::string &BuildDir,
                              const std::vector<std::string> &Sources) {
  std::string Dir = absoluteNormalPath(BuildDir);
  if (std::string Top = gitWorkTree(Dir); !Top.empty() && Top != "/")
    return ProjectTree(Top, /*Git=*/true);
  // The build directory counts: a build tree beside the sources (setup.py's
  // build/temp.*, CMake's build/) brings the root up to the project's top,
  // where headers beside the sources' directory (an include/) lie.
  std::vector<std::string> All{Dir + "/"};
  for (const std::string &S : Sources)
    All.push_back(absoluteNormalPath(S));
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
  // prints those of its input lines that are ignored (exit status 0; 1 when
  // none is). Should git fail, every header inside the tree counts as the
  // project's.
  std::string Input, Output;
  for (const std::string &P : Inside)
    Input += P + "\n";
  int Status = runGit({"git", "-C", Root, "check-ignore", "--stdin"}, Output,
                      Input, /*ShowErrors=*/false);
  if (Status != 0 && Status != 1)
    return Inside;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Output).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::set<llvm::StringRef> Ignored(Lines.begin(), Lines.end());
  std::vector<std::string> Own;
  for (const std::string &P : Inside)
    if (!Ignored.count(P))
      Own.push_back(P);
  return Own;
}

} // namespace torchdtype
