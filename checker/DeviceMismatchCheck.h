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
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;
};

} // namespace clang::tidy::torchdtype

#endif
