//===- Git.cpp - what torchdtype check asks git ---------------------------===//

#include "Git.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

namespace torchdtype {

std::string gitWorkTree(llvm::StringRef Dir) {
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Git(D);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return D.str();
  }
  return "";
}

int runGit(llvm::ArrayRef<llvm::StringRef> Args, std::string &Output,
           llvm::StringRef Input, bool ShowErrors) {
  llvm::ErrorOr<std::string> Git = llvm::sys::findProgramByName("git");
  if (!Git)
    return -1;
  llvm::SmallString<128> In, Out;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("torchdtype-git-in", "txt", FD, In))
    return -1;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Input;
  }
  int Status = -1;
  if (!llvm::sys::fs::createTemporaryFile("torchdtype-git-out", "txt", FD,
                                          Out)) {
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
    std::optional<llvm::StringRef> Redirects[] = {
        In.str(), Out.str(),
        ShowErrors ? std::nullopt : std::optional(llvm::StringRef(""))};
    Status = llvm::sys::ExecuteAndWait(*Git, Args, std::nullopt, Redirects);
    if (auto Buf = llvm::MemoryBuffer::getFile(Out))
      Output = (*Buf)->getBuffer().str();
    llvm::sys::fs::remove(Out);
  }
  llvm::sys::fs::remove(In);
  return Status;
}

} // namespace torchdtype
