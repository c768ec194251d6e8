//===- MixedPrecisionCheck.cpp - torchdtype-mixed-precision ---------------===//

#include "MixedPrecisionCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::dtypeName;

std::vector<FixItHint> MixedPrecisionCheck::widenNarrowOperand(
    const ::torchdtype::MixedPrecisionFinding &F) const {
  // Widening loses nothing. Never self of an in-place or out= op (the
  // conversion would make a copy), nor when neither dtype holds the other
  // (Half beside BFloat16).
  // Integers converted to floating types may lose digits: a note, no fix.
  if (!::torchdtype::isFloating(F.DA) || !::torchdtype::isFloating(F.DB))
    return {};
  ::torchdtype::DType Wide = ::torchdtype::promoteTypes(F.DA, F.DB);
  const ::torchdtype::Operand *Narrow = Wide == F.DA   ? F.B
                                        : Wide == F.DB ? F.A
                                                       : nullptr;
  if (!Narrow || (Narrow == &F.Ev->Operands.front() &&
                  (F.Ev->InPlace || F.Ev->OutVariant)))
    return {};
  return appendConversion(Narrow->E, ::torchdtype::dtypeConstant(Wide));
}

void MixedPrecisionCheck::report(const ::torchdtype::FunctionResult &R,
                                 ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::MixedPrecisionFinding &F :
       AC.findings(R).mixedPrecision()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    std::string Record = AC.api().sameDTypeRecord(F.Ev->Op);
    // The message names the operands' dtypes as written only where autocast
    // casts none of them. On the CPU a first operand whose kernel is missing
    // fails that way first (mm(Half, Float) on 1.13).
    MessageFacts Facts{"op"};
    std::optional<std::string> Missing =
        AC.api().cpuKernelMissing(F.Ev->Op, F.DA);
    bool OnCpu = F.A->V.DV.single() == ::torchdtype::Device::CPU;
    if (F.AutocastReason.empty() && !Missing && !F.Ev->ListOperands)
      Facts = {"op",    F.DA, F.DB, F.A->V.DV.single(), F.B->V.DV.single(),
               F.Ev->Op};
    if (F.AutocastReason.empty() && Missing && OnCpu)
      Record = KernelMissingRecord;
    std::string Suffix = Record == KernelMissingRecord
                             ? kbSuffix(Record, *Missing)
                             : kbSuffix(Record, Facts);
    diag(Loc, "'%0' requires operands of the same dtype but gets %1 and %2; "
              "this throws at run time%3")
        << F.Ev->Written << dtypeName(F.DA) << dtypeName(F.DB) << Suffix
        << widenNarrowOperand(F);
    for (const ::torchdtype::Operand *O : {F.A, F.B}) {
      diag(dtypeLoc(*O), "operand '%0' has dtype %1 from here",
           DiagnosticIDs::Note)
          << describe(*O) << dtypeName(*O->V.DT.single());
    }
    if (!F.AutocastReason.empty())
      diag(Loc, F.AutocastReason, DiagnosticIDs::Note);
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
