//===- UnsupportedDtypeCheck.cpp - torchdtype-unsupported-dtype -----------===//

#include "UnsupportedDtypeCheck.h"
#include "analysis/findings/FunctionFindings.h"

namespace clang::tidy::torchdtype {

/// The record for a measured message no other record's regex matches.

void UnsupportedDtypeCheck::report(const ::torchdtype::FunctionResult &R,
                                   ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::ContractFinding &F : AC.findings(R).opContract()) {
    SourceLocation Loc = fileLoc(F.Ev->Call->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    // Name the operands whose dtype alone is wrong, with what would run;
    // else every operand of the combination, each once (`1 - m` runs sub_
    // with m in both slots).
    llvm::SmallVector<unsigned, 3> Named;
    for (const auto &[I, Runs] : F.Culprits)
      Named.push_back(I);
    for (unsigned I = 0; I < F.Slots.size() && F.Culprits.empty(); ++I)
      if (llvm::none_of(Named, [&](unsigned J) {
            return F.Slots[J]->E == F.Slots[I]->E;
          }))
        Named.push_back(I);
    std::string Given, Instead;
    auto Name = [&](unsigned I) {
      return ::torchdtype::dtypeName(F.DTypes[I]).str() + " '" +
             describe(*F.Slots[I]) + "'";
    };
    if (!F.Culprits.empty()) {
      for (unsigned I : Named)
        Given += (Given.empty() ? "" : " or ") + Name(I);
      const auto &Runs = F.Culprits.front().second;
      for (unsigned J = 0; J < Runs.size(); ++J)
        Instead += (J ? (J + 1 == Runs.size() ? " or " : ", ") : "") +
                   ::torchdtype::dtypeName(Runs[J]).str();
      Instead = " (" + Instead + " would run)";
    } else {
      for (unsigned K = 0; K < Named.size(); ++K)
        Given += (K ? (K + 1 == Named.size() ? " and " : ", ") : "") +
                 Name(Named[K]);
    }
    std::string Op = F.Ev->Written;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(F.Ev->Call);
        OC && F.Ev->ReverseScalar)
      Op = std::string("operator") + getOperatorSpelling(OC->getOperator());
    std::string Id = matchRecord(F.Message).value_or(Fallback.str());
    diag(Loc, "'%0' does not take %1 in PyTorch %2%3; this throws at run "
              "time%4")
        << Op << Given << AC.api().version().str() << Instead
        << kbSuffix(Id, F.Message);
    for (unsigned I = 0; I < F.Slots.size(); ++I)
      if (llvm::is_contained(Named, I))
        diag(dtypeLoc(*F.Slots[I]), "operand '%0' has dtype %1 from here",
             DiagnosticIDs::Note)
            << describe(*F.Slots[I]) << ::torchdtype::dtypeName(F.DTypes[I]);
    contextNotes(F.Ev->Via, F.Ev->Assumed);
    kbNote(Loc, Id);
  }
}

} // namespace clang::tidy::torchdtype
