//===- CompileDatabaseTest.cpp - a project's own PCH not built yet --------===//

#include "tool/CompileDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "gtest/gtest.h"

using namespace torchdtype;
using clang::tooling::CompileCommand;

namespace compile_database_test {

using Args = std::vector<std::string>;

CompileCommand command(llvm::StringRef Dir, Args A) {
  return CompileCommand(Dir, "main.cpp", std::move(A), "main.o");
}

// As CMake writes a unit of a target with target_precompile_headers.
const Args CMakeLike = {
    "clang++",           "-std=c++17", "-Xclang",
    "-include-pch",      "-Xclang",    "pch/cmake_pch.hxx.pch",
    "-Xclang",           "-include",   "-Xclang",
    "pch/cmake_pch.hxx", "-c",         "main.cpp"};

TEST(CompileDatabase, AnUnbuiltPchGivesWayToItsHeader) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("unbuilt-pch", Dir));
  CompileCommand C = command(Dir, CMakeLike);
  EXPECT_EQ(dropUnbuiltPch(C), "pch/cmake_pch.hxx.pch");
  EXPECT_EQ(C.CommandLine,
            (Args{"clang++", "-std=c++17", "-Xclang", "-include", "-Xclang",
                  "pch/cmake_pch.hxx", "-c", "main.cpp"}));
  // The plain spelling too.
  C = command(Dir, {"clang++", "-include-pch", "x.pch", "-include", "x.h", "-c",
                    "main.cpp"});
  EXPECT_EQ(dropUnbuiltPch(C), "x.pch");
  EXPECT_EQ(C.CommandLine,
            (Args{"clang++", "-include", "x.h", "-c", "main.cpp"}));
  llvm::sys::fs::remove_directories(Dir);
}

TEST(CompileDatabase, APchThatIsThereOrStandsAloneStays) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("built-pch", Dir));
  llvm::SmallString<128> Pch(Dir);
  llvm::sys::path::append(Pch, "pch");
  ASSERT_FALSE(llvm::sys::fs::create_directory(Pch));
  llvm::sys::path::append(Pch, "cmake_pch.hxx.pch");
  int Fd;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(Pch, Fd));
  llvm::sys::Process::SafelyCloseFileDescriptor(Fd);
  CompileCommand C = command(Dir, CMakeLike);
  EXPECT_EQ(dropUnbuiltPch(C), std::nullopt);
  EXPECT_EQ(C.CommandLine, CMakeLike);
  // Absolute, and built: stays.
  C = command("/", {"clang++", "-include-pch", std::string(Pch), "-include",
                    "x.h", "main.cpp"});
  EXPECT_EQ(dropUnbuiltPch(C), std::nullopt);
  // Missing, but without the header it is made from: clang says it is
  // missing (dropping it would leave its declarations undeclared).
  Args Alone = {"clang++", "-include-pch", "missing.pch", "main.cpp"};
  C = command(Dir, Alone);
  EXPECT_EQ(dropUnbuiltPch(C), std::nullopt);
  EXPECT_EQ(C.CommandLine, Alone);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(CompileDatabase, TheSourceArgumentIsMadeAbsolute) {
  CompileCommand C("/p/build", "/p/src/a.cpp",
                   {"clang++", "-I", "inc", "-c", "../src/a.cpp", "-o", "a.o"},
                   "a.o");
  absoluteSourceArgument(C);
  EXPECT_EQ(C.CommandLine, (Args{"clang++", "-I", "inc", "-c", "/p/src/a.cpp",
                                 "-o", "a.o"}));
  // Already absolute, or another file: as it was.
  Args Other = {"clang++", "-c", "/p/src/a.cpp", "b.cpp"};
  C = CompileCommand("/p", "/p/src/a.cpp", Other, "a.o");
  absoluteSourceArgument(C);
  EXPECT_EQ(C.CommandLine, Other);
}

} // namespace compile_database_test
