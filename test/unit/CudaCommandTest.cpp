//===- CudaCommandTest.cpp - nvcc commands as clang's CUDA host mode ------===//

#include "tool/CudaCommand.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <fstream>

using namespace torchdtype;
using clang::tooling::CompileCommand;

namespace cuda_command_test {

/// A directory with include/cuda_runtime.h (and include/cccl), removed at
/// the end.
struct FakeCuda {
  llvm::SmallString<128> Root;
  FakeCuda() {
    llvm::sys::fs::createUniqueDirectory("torchdtype-fake-cuda", Root);
    llvm::SmallString<128> Inc(Root);
    llvm::sys::path::append(Inc, "include", "cccl");
    llvm::sys::fs::create_directories(Inc);
    llvm::sys::path::remove_filename(Inc);
    llvm::sys::path::append(Inc, "cuda_runtime.h");
    std::ofstream(std::string(Inc)) << "\n";
  }
  ~FakeCuda() { llvm::sys::fs::remove_directories(Root); }
};

std::optional<std::string> noEnv(llvm::StringRef) { return std::nullopt; }

CompileCommand nvcc(const std::string &Nvcc, std::vector<std::string> Args) {
  CompileCommand C;
  C.Filename = "ops.cu";
  C.CommandLine = {Nvcc};
  C.CommandLine.insert(C.CommandLine.end(), Args.begin(), Args.end());
  return C;
}

TEST(CudaCommand, RecognisedByDriverOrExtension) {
  EXPECT_TRUE(isCudaCommand(nvcc("/opt/cuda/bin/nvcc", {"-c", "ops.cu"})));
  CompileCommand Cpp = nvcc("g++", {"-c", "ops.cpp"});
  Cpp.Filename = "ops.cpp";
  EXPECT_FALSE(isCudaCommand(Cpp));
  CompileCommand Cu = nvcc("clang++", {"-c", "k.cu"});
  Cu.Filename = "k.cu";
  EXPECT_TRUE(isCudaCommand(Cu));
}

TEST(CudaCommand, HostFlagsKeptNvccFlagsDropped) {
  FakeCuda Cuda;
  llvm::SmallString<128> Nvcc(Cuda.Root);
  llvm::sys::path::append(Nvcc, "bin", "nvcc");
  CompileCommand C = nvcc(std::string(Nvcc),
                          {"-DTORCH_EXTENSION_NAME=ops", "-I", "csrc",
                           "-isystem", "/torch/include", "--expt-relaxed-constexpr",
                           "-gencode=arch=compute_80,code=sm_80",
                           "--compiler-options", "-fPIC,-DHOST_ONLY",
                           "-Xcompiler=-Iextra", "-U__CUDA_NO_HALF_OPERATORS__",
                           "--std=c++17", "-O3", "-c", "ops.cu", "-o", "ops.o"});
  EXPECT_EQ(translateCudaCommand(C, noEnv), std::nullopt);
  std::vector<std::string> Want = {"clang++", "-x", "cuda", "--cuda-host-only",
                                   "--cuda-path=" + std::string(Cuda.Root),
                                   "-nogpulib", "-Wno-unknown-cuda-version",
                                   "-isystem",
                                   std::string(Cuda.Root) + "/include/cccl",
                                   "-include", CudaHostMathHeader.str(),
                                   "-DTORCH_EXTENSION_NAME=ops", "-Icsrc",
                                   "-isystem", "/torch/include", "-DHOST_ONLY",
                                   "-Iextra", "-U__CUDA_NO_HALF_OPERATORS__",
                                   "-std=c++17", "-idirafter",
                                   CudaShimDir.str(), "ops.cu"};
  EXPECT_EQ(C.CommandLine, Want);
}

TEST(CudaCommand, CudaHomeNamesTheInstallation) {
  FakeCuda Cuda;
  CompileCommand C = nvcc("nvcc", {"-c", "ops.cu"});
  std::string Root(Cuda.Root);
  auto Env = [&](llvm::StringRef V) -> std::optional<std::string> {
    if (V == "CUDA_HOME")
      return Root;
    return std::nullopt;
  };
  EXPECT_EQ(translateCudaCommand(C, Env), std::nullopt);
  EXPECT_EQ(C.CommandLine[4], "--cuda-path=" + Root);
}

TEST(CudaCommand, WithoutHeadersSkippedWithTheReason) {
  CompileCommand C = nvcc("nvcc", {"-c", "ops.cu"});
  auto Env = [](llvm::StringRef V) -> std::optional<std::string> {
    if (V == "CUDA_HOME")
      return std::string("/nonexistent/cuda");
    return std::nullopt;
  };
  std::optional<std::string> Why = translateCudaCommand(C, Env);
  ASSERT_TRUE(Why.has_value());
  EXPECT_NE(Why->find("no CUDA headers (include/cuda_runtime.h) in "
                      "/nonexistent/cuda"),
            std::string::npos)
      << *Why;
}

TEST(CudaCommand, HostMinMaxAsNvccDeclaresThem) {
  // nvcc declares ::min/::max of integers for host code; the stand-in that
  // gives clang's CUDA mode the same is one of the shim's headers.
  bool Found = false;
  for (const CudaShimHeader &H : CudaShimHeaders)
    if (H.Name == CudaHostMathHeader) {
      Found = true;
      EXPECT_TRUE(H.Text.contains("min(A a, B b)"));
      EXPECT_TRUE(H.Text.contains("TORCHDTYPE_HOST_MINMAX(int, int, int)"));
    }
  EXPECT_TRUE(Found);
}

} // namespace cuda_command_test
