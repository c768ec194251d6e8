//===- ModuleInputDtypeCheck.h - torchdtype-module-input-dtype --*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_MODULEINPUTDTYPECHECK_H
#define TORCHDTYPE_CHECKER_MODULEINPUTDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds torch::nn modules whose parameters have one floating dtype called
/// with an input of another, outside autocast.
///
/// For the user-facing documentation see: docs/checks/module-input-dtype.md
class ModuleInputDtypeCheck : public TorchDtypeCheck {
public:
  ModuleInputDtypeCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  const bool IgnoreOpaqueModules;
};

} // namespace clang::tidy::torchdtype

#endif
