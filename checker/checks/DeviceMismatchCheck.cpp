//===- DeviceMismatchCheck.cpp - torchdtype-device-mismatch ---------------===//

#include "DeviceMismatchCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::deviceName;

DeviceMismatchCheck::DeviceMismatchCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : TorchDtypeCheck(Name, Context),
      IgnoreOpaqueModules(Options.get("IgnoreOpaqueModules", false)) {}

void DeviceMismatchCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  TorchDtypeCheck::storeOptions(Opts);
  Options.store(Opts, "IgnoreOpaqueModules", IgnoreOpaqueModules);
}

void DeviceMismatchCheck::report(const ::torchdtype::FunctionResult &R,
                                 ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::DeviceMismatchFinding &F :
       AC.findings(R).deviceMismatch(!IgnoreOpaqueModules)) {
    SourceLocation Loc = fileLoc(F.Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    auto Note = [&](const ::torchdtype::Operand &O) {
      SourceLocation Where =
          O.V.DV.Where.isValid() ? O.V.DV.Where : O.E->getExprLoc();
      diag(fileLoc(Where), "operand '%0' is on %1 from here",
           DiagnosticIDs::Note)
          << describe(O) << deviceName(*O.V.DV.single());
    };
    if (const ::torchdtype::ModuleCallEvent *MC = F.ModuleCall) {
      std::string Name = MC->ModuleName.empty() ? "module" : MC->ModuleName;
      diag(Loc, "module '%0' is on %1 but its input is on %2; this throws at "
                "run time%3")
          << Name << deviceName(F.DA) << deviceName(F.DB) << kbSuffix(Record);
      if (MC->Module.DV.Where.isValid())
        diag(fileLoc(MC->Module.DV.Where),
             MC->Module.Moved ? "module '%0' moved to %1 here"
                              : "module '%0' is on %1 from here",
             DiagnosticIDs::Note)
            << Name << deviceName(F.DA);
      Note(*F.B);
      contextNotes(F.Via, F.Assumed);
      kbNote(Loc, Record);
      continue;
    }
    diag(Loc, "'%0' gets operands on different devices (%1 and %2); this "
              "throws at run time%3")
        << F.Op << deviceName(F.DA) << deviceName(F.DB) << kbSuffix(Record);
    Note(*F.A);
    Note(*F.B);
    contextNotes(F.Via, F.Assumed);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
