//===- AutocastUnsafeOpCheck.cpp - torchdtype-autocast-unsafe-op ----------===//

#include "AutocastUnsafeOpCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

void AutocastUnsafeOpCheck::report(const ::torchdtype::FunctionResult &R,
                                   ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::UnsafeAutocastFinding &F :
       AC.findings(R).autocastUnsafe()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    diag(Loc, "'%0' is refused inside a %1 autocast region; this throws at "
              "run time%2")
        << F.Ev->Written
        << (F.Dev == ::torchdtype::AutocastDevice::XPU ? "xpu" : "cuda")
        << kbSuffix(Record);
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
