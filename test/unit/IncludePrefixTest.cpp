//===- IncludePrefixTest.cpp - the include prefix shared through a PCH ----===//

#include "tool/IncludePrefix.h"
#include "tool/ProjectTree.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace torchdtype;

namespace include_prefix_test {

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
  // Without the command's macros, a conditional cannot be evaluated.
  EXPECT_EQ(prefix("#ifdef Y\n#include <b.h>\n#endif\n"), "");
  EXPECT_EQ(prefix("#include <a.h>\n#ifdef Y\n#include <b.h>\n#endif\n"),
            "#include <a.h>\n");
  EXPECT_EQ(prefix("#include <a.h>\n#include MACRO_HEADER\n#include <b.h>\n"),
            "#include <a.h>\n");
  EXPECT_EQ(prefix("#include <a.h> int x;\n"), "");
  EXPECT_EQ(prefix("#include <a.h>\n#include \\\n <b.h>\n"),
            "#include <a.h>\n");
  EXPECT_EQ(prefix("#include <a.h>\n#pragma GCC diagnostic push\n"
                   "#include <b.h>\n"),
            "#include <a.h>\n");
  EXPECT_EQ(prefix("int main() {}\n"), "");
}

/// The scan of Main under the macros of Predefines (`#define` lines).
PrefixScan scanWith(const std::string &Path, const std::string &Predefines) {
  MacroTable M = MacroTable::fromDirectives(Predefines);
  return scanPrefix(Path, {}, [&]() -> const MacroTable * { return &M; });
}

TEST_F(IncludePrefixTest, DefinesBeforeTheIncludes) {
  // pytorch_scatter's shape aside, a macro defined first: the includes
  // after it are the prefix, and the macro is one the PCH must not read.
  PrefixScan S = scanWith(write("main.cpp", "#define _USE_MATH_DEFINES\n"
                                            "#include <cmath>\n"
                                            "#define AFTER 1\n"
                                            "#include <torch/extension.h>\n"
                                            "#define LAST 2\nint x;\n"),
                          "");
  EXPECT_EQ(S.Prefix, "#include <cmath>\n#include <torch/extension.h>\n");
  EXPECT_EQ(S.Defined,
            (std::vector<std::string>{"_USE_MATH_DEFINES", "AFTER"}));
  EXPECT_TRUE(S.Tested.empty());
  EXPECT_EQ(S.Stop, "");
  // The prefix with the defines where the file has them, up to its last
  // include (for a PCH that holds them).
  EXPECT_EQ(S.Exact, "#define _USE_MATH_DEFINES\n#include <cmath>\n"
                     "#define AFTER 1\n#include <torch/extension.h>\n");
  S = scanWith(write("main.cpp", "#undef NDEBUG\n#include <torch/torch.h>\n"),
               "");
  EXPECT_EQ(S.Defined, std::vector<std::string>{"NDEBUG"});
}

TEST_F(IncludePrefixTest, ConditionalsFirstAreEvaluated) {
  std::string Scatter = write("scatter.cpp", "#ifdef WITH_PYTHON\n"
                                             "#include <Python.h>\n"
                                             "#endif\n"
                                             "#include <torch/script.h>\n"
                                             "\nint f();\n");
  PrefixScan S = scanWith(Scatter, "#define WITH_PYTHON 1\n");
  EXPECT_EQ(S.Prefix, "#include <Python.h>\n#include <torch/script.h>\n");
  EXPECT_EQ(S.Tested, std::vector<std::string>{"WITH_PYTHON"});
  S = scanWith(Scatter, "#define __linux__ 1\n");
  EXPECT_EQ(S.Prefix, "#include <torch/script.h>\n");
  // #if, #elif, #else, nested, with the file's own defines.
  std::string Nested =
      write("nested.cpp", "#define LEVEL 2\n"
                          "#if defined(_WIN32) && !defined(__MINGW32__)\n"
                          "#include <windows.h>\n"
                          "#elif LEVEL >= 2 || __GNUC__ < 4\n"
                          "#  if 0\n#include <never.h>\n#  else\n"
                          "#include <level2.h>\n#  endif\n"
                          "#else\n#include <other.h>\n#endif\n"
                          "#include <torch/torch.h>\n");
  S = scanWith(Nested, "#define __GNUC__ 12\n");
  EXPECT_EQ(S.Prefix, "#include <level2.h>\n#include <torch/torch.h>\n");
  EXPECT_EQ(S.Defined, std::vector<std::string>{"LEVEL"});
  EXPECT_EQ(S.Tested, (std::vector<std::string>{"_WIN32", "__MINGW32__",
                                                "LEVEL", "__GNUC__"}));
  S = scanWith(Nested, "#define _WIN32 1\n");
  EXPECT_EQ(S.Prefix, "#include <windows.h>\n#include <torch/torch.h>\n");
}

TEST_F(IncludePrefixTest, IncludeInsideIfZeroIsSkipped) {
  PrefixScan S = scanWith(write("main.cpp", "#if 0\n#include <old.h>\n"
                                            "int dead_code(); /* a comment\n"
                                            "#include <in_comment.h> */\n"
                                            "#define NOT_DEFINED\n#endif\n"
                                            "#include <torch/torch.h>\n"),
                          "");
  EXPECT_EQ(S.Prefix, "#include <torch/torch.h>\n");
  EXPECT_TRUE(S.Defined.empty());
  EXPECT_EQ(S.Stop, "");
  // A quote and a comment on a skipped line: which opens first is not
  // worked out.
  S = scanWith(write("main.cpp", "#if 0\nchar c = '/*';\n#endif\n"
                                 "#include <torch/torch.h>\n"),
               "");
  EXPECT_EQ(S.Prefix, "");
  EXPECT_EQ(S.Stop, "a skipped line with quotes and a comment");
}

