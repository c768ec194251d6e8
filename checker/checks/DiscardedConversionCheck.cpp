//===- DiscardedConversionCheck.cpp - torchdtype-discarded-conversion -----===//

#include "DiscardedConversionCheck.h"
#include "analysis/ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torchdtype {

void DiscardedConversionCheck::registerMatchers(MatchFinder *Finder) {
  registerTraversalLimit(Finder);
  // A member call standing as a statement of its own: its value is dropped
  // (the forms of bugprone-unused-return-value). `(void)t.to(...)` says the
  // drop is meant and is not matched.
  auto Call = expr(ignoringImplicit(cxxMemberCallExpr().bind("call")));
  Finder->addMatcher(
      stmt(anyOf(compoundStmt(forEach(Call), unless(hasParent(stmtExpr()))),
                 ifStmt(eachOf(hasThen(Call), hasElse(Call))),
                 whileStmt(hasBody(Call)), doStmt(hasBody(Call)),
                 forStmt(eachOf(hasLoopInit(Call), hasIncrement(Call),
                                hasBody(Call))),
                 cxxForRangeStmt(hasBody(Call)), switchCase(forEach(Call)),
                 labelStmt(forEach(Call))),
           unless(isExpansionInSystemHeader())),
      this);
}

void DiscardedConversionCheck::checkMatch(
    const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("call");
  if (!Call)
    return;
  const CXXMethodDecl *Method = Call->getMethodDecl();
  const Expr *Receiver = Call->getImplicitObjectArgument();
  if (!Method || !Receiver || !Method->getIdentifier())
    return;
  // The conversions of the data (to, toType, type_as, cpu, cuda ...), as
  // methods of a tensor: a module's to() converts in place.
  const ::torchdtype::ApiModel &Api = analysis(*Result.Context).api();
  if (!Api.conversion(Method->getName()) ||
      Api.classify(Receiver->getType()) != ::torchdtype::TypeKind::Tensor ||
      Api.classify(Call->getType()) != ::torchdtype::TypeKind::Tensor)
    return;
  SourceLocation Loc = fileLoc(Call->getExprLoc());
  if (!firstAt(Loc))
    return;
  const SourceManager &SM = *Result.SourceManager;
  StringRef Name = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Receiver->getSourceRange()), SM,
      Result.Context->getLangOpts());
  bool Named = !Name.empty() && Name.size() <= 40;
  diag(Loc, "result of '%0' is discarded: %select{the tensor|'%2'}1 is not "
            "converted and keeps its dtype and device [kb: %3]")
      << Method->getName() << Named << Name << Record;
  // `x.to(...);` -> `x = x.to(...);` where x is a variable or member that
  // can be assigned; a note's fix (clang-tidy --fix-notes): the conversion
  // may change the numerics of what follows.
  const Expr *Bare = Receiver->IgnoreParenImpCasts();
  bool Assignable = Named && isa<DeclRefExpr, MemberExpr>(Bare) &&
                    !Bare->getType().isConstQualified() &&
                    Bare->isLValue() && !Call->getBeginLoc().isMacroID() &&
                    !Call->getEndLoc().isMacroID();
  {
    auto Note = diag(Assignable ? Call->getBeginLoc() : Loc,
                     "assign the result to keep the conversion%select{|: '%1 "
                     "= %1.%2(%3)'}0",
                     DiagnosticIDs::Note);
    Note << Assignable << Name << Method->getName()
         << (Call->getNumArgs() ? "..." : "");
    if (Assignable)
      Note << FixItHint::CreateInsertion(Call->getBeginLoc(),
                                         (Name + " = ").str());
  }
  kbNote(Loc, Record);
}

} // namespace clang::tidy::torchdtype
