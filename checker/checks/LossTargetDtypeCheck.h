//===- LossTargetDtypeCheck.h - torchdtype-loss-target-dtype
//---------------------------------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_LOSSTARGETDTYPECHECK_H
#define TORCHDTYPE_CHECKER_LOSSTARGETDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds loss functions given a target of the wrong dtype.
///
/// For the user-facing documentation see: docs/checks/loss-target-dtype.md
class LossTargetDtypeCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base records its findings link.
  static constexpr llvm::StringLiteral ClassIndexRecord =
      "pytorch/scalar-type-mismatch";
  static constexpr llvm::StringLiteral SameDTypeRecord =
      "pytorch/found-dtype-expected";
  static constexpr llvm::StringLiteral FloatingTargetRecord =
      "pytorch/result-type-cast";
};

} // namespace clang::tidy::torchdtype

#endif
