//===- MixedPrecisionCheck.h - torchdtype-mixed-precision -------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_MIXEDPRECISIONCHECK_H
#define TORCHDTYPE_CHECKER_MIXEDPRECISIONCHECK_H

#include "TorchDtypeCheck.h"
#include "analysis/findings/Findings.h"

namespace clang::tidy::torchdtype {

/// Finds ops that need operands of one dtype (mm, matmul, linear, conv ...)
/// given different floating dtypes where autocast does not reconcile them.
///
/// For the user-facing documentation see:
/// docs/checks/mixed-precision.md
class MixedPrecisionCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// Converts the operand of the narrower dtype to the wider one.
  std::vector<FixItHint>
  widenNarrowOperand(const ::torchdtype::MixedPrecisionFinding &F) const;

  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral KernelMissingRecord =
      "pytorch/dtype-not-implemented";
};

} // namespace clang::tidy::torchdtype

#endif
