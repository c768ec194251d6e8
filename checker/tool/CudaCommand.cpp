//===- CudaCommand.cpp - nvcc commands as clang's CUDA host mode ----------===//

#include "CudaCommand.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang::tooling;

namespace torchdtype {

static bool isNvcc(llvm::StringRef Arg0) {
  llvm::StringRef Name = llvm::sys::path::filename(Arg0);
  return Name == "nvcc" || Name == "nvcc.exe";
}

bool isCudaCommand(const CompileCommand &C) {
  if (!C.CommandLine.empty() && isNvcc(C.CommandLine[0]))
    return true;
  llvm::StringRef Ext = llvm::sys::path::extension(C.Filename);
  return Ext == ".cu";
}

/// The flags of an nvcc command that decide what the host code means, as
/// clang spells them; nvcc's own (-gencode, --expt-*, -Xptxas, -o ...)
/// are dropped.
static void hostFlags(llvm::ArrayRef<std::string> Args,
                      std::vector<std::string> &Out) {
  // nvcc spelling -> clang's, for flags that take a value.
  static const std::pair<llvm::StringRef, llvm::StringRef> WithValue[] = {
      {"-I", "-I"},
      {"--include-path", "-I"},
      {"-isystem", "-isystem"},
      {"--system-include", "-isystem"},
      {"-D", "-D"},
      {"--define-macro", "-D"},
      {"-U", "-U"},
      {"--undefine-macro", "-U"},
      {"-include", "-include"},
      {"--pre-include", "-include"},
      {"-std", "-std="},
      {"--std", "-std="},
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    // -Xcompiler a,b / --compiler-options=a,b: host compiler flags.
    if (A == "-Xcompiler" || A == "--compiler-options" ||
        A.starts_with("-Xcompiler=") || A.starts_with("--compiler-options=")) {
      llvm::StringRef V = A.contains('=') ? A.split('=').second
                          : I + 1 < Args.size() ? llvm::StringRef(Args[++I])
                                                : llvm::StringRef();
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      V.split(Parts, ',', -1, false);
      std::vector<std::string> Host(Parts.begin(), Parts.end());
      hostFlags(Host, Out);
      continue;
    }
    for (const auto &[Nvcc, Clang] : WithValue) {
      std::optional<std::string> Value;
      if (A == Nvcc && I + 1 < Args.size())
        Value = Args[++I];
      else if (A.starts_with((Nvcc + "=").str()))
        Value = A.substr(Nvcc.size() + 1).str();
      else if (Nvcc.size() == 2 && A.size() > 2 && A.starts_with(Nvcc))
        Value = A.substr(2).str();
      if (!Value)
        continue;
      if (Clang == "-std=")
        Out.push_back("-std=" + *Value);
      else if (Clang.size() == 2)
        Out.push_back((Clang + *Value).str());
      else {
        Out.push_back(Clang.str());
        Out.push_back(*Value);
      }
      break;
    }
  }
}

static bool hasHeaders(llvm::StringRef Root) {
  llvm::SmallString<256> P(Root);
  llvm::sys::path::append(P, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(P);
}

std::optional<std::string> translateCudaCommand(
    CompileCommand &C,
    const std::function<std::optional<std::string>(llvm::StringRef)> &Env) {
  std::vector<std::string> Tried;
  std::optional<std::string> Root;
  auto Try = [&](std::string Path) {
    if (Root || Path.empty())
      return;
    Tried.push_back(Path);
    if (hasHeaders(Path))
      Root = Path;
  };
  // nvcc given by path: its installation (CUDA_HOME/bin/nvcc).
  if (!C.CommandLine.empty() && isNvcc(C.CommandLine[0]) &&
      llvm::sys::path::has_parent_path(C.CommandLine[0]))
    Try(llvm::sys::path::parent_path(
            llvm::sys::path::parent_path(C.CommandLine[0]))
            .str());
  // As torch.utils.cpp_extension finds it: $CUDA_HOME (or $CUDA_PATH) when
  // set, else the default installation.
  bool Named = false;
  for (llvm::StringRef Var : {"CUDA_HOME", "CUDA_PATH"})
    if (std::optional<std::string> V = Env(Var); V && !V->empty()) {
      Try(*V);
      Named = true;
    }
  if (!Named)
    Try("/usr/local/cuda");
  if (!Root) {
    std::string Where;
    for (const std::string &T : Tried)
      Where += (Where.empty() ? "" : ", ") + T;
    return "a CUDA source, and no CUDA headers (include/cuda_runtime.h) in " +
           Where + "; set CUDA_HOME to the CUDA installation to analyse it";
  }
  std::vector<std::string> Out{"clang++",
                               "-x",
                               "cuda",
                               "--cuda-host-only",
                               "--cuda-path=" + *Root,
                               "-nogpulib",
                               "-Wno-unknown-cuda-version"};
  // CUDA 13 keeps thrust and cub in include/cccl, which nvcc adds itself.
  llvm::SmallString<256> Cccl(*Root);
  llvm::sys::path::append(Cccl, "include", "cccl");
  if (llvm::sys::fs::is_directory(Cccl)) {
    Out.push_back("-isystem");
    Out.push_back(std::string(Cccl));
  }
  std::vector<std::string> Args(C.CommandLine.begin() +
                                    (C.CommandLine.empty() ? 0 : 1),
                                C.CommandLine.end());
  // The stand-in for nvcc's host min/max first, so the command's own
  // -include files see it as nvcc's would.
  Out.push_back("-include");
  Out.push_back(CudaHostMathHeader.str());
  hostFlags(Args, Out);
  Out.push_back("-idirafter");
  Out.push_back(CudaShimDir.str());
  Out.push_back(C.Filename);
  C.CommandLine = std::move(Out);
  return std::nullopt;
}

} // namespace torchdtype
