//===- DiscardedConversionCheck.h - torchdtype-discarded-conversion -*- C++ -*-===//

#ifndef TORCHDTYPE_CHECKER_DISCARDEDCONVERSIONCHECK_H
#define TORCHDTYPE_CHECKER_DISCARDEDCONVERSIONCHECK_H

#include "TorchDtypeCheck.h"

namespace clang::tidy::torchdtype {

/// Finds tensor conversions whose result is dropped: `t.to(torch::kCUDA);`
/// as a statement leaves `t` where it was (also `cuda()`, `cpu()`,
/// `toType()`, `type_as()`: the conversion methods of checker/data/api.json).
///
/// For the user-facing documentation see: docs/checks/discarded-conversion.md
class DiscardedConversionCheck : public TorchDtypeCheck {
public:
  using TorchDtypeCheck::TorchDtypeCheck;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;

protected:
  void checkMatch(const ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  /// The knowledge-base record its findings link.
  static constexpr llvm::StringLiteral Record = "pytorch/discarded-conversion";
};

} // namespace clang::tidy::torchdtype

#endif
