//===- DispatchOperandDtypeCheck.cpp - torchdtype-dispatch-operand-dtype --===//

#include "DispatchOperandDtypeCheck.h"
#include "analysis/Callers.h"
#include "analysis/findings/Findings.h"
#include "analysis/PythonWrappers.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torchdtype {

DispatchOperandDtypeCheck::DispatchOperandDtypeCheck(StringRef Name,
                                                     ClangTidyContext *Context)
    : TorchDtypeCheck(Name, Context),
      StrictMode(Options.get("StrictMode", false)),
      PythonWrappers(Options.get("PythonWrappers", true)) {}

void DispatchOperandDtypeCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  TorchDtypeCheck::storeOptions(Opts);
  Options.store(Opts, "StrictMode", StrictMode);
  Options.store(Opts, "PythonWrappers", PythonWrappers);
}

void DispatchOperandDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                                       ::torchdtype::AnalysisContext &AC) {
  // The package's Python is read only for a function that would be
  // reported: most files have none, and a large package costs a read.
  std::shared_ptr<const ::torchdtype::PythonWrappers> Package;
  bool Read = false;
  auto Python = [&]() -> const ::torchdtype::PythonWrappers * {
    if (Read)
      return Package.get();
    Read = true;
    const SourceManager &SM = AC.callers().ast().getSourceManager();
    if (OptionalFileEntryRef Main =
            SM.getFileEntryRefForID(SM.getMainFileID())) {
      llvm::SmallString<256> Path(Main->getName());
      SM.getFileManager().makeAbsolutePath(Path);
      Package = ::torchdtype::PythonWrappers::forSource(Path);
    }
    return Package.get();
  };
  std::vector<::torchdtype::DispatchOperandFinding> Found =
      ::torchdtype::findDispatchOperand(
          R, AC.api(), AC.callers(), StrictMode,
          PythonWrappers && !StrictMode
              ? llvm::function_ref<const ::torchdtype::PythonWrappers *()>(
                    Python)
              : nullptr);
  for (const ::torchdtype::DispatchOperandFinding &F : Found) {
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
