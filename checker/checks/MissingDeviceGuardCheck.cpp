//===- MissingDeviceGuardCheck.cpp - torchdtype-missing-device-guard ------===//

#include "MissingDeviceGuardCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchdtype {

MissingDeviceGuardCheck::MissingDeviceGuardCheck(StringRef Name,
                                                 ClangTidyContext *Context)
    : TorchDtypeCheck(Name, Context),
      StrictMode(Options.get("StrictMode", false)) {}

void MissingDeviceGuardCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  TorchDtypeCheck::storeOptions(Opts);
  Options.store(Opts, "StrictMode", StrictMode);
}

void MissingDeviceGuardCheck::registerMatchers(MatchFinder *Finder) {
  registerTraversalLimit(Finder);
  // Launches and calls as written (a template's once, not per instance).
  Finder->addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                              unless(isInTemplateInstantiation()))
                         .bind("work"),
                     this);
}

void MissingDeviceGuardCheck::checkMatch(
    const MatchFinder::MatchResult &Result) {
  const auto *Work = Result.Nodes.getNodeAs<CallExpr>("work");
  if (!Work)
    return;
  const ::torchdtype::ApiModel &Api = analysis(*Result.Context).api();
  if (!::torchdtype::deviceWork(Work, Api))
    return;
  if (!Guards) {
    Callers = std::make_unique<::torchdtype::CallerIndex>(*Result.Context, Api);
    Guards = std::make_unique<::torchdtype::DeviceGuards>(*Callers, Api);
    SM = Result.SourceManager;
  }
  std::optional<::torchdtype::UnguardedWork> W = Guards->unguarded(Work, StrictMode);
  if (!W)
    return;
  // One finding per function: its first unguarded work as written (the
  // matchers do not visit a lambda's body in source order).
  auto [It, New] = Pending.try_emplace(W->Function, Work, *W);
  if (!New && SM->isBeforeInTranslationUnit(
                  SM->getFileLoc(Work->getBeginLoc()),
                  SM->getFileLoc(It->second.first->getBeginLoc())))
    It->second = {Work, std::move(*W)};
}

void MissingDeviceGuardCheck::onEndOfTranslationUnit() {
  std::vector<const FunctionDecl *> Order;
  for (const auto &P : Pending)
    Order.push_back(P.first);
  llvm::sort(Order, [&](const FunctionDecl *A, const FunctionDecl *B) {
    return SM->isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  for (const FunctionDecl *F : Order) {
    const auto &P = Pending.find(F)->second;
    report(P.first, P.second);
  }
  Pending.clear();
  Guards.reset();
  Callers.reset();
  TorchDtypeCheck::onEndOfTranslationUnit();
}

void MissingDeviceGuardCheck::report(const CallExpr *Work,
                                     const ::torchdtype::UnguardedWork &W) {
  SourceLocation Loc = fileLoc(Work->getBeginLoc());
  if (!firstAt(Loc))
    return;
  const FunctionDecl *Callee = Work->getDirectCallee();
  bool Launch = isa<CUDAKernelCallExpr>(Work);
  diag(Loc, "%select{kernel launch|'%1'}0 in '%2' uses the current CUDA "
            "device, and no device guard sets it to the device of '%3'; with "
            "'%3' on another GPU the kernel fails with an illegal memory "
            "access or works on the wrong GPU [kb: %4]")
      << !Launch << (Callee ? Callee->getName() : StringRef("call"))
      << W.Function->getName() << W.Tensor->getName() << Record;
  diag(W.Tensor->getLocation(),
       "'%0' comes from the caller and may be on any GPU", DiagnosticIDs::Note)
      << W.Tensor->getName();
  for (const Expr *Call : W.UnguardedCalls)
    diag(fileLoc(Call->getBeginLoc()),
         "'%0' is called here with no device guard before the call",
         DiagnosticIDs::Note)
        << W.Function->getName();
  kbNote(Loc, Record);
}

} // namespace clang::tidy::torchdtype
