//===- TorchDtypeCheck.cpp - common base of the torchdtype checks ---------===//

#include "TorchDtypeCheck.h"
#include "HeaderVersion.h"
#include "analysis/SharedAnalysis.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include <mutex>
#include <utility>

using namespace clang::ast_matchers;

namespace clang::tidy::torchdtype {

namespace {
AST_MATCHER(FunctionDecl, isDependentContext) {
  return Node.isDependentContext();
}
AST_MATCHER(CXXRecordDecl, isLambdaClass) { return Node.isLambda(); }
} // namespace

TorchDtypeCheck::TorchDtypeCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      VersionText(
          Options.getLocalOrGlobal("PyTorchVersion").value_or("").trim().str()),
      ReportSkippedFunctions(
          Options.getLocalOrGlobal("ReportSkippedFunctions", false)),
      TidyContext(Context) {
  // No option (or an empty one): each unit is judged as the version its
  // LibTorch headers declare (resolveVersion).
  if (!VersionText.empty()) {
    std::optional<::torchdtype::TorchVersion> V =
        ::torchdtype::TorchVersion::parse(VersionText);
    if (V)
      GivenVersion = *V;
    else
      configurationDiag("invalid PyTorchVersion '%0' for %1; expected "
                        "major.minor such as '2.6', using the version "
                        "LibTorch's headers declare (else '%2')")
          << VersionText << Name << ::torchdtype::defaultTorchVersion().str();
  }
  Config.Version = GivenVersion.value_or(::torchdtype::defaultTorchVersion());
  Config.MaxStepsPerFunction = Options.getLocalOrGlobal(
      "MaxStepsPerFunction", Config.MaxStepsPerFunction);
  Config.MaxPathsPerBlock =
      Options.getLocalOrGlobal("MaxPathsPerBlock", Config.MaxPathsPerBlock);
  if (Config.MaxPathsPerBlock == 0) {
    configurationDiag("MaxPathsPerBlock for %0 must be at least 1; using 1 "
                      "(no path sensitivity)")
        << Name;
    Config.MaxPathsPerBlock = 1;
  }
  Config.DropAfterThrow =
      !Options.getLocalOrGlobal("ReportAfterThrow", !Config.DropAfterThrow);
  KnowledgeBaseDir = Options.getLocalOrGlobal("KnowledgeBase", "").str();
  if (!KnowledgeBaseDir.empty()) {
    std::vector<std::string> Errors; // the first check to read it says them
    KB = ::torchdtype::KnowledgeBase::withDirectory(KnowledgeBaseDir, Errors);
    for (const std::string &E : Errors)
      configurationDiag("knowledge base for %0: %1") << Name << E;
  }
}

void TorchDtypeCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "PyTorchVersion", VersionText);
  Options.store(Opts, "ReportSkippedFunctions", ReportSkippedFunctions);
  Options.store(Opts, "MaxStepsPerFunction", Config.MaxStepsPerFunction);
  Options.store(Opts, "MaxPathsPerBlock", Config.MaxPathsPerBlock);
  Options.store(Opts, "ReportAfterThrow", !Config.DropAfterThrow);
  Options.store(Opts, "KnowledgeBase", KnowledgeBaseDir);
}

void TorchDtypeCheck::registerTraversalLimit(MatchFinder *Finder) {
  // Matched before the traversal goes down into the translation unit.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void TorchDtypeCheck::registerMatchers(MatchFinder *Finder) {
  registerTraversalLimit(Finder);
  // The user's function definitions; lambdas are analysed with the function
  // that creates them, templates in their instantiations.
  Finder->addMatcher(
      functionDecl(isDefinition(), unless(isExpansionInSystemHeader()),
                   unless(isDependentContext()),
                   unless(cxxMethodDecl(ofClass(isLambdaClass()))))
          .bind("func"),
      this);
}

void TorchDtypeCheck::registerPPCallbacks(const SourceManager &SM,
                                          Preprocessor *PP,
                                          Preprocessor *ModuleExpanderPP) {
  this->PP = PP;
}

namespace {
/// What the checks of this thread's last unit judged it as (each unit is
/// parsed and checked on one thread).
thread_local std::string LastUnitVersion;
} // namespace

std::string takeUnitVersion() { return std::exchange(LastUnitVersion, ""); }

