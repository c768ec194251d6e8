//===- TorchDtypeCheck.h - common base of the torchdtype checks -*- C++ -*-===//
//
// Matches the user's function definitions, runs the shared flow analysis on
// each once, and hands the result to the concrete check. Holds the options
// every check shares.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_CHECKER_TORCHDTYPECHECK_H
#define TORCHDTYPE_CHECKER_TORCHDTYPECHECK_H

#include "analysis/AnalysisContext.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "kb/KnowledgeBase.h"
#include <memory>
#include <set>

namespace clang::tidy::torchdtype {

class TorchDtypeCheck : public ClangTidyCheck {
public:
  TorchDtypeCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) final;
  void onEndOfTranslationUnit() override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }

protected:
  /// Reports the findings of one analysed function (the checks that read
  /// the flow analysis; the registerMatchers of the base asks for it).
  virtual void report(const ::torchdtype::FunctionResult &R,
                      ::torchdtype::AnalysisContext &AC) {}
  /// A match of a check's own matchers (checks of the AST alone, which
  /// register them beside registerTraversalLimit instead of the base's).
  virtual void
  checkMatch(const ast_matchers::MatchFinder::MatchResult &Result) {}
  /// The matcher that limits the traversal to the user's code, which every
  /// check registers.
  void registerTraversalLimit(ast_matchers::MatchFinder *Finder);
  /// The targeted PyTorch version: the PyTorchVersion option, else the one
  /// the unit's LibTorch headers declare (the nearest the tables know).
  const ::torchdtype::TorchVersion &version() const { return Config.Version; }
  /// This unit's analysis, shared by the checks; its API model (and the
  /// caches it keeps) belongs to the unit and honours PyTorchVersion.
  ::torchdtype::AnalysisContext &analysis(ASTContext &Ctx) const;
  /// A location in the file the user wrote (macro bodies: the expansion).
  SourceLocation fileLoc(SourceLocation Loc) const;
  /// Where an operand's dtype was set (the operand itself if not known), in
  /// the file the user wrote: the place of its "has dtype ... from here" note.
  SourceLocation dtypeLoc(const ::torchdtype::Operand &O) const;
  /// The operand's name, or its source text.
  std::string describe(const ::torchdtype::Operand &O) const;
  /// E's source text as written, also where a macro wrote it (the
  /// spelling), or "".
  StringRef writtenText(const Expr *E) const;
  /// The outermost macro whose expansion Loc is in (the one the user
  /// wrote), or "".
  StringRef outermostMacro(SourceLocation Loc) const;
  /// True the first time a warning is issued at this place.
  bool firstAt(SourceLocation Loc);

  /// What a warning ends with: the runtime message (Message, the program's
  /// own text where the check knows it, else the record's signature) and
  /// the record's id, `: "MESSAGE" [kb: ID]` (just ` [kb: ID]` for an
  /// unknown id, or a signature with placeholders left to fill).
  std::string kbSuffix(StringRef Id, StringRef Message = "") const;
  /// The id of the record whose regex matches Message best, if any.
  std::optional<std::string> matchRecord(StringRef Message) const;
  /// What a finding knows of the message its error prints: the values of
  /// the placeholders of the record's "messages" text.
  struct MessageFacts {
    std::string Finding; ///< its shape: "op", "module_input", "out" ...
    std::optional<::torchdtype::DType> Expected, Found;
    std::optional<::torchdtype::Device> ExpectedDevice, FoundDevice;
    std::string Fn; ///< the aten op
  };
  /// As above, quoting the record's message for the targeted version with
  /// the finding's facts filled in, where the record writes one and the
  /// facts suffice; else the record's signature.
  std::string kbSuffix(StringRef Id, const MessageFacts &Facts) const;
  /// Notes on what a finding needs: the calls through which an op of a
  /// callee was reached, when it is judged with its callers' facts
  /// (innermost first), and the branches its path took.
  void contextNotes(llvm::ArrayRef<const Expr *> Via,
                    llvm::ArrayRef<::torchdtype::Assumption> Assumed);
  /// A note at Loc: the record's best workaround and its documentation.
  /// The record's fix as a note: the workaround written for this shape of
  /// finding (KbAction::Finding), else its best-rated one.
  void kbNote(SourceLocation Loc, StringRef Id, StringRef Finding = "");
  /// Fix-its appending `.to(at::CONSTANT)` to E, in parentheses where
  /// needed; none when E is (partly) inside a macro.
  std::vector<FixItHint> appendConversion(const Expr *E,
                                          StringRef Constant) const;

  ASTContext *AST = nullptr;

private:
  /// Limits the matchers' traversal of this translation unit to the user's
  /// top-level declarations (not the system headers'), when every check
  /// enabled is a torchdtype one: other checks may need to see them.
  void limitTraversalToUserCode(ASTContext &Ctx) const;
  /// A record of the built-in knowledge base or of KnowledgeBaseDir.
  const ::torchdtype::KbRecord *record(StringRef Id) const;

  /// Sets Config.Version for the current unit, once per unit.
  void resolveVersion();

  std::string VersionText; ///< the option as given, "" for none
  std::optional<::torchdtype::TorchVersion> GivenVersion;
  Preprocessor *PP = nullptr;
  bool VersionResolved = false;
  ::torchdtype::AnalysisConfig Config;
  bool ReportSkippedFunctions;
  std::string KnowledgeBaseDir;
  /// The built-in records plus those of KnowledgeBaseDir.
  std::shared_ptr<const ::torchdtype::KnowledgeBase> KB;
  std::set<unsigned> Reported;
  ClangTidyContext *TidyContext;
};

/// The PyTorch version the checks of this thread's last translation unit
/// judged it as, and why ("1.13 (torch/version.h)"), or "" when no
/// torchdtype check ran; cleared by the call.
std::string takeUnitVersion();

/// Whether every check enabled for the current file is a torchdtype one:
/// only then may the matchers skip the system headers' declarations (other
/// checks may need to see them).
bool onlyTorchDtypeChecksEnabled(const ClangTidyContext &Context);

/// The top-level declarations of the user's code: not implicit, not in
/// system headers. Without LoadExternal, the declarations of a precompiled
/// header are left unread (and out), for a PCH of system headers only.
std::vector<Decl *> userTopLevelDecls(ASTContext &Ctx, bool LoadExternal);

} // namespace clang::tidy::torchdtype

#endif
