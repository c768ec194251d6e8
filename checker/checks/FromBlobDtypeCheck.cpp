//===- FromBlobDtypeCheck.cpp - torchdtype-from-blob-dtype ----------------===//

#include "FromBlobDtypeCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

using ::torchdtype::dtypeName;

void FromBlobDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                                ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::FromBlobFinding &F :
       AC.findings(R).fromBlobDtype()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    diag(Loc, "'from_blob' reads a buffer of '%0' (%1) as %2; the bytes are "
              "reinterpreted, not converted, and the values are wrong with no "
              "error [kb: %3]")
        << F.BufferType << dtypeName(F.Buffer) << dtypeName(F.Told) << Record;
    if (F.Ev->V.DT.Where.isValid() &&
        F.Ev->V.DT.Where != F.Ev->Call->getExprLoc())
      diag(fileLoc(F.Ev->V.DT.Where), "dtype %0 set here", DiagnosticIDs::Note)
          << dtypeName(F.Told);
    else
      diag(Loc, "no dtype given: from_blob uses the default dtype, %0",
           DiagnosticIDs::Note)
          << dtypeName(F.Told);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
