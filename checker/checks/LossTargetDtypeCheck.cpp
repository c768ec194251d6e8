//===- LossTargetDtypeCheck.cpp - torchdtype-loss-target-dtype ------------===//

#include "LossTargetDtypeCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::dtypeName;

void LossTargetDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                                  ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::LossTargetFinding &F :
       AC.findings(R).lossTargetDtype()) {
    // A loss that throws in backward: reported where backward runs.
    SourceLocation Loc = fileLoc(
        (F.Backward ? F.Backward : F.Ev->Call)->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    StringRef Record = F.ClassIndex || F.Weight ? ClassIndexRecord
                       : F.FloatingTarget ? FloatingTargetRecord
                                          : SameDTypeRecord;
    // Class indices: Long expected; a floating target: the input's result
    // type cannot be cast to the target's; else the target is found where
    // the input's dtype is expected (observed on 1.13.1).
    MessageFacts Facts{"loss_target",
                       F.ClassIndex       ? ::torchdtype::DType::Long
                       : F.FloatingTarget ? F.TargetDT
                                          : F.InputDT,
                       F.FloatingTarget ? F.InputDT : F.TargetDT,
                       std::nullopt,
                       std::nullopt,
                       F.Ev->Op};
    if (F.Weight)
      diag(Loc, "'%0' gets class weights of dtype %1 for an input of dtype "
                "%2; this throws at run time%3")
          << F.Ev->Written << dtypeName(F.TargetDT) << dtypeName(F.InputDT)
          << kbSuffix(Record, Facts);
    else if (F.FloatingTarget)
      diag(Loc, "'%0' needs a floating target but gets %1; this throws at run "
                "time%2")
          << F.Ev->Written << dtypeName(F.TargetDT) << kbSuffix(Record, Facts);
    else if (F.ClassIndex)
      diag(Loc, "'%0' needs a target of class indices of dtype Long but gets "
                "%1; this throws at run time%2")
          << F.Ev->Written << dtypeName(F.TargetDT) << kbSuffix(Record, Facts);
    else if (F.Backward)
      diag(Loc, "backward of '%0' with an input of dtype %1 and a target of "
                "dtype %2; this throws at run time%3")
          << F.Ev->Written << dtypeName(F.InputDT) << dtypeName(F.TargetDT)
          << kbSuffix(Record, Facts);
    else
      diag(Loc, "'%0' gets an input of dtype %1 and a target of dtype %2; "
                "this throws at run time%3")
          << F.Ev->Written << dtypeName(F.InputDT) << dtypeName(F.TargetDT)
          << kbSuffix(Record, Facts);
    if (F.Backward)
      diag(fileLoc(F.Ev->Call->getBeginLoc()),
           "the loss is computed here; its forward runs",
           DiagnosticIDs::Note);
    const ::torchdtype::Operand &T = *F.Target;
    diag(dtypeLoc(T), "%select{target|weights}0 '%1' %select{has|have}0 dtype "
                      "%2 from here",
         DiagnosticIDs::Note)
        << F.Weight << describe(T) << dtypeName(F.TargetDT);
    if (F.TargetRank >= 0)
      diag(dtypeLoc(T),
           "a target of %0 dimension%s0 for an input of %1 is read as class "
           "indices (a target of the input's shape, as probabilities)",
           DiagnosticIDs::Note)
          << F.TargetRank << F.InputRank;
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Record, F.FloatingTarget ? "loss_target" : "");
  }
}

} // namespace clang::tidy::torchdtype
