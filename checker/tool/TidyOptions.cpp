//===- TidyOptions.cpp - clang-tidy options of a check run ----------------===//

#include "TidyOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <algorithm>

using namespace clang;
using namespace clang::tidy;

namespace torchdtype {

namespace {

/// clang-tidy's FileOptionsProvider, on the real file system, whose reader
/// of .clang-tidy files also notes those that do not parse.
class RecordingOptionsProvider : public FileOptionsProvider {
public:
  RecordingOptionsProvider(ClangTidyGlobalOptions Global,
                           ClangTidyOptions Defaults,
                           ClangTidyOptions Overrides,
                           std::set<std::string> &Broken)
      : FileOptionsProvider(std::move(Global), std::move(Defaults),
                            std::move(Overrides),
                            llvm::vfs::getRealFileSystem()) {
    ConfigHandlers.clear();
    ConfigHandlers.emplace_back(
        ".clang-tidy", [&Broken](llvm::MemoryBufferRef Config) {
          llvm::ErrorOr<ClangTidyOptions> Parsed = parseConfiguration(Config);
          if (!Parsed)
            Broken.insert(Config.getBufferIdentifier().str());
          return Parsed;
        });
  }
};

} // namespace

std::unique_ptr<ClangTidyOptionsProvider>
optionsProvider(const Options &O, std::set<std::string> &Broken,
                std::string &Error) {
  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,torchdtype-*";
  // --fix fixes every finding in one run, those after another's throw too
  // (a .clang-tidy file or --config that sets the option wins).
  if (O.Fix)
    Defaults.CheckOptions["ReportAfterThrow"] =
        ClangTidyOptions::ClangTidyValue("true");
  ClangTidyOptions Overrides;
  if (!O.Checks.empty())
    Overrides.Checks = O.Checks;
  if (!O.Config.empty()) {
    llvm::ErrorOr<ClangTidyOptions> Parsed =
        parseConfiguration(llvm::MemoryBufferRef(O.Config, "--config"));
    if (!Parsed) {
      Error = "invalid --config: " + Parsed.getError().message();
      return nullptr;
    }
    Overrides = Overrides.merge(*Parsed, 0);
  }
  return std::make_unique<RecordingOptionsProvider>(
      std::move(Global), std::move(Defaults), std::move(Overrides), Broken);
}

const ClangTidyGlobalOptions &SharedOptionsProvider::getGlobalOptions() {
  std::lock_guard<std::mutex> G(S->Lock);
  return S->Provider->getGlobalOptions();
}

std::vector<SharedOptionsProvider::OptionsSource>
SharedOptionsProvider::getRawOptions(llvm::StringRef File) {
  std::lock_guard<std::mutex> G(S->Lock);
  // What FileOptionsProvider reads depends on the file's directory only.
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  auto It = S->PerDirectory.find(std::string(Dir));
  if (It == S->PerDirectory.end())
    It = S->PerDirectory
             .emplace(std::string(Dir), S->Provider->getRawOptions(File))
             .first;
  return It->second;
}

std::string kbStamps(const ClangTidyOptions &Opts, StampCache &Stamps) {
  std::string Out;
  for (const auto &[Name, Value] : Opts.CheckOptions) {
    if (!llvm::StringRef(Name).ends_with("KnowledgeBase") ||
        Value.Value.empty())
      continue;
    Out += Value.Value;
    std::error_code EC;
    std::vector<std::string> Records;
    for (llvm::sys::fs::directory_iterator It(Value.Value, EC), End;
         !EC && It != End; It.increment(EC))
      if (llvm::StringRef(It->path()).ends_with(".json"))
        Records.push_back(It->path());
    std::sort(Records.begin(), Records.end());
    for (const std::string &R : Records)
      Out += ";" + R + "=" + Stamps.digest(R);
    Out += "\n";
  }
  return Out;
}

} // namespace torchdtype
