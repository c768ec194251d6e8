//===- HalfOnCpuCheck.cpp - torchdtype-half-on-cpu ------------------------===//

#include "HalfOnCpuCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

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
        << kbSuffix(Record,
                    ::torchdtype::lowPrecisionKernelMissing(*Ev, AC.api(), D)
                        .value_or(""));
    diag(dtypeLoc(O), "operand '%0' has dtype %1 from here",
         DiagnosticIDs::Note)
        << describe(O) << ::torchdtype::dtypeName(D);
    contextNotes(Ev->Via, Ev->Assumed);
    kbNote(Loc, Record, D == ::torchdtype::DType::BFloat16 ? "bfloat16" : "");
  }
  // An autocast dtype setter given a dtype this version refuses for its
  // device (CPU autocast of 1.13 runs in bfloat16 only).
  const ::torchdtype::ApiModel &Api = AC.api();
  for (const ::torchdtype::AutocastDTypeEvent *Ev :
       AC.findings(R).refusedAutocastDType()) {
    SourceLocation Loc = fileLoc(Ev->Call->getBeginLoc());
    const auto *Setter = dyn_cast<CallExpr>(Ev->Call);
    const FunctionDecl *Callee = Setter ? Setter->getDirectCallee() : nullptr;
    if (!Callee || !firstAt(Loc))
      continue;
    diag(Loc, "'%0' refuses dtype %1 in PyTorch %2; this throws at run time%3")
        << Callee->getName() << ::torchdtype::dtypeName(Ev->DT)
        << Api.version().str()
        << kbSuffix(SetterRecord,
                    Api.autocastDTypeRefusal(Ev->Device, Ev->DT).value_or(""));
    SourceLocation From = dtypeLoc(Ev->Arg);
    if (From != fileLoc(Ev->Arg.E->getExprLoc()))
      diag(From, "dtype %0 from here", DiagnosticIDs::Note)
          << ::torchdtype::dtypeName(Ev->DT);
    contextNotes({}, Ev->Assumed);
    kbNote(Loc, SetterRecord, "");
  }
}

} // namespace clang::tidy::torchdtype
