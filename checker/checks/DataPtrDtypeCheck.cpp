//===- DataPtrDtypeCheck.cpp - torchdtype-data-ptr-dtype ------------------===//

#include "DataPtrDtypeCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::dtypeName;

void DataPtrDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                               ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::DataPtrFinding &F : AC.findings(R).dataPtrDtype()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getExprLoc());
    if (!firstAt(Loc))
      continue;
    const ::torchdtype::Operand &Self = F.Ev->Operands[0];
    diag(Loc, "'%0<%1>' reads '%2' as %3 but it has dtype %4; this throws at "
              "run time%5")
        << F.Ev->Written << F.ElementType << describe(Self)
        << dtypeName(F.Asked) << dtypeName(F.Got)
        << kbSuffix(Record, {"element", F.Asked, F.Got, std::nullopt,
                             std::nullopt, F.Ev->Written});
    diag(dtypeLoc(Self), "'%0' has dtype %1 from here", DiagnosticIDs::Note)
        << describe(Self) << dtypeName(F.Got);
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Record, "element");
  }
}

} // namespace clang::tidy::torchdtype
