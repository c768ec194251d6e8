//===- HalfOnCpuCheck.h - torchdtype-half-on-cpu
//---------------------------------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_HALFONCPUCHECK_H
#define TORCHDTYPE_CHECKER_HALFONCPUCHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds float16 compute on the CPU that the targeted PyTorch version has no
/// kernel for.
///
/// For the user-facing documentation see: docs/checks/half-on-cpu.md
class HalfOnCpuCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base records its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/dtype-not-implemented";
  static constexpr llvm::StringLiteral SetterRecord =
      "pytorch/autocast-cpu-dtype";
};

} // namespace clang::tidy::torchdtype

#endif
