//===- MissingDeviceGuardCheck.h - torchdtype-missing-device-guard -*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_MISSINGDEVICEGUARDCHECK_H
#define TORCHDTYPE_CHECKER_MISSINGDEVICEGUARDCHECK_H

#include "TorchDtypeCheck.h"
#include "analysis/DeviceGuards.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>

namespace clang::tidy::torchdtype {

/// Finds CUDA kernel launches (and the current device's stream or handle
/// taken) in a function whose tensors come from its callers, with no device
/// guard (`at::cuda::OptionalCUDAGuard`, `at::DeviceGuard` ...) or device
/// setter before them, there or in the calls of the function this file
/// shows: the kernel runs on the current device, not the tensors'.
///
/// For the user-facing documentation see: docs/checks/missing-device-guard.md
class MissingDeviceGuardCheck : public TorchDtypeCheck {
public:
  MissingDeviceGuardCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void onEndOfTranslationUnit() override;

protected:
  void checkMatch(const ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  void report(const CallExpr *Work, const ::torchdtype::UnguardedWork &W);

  /// Also report functions whose callers are not all in the file.
  const bool StrictMode;

  std::unique_ptr<::torchdtype::CallerIndex> Callers;
  std::unique_ptr<::torchdtype::DeviceGuards> Guards;
  const SourceManager *SM = nullptr;
  /// Per function, its first unguarded work: reported at the end of the
  /// unit, in source order.
  llvm::DenseMap<const FunctionDecl *,
                 std::pair<const CallExpr *, ::torchdtype::UnguardedWork>>
      Pending;

  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/missing-device-guard";
};

} // namespace clang::tidy::torchdtype

#endif
