//===- UnsupportedDtypeCheck.h - torchdtype-unsupported-dtype ---*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_UNSUPPORTEDDTYPECHECK_H
#define TORCHDTYPE_CHECKER_UNSUPPORTEDDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds op calls whose operands' dtypes are a combination the op's
/// measured contract (checker/data/op_contracts.json) raises for.
///
/// For the user-facing documentation see: docs/checks/unsupported-dtype.md
class UnsupportedDtypeCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record of a finding whose message none matches.
  static constexpr llvm::StringLiteral Fallback = "pytorch/op-dtype-contract";
};

} // namespace clang::tidy::torchdtype

#endif
