//===- TidyOptions.h - clang-tidy options of a check run --------*- C++ -*-===//
//
// The configuration `torchdtype check` runs the checks with: defaults,
// .clang-tidy files, --checks and --config, read once per directory for the
// whole run; and the stamps of the knowledge bases it names (inputs of the
// result cache).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_TIDYOPTIONS_H
#define TORCHDTYPE_TOOL_TIDYOPTIONS_H

#include "CheckOptions.h"
#include "Stamps.h"
#include "clang-tidy/ClangTidyOptions.h"
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace torchdtype {

/// The options of the run: defaults, .clang-tidy files, --checks and
/// --config. A .clang-tidy file that does not parse is added to Broken as
/// clang-tidy reads it (clang-tidy prints why, and goes on without it).
/// Null, with Error set, when --config does not parse.
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
optionsProvider(const Options &O, std::set<std::string> &Broken,
                std::string &Error);

/// One options provider for the whole run, behind a lock, its answers kept
/// per directory: the .clang-tidy files of a directory are read, and an
/// error in one printed, once per run rather than at every look-up of every
/// file analysed (each worker's ClangTidyContext owns one of these).
class SharedOptionsProvider : public clang::tidy::ClangTidyOptionsProvider {
public:
  struct State {
    std::mutex Lock;
    std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider;
    std::map<std::string, std::vector<OptionsSource>> PerDirectory;
    std::set<std::string> BrokenFiles; ///< .clang-tidy files that do not parse
  };
  explicit SharedOptionsProvider(std::shared_ptr<State> S) : S(std::move(S)) {}
  const clang::tidy::ClangTidyGlobalOptions &getGlobalOptions() override;
  std::vector<OptionsSource> getRawOptions(llvm::StringRef File) override;

private:
  std::shared_ptr<State> S;
};

/// Stamps of the .json files of the knowledge-base directories the
/// configuration names (their records change the messages).
std::string kbStamps(const clang::tidy::ClangTidyOptions &Opts,
                     StampCache &Stamps);

} // namespace torchdtype

#endif
