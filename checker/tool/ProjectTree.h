//===- ProjectTree.h - the project's own files and the rest -----*- C++ -*-===//
//
// A precompiled header may stand for headers that do not change while the
// user works: those of the libraries the project uses, whatever flag found
// them (-isystem, or -I as torch.utils.cpp_extension passes LibTorch's). The
// project's own headers may not: the checks analyse their code. The
// project's tree is the git work tree holding the build directory, else the
// deepest directory holding the build directory and every source of the
// compile database; a header under it is the project's unless git ignores it
// (a virtualenv or a build directory inside the work tree). When that
// directory is "/", every header found by -I counts as the project's.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_PROJECTTREE_H
#define TORCHDTYPE_TOOL_PROJECTTREE_H

#include <string>
#include <vector>

namespace torchdtype {

/// Path made absolute (against the process's working directory), without
/// . and .. components.
std::string absoluteNormalPath(const std::string &Path);

class ProjectTree {
public:
  /// The tree of the project built in BuildDir, with Sources the files of
  /// its compile database.
  static ProjectTree find(const std::string &BuildDir,
                          const std::vector<std::string> &Sources);

  /// An explicit tree, for tests; Git says whether to ask git what it
  /// ignores.
  ProjectTree(std::string Root, bool Git) : Root(std::move(Root)), Git(Git) {}

  const std::string &root() const { return Root; }
  bool usesGit() const { return Git; }

  /// Those of Paths (absolute) that are the project's own, in order.
  std::vector<std::string> ownOf(const std::vector<std::string> &Paths) const;

private:
  std::string Root; ///< "" when no tree is known (all is the project's)
  bool Git = false;
};

} // namespace torchdtype

#endif
