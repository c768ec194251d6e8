//===- FromBlobDtypeCheck.h - torchdtype-from-blob-dtype
//---------------------------------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_FROMBLOBDTYPECHECK_H
#define TORCHDTYPE_CHECKER_FROMBLOBDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds from_blob calls told a dtype other than their buffer's element type.
///
/// For the user-facing documentation see: docs/checks/from-blob-dtype.md
class FromBlobDtypeCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/from-blob-dtype";
};

} // namespace clang::tidy::torchdtype

#endif
