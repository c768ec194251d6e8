//===- FromBlobDeviceCheck.cpp - torchdtype-from-blob-device --------------===//

#include "FromBlobDeviceCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

void FromBlobDeviceCheck::report(const ::torchdtype::FunctionResult &R,
                                 ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::FromBlobDeviceFinding &F :
       AC.findings(R).fromBlobDevice()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    diag(Loc, "'from_blob' is told a CUDA device for %0; it does not copy, "
              "and a CUDA build refuses host memory%1")
        << F.What << kbSuffix(Record);
    SourceLocation Where = F.Ev->V.DV.Where;
    if (Where.isValid() && fileLoc(Where) != Loc)
      diag(fileLoc(Where), "the device is cuda from here", DiagnosticIDs::Note);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
