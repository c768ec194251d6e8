//===- IncludePrefixTest.cpp - the include prefix shared through a PCH ----===//

#include "tool/IncludePrefix.h"
#include "tool/ProjectTree.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace torchdtype;

namespace {

class IncludePrefixTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("prefix", Root));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string write(const std::string &Name, const std::string &Text) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return std::string(P);
  }

  std::string prefix(const std::string &Main,
                     std::vector<std::string> Dirs = {}) {
    return includePrefix(write("main.cpp", Main), Dirs);
  }

  llvm::SmallString<256> Root;
};

TEST_F(IncludePrefixTest, LeadingAngleIncludesUpToCode) {
  EXPECT_EQ(prefix("// license\n/* block\n comment */\n#pragma once\n"
                   "#include <torch/torch.h>\n\n#  include  <vector> // why\n"
                   "int x;\n#include <map>\n"),
            "#include <torch/torch.h>\n#include <vector>\n");
}

TEST_F(IncludePrefixTest, StopsAtMacrosAndConditionals) {
  EXPECT_EQ(prefix("#define X 1\n#include <torch/torch.h>\n"), "");
  EXPECT_EQ(prefix("#include <a.h>\n#ifdef Y\n#include <b.h>\n#endif\n"),
            "#include <a.h>\n");
  EXPECT_EQ(prefix("#include <a.h>\n#include MACRO_HEADER\n#include <b.h>\n"),
            "#include <a.h>\n");
  EXPECT_EQ(prefix("#include <a.h> int x;\n"), "");
  EXPECT_EQ(prefix("#include <a.h>\n#include \\\n <b.h>\n"),
            "#include <a.h>\n");
  EXPECT_EQ(prefix("int main() {}\n"), "");
}

TEST_F(IncludePrefixTest, FollowsQuotedHeadersWithGuards) {
  write("model.h",
        "#pragma once\n#include <torch/torch.h>\n#include <cstdint>\n");
  write("inc/guarded.h", "// g\n#ifndef GUARDED_H\n#define GUARDED_H\n"
                         "#include <vector>\n#endif // GUARDED_H\n");
  EXPECT_EQ(
      prefix("#include \"model.h\"\n#include \"guarded.h\"\n#include <map>\n",
             {std::string(Root) + "/inc"}),
      "#include <torch/torch.h>\n#include <cstdint>\n#include <vector>\n"
      "#include <map>\n");
}

TEST_F(IncludePrefixTest, StopsInsideAHeaderWithCode) {
  write("model.h", "#pragma once\n#include <torch/torch.h>\nstruct M {};\n"
                   "#include <vector>\n");
  EXPECT_EQ(prefix("#include \"model.h\"\n#include <map>\n"),
            "#include <torch/torch.h>\n");
  // A guard that is not a guard (#ifndef without its #define).
  write("odd.h", "#ifndef ODD\n#include <vector>\n#endif\n");
  EXPECT_EQ(prefix("#include \"odd.h\"\n#include <map>\n"), "");
}

TEST_F(IncludePrefixTest, UnresolvedOrCyclicHeadersStop) {
  EXPECT_EQ(prefix("#include <a.h>\n#include \"missing.h\"\n#include <b.h>\n"),
            "#include <a.h>\n");
  write("x.h", "#pragma once\n#include \"y.h\"\n");
  write("y.h", "#pragma once\n#include \"x.h\"\n#include <v.h>\n");
  EXPECT_EQ(prefix("#include \"x.h\"\n#include <b.h>\n"), "");
}

