//===- HalfOnCpuCheck.cpp - torchdtype-half-on-cpu ------------------------===//

#include "HalfOnCpuCheck.h"
#include "analysis/Findings.h"

namespace clang::tidy::torchdtype {

static constexpr llvm::StringLiteral Record = "pytorch/dtype-not-implemented";

void HalfOnCpuCheck::report(const ::torchdtype::FunctionResult &R,
                            ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::OpEvent *Ev :
       ::torchdtype::findHalfOnCpu(R, AC.api())) {
    SourceLocation Loc = fileLoc(Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    diag(Loc, "'%0' has no CPU kernel for float16 in PyTorch %1; this throws "
              "at run time%2")
        << Ev->Written << AC.api().version().str() << kbSuffix(Record);
    const ::torchdtype::Operand &O = Ev->Operands.front();
    diag(dtypeLoc(O), "operand '%0' has dtype Half from here",
         DiagnosticIDs::Note)
        << describe(O);
    contextNotes(Ev->Via, Ev->Assumed);
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
