//===- DispatchMissingDtypeCheck.h - torchdtype-dispatch-missing-dtype -*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_DISPATCHMISSINGDTYPECHECK_H
#define TORCHDTYPE_CHECKER_DISPATCHMISSINGDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds AT_DISPATCH_* macros (AT_DISPATCH_FLOATING_TYPES, _AND_HALF,
/// AT_DISPATCH_SWITCH ...) reached by a tensor whose dtype, known on the
/// path, none of their cases covers: the macro's default throws
/// '"kernel" not implemented for 'Half''.
///
/// For the user-facing documentation see:
/// docs/checks/dispatch-missing-dtype.md
class DispatchMissingDtypeCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/dtype-not-implemented";
};

} // namespace clang::tidy::torchdtype

#endif
