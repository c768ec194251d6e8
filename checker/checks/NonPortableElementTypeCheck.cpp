//===- NonPortableElementTypeCheck.cpp - torchdtype-non-portable-element-type ===//

#include "NonPortableElementTypeCheck.h"
#include "analysis/ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchdtype {

void NonPortableElementTypeCheck::registerMatchers(MatchFinder *Finder) {
  registerTraversalLimit(Finder);
  Finder->addMatcher(
      cxxMemberCallExpr(unless(isExpansionInSystemHeader())).bind("call"),
      this);
}

namespace {
/// What is wrong with an element type as written, if anything.
enum class Problem { None, Long, LongLong, CudaHalf };

Problem problemOf(QualType Written) {
  // Only the type as spelled: int64_t, a template parameter or a typedef of
  // the user's (maybe chosen per platform) are left alone.
  const Type *T = Written.getLocalUnqualifiedType().getTypePtr();
  if (const auto *B = dyn_cast<BuiltinType>(T))
    return B->getKind() == BuiltinType::Long       ? Problem::Long
           : B->getKind() == BuiltinType::LongLong ? Problem::LongLong
                                                   : Problem::None;
  const auto *E = dyn_cast<ElaboratedType>(T);
  const Type *Named = E ? E->getNamedType().getTypePtr() : T;
  if (const auto *TD = dyn_cast<TypedefType>(Named))
    Named = TD->getDecl()->getUnderlyingType().getTypePtr();
  if (const auto *R = Named->getAsRecordDecl())
    if (R->getIdentifier() &&
        (R->getName() == "__half" || R->getName() == "__nv_bfloat16"))
      return Problem::CudaHalf;
  return Problem::None;
}
} // namespace

void NonPortableElementTypeCheck::checkMatch(
    const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("call");
  const auto *ME =
      Call ? dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens()) : nullptr;
  if (!ME || ME->getNumTemplateArgs() == 0 || !ME->getMemberDecl() ||
      !ME->getMemberDecl()->getIdentifier())
    return;
  const ::torchdtype::ApiModel &Api = analysis(*Result.Context).api();
  StringRef Method = ME->getMemberDecl()->getName();
  const Expr *Receiver = Call->getImplicitObjectArgument();
  if (!Api.isElementAccessor(Method) || !Receiver ||
      Api.classify(Receiver->getType()) != ::torchdtype::TypeKind::Tensor)
    return;
  const TemplateArgumentLoc &Arg = ME->template_arguments()[0];
  const TypeSourceInfo *TSI = Arg.getTypeSourceInfo();
  if (!TSI)
    return;
  Problem P = problemOf(TSI->getType());
  if (P == Problem::None)
    return;
  SourceLocation Loc = fileLoc(Arg.getLocation());
  if (!firstAt(Loc))
    return;
  std::string Written = TSI->getType().getLocalUnqualifiedType().getAsString(
      Result.Context->getPrintingPolicy());
  if (P == Problem::CudaHalf) {
    bool BF = Written.find("bfloat16") != std::string::npos;
    diag(Loc, "'%0<%1>' is not defined by LibTorch, which takes %select{"
              "at::Half|at::BFloat16}2 for this dtype; this fails to link "
              "[kb: %3]")
        << Method << Written << BF << Record;
    diag(Loc, "fix: reinterpret_cast<%0 *>(t.%1<%select{at::Half|"
              "at::BFloat16}2>()) where a CUDA type is needed",
         DiagnosticIDs::Note)
        << Written << (Method == "item" ? "data_ptr" : Method) << BF;
    return;
  }
  // int64_t is the type LibTorch instantiates: the same type where the code
  // links now, so the replacement is safe.
  // The type without its qualifiers (`const long` keeps its const).
  SourceRange R = TSI->getTypeLoc().getUnqualifiedLoc().getSourceRange();
  bool Fixable = R.isValid() && !R.getBegin().isMacroID() &&
                 !R.getEnd().isMacroID();
  auto D = diag(Loc, "'%0<%1>' is not portable: LibTorch defines it for "
                     "int64_t, which is '%select{long long|long}2' on "
                     "%select{Windows and macOS|Linux}2, where this fails "
                     "to link; write int64_t [kb: %3]")
           << Method << Written << (P == Problem::LongLong) << Record;
  if (Fixable)
    D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(R),
                                      "int64_t");
}

} // namespace clang::tidy::torchdtype
