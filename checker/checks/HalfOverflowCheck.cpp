//===- HalfOverflowCheck.cpp - torchdtype-half-overflow -------------------===//

#include "HalfOverflowCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

void HalfOverflowCheck::report(const ::torchdtype::FunctionResult &R,
                               ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::OverflowFinding &F : AC.findings(R).halfOverflow()) {
    SourceLocation Loc = fileLoc(F.Value->getExprLoc());
    if (!firstAt(Loc))
      continue;
    StringRef Written = writtenText(F.Value);
    bool Result = F.Self->E == F.Ev->Call; // a factory's own result
    diag(Loc, "'%0' gets %1, outside the range of float16 (largest finite "
              "value 65504) that %select{'%3'|its result}2 has; this throws "
              "at run time%4")
        << F.Ev->Written << (Written.empty() ? StringRef("a number") : Written)
        << Result << describe(*F.Self) << kbSuffix(Record, MessageFacts{});
    if (!Result)
      diag(dtypeLoc(*F.Self), "'%0' has dtype Half from here",
           DiagnosticIDs::Note)
          << describe(*F.Self);
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