void TorchDtypeCheck::resolveVersion() {
  if (VersionResolved)
    return;
  VersionResolved = true;
  if (GivenVersion) {
    Config.Version = *GivenVersion;
    LastUnitVersion = Config.Version.str() + " (PyTorchVersion option)";
    return;
  }
  std::optional<::torchdtype::TorchVersion> Declared =
      PP ? ::torchdtype::headerTorchVersion(*PP) : std::nullopt;
  if (!Declared) {
    Config.Version = ::torchdtype::defaultTorchVersion();
    LastUnitVersion =
        Config.Version.str() + " (the default: no torch/version.h)";
    return;
  }
  Config.Version = ::torchdtype::nearestKnownVersion(*Declared);
  LastUnitVersion = Config.Version.str() + " (torch/version.h)";
  if (Config.Version.str() == Declared->str())
    return;
  LastUnitVersion = Config.Version.str() + " (torch/version.h declares " +
                    Declared->str() + ")";
  // Once per process and version: every check of every unit gets here.
  static std::mutex Lock;
  static std::set<std::string> Said;
  std::lock_guard<std::mutex> G(Lock);
  if (Said.insert(Declared->str()).second)
    llvm::errs() << "torchdtype: LibTorch's headers declare PyTorch "
                 << Declared->str() << ", which the checks do not know ("
                 << ::torchdtype::knownTorchVersionsText()
                 << "); judging the code as " << Config.Version.str()
                 << " (option PyTorchVersion to choose)\n";
}

void TorchDtypeCheck::check(const MatchFinder::MatchResult &Result) {
  resolveVersion();
  if (Result.Nodes.getNodeAs<TranslationUnitDecl>("tu")) {
    limitTraversalToUserCode(*Result.Context);
    return;
  }
  AST = Result.Context;
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("func");
  if (!FD) {
    checkMatch(Result);
    return;
  }
  if (!FD->getBody() || FD->isInvalidDecl())
    return;
  ::torchdtype::AnalysisContext &AC = analysis(*Result.Context);
  if (AC.api().isLibTorchDecl(FD))
    return;
  const ::torchdtype::FunctionResult &R = AC.analyze(FD);
  if (R.Skipped) {
    if (ReportSkippedFunctions && firstAt(FD->getLocation()))
      diag(FD->getLocation(),
           "function %0 was not analysed: it exceeds the work limit of %1 "
           "steps (option MaxStepsPerFunction)",
           DiagnosticIDs::Remark)
          << FD << Config.MaxStepsPerFunction;
    return;
  }
  report(R, AC);
}

/// The names of the checks of every module the running clang-tidy has.
static const std::vector<std::string> &registeredChecks() {
  static const std::vector<std::string> Names = [] {
    ClangTidyCheckFactories Factories;
    for (const auto &Entry : ClangTidyModuleRegistry::entries())
      Entry.instantiate()->addCheckFactories(Factories);
    std::vector<std::string> Out;
    for (const auto &F : Factories)
      Out.push_back(F.getKey().str());
    return Out;
  }();
  return Names;
}

bool onlyTorchDtypeChecksEnabled(const ClangTidyContext &Context) {
  for (const std::string &Name : registeredChecks())
    if (!StringRef(Name).starts_with("torchdtype-") &&
        Context.isCheckEnabled(Name))
      return false;
  // The static analyzer's checks are not in the registry: clang's own list.
  static const char *const AnalyzerCheckers[] = {
#define GET_CHECKERS
#define CHECKER(FULLNAME, CLASS, HELPTEXT, DOC_URI, IS_HIDDEN) FULLNAME,
#include "clang/StaticAnalyzer/Checkers/Checkers.inc"
#undef CHECKER
#undef GET_CHECKERS
  };
  for (const char *Name : AnalyzerCheckers)
    if (Context.isCheckEnabled(std::string("clang-analyzer-") + Name))
      return false;
  return true;
}

std::vector<Decl *> userTopLevelDecls(ASTContext &Ctx, bool LoadExternal) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Scope;
  const TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  for (Decl *D : LoadExternal ? TU->decls() : TU->noload_decls()) {
    if (D->isImplicit() || (!LoadExternal && D->isFromASTFile()))
      continue;
    SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
    if (L.isValid() && !SM.isInSystemHeader(L))
      Scope.push_back(D);
  }
  return Scope;
}

void TorchDtypeCheck::limitTraversalToUserCode(ASTContext &Ctx) const {
  std::vector<Decl *> Scope = Ctx.getTraversalScope();
  if (Scope.size() != 1 || !isa<TranslationUnitDecl>(Scope.front()))
    return; // limited already (torchdtype check, or another torchdtype check)
  if (onlyTorchDtypeChecksEnabled(*TidyContext))
    Ctx.setTraversalScope(userTopLevelDecls(Ctx, /*LoadExternal=*/true));
}

::torchdtype::AnalysisContext &
TorchDtypeCheck::analysis(ASTContext &Ctx) const {
  return ::torchdtype::sharedAnalysis(Ctx, Config);
}

void TorchDtypeCheck::onEndOfTranslationUnit() {
  resolveVersion(); // also for a unit without a function to analyse
  VersionResolved = false;
  if (AST)
    ::torchdtype::releaseSharedAnalysis(*AST);
  AST = nullptr;
  Reported.clear();
}

