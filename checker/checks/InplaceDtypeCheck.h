//===- InplaceDtypeCheck.h - torchdtype-inplace-dtype -------------------*- C++
//-*-===//

#ifndef TORCHDTYPE_CHECKER_INPLACEDTYPECHECK_H
#define TORCHDTYPE_CHECKER_INPLACEDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds writes into a tensor of a value it cannot take: a source of another
/// dtype (index_put_, index_copy_, scatter_ ...) or an in-place arithmetic
/// result that cannot be cast back to the tensor's dtype.
///
/// For the user-facing documentation see: docs/checks/inplace-dtype.md
class InplaceDtypeCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;
};

} // namespace clang::tidy::torchdtype

#endif
