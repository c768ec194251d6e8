//===- HalfOnCpuCheck.cpp - torchdtype-half-on-cpu ------------------------===//

#include "HalfOnCpuCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

static constexpr llvm::StringLiteral Record = "pytorch/dtype-not-implemented";

void HalfOnCpuCheck::report(const ::torchdtype::FunctionResult &R,
                            ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::OpEvent *Ev : AC.findings(R).halfOnCpu()) {
    SourceLocation Loc = fileLoc(Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    const ::torchdtype::Operand &O =
        *llvm::find_if(Ev->Operands, [](const ::torchdtype::Operand &Op) {
          return ::torchdtype::isFloating(*Op.V.DT.single());
        });
    ::torchdtype::DType D = *O.V.DT.single();
    diag(Loc, "'%0' has no CPU kernel for %1 in PyTorch %2; this throws at "
              "run time%3")
        << Ev->Written
        << (D == ::torchdtype::DType::Half ? "float16" : "bfloat16")
        << AC.api().version().str()
        << kbSuffix(Record, AC.api().cpuKernelMissing(Ev->Op, D).value_or(""));
    diag(dtypeLoc(O), "operand '%0' has dtype %1 from here",
         DiagnosticIDs::Note)
        << describe(O) << ::torchdtype::dtypeName(D);
    contextNotes(Ev->Via, Ev->Assumed);
    kbNote(Loc, Record, D == ::torchdtype::DType::BFloat16 ? "bfloat16" : "");
  }
}

} // namespace clang::tidy::torchdtype
