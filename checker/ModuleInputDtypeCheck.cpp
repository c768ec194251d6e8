//===- ModuleInputDtypeCheck.cpp - torchdtype-module-input-dtype ----------===//

#include "ModuleInputDtypeCheck.h"
#include "analysis/Findings.h"

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
       ::torchdtype::findModuleInputDtype(R, AC.api(), !IgnoreOpaqueModules)) {
    SourceLocation Loc = fileLoc(F.Call->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    std::string Name =
        F.Call->ModuleName.empty() ? "module" : F.Call->ModuleName;
    diag(Loc, "module '%0' has %1 parameters but gets a %2 input; this throws "
              "at run time%3")
        << Name << dtypeName(F.Params) << dtypeName(F.Input) << kbSuffix(F.Kb);
    if (F.Call->Module.DT.Where.isValid())
      diag(fileLoc(F.Call->Module.DT.Where),
           "module '%0' has dtype %1 from here", DiagnosticIDs::Note)
          << Name << dtypeName(F.Params);
    const ::torchdtype::Operand &I = F.Call->Input;
    diag(dtypeLoc(I), "input '%0' has dtype %1 from here", DiagnosticIDs::Note)
        << describe(I) << dtypeName(F.Input);
    contextNotes(F.Call->Via, F.Call->Assumed);
    kbNote(Loc, F.Kb, "module_input");
  }
}

} // namespace clang::tidy::torchdtype
