//===- DispatchOperandDtypeCheck.cpp - torchdtype-dispatch-operand-dtype --===//

#include "DispatchOperandDtypeCheck.h"
#include "analysis/Callers.h"
#include "analysis/Findings.h"

namespace clang::tidy::torchdtype {

static constexpr llvm::StringLiteral Record = "pytorch/scalar-type-mismatch";

DispatchOperandDtypeCheck::DispatchOperandDtypeCheck(StringRef Name,
                                                     ClangTidyContext *Context)
    : TorchDtypeCheck(Name, Context),
      StrictMode(Options.get("StrictMode", false)) {}

void DispatchOperandDtypeCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  TorchDtypeCheck::storeOptions(Opts);
  Options.store(Opts, "StrictMode", StrictMode);
}

void DispatchOperandDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                                       ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::DispatchOperandFinding &F :
       ::torchdtype::findDispatchOperand(R, AC.api(), AC.callers(),
                                          StrictMode)) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getExprLoc());
    if (!firstAt(Loc))
      continue;
    const ::torchdtype::Operand &Read = F.Ev->Operands[0];
    StringRef Dispatched = writtenText(F.Dispatched);
    if (Dispatched.empty())
      Dispatched = "the dispatched tensor";
    diag(Loc, "'%0<scalar_t>' reads '%1' with the dtype dispatched on "
              "'%2', but nothing checks that '%1' has it; called with two "
              "dtypes (autocast's bfloat16 activations and float32 weights) "
              "this throws at run time%3")
        << F.Ev->Written << describe(Read) << Dispatched << kbSuffix(Record);
    diag(fileLoc(F.Switch->getBeginLoc()), "the dispatch on '%0'",
         DiagnosticIDs::Note)
        << Dispatched;
    kbNote(Loc, Record, "dispatch_operand");
  }
}

} // namespace clang::tidy::torchdtype
