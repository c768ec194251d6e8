//===- ModuleInputDtypeCheck.cpp - torchdtype-module-input-dtype ----------===//

#include "ModuleInputDtypeCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::dtypeName;

ModuleInputDtypeCheck::ModuleInputDtypeCheck(StringRef Name,
                                             ClangTidyContext *Context)
    : TorchDtypeCheck(Name, Context),
      IgnoreOpaqueModules(Options.get("IgnoreOpaqueModules", false)) {}

void ModuleInputDtypeCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  TorchDtypeCheck::storeOptions(Opts);
  Options.store(Opts, "IgnoreOpaqueModules", IgnoreOpaqueModules);
}

void ModuleInputDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                                   ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::ModuleInputFinding &F :
       AC.findings(R).moduleInputDtype(!IgnoreOpaqueModules)) {
    SourceLocation Loc = fileLoc(F.Call->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    std::string Name =
        F.Call->ModuleName.empty() ? "module" : F.Call->ModuleName;
    const ::torchdtype::Operand &I = F.Call->Input;
    if (F.Index) {
      diag(Loc, "module '%0' looks up indices of dtype %1 but takes only Long "
                "or Int indices; this throws at run time%2")
          << Name << dtypeName(F.Input)
          << kbSuffix(F.Kb, {"module_input", std::nullopt, F.Input,
                             std::nullopt, I.V.DV.single(), F.Call->Op});
      diag(dtypeLoc(I), "indices '%0' have dtype %1 from here",
           DiagnosticIDs::Note)
          << describe(I) << dtypeName(F.Input);
      contextNotes(F.Call->Via, F.Call->Assumed);
      kbNote(Loc, F.Kb, "module_input");
      continue;
    }
    // A layer whose op has no kernel for the input's dtype raises that
    // error instead: the message is not filled in.
    MessageFacts Facts{"module_input"};
    if (!AC.api().cpuKernelMissing(F.Call->Op, F.Input) &&
        !F.AutocastLeavesInput)
      Facts = {"module_input",
               F.Input,
               F.Params,
               I.V.DV.single(),
               F.Call->Module.DV.single(),
               F.Call->Op};
    diag(Loc, "module '%0' has %1 parameters but gets a %2 input; this throws "
              "at run time%3")
        << Name << dtypeName(F.Params) << dtypeName(F.Input)
        << kbSuffix(F.Kb, Facts);
    if (F.Call->Module.DT.Where.isValid())
      diag(fileLoc(F.Call->Module.DT.Where),
           "module '%0' has dtype %1 from here", DiagnosticIDs::Note)
          << Name << dtypeName(F.Params);
    diag(dtypeLoc(I), "input '%0' has dtype %1 from here", DiagnosticIDs::Note)
        << describe(I) << dtypeName(F.Input);
    if (F.AutocastLeavesInput)
      diag(Loc, "autocast casts the layer's weights to a lower precision and "
                "never casts a float64 input",
           DiagnosticIDs::Note);
    contextNotes(F.Call->Via, F.Call->Assumed);
    kbNote(Loc, F.Kb, "module_input");
  }
}

} // namespace clang::tidy::torchdtype