TEST_F(IncludePrefixTest, SharedPartIsLibTorchsHeaders) {
  // Standard headers before or after LibTorch's are left to the unit, so
  // files that differ only in them share one precompiled header.
  EXPECT_EQ(sharedPrefix("#include <torch/torch.h>\n#include <iostream>\n"),
            "#include <torch/torch.h>\n");
  EXPECT_EQ(
      sharedPrefix("#include <vector>\n#include <stdio.h>\n"
                   "#include <torch/torch.h>\n#include <ATen/autocast_mode.h>"
                   "\n#include <map>\n"),
      "#include <torch/torch.h>\n#include <ATen/autocast_mode.h>\n");
  // A third-party header after LibTorch's: the unit parses it after them.
  EXPECT_EQ(sharedPrefix("#include <torch/extension.h>\n#include <opencv2/"
                         "core.hpp>\n#include <c10/util/Half.h>\n"),
            "#include <torch/extension.h>\n");
  // One before them might define what LibTorch's headers read: the whole
  // prefix, as written.
  std::string Other = "#include <opencv2/core.hpp>\n#include <torch/torch.h>\n";
  EXPECT_EQ(sharedPrefix(Other), Other);
  // A user's header that includes LibTorch again adds nothing.
  EXPECT_EQ(sharedPrefix("#include <vector>\n#include <torch/torch.h>\n"
                         "#include <torch/torch.h>\n"),
            "#include <torch/torch.h>\n");
  std::string NoTorch = "#include <vector>\n#include <map>\n";
  EXPECT_EQ(sharedPrefix(NoTorch), NoTorch);
  EXPECT_EQ(sharedPrefix(""), "");
}

TEST_F(IncludePrefixTest, LibTorchPrefixesMerge) {
  EXPECT_TRUE(libTorchOnly("#include <torch/types.h>\n#include <ATen/ATen.h>\n"));
  EXPECT_FALSE(libTorchOnly("#include <torch/torch.h>\n#include <vector>\n"));
  EXPECT_FALSE(libTorchOnly("#include <pybind11/pybind11.h>\n"));
  EXPECT_FALSE(libTorchOnly(""));
  EXPECT_EQ(firstOtherHeader("#include <vector>\n#include <pybind11/pybind11.h>\n"
                             "#include <torch/torch.h>\n"),
            "<pybind11/pybind11.h>");
  EXPECT_EQ(firstOtherHeader("#include <vector>\n#include <torch/torch.h>\n"), "");
  // Each header once, sorted: the same PCH whatever order files come in.
  EXPECT_EQ(mergePrefixes({"#include <torch/types.h>\n#include <ATen/TensorUtils.h>\n",
                           "#include <torch/extension.h>\n",
                           "#include <torch/types.h>\n"}),
            "#include <ATen/TensorUtils.h>\n#include <torch/extension.h>\n"
            "#include <torch/types.h>\n");
}

TEST_F(IncludePrefixTest, ProjectTreeWithoutGit) {
  // The deepest directory holding the build directory and every source;
  // headers beside it are not the project's.
  std::string A = write("ext/csrc/a.cpp", ""), B = write("ext/csrc/cpu/b.cpp", "");
  std::string Ext = std::string(Root) + "/ext";
  ProjectTree T = ProjectTree::find(Ext + "/build/temp", {A, B});
  EXPECT_EQ(T.root(), Ext);
  EXPECT_FALSE(T.usesGit());
  std::string Own = Ext + "/include/k.h";
  EXPECT_EQ(T.ownOf({Own, std::string(Root) + "/site/torch/torch.h",
                     std::string(Root) + "/extra/y.h"}),
            std::vector<std::string>{Own});
  EXPECT_EQ(ProjectTree::find(Ext + "/csrc", {A, B}).root(), Ext + "/csrc");
  // Nothing but "/" in common: no tree known, every header is the project's.
  ProjectTree None = ProjectTree::find("/", {"/a/x.cpp", "/b/y.cpp"});
  EXPECT_EQ(None.root(), "");
  EXPECT_EQ(None.ownOf({"/a/x.h", "/usr/include/torch/torch.h"}).size(), 2u);
}

TEST_F(IncludePrefixTest, ProjectTreeAsksGitWhatItIgnores) {
  std::string Ext = std::string(Root) + "/ext";
  write("ext/.git/HEAD", "ref: refs/heads/main\n");
  write("ext/.git/config", "[core]\n\trepositoryformatversion = 0\n");
  llvm::sys::fs::create_directories(Ext + "/.git/objects");
  llvm::sys::fs::create_directories(Ext + "/.git/refs");
  write("ext/.gitignore", ".venv/\n");
  ProjectTree T = ProjectTree::find(Ext + "/build", {Ext + "/a.cpp"});
  EXPECT_EQ(T.root(), Ext);
  EXPECT_TRUE(T.usesGit());
  std::string Own = Ext + "/include/k.h",
              Venv = Ext + "/.venv/lib/torch/include/torch/torch.h";
  EXPECT_EQ(T.ownOf({Own, Venv, "/usr/include/torch/torch.h"}),
            std::vector<std::string>{Own});
}

} // namespace
