//===- Stamps.h - file stamps and atomic writes for the caches -*- C++ -*-===//

#ifndef TORCHDTYPE_TOOL_STAMPS_H
#define TORCHDTYPE_TOOL_STAMPS_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace torchdtype {

/// A 16-digit hex hash of Text.
inline std::string hashText(llvm::StringRef Text) {
  return llvm::utohexstr(llvm::xxh3_64bits(Text), /*LowerCase=*/true, 16);
}

/// What the caches compare files by, each file looked up once per run
/// (thread-safe). A missing file has "-".
class StampCache {
public:
  /// "mtime-in-ns:size": what clang checks a PCH's inputs by.
  std::string stamp(const std::string &Path) {
    return lookup(Path, /*Content=*/false);
  }
  /// "size:xxh3 of the content": unchanged by a touch or a checkout that
  /// leaves the content as it was.
  std::string digest(const std::string &Path) {
    return lookup(Path, /*Content=*/true);
  }
  /// Forgets a file (it was just rewritten).
  void forget(const std::string &Path) {
    std::lock_guard<std::mutex> G(Lock);
    Memo.erase({Path, false});
    Memo.erase({Path, true});
  }

private:
  std::string lookup(const std::string &Path, bool Content) {
    {
      std::lock_guard<std::mutex> G(Lock);
      auto It = Memo.find({Path, Content});
      if (It != Memo.end())
        return It->second;
    }
    std::string Value = "-";
    if (Content) {
      if (auto Buf =
              llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false))
        Value = std::to_string((*Buf)->getBufferSize()) + ":" +
                llvm::utohexstr(llvm::xxh3_64bits(llvm::arrayRefFromStringRef(
                                    (*Buf)->getBuffer())),
                                /*LowerCase=*/true);
    } else {
      llvm::sys::fs::file_status S;
      if (!llvm::sys::fs::status(Path, S) && llvm::sys::fs::exists(S))
        Value = std::to_string(
                    S.getLastModificationTime().time_since_epoch().count()) +
                ":" + std::to_string(S.getSize());
    }
    std::lock_guard<std::mutex> G(Lock);
    return Memo.emplace(std::make_pair(Path, Content), Value).first->second;
  }

  std::mutex Lock;
  std::map<std::pair<std::string, bool>, std::string> Memo;
};

/// Writes Text to Path through a temporary file and a rename, so that readers
/// in other processes see the old file or the new one, never half of one;
/// an interrupted process leaves no temporary file. On failure, Error (when
/// given) says why.
inline bool writeAtomically(const std::string &Path, llvm::StringRef Text,
                            std::error_code *Error = nullptr) {
  std::string Tmp =
      Path + ".tmp." + std::to_string(llvm::sys::Process::getProcessId()) +
      "." +
      std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()));
  std::error_code EC;
  {
    llvm::raw_fd_ostream OS(Tmp, EC);
    if (EC) {
      if (Error)
        *Error = EC;
      return false;
    }
    llvm::sys::RemoveFileOnSignal(Tmp);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      EC = OS.error();
      OS.clear_error();
    }
  }
  if (!EC)
    EC = llvm::sys::fs::rename(Tmp, Path);
  llvm::sys::DontRemoveFileOnSignal(Tmp);
  if (EC) {
    llvm::sys::fs::remove(Tmp);
    if (Error)
      *Error = EC;
    return false;
  }
  return true;
}

} // namespace torchdtype

#endif
