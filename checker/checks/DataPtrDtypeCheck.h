//===- DataPtrDtypeCheck.h - torchdtype-data-ptr-dtype ----------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_DATAPTRDTYPECHECK_H
#define TORCHDTYPE_CHECKER_DATAPTRDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds element accessors (data_ptr<float>(), accessor<float, 2>() ...)
/// called on a tensor whose dtype, known on the path, is not their element
/// type.
///
/// For the user-facing documentation see: docs/checks/data-ptr-dtype.md
class DataPtrDtypeCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/scalar-type-mismatch";
};

} // namespace clang::tidy::torchdtype

#endif
