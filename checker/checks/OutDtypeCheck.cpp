//===- OutDtypeCheck.cpp - torchdtype-out-dtype ---------------------------===//

#include "OutDtypeCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::dtypeName;

void OutDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                           ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::OutFinding &F : AC.findings(R).outDtype()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    diag(Loc, "'%0' needs out tensor '%1' of dtype %2 but it has dtype %3; "
              "this throws at run time%4")
        << F.Ev->Written << describe(*F.Out) << dtypeName(F.Expected)
        << dtypeName(F.Got)
        << kbSuffix(Record, {"out", F.Expected, F.Got, std::nullopt,
                             std::nullopt, F.Ev->Op});
    const ::torchdtype::Operand &O = *F.Out;
    diag(dtypeLoc(O), "out tensor '%0' has dtype %1 from here",
         DiagnosticIDs::Note)
        << describe(O) << dtypeName(F.Got);
    if (const ::torchdtype::Operand *In = F.Input)
      diag(dtypeLoc(*In), "the result has the dtype of '%0', %1 from here",
           DiagnosticIDs::Note)
          << describe(*In) << dtypeName(F.Expected);
    else
      diag(Loc, "'%0' writes indices, of dtype Long", DiagnosticIDs::Note)
          << F.Ev->Written;
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Record, "out");
  }
}

} // namespace clang::tidy::torchdtype