TEST_F(IncludePrefixTest, ConditionalsThatCannotBeProvedStop) {
  // __has_include: only the compiler knows.
  PrefixScan S = scanWith(write("main.cpp", "#if __has_include(<Python.h>)\n"
                                            "#include <Python.h>\n#endif\n"
                                            "#include <torch/torch.h>\n"),
                          "");
  EXPECT_EQ(S.Prefix, "");
  EXPECT_NE(S.Stop.find("cannot be evaluated"), std::string::npos) << S.Stop;
  EXPECT_NE(S.Stop.find("__has_include"), std::string::npos) << S.Stop;
  // A function-like macro.
  S = scanWith(write("main.cpp", "#if VERSION_AT_LEAST(2, 0)\n#include <a.h>\n"
                                 "#endif\n#include <torch/torch.h>\n"),
               "#define VERSION_AT_LEAST(a, b) 1\n");
  EXPECT_EQ(S.Prefix, "");
  EXPECT_NE(S.Stop.find("function-like"), std::string::npos) << S.Stop;
  // After an angle include: that header may define what it tests.
  S = scanWith(write("main.cpp",
                     "#include <torch/extension.h>\n"
                     "#ifdef WITH_CUDA\n#include <cuda.h>\n#endif\n"),
               "#define WITH_CUDA 1\n");
  EXPECT_EQ(S.Prefix, "#include <torch/extension.h>\n");
  EXPECT_NE(S.Stop.find("after an include"), std::string::npos) << S.Stop;
  // Unbalanced, and #elif after #else.
  S = scanWith(write("main.cpp", "#endif\n#include <a.h>\n"), "");
  EXPECT_EQ(S.Prefix, "");
  S = scanWith(
      write("main.cpp", "#if 1\n#else\n#elif 1\n#endif\n#include <a.h>\n"), "");
  EXPECT_EQ(S.Prefix, "");
  // A comment opened on a directive's line hides the lines after it.
  S = scanWith(write("main.cpp", "#define X 1 /* until\n#include <hidden.h>\n"
                                 "*/\n#include <torch/torch.h>\n"),
               "");
  EXPECT_EQ(S.Prefix, "");
  EXPECT_NE(S.Stop.find("a comment that goes on past"), std::string::npos);
  S = scanWith(write("main.cpp", "#define X 1 /* closed */\n"
                                 "#include <torch/torch.h>\n"),
               "");
  EXPECT_EQ(S.Prefix, "#include <torch/torch.h>\n");
  // A conditional left open by the includes is fine up to the code.
  S = scanWith(
      write("main.cpp", "#ifndef SKIP\n#include <a.h>\nint x;\n#endif\n"), "");
  EXPECT_EQ(S.Prefix, "#include <a.h>\n");
}

TEST_F(IncludePrefixTest, EvaluatesConditionsLikeThePreprocessor) {
  MacroTable M = MacroTable::fromDirectives(
      "# 1 \"<built-in>\" 3\n#define __cplusplus 201703L\n#define ONE 1\n"
      "#define TWO (ONE + ONE)\n#define SELF SELF\n#define EMPTY\n"
      "#define F(x) x\n#define GONE 1\n#undef GONE\n");
  auto Eval = [&](const char *E) {
    std::string Why;
    std::optional<bool> V = evaluateCondition(E, M, Why);
    return V ? (*V ? 1 : 0) : -1;
  };
  EXPECT_EQ(Eval("__cplusplus >= 201703L"), 1);
  EXPECT_EQ(Eval("TWO * 3 == 6 && defined ONE && !defined(GONE)"), 1);
  EXPECT_EQ(Eval("UNDEFINED_NAME"), 0);
  EXPECT_EQ(Eval("SELF"), 0);
  EXPECT_EQ(Eval("true && !false"), 1);
  EXPECT_EQ(Eval("0x10 == 16 && 010 == 8 && (1 ? 2 : 3) == 2"), 1);
  EXPECT_EQ(Eval("-1 < 0 && (1 << 4) == 16 && 7 % 4 == 3"), 1);
  EXPECT_EQ(Eval("defined(__has_include)"), 1);
  EXPECT_EQ(Eval("__has_include(<x.h>)"), -1);
  EXPECT_EQ(Eval("F(1)"), -1);
  EXPECT_EQ(Eval("1 / 0"), -1);
  EXPECT_EQ(Eval("'a' == 97"), -1);
  EXPECT_EQ(Eval("1u > 0"), -1);
  EXPECT_EQ(Eval("(1"), -1);
  EXPECT_EQ(Eval("EMPTY"), -1);
  EXPECT_EQ(Eval(""), -1);
}

TEST_F(IncludePrefixTest, CommandMacrosAreClangs) {
  std::string File = write("main.cpp", "");
  std::optional<MacroTable> M =
      commandMacros({"g++", "-std=c++17", "-DWITH_PYTHON", "-DLEVEL=3",
                     "-D__linux__=7", "-U__linux__", "-c"},
                    File);
  ASSERT_TRUE(M);
  ASSERT_TRUE(M->find("WITH_PYTHON"));
  EXPECT_EQ(M->find("WITH_PYTHON")->Body, "1");
  EXPECT_EQ(M->find("LEVEL")->Body, "3");
  EXPECT_EQ(M->find("__cplusplus")->Body, "201703L");
  EXPECT_FALSE(M->find("__linux__")); // -U after -D
  EXPECT_TRUE(M->find("__x86_64__") || M->find("__aarch64__"));
  EXPECT_FALSE(M->find("_WIN32"));
  EXPECT_FALSE(commandMacros({"clang++", "--no-such-flag"}, File));
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

} // namespace include_prefix_test
