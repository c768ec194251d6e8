//===- MpsFloat64Check.cpp - torchdtype-mps-float64 -----------------------===//

#include "MpsFloat64Check.h"
#include "analysis/Findings.h"

namespace clang::tidy::torchdtype {

static constexpr llvm::StringLiteral Record = "pytorch/mps-float64";

void MpsFloat64Check::report(const ::torchdtype::FunctionResult &R,
                             ::torchdtype::AnalysisContext &) {
  for (const ::torchdtype::PlacementEvent *P : ::torchdtype::findMpsFloat64(R)) {
    SourceLocation Loc = fileLoc(P->E->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    diag(Loc, "float64 tensor on an MPS device; MPS has no float64 support "
              "and this throws at run time%0")
        << kbSuffix(Record);
    if (P->V.DT.Where.isValid())
      diag(fileLoc(P->V.DT.Where), "dtype Double set here",
           DiagnosticIDs::Note);
    if (P->V.DV.Where.isValid())
      diag(fileLoc(P->V.DV.Where), "device mps set here", DiagnosticIDs::Note);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
