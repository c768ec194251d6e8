//===- DataPtrDtype.cpp - torchdtype-data-ptr-dtype's finder --------------===//
//
// Element accessors (data_ptr<T>, accessor<T, N>, item<T>) whose element
// type is not the tensor's dtype. Its events: OpEvent; its report:
// checks/DataPtrDtypeCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

std::vector<DataPtrFinding> findDataPtrDtype(const FunctionResult &R,
                                             const ApiModel &Api,
                                             clang::ASTContext &Ctx) {
  std::vector<DataPtrFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!isCheckedAccessor(Ev, Api))
      continue;
    const auto *Call = llvm::dyn_cast<clang::CXXMemberCallExpr>(Ev.Call);
    const clang::FunctionDecl *Callee =
        Call ? Call->getDirectCallee() : nullptr;
    const clang::TemplateArgumentList *TA =
        Callee ? Callee->getTemplateSpecializationArgs() : nullptr;
    if (!TA || TA->size() < 1 ||
        TA->get(0).getKind() != clang::TemplateArgument::Type)
      continue;
    clang::QualType Elem = TA->get(0).getAsType();
    std::optional<DType> Asked = dtypeOfCxxType(Elem.getUnqualifiedType(), Ctx);
    std::optional<DType> Got = Ev.Operands[0].V.DT.single();
    if (!Asked || !Got || *Asked == *Got)
      continue;
    Out.push_back(
        {&Ev, *Asked, *Got,
         Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy())});
  }
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void dataPtrDtypeThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const auto &X : F.dataPtrDtype())
    Add(X.Ev->Call, X.Ev->Via, X.Ev->Assumed);
}

} // namespace torchdtype
