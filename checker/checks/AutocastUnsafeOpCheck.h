//===- AutocastUnsafeOpCheck.h - torchdtype-autocast-unsafe-op
//---------------------------------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_AUTOCASTUNSAFEOPCHECK_H
#define TORCHDTYPE_CHECKER_AUTOCASTUNSAFEOPCHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds ops that autocast refuses (binary_cross_entropy) inside an autocast
/// region of their device.
///
/// For the user-facing documentation see: docs/checks/autocast-unsafe-op.md
class AutocastUnsafeOpCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/autocast-bce-unsafe";
};

} // namespace clang::tidy::torchdtype

#endif
