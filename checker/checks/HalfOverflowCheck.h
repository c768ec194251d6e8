//===- HalfOverflowCheck.h - torchdtype-half-overflow -----------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_HALFOVERFLOWCHECK_H
#define TORCHDTYPE_CHECKER_HALFOVERFLOWCHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds a number outside float16's range (|v| > 65504, finite) given to an
/// op that converts it to a float16 tensor's dtype with an overflow check:
/// masked_fill(mask, -1e9), fill_(1e5), index_fill, full.
///
/// For the user-facing documentation see: docs/checks/half-overflow.md
class HalfOverflowCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/half-overflow";
};

} // namespace clang::tidy::torchdtype

#endif