SourceLocation TorchDtypeCheck::fileLoc(SourceLocation Loc) const {
  if (!AST || Loc.isInvalid())
    return Loc;
  return AST->getSourceManager().getFileLoc(Loc);
}

SourceLocation TorchDtypeCheck::dtypeLoc(const ::torchdtype::Operand &O) const {
  return fileLoc(O.V.DT.Where.isValid() ? O.V.DT.Where : O.E->getExprLoc());
}

std::string TorchDtypeCheck::describe(const ::torchdtype::Operand &O) const {
  if (!O.Name.empty())
    return O.Name;
  StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(O.E->getSourceRange()),
      AST->getSourceManager(), AST->getLangOpts());
  std::string S = Text.str();
  if (S.empty())
    return "expression";
  if (S.size() > 40)
    S = S.substr(0, 37) + "...";
  return S;
}

std::optional<std::string>
TorchDtypeCheck::matchRecord(StringRef Message) const {
  const ::torchdtype::KnowledgeBase &Base =
      KB ? *KB : ::torchdtype::KnowledgeBase::builtin();
  std::vector<const ::torchdtype::KbRecord *> M = Base.match(Message.str());
  if (M.empty())
    return std::nullopt;
  return M.front()->Id;
}

const ::torchdtype::KbRecord *TorchDtypeCheck::record(StringRef Id) const {
  const ::torchdtype::KnowledgeBase &Base =
      KB ? *KB : ::torchdtype::KnowledgeBase::builtin();
  return Base.find(Id.str());
}

std::string TorchDtypeCheck::kbSuffix(StringRef Id, StringRef Message) const {
  const ::torchdtype::KbRecord *R = record(Id);
  if (!R)
    return (" [kb: " + Id + "]").str();
  std::string Quoted = Message.empty() ? R->firstSignature() : Message.str();
  // A signature with placeholders is not what the program prints: the
  // record's link only.
  if (Message.empty() && StringRef(Quoted).contains('{'))
    return (" [kb: " + R->Id + "]");
  return ": \"" + Quoted + "\" [kb: " + R->Id + "]";
}

std::string TorchDtypeCheck::kbSuffix(StringRef Id,
                                      const MessageFacts &Facts) const {
  const ::torchdtype::KbRecord *R = record(Id);
  if (!R)
    return kbSuffix(Id);
  auto Fill = [&](const std::string &Role,
                  const std::string &Format) -> std::optional<std::string> {
    if (Role == "fn" && Format.empty() && !Facts.Fn.empty())
      return Facts.Fn;
    if (Role == "on")
      return Facts.ExpectedDevice
                 ? std::optional<std::string>(
                       ::torchdtype::deviceName(*Facts.ExpectedDevice).str())
                 : std::nullopt;
    bool IsExpected = Role == "expected";
    if (!IsExpected && Role != "found")
      return std::nullopt;
    std::optional<::torchdtype::DType> D =
        IsExpected ? Facts.Expected : Facts.Found;
    std::optional<::torchdtype::Device> V =
        IsExpected ? Facts.ExpectedDevice : Facts.FoundDevice;
    if (!D)
      return std::nullopt;
    std::string Text;
    if (Format == "ScalarType")
      Text = ::torchdtype::dtypeName(*D).str();
    else if (Format == "TypeMeta")
      Text = ::torchdtype::typeMetaName(*D).str();
    else if (Format == "type" && V)
      Text = ::torchdtype::legacyTypeName(*V, *D);
    if (Text.empty())
      return std::nullopt;
    return Text;
  };
  return kbSuffix(Id, R->message(Config.Version.Major, Config.Version.Minor,
                                 Facts.Finding, Fill));
}

