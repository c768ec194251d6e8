//===- MpsFloat64Check.h - torchdtype-mps-float64 ---------------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_MPSFLOAT64CHECK_H
#define TORCHDTYPE_CHECKER_MPSFLOAT64CHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds float64 tensors created on, or moved to, an Apple MPS device.
///
/// For the user-facing documentation see: docs/checks/mps-float64.md
class MpsFloat64Check : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  std::vector<FixItHint> convertOnMove(const Expr *E) const;

  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/mps-float64";
};

} // namespace clang::tidy::torchdtype

#endif
