//===- DispatchOperandDtypeCheck.h - torchdtype-dispatch-operand-dtype -*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_DISPATCHOPERANDDTYPECHECK_H
#define TORCHDTYPE_CHECKER_DISPATCHOPERANDDTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds an element accessor that reads a tensor with the scalar_t of an
/// AT_DISPATCH_* macro on another tensor, where nothing (a check, a
/// conversion, a derivation) ties the two dtypes: a caller passing two
/// dtypes (autocast's bfloat16 activations, float32 weights) gets
/// 'expected scalar type BFloat16 but found Float'.
///
/// For the user-facing documentation see:
/// docs/checks/dispatch-operand-dtype.md
class DispatchOperandDtypeCheck : public TorchDtypeCheck {
public:
  DispatchOperandDtypeCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void report(const ::torchdtype::FunctionResult &R,
              ::torchdtype::AnalysisContext &AC) override;

private:
  /// Also report functions whose callers are not all in the file.
  const bool StrictMode;
  /// Read the extension's Python package (PythonWrappers): quiet for a bound
  /// function whose every Python caller casts its arguments first.
  const bool PythonWrappers;

  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/scalar-type-mismatch";
};

} // namespace clang::tidy::torchdtype

#endif
