//===- InplaceDtypeCheck.cpp - torchdtype-inplace-dtype -------------------===//

#include "InplaceDtypeCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::dtypeName;

void InplaceDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                               ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::InplaceFinding &F : AC.findings(R).inplaceDtype()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    std::string Self = describe(*F.Self);
    // The destination is what is expected, the source (or the arithmetic's
    // result) what is found.
    MessageFacts Facts{"inplace_self",
                       F.SelfDT,
                       F.SourceDT,
                       F.Self->V.DV.single(),
                       F.Source ? F.Source->V.DV.single() : std::nullopt,
                       F.Ev->Op};
    if (!F.ResultCast)
      diag(Loc, "'%0' needs a source of the dtype of '%1' (%2) but gets %3; "
                "this throws at run time%4")
          << F.Ev->Written << Self << dtypeName(F.SelfDT)
          << dtypeName(F.SourceDT) << kbSuffix(F.Kb, Facts);
    else if (F.Source)
      diag(Loc, "'%0' combines '%1' of dtype %2 with an operand of dtype %3 "
                "into a %4 result that cannot be cast back to %2; this "
                "throws at run time%5")
          << F.Ev->Written << Self << dtypeName(F.SelfDT)
          << dtypeName(*F.Source->V.DT.single()) << dtypeName(F.SourceDT)
          << kbSuffix(F.Kb, Facts);
    else
      diag(Loc, "'%0' on '%1' of dtype %2 with %3 gives a %4 result that "
                "cannot be cast back to %2; this throws at run time%5")
          << F.Ev->Written << Self << dtypeName(F.SelfDT) << F.Why
          << dtypeName(F.SourceDT) << kbSuffix(F.Kb, Facts);
    const ::torchdtype::Operand &S = *F.Self;
    if (F.Ev->ReverseScalar)
      diag(Loc, "a number on the left of a tensor runs in place on a tensor "
                "of its dtype: empty_like(%0).fill_(number).%1(%0)",
           DiagnosticIDs::Note)
          << Self << F.Ev->Written;
    diag(dtypeLoc(S), "'%0' has dtype %1 from here", DiagnosticIDs::Note)
        << Self << dtypeName(F.SelfDT);
    if (const ::torchdtype::Operand *O = F.Source)
      diag(dtypeLoc(*O), "%select{source|operand}0 '%1' has dtype %2 from here",
           DiagnosticIDs::Note)
          << F.ResultCast << describe(*O) << dtypeName(*O->V.DT.single());
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, F.Kb, F.Ev->ReverseScalar ? "reverse_scalar" : "inplace_self");
  }
}

} // namespace clang::tidy::torchdtype
