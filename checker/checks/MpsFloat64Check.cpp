//===- MpsFloat64Check.cpp - torchdtype-mps-float64 -----------------------===//

#include "MpsFloat64Check.h"
#include "analysis/findings/FunctionFindings.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torchdtype {

/// `t.to(mps)` becomes `t.to(mps, at::kFloat)`: the move and the conversion
/// in one call. Other forms (factories, options, helpers) get the note only.
std::vector<FixItHint> MpsFloat64Check::convertOnMove(const Expr *E) const {
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
  const CXXMethodDecl *M = Call ? Call->getMethodDecl() : nullptr;
  if (!M || !M->getIdentifier() || M->getName() != "to" ||
      Call->getNumArgs() < 1 || isa<CXXDefaultArgExpr>(Call->getArg(0)) ||
      Call->getBeginLoc().isMacroID())
    return {};
  for (unsigned I = 1; I < Call->getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(Call->getArg(I)))
      return {};
  // The argument as written: to(Device) binds to to(TensorOptions) through
  // an implicit conversion; with a dtype added, to(Device, ScalarType) is
  // chosen, which needs the written argument to be a device.
  const Expr *Written = Call->getArg(0)->IgnoreImplicit();
  while (const auto *C = dyn_cast<CXXConstructExpr>(Written)) {
    if (isa<CXXTemporaryObjectExpr>(C) || C->getNumArgs() != 1)
      break;
    Written = C->getArg(0)->IgnoreImplicit();
  }
  QualType T = Written->getType().getNonReferenceType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  bool IsDeviceArg =
      (RD && RD->getQualifiedNameAsString() == "c10::Device") ||
      (T->isEnumeralType() &&
       T->castAs<EnumType>()->getDecl()->getQualifiedNameAsString() ==
           "c10::DeviceType");
  SourceLocation End = Call->getArg(0)->getEndLoc();
  if (!IsDeviceArg || End.isMacroID())
    return {};
  SourceLocation After = Lexer::getLocForEndOfToken(
      End, 0, AST->getSourceManager(), AST->getLangOpts());
  if (After.isInvalid())
    return {};
  return {FixItHint::CreateInsertion(After, ", at::kFloat")};
}

void MpsFloat64Check::report(const ::torchdtype::FunctionResult &R,
                             ::torchdtype::AnalysisContext &AC) {
  for (const ::torchdtype::MpsFloat64Event *P : AC.findings(R).mpsFloat64()) {
    SourceLocation Loc = fileLoc(P->E->getBeginLoc());
    if (!firstAt(Loc))
      continue;
    // A device chosen at run time (`hasMPS() ? kMPS : kCPU`) throws on
    // the path that chose MPS.
    bool Always = P->V.DV.single().has_value();
    diag(Loc, "float64 tensor on %select{a device that is MPS on some "
              "paths|an MPS device}0; MPS has no float64 support and this "
              "throws at run time%select{ there|}0%1")
        << Always << kbSuffix(Record) << convertOnMove(P->E);
    if (P->V.DT.Where.isValid())
      diag(fileLoc(P->V.DT.Where), "dtype Double set here",
           DiagnosticIDs::Note);
    if (P->V.DV.Where.isValid())
      diag(fileLoc(P->V.DV.Where), "device mps set here", DiagnosticIDs::Note);
    contextNotes(P->Via, {});
    kbNote(Loc, Record);
  }
}

} // namespace clang::tidy::torchdtype