void TorchDtypeCheck::contextNotes(
    llvm::ArrayRef<const Expr *> Via,
    llvm::ArrayRef<::torchdtype::Assumption> Assumed) {
  using Relation = ::torchdtype::Assumption::Relation;
  // In the order of the source (the analysis keeps them in an order of its
  // own, which depends on where the AST lies in memory).
  std::vector<std::pair<SourceLocation, const ::torchdtype::Assumption *>>
      Notes;
  for (const ::torchdtype::Assumption &A : Assumed) {
    SourceLocation Loc = A.Where  ? A.Where->getExprLoc()
                         : A.Site ? A.Site->getBeginLoc()
                                  : SourceLocation();
    if (Loc.isValid())
      Notes.push_back({fileLoc(Loc), &A});
  }
  if (AST)
    llvm::stable_sort(Notes, [&](const auto &X, const auto &Y) {
      return AST->getSourceManager().isBeforeInTranslationUnit(X.first,
                                                               Y.first);
    });
  for (const auto &[Loc, AP] : Notes) {
    const ::torchdtype::Assumption &A = *AP;
    if (A.Rel == Relation::FirstIteration)
      diag(Loc,
           "on the %select{second or a later|first}0 iteration "
           "of this loop",
           DiagnosticIDs::Note)
          << A.Value;
    else
      diag(Loc, "assuming '%0' is %select{false|true}1", DiagnosticIDs::Note)
          << A.Text << A.Value;
  }
  SourceLocation Last;
  for (const Expr *Call : Via) {
    const auto *CE = dyn_cast<CallExpr>(Call);
    const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
    if (!F)
      continue;
    SourceLocation Loc = fileLoc(Call->getExprLoc());
    // A lambda called where it is written: one note per macro it is in
    // (the two of an AT_DISPATCH_* macro), naming the macro.
    const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE);
    if (OC && OC->getNumArgs() >= 1 &&
        isa<LambdaExpr>(OC->getArg(0)->IgnoreImplicit())) {
      SourceLocation Expansion =
          AST->getSourceManager().getExpansionLoc(Call->getExprLoc());
      if (Expansion == Last)
        continue;
      Last = Expansion;
      StringRef Macro = outermostMacro(Call->getExprLoc());
      if (Macro.empty())
        diag(Loc, "in this call of the lambda", DiagnosticIDs::Note);
      else
        diag(Expansion, "in this expansion of '%0'", DiagnosticIDs::Note)
            << Macro;
      continue;
    }
    Last = SourceLocation();
    // A module called as m(x): name the module, not operator().
    std::string Name = F->getDeclName().getAsString();
    if (OC && OC->getOperator() == OO_Call && OC->getNumArgs() >= 1) {
      // (written in a macro: as the macro spells it)
      const SourceManager &SM = AST->getSourceManager();
      SourceRange R = OC->getArg(0)->getSourceRange();
      StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(R),
                                            SM, AST->getLangOpts());
      if (Text.empty())
        Text = Lexer::getSourceText(
            CharSourceRange::getTokenRange(SM.getSpellingLoc(R.getBegin()),
                                           SM.getSpellingLoc(R.getEnd())),
            SM, AST->getLangOpts());
      if (!Text.empty())
        Name = Text.str();
    }
    diag(Loc, "in this call of '%0'", DiagnosticIDs::Note) << Name;
  }
}

StringRef TorchDtypeCheck::writtenText(const Expr *E) const {
  const SourceManager &SM = AST->getSourceManager();
  return Lexer::getSourceText(
      CharSourceRange::getTokenRange(SM.getSpellingLoc(E->getBeginLoc()),
                                     SM.getSpellingLoc(E->getEndLoc())),
      SM, AST->getLangOpts());
}

StringRef TorchDtypeCheck::outermostMacro(SourceLocation Loc) const {
  const SourceManager &SM = AST->getSourceManager();
  StringRef Name;
  for (int I = 0; Loc.isMacroID() && I < 64; ++I) {
    Name = Lexer::getImmediateMacroName(Loc, SM, AST->getLangOpts());
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return Name;
}

void TorchDtypeCheck::kbNote(SourceLocation Loc, StringRef Id,
                             StringRef Finding) {
  const ::torchdtype::KbRecord *R = record(Id);
  if (!R)
    return;
  const ::torchdtype::KbAction *W = R->bestWorkaround(Finding.str());
  std::string Text = W ? W->Action : R->RootCause;
  if (W && !W->Detail.empty() && W->Detail != W->Action)
    Text += ": " + W->Detail;
  if (!R->DocUrl.empty())
    Text += " (" + R->DocUrl + ")";
  diag(Loc, "fix: %0", DiagnosticIDs::Note) << Text;
}

std::vector<FixItHint>
TorchDtypeCheck::appendConversion(const Expr *E, StringRef Constant) const {
  if (!AST || Constant.empty())
    return {};
  const SourceManager &SM = AST->getSourceManager();
  SourceRange R = E->getSourceRange();
  if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return {};
  SourceLocation After =
      Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, AST->getLangOpts());
  if (After.isInvalid())
    return {};
  const Expr *Written = E->IgnoreImplicit();
  bool Postfix =
      isa<DeclRefExpr, MemberExpr, ParenExpr, ArraySubscriptExpr>(Written) ||
      (isa<CallExpr>(Written) && !isa<CXXOperatorCallExpr>(Written));
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Written))
    Postfix = Op->getOperator() == OO_Call || Op->getOperator() == OO_Subscript;
  std::string Call = (".to(at::" + Constant + ")").str();
  if (Postfix)
    return {FixItHint::CreateInsertion(After, Call)};
  return {FixItHint::CreateInsertion(R.getBegin(), "("),
          FixItHint::CreateInsertion(After, ")" + Call)};
}

bool TorchDtypeCheck::firstAt(SourceLocation Loc) {
  return Reported.insert(fileLoc(Loc).getRawEncoding()).second;
}

} // namespace clang::tidy::torchdtype
