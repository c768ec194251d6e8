//===- CudaCommand.h - nvcc commands as clang's CUDA host mode ---*- C++ -*-===//
//
// Extensions' compile databases hold nvcc commands for their .cu files. The
// checks read the host side of those files: the command is rewritten for
// clang's CUDA mode (host only, no GPU libraries), keeping the flags that
// decide what the host code means (include directories, macros, the
// language standard) and dropping nvcc's own. The CUDA installation is the
// one the command's nvcc (given by path) belongs to, else $CUDA_HOME or
// $CUDA_PATH when set, else /usr/local/cuda; a file without one is skipped
// with the reason.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_CUDACOMMAND_H
#define TORCHDTYPE_TOOL_CUDACOMMAND_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <optional>
#include <string>

namespace torchdtype {

/// Whether C compiles CUDA: an nvcc command, or a .cu file.
bool isCudaCommand(const clang::tooling::CompileCommand &C);

/// Stand-ins for headers a CUDA unit may need and an installation may lack,
/// in a virtual directory given with -idirafter (so a real header of the
/// same name wins), whose files the caller provides in the analysis' file
/// system: clang 19's CUDA wrapper includes texture_fetch_functions.h, which
/// CUDA 13 no longer has; c10/cuda/CUDAMacros.h includes
/// c10/cuda/impl/cuda_cmake_macros.h, which PyTorch generates when it is
/// built with CUDA and a CPU-only LibTorch (Debian's) does not install (its
/// one macro, C10_CUDA_BUILD_SHARED_LIBS, only picks the export attribute).
constexpr llvm::StringLiteral CudaShimDir = "/torchdtype-cuda-shim";
struct CudaShimHeader {
  llvm::StringLiteral Name, Text;
};
/// nvcc declares min and max of integers and floating types for host code
/// too (CUDA's crt/math_functions.hpp); clang's CUDA headers declare them
/// for the device only, so host code calling ::min(int, int) (mmcv's
/// GET_BLOCKS) does not compile. Included first in every CUDA unit.
constexpr llvm::StringLiteral CudaHostMathHeader =
    "torchdtype_cuda_host_math.h";
constexpr CudaShimHeader CudaShimHeaders[] = {
    {"texture_fetch_functions.h", ""},
    {"c10/cuda/impl/cuda_cmake_macros.h", "#pragma once\n"},
    {"torchdtype_cuda_host_math.h",
     "#pragma once\n"
     "#define TORCHDTYPE_HOST_MINMAX(R, A, B)                                \\\n"
     "  inline __attribute__((host)) R min(A a, B b) { return a < b ? a : b; } \\\n"
     "  inline __attribute__((host)) R max(A a, B b) { return a > b ? a : b; }\n"
     "TORCHDTYPE_HOST_MINMAX(int, int, int)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned int, unsigned int, unsigned int)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned int, int, unsigned int)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned int, unsigned int, int)\n"
     "TORCHDTYPE_HOST_MINMAX(long, long, long)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned long, unsigned long, unsigned long)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned long, long, unsigned long)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned long, unsigned long, long)\n"
     "TORCHDTYPE_HOST_MINMAX(long long, long long, long long)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned long long, unsigned long long, "
     "unsigned long long)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned long long, long long, "
     "unsigned long long)\n"
     "TORCHDTYPE_HOST_MINMAX(unsigned long long, unsigned long long, "
     "long long)\n"
     "TORCHDTYPE_HOST_MINMAX(float, float, float)\n"
     "TORCHDTYPE_HOST_MINMAX(double, double, double)\n"
     "TORCHDTYPE_HOST_MINMAX(double, float, double)\n"
     "TORCHDTYPE_HOST_MINMAX(double, double, float)\n"
     "#undef TORCHDTYPE_HOST_MINMAX\n"}};

/// Rewrites C (an nvcc command) as clang's CUDA host-only mode. Env reads
/// an environment variable. Returns why the file cannot be analysed
/// (no CUDA installation with headers), or nothing.
std::optional<std::string> translateCudaCommand(
    clang::tooling::CompileCommand &C,
    const std::function<std::optional<std::string>(llvm::StringRef)> &Env);

} // namespace torchdtype

#endif
