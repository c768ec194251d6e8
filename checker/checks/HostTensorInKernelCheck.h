//===- HostTensorInKernelCheck.h - torchdtype-host-tensor-in-kernel -*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_HOSTTENSORINKERNELCHECK_H
#define TORCHDTYPE_CHECKER_HOSTTENSORINKERNELCHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds the memory of a CPU tensor (`data_ptr`, `packed_accessor32` ...)
/// given to a CUDA kernel launch: typically an allocation with default
/// options (`torch::zeros({n})`) beside inputs checked to be CUDA.
///
/// For the user-facing documentation see: docs/checks/host-tensor-in-kernel.md
class HostTensorInKernelCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/host-tensor-in-kernel";
};

} // namespace clang::tidy::torchdtype

#endif
