//===- FromBlobDeviceCheck.h - torchdtype-from-blob-device -------*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_FROMBLOBDEVICECHECK_H
#define TORCHDTYPE_CHECKER_FROMBLOBDEVICECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds from_blob told a CUDA device for host memory (a std::vector's
/// data(), an array, new or malloc): from_blob
/// does not copy, and a CUDA build refuses the host pointer.
///
/// For the user-facing documentation see: docs/checks/from-blob-device.md
class FromBlobDeviceCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/from-blob-device";
};

} // namespace clang::tidy::torchdtype

#endif
