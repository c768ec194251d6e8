//===- DataLoaders.cpp - batches of torch::data loaders -------------------===//
//
// A loop over a torch::data loader (`for (auto &batch : *loader)`) reads
// batches of the dataset the loader was made from: its type names it
// (DataLoaderBase<Dataset, Batch, Request>, whose begin() the loop calls).
// A dataset of the user's (a subclass of torch::data::datasets::Dataset)
// gives the examples its get() returns, with what its constructors left in
// its members; a loader of it gives std::vector<Example<>> batches, each
// example such a value. Mapped by transforms::Stack<> (MapDataset<Dataset,
// Stack<...>>), a batch is one Example whose data and target are the
// examples' stacked: torch::stack keeps their dtype and device.
// Normalize<> changes the data (its mean and standard deviation are
// floating) and leaves the target; any other transform leaves nothing
// known.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace torchdtype {

namespace {

/// T's class template specialization when it is torch::data's Name.
const ClassTemplateSpecializationDecl *dataTemplate(QualType T,
                                                    llvm::StringRef Name) {
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!S || !S->getIdentifier() || S->getName() != Name ||
      S->getTemplateArgs().size() < 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  std::string Qualified = S->getQualifiedNameAsString();
  return llvm::StringRef(Qualified).starts_with("torch::data::") ? S : nullptr;
}

QualType firstArg(const ClassTemplateSpecializationDecl *S) {
  return S->getTemplateArgs()[0].getAsType();
}

/// The type of the range a range-for's `*__begin` reads (`*loader`).
QualType rangeType(const CXXOperatorCallExpr *OC) {
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(OC->getArg(0)));
  const auto *It = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!It || !It->isImplicit() || !It->getInit())
    return QualType();
  const auto *Begin = dyn_cast<CXXMemberCallExpr>(strip(It->getInit()));
  if (!Begin || !Begin->getMethodDecl() ||
      !Begin->getMethodDecl()->getIdentifier() ||
      Begin->getMethodDecl()->getName() != "begin")
    return QualType();
  return Begin->getImplicitObjectArgument()->getType();
}

} // namespace

std::optional<AbsValue>
FunctionAnalyzer::loaderBatch(const CXXOperatorCallExpr *OC) {
  QualType Range = rangeType(OC);
  if (Range.isNull())
    return std::nullopt;
  // (begin() is DataLoaderBase<Dataset, Batch, Request>'s)
  const ClassTemplateSpecializationDecl *Loader =
      dataTemplate(Range, "DataLoaderBase");
  if (!Loader)
    return std::nullopt;
  QualType Dataset = firstArg(Loader);
  bool Stacked = false, DataKept = true;
  while (const auto *Map = dataTemplate(Dataset, "MapDataset")) {
    if (Map->getTemplateArgs().size() < 2 ||
        Map->getTemplateArgs()[1].getKind() != TemplateArgument::Type)
      return std::nullopt;
    QualType Transform = Map->getTemplateArgs()[1].getAsType();
    const auto *TD = Transform->getAsCXXRecordDecl();
    llvm::StringRef Name =
        TD && TD->getIdentifier() && Api.isLibTorchDecl(TD) ? TD->getName()
                                                            : "";
    if (Name == "Stack" && !Stacked && DataKept) // (the last map applied)
      Stacked = true;
    else if (Name == "Normalize")
      DataKept = false;
    else
      return std::nullopt;
    Dataset = firstArg(Map);
  }
  // The user's dataset: what its get() returns.
  const CXXRecordDecl *RD = Dataset->getAsCXXRecordDecl();
  if (!RD || Api.isLibTorchDecl(RD) || !RD->hasDefinition())
    return std::nullopt;
  const FunctionDecl *Get = nullptr;
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getIdentifier() && M->getName() == "get" && M->getNumParams() == 1)
      if (const FunctionDecl *Def = nullptr;
          M->hasBody(Def) && Def && !Def->isDependentContext())
        Get = Def;
  const Summary *Sum = Get ? AC.summary(Get) : nullptr;
  if (!Sum || !Sum->HasReturn || Sum->Return.K != AbsValue::Kind::Record)
    return std::nullopt;
  // (its members as every method of the class leaves them)
  AbsValue Self = unknownOf(Ctx.getRecordType(RD));
  for (const FieldDecl *F : RD->fields())
    if (std::optional<AbsValue> V = AC.memberInvariant(F))
      Self = Self.withField(F->getFieldIndex(), *V);
  AbsValue Example = bindParams(Sum->Return, {}, &Self);
  if (!DataKept)
    Example = Example.withField(0, AbsValue::unknownTensor());
  if (!Stacked)
    Example.Opt = AbsValue::Engaged::Unknown; // a vector of examples
  return convertTo(Example, OC->getType());
}

} // namespace torchdtype
