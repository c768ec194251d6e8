//===- NonPortableElementTypeCheck.h - torchdtype-non-portable-element-type -*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_NONPORTABLEELEMENTTYPECHECK_H
#define TORCHDTYPE_CHECKER_NONPORTABLEELEMENTTYPECHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds element types that LibTorch does not define its accessors for on
/// every platform: `data_ptr<long>()`, `accessor<long long, 2>()`,
/// `item<long>()` (int64_t is `long` on Linux, `long long` on Windows and
/// macOS), and CUDA's `__half` / `__nv_bfloat16` where at::Half and
/// at::BFloat16 are meant.
///
/// For the user-facing documentation see:
/// docs/checks/non-portable-element-type.md
class NonPortableElementTypeCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record =
      "pytorch/non-portable-element-type";
};

} // namespace clang::tidy::torchdtype

#endif
