//===- HostTensorInKernelCheck.cpp - torchdtype-host-tensor-in-kernel -----===//

#include "HostTensorInKernelCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

void HostTensorInKernelCheck::report(const ::torchdtype::FunctionResult &R,
                                     ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::HostLaunchFinding &F :
       AC.findings(R).hostTensorLaunch()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getExprLoc());
    if (!firstAt(Loc))
      continue;
    const ::torchdtype::Operand &Self = F.Ev->Operands[0];
    diag(Loc, "'%0' gives the memory of '%1', a CPU tensor, to a CUDA kernel; "
              "the kernel cannot read host memory and fails with an illegal "
              "memory access [kb: %2]")
        << F.Ev->Written << describe(Self) << Record;
    SourceLocation Where =
        Self.V.DV.Where.isValid() ? Self.V.DV.Where : Self.E->getExprLoc();
    diag(fileLoc(Where), "'%0' is on cpu from here", DiagnosticIDs::Note)
        << describe(Self);
    diag(fileLoc(F.Launch->getBeginLoc()), "the kernel launched here",
         DiagnosticIDs::Note);
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
