//===- DispatchMissingDtypeCheck.cpp - torchdtype-dispatch-missing-dtype --===//

#include "DispatchMissingDtypeCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::dtypeName;

void DispatchMissingDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                                       ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::DispatchFinding &F :
       AC.findings(R).dispatchMissingDtype()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getExprLoc());
    if (!firstAt(Loc))
      continue;
    StringRef Macro = outermostMacro(F.Ev->Call->getExprLoc());
    const ::torchdtype::Operand &Self = F.Ev->Operands[0];
    std::string Covered;
    for (unsigned D = 0; D < unsigned(::torchdtype::DType::NumDTypes); ++D)
      if (F.Ev->Covers & (1u << D))
        Covered += (Covered.empty() ? "" : ", ") +
                   dtypeName(::torchdtype::DType(D)).str();
    diag(Loc, "%0 \"%1\" has no case for '%2' of dtype %3 (it covers %4); "
              "this throws at run time%5")
        << (Macro.empty() ? StringRef("the dispatch") : Macro)
        << F.Ev->Written << describe(Self) << dtypeName(F.Got) << Covered
        << kbSuffix(Record, {"dispatch", std::nullopt, F.Got, std::nullopt,
                             std::nullopt, F.Ev->Written});
    diag(dtypeLoc(Self), "'%0' has dtype %1 from here", DiagnosticIDs::Note)
        << describe(Self) << dtypeName(F.Got);
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Record, "dispatch");
  }
}

} // namespace clang::tidy::torchdtype
