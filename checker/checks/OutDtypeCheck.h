//===- OutDtypeCheck.h - torchdtype-out-dtype -------------------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_OUTDTYPECHECK_H
#define TORCHDTYPE_CHECKER_OUTDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds out= variants given an out tensor of another dtype than the op's
/// result.
///
/// For the user-facing documentation see: docs/checks/out-dtype.md
class OutDtypeCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/out-dtype-mismatch";
};

} // namespace clang::tidy::torchdtype

#endif
