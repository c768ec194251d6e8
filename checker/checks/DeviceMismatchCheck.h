//===- DeviceMismatchCheck.h - torchdtype-device-mismatch -------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_DEVICEMISMATCHCHECK_H
#define TORCHDTYPE_CHECKER_DEVICEMISMATCHCHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds operands of one op, or a module and its input, on different
/// devices (cpu, cuda, mps ...).
///
/// For the user-facing documentation see: docs/checks/device-mismatch.md
class DeviceMismatchCheck : public TorchDtypeCheck {
public:
  DeviceMismatchCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  const bool IgnoreOpaqueModules;

  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/device-mismatch";
};

} // namespace clang::tidy::torchdtype

#endif
