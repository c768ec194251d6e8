//===- UserCodeRunner.cpp - run the checks, build a PCH -------------------===//

#include "UserCodeRunner.h"
#include "CompileDatabase.h"
#include "checks/TorchDtypeCheck.h"
#include "analysis/ApiModel.h"
#include "analysis/PythonWrappers.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang;
using namespace clang::tidy;

namespace torchdtype {

namespace {

/// A database of one command, whatever file is asked for.
class OneCommand : public tooling::CompilationDatabase {
public:
  explicit OneCommand(tooling::CompileCommand C) : C(std::move(C)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {C};
  }
  std::vector<std::string> getAllFiles() const override { return {C.Filename}; }

private:
  tooling::CompileCommand C;
};

/// A file's absolute path, without . and .. components.
std::string absolutePath(FileManager &FM, FileEntryRef File) {
  llvm::SmallString<256> P(File.getName());
  FM.makeAbsolutePath(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// The absolute paths of the files a SourceManager read.
std::vector<std::string> readFiles(SourceManager &SM) {
  std::vector<std::string> Out;
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
    Out.push_back(absolutePath(SM.getFileManager(), It->first));
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

/// Restricts the AST traversal of the checks' matchers to the user's
/// top-level declarations when only torchdtype checks run (see
/// TorchDtypeCheck.h). The declarations are still parsed; they are only not
/// walked, and those of the precompiled header (libraries' headers only) are
/// not even read.
class UserCodeConsumer : public MultiplexConsumer {
public:
  UserCodeConsumer(std::unique_ptr<ASTConsumer> Inner, bool Limit)
      : MultiplexConsumer(makeVector(std::move(Inner))), Limit(Limit) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Limit)
      Ctx.setTraversalScope(
          tidy::torchdtype::userTopLevelDecls(Ctx, /*LoadExternal=*/false));
    MultiplexConsumer::HandleTranslationUnit(Ctx);
  }

private:
  static std::vector<std::unique_ptr<ASTConsumer>>
  makeVector(std::unique_ptr<ASTConsumer> C) {
    std::vector<std::unique_ptr<ASTConsumer>> V;
    V.push_back(std::move(C));
    return V;
  }
  bool Limit;
};

class CheckAction : public ASTFrontendAction {
public:
  CheckAction(ClangTidyASTConsumerFactory *F, ClangTidyContext *Context,
              std::vector<std::string> *Inputs)
      : F(F), Context(Context), Inputs(Inputs) {}
  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &CI, llvm::StringRef File) override {
    // The factory makes the context's options those of File.
    std::unique_ptr<ASTConsumer> Checks = F->createASTConsumer(CI, File);
    return std::make_unique<UserCodeConsumer>(
        std::move(Checks),
        tidy::torchdtype::onlyTorchDtypeChecksEnabled(*Context));
  }
  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    *Inputs = readFiles(SM);
    // The extension's Python files dispatch-operand-dtype read
    // (PythonWrappers) are inputs too: a cached result goes stale with them.
    if (OptionalFileEntryRef Main =
            SM.getFileEntryRefForID(SM.getMainFileID())) {
      std::vector<std::string> Py = ::torchdtype::PythonWrappers::filesReadFor(
          absolutePath(SM.getFileManager(), *Main));
      Inputs->insert(Inputs->end(), Py.begin(), Py.end());
      std::sort(Inputs->begin(), Inputs->end());
      Inputs->erase(std::unique(Inputs->begin(), Inputs->end()), Inputs->end());
    }
  }

private:
  ClangTidyASTConsumerFactory *F;
  ClangTidyContext *Context;
  std::vector<std::string> *Inputs;
};

class CheckFactory : public tooling::FrontendActionFactory {
public:
  CheckFactory(ClangTidyContext &Context,
               llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
               std::vector<std::string> &Inputs)
      : Context(Context), Consumers(Context, std::move(FS)), Inputs(Inputs) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CheckAction>(&Consumers, &Context, &Inputs);
  }
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *Diags) override {
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // No "N warnings generated." on stderr: the findings are the report.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(Invocation, Files, PCH, Diags);
  }

private:
  ClangTidyContext &Context;
  ClangTidyASTConsumerFactory Consumers;
  std::vector<std::string> &Inputs;
};

/// Defines the vtables the headers use and instantiates what that needs,
/// before the PCH is written. -fpch-instantiate-templates leaves them to the
/// end of every unit that loads the PCH (Sema defines no vtables in a
/// prefix), where they cost about 2 s on LibTorch's headers.
class InstantiateVTables : public SemaConsumer {
public:
  // The parser has made its translation-unit scope when this is called, and
  // it lives until the parse ends; Sema forgets it at the end of a prefix,
  // and instantiating needs it (builtins are declared in it).
  void InitializeSema(Sema &S) override {
    this->S = &S;
    TUScope = S.TUScope;
  }
  void ForgetSema() override { S = nullptr; }
  void HandleTranslationUnit(ASTContext &) override {
    if (!S || !TUScope || S->getDiagnostics().hasErrorOccurred())
      return;
    S->TUScope = TUScope;
    while (S->DefineUsedVTables())
      S->PerformPendingInstantiations();
    S->PerformPendingInstantiations();
    S->TUScope = nullptr;
  }

private:
  Sema *S = nullptr;
  Scope *TUScope = nullptr;
};

/// Skips, in a prefix, the bodies of the functions the checks never enter
/// (ApiModel::isModelledNamespace: LibTorch's, modelled by name, the
/// standard library's and pybind11's). The bodies of other libraries'
/// functions stay (the flow analysis may follow a call into them), and Sema
/// never skips a constexpr function or one whose return type is deduced.
/// Half the time of a PCH of <torch/extension.h>, and a smaller file; what
/// is lost are the compile errors that show only inside those bodies
/// (README, "Fast on every commit").
class SkipModelledBodies : public ASTConsumer {
public:
  bool shouldSkipFunctionBody(Decl *D) override {
    const NamespaceDecl *Top = nullptr;
    for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
      if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
        Top = NS;
    return Top && Api.isModelledNamespace(Top->getName());
  }

private:
  /// This PCH build's own (namespaces do not depend on the version).
  const ::torchdtype::ApiModel Api{::torchdtype::TorchVersion{}};
};

/// The macros the headers of a prefix define or undefine (not those of the
/// command line, nor the prefix's own lines).
class MacroNamesRecorder : public PPCallbacks {
public:
  MacroNamesRecorder(SourceManager &SM, std::set<std::string> &Names)
      : SM(SM), Names(Names) {}
  void MacroDefined(const Token &Name, const MacroDirective *) override {
    note(Name);
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &,
                      const MacroDirective *) override {
    note(Name);
  }

private:
  void note(const Token &Name) {
    SourceLocation L = Name.getLocation();
    if (L.isInvalid() || SM.isWrittenInMainFile(L) ||
        SM.isWrittenInBuiltinFile(L) || SM.isWrittenInCommandLineFile(L))
      return;
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      Names.insert(II->getName().str());
  }
  SourceManager &SM;
  std::set<std::string> &Names;
};

/// GeneratePCHAction that also reports what it read.
class PchAction : public GeneratePCHAction {
public:
  PchAction(PchBuild &Result, bool AllBodies)
      : Result(Result), AllBodies(AllBodies) {}
  void EndSourceFileAction() override {
    CompilerInstance &CI = getCompilerInstance();
    SourceManager &SM = CI.getSourceManager();
    HeaderSearch &HS = CI.getPreprocessor().getHeaderSearchInfo();
    const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID());
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      if (&It->first.getFileEntry() != Main &&
          HS.getFileDirFlavor(It->first) == SrcMgr::C_User)
        Result.UserHeaders.push_back(
            absolutePath(SM.getFileManager(), It->first));
    std::sort(Result.UserHeaders.begin(), Result.UserHeaders.end());
    Result.Inputs = readFiles(SM);
    for (const auto &Entry : CI.getPreprocessor().getIdentifierTable())
      Result.Identifiers.push_back(Entry.getKey().str());
    std::sort(Result.Identifiers.begin(), Result.Identifiers.end());
    Result.MacroNames.assign(MacroNames.begin(), MacroNames.end());
    GeneratePCHAction::EndSourceFileAction();
  }

  /// GeneratePCHAction's consumers, writing into Result.Bytes instead of
  /// clang's output file (see PchBuild::Bytes).
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::string Sysroot;
    if (!ComputeASTConsumerArguments(CI, Sysroot))
      return nullptr;
    CI.getPreprocessor().addPPCallbacks(std::make_unique<MacroNamesRecorder>(
        CI.getSourceManager(), MacroNames));
    // Read by ParseAST, which runs after this; each body is then asked of
    // the consumers (all must agree to skip it).
    CI.getFrontendOpts().SkipFunctionBodies = !AllBodies;
    const FrontendOptions &FO = CI.getFrontendOpts();
    if (!FO.RelocatablePCH)
      Sysroot.clear();
    auto Buffer = std::make_shared<PCHBuffer>();
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<SkipModelledBodies>());
    Consumers.push_back(std::make_unique<InstantiateVTables>());
    Consumers.push_back(std::make_unique<PCHGenerator>(
        CI.getPreprocessor(), CI.getModuleCache(), FO.OutputFile, Sysroot,
        Buffer, FO.ModuleFileExtensions,
        CI.getPreprocessorOpts().AllowPCHWithCompilerErrors,
        FO.IncludeTimestamps, FO.BuildingImplicitModule,
        +CI.getLangOpts().CacheGeneratedPCH));
    Consumers.push_back(CI.getPCHContainerWriter().CreatePCHContainerGenerator(
        CI, std::string(InFile), FO.OutputFile,
        std::make_unique<llvm::raw_svector_ostream>(Result.Bytes), Buffer));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  PchBuild &Result;
  bool AllBodies;
  std::set<std::string> MacroNames;
};

} // namespace

tooling::CompileCommand commandFor(const tooling::CompilationDatabase &DB,
                                   const std::string &File,
                                   const ClangTidyOptions &Opts) {
  std::vector<tooling::CompileCommand> Cs = DB.getCompileCommands(File);
  tooling::CompileCommand C = Cs.empty() ? tooling::CompileCommand() : Cs[0];
  tooling::CommandLineArguments &Args = C.CommandLine;
  if (Opts.ExtraArgsBefore) {
    auto I = Args.begin();
    if (I != Args.end() && !llvm::StringRef(*I).starts_with("-"))
      ++I;
    Args.insert(I, Opts.ExtraArgsBefore->begin(), Opts.ExtraArgsBefore->end());
  }
  if (Opts.ExtraArgs)
    Args.insert(Args.end(), Opts.ExtraArgs->begin(), Opts.ExtraArgs->end());
  absoluteSourceArgument(C);
  return C;
}

AnalysisRun
runOnUserCode(ClangTidyContext &Context, const tooling::CompileCommand &Command,
              const std::string &Pch,
              llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS) {
  tooling::CompileCommand C = Command;
  if (!Pch.empty() && !C.CommandLine.empty())
    C.CommandLine.insert(C.CommandLine.begin() + 1, {"-include-pch", Pch});
  OneCommand DB(C);
  tooling::ClangTool Tool(DB, {Command.Filename},
                          std::make_shared<PCHContainerOperations>(), FS);
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  ClangTidyDiagnosticConsumer DiagConsumer(Context);
  DiagnosticsEngine DE(new DiagnosticIDs(), new DiagnosticOptions(),
                       &DiagConsumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&DE);
  Tool.setDiagnosticConsumer(&DiagConsumer);
  AnalysisRun Run;
  CheckFactory F(Context, FS, Run.Inputs);
  Tool.run(&F);
  Run.Errors = DiagConsumer.take();
  return Run;
}

PchBuild buildPch(const std::vector<std::string> &Flags,
                  const std::string &Directory, const std::string &Header,
                  const std::string &Output, bool AllBodies) {
  PchBuild Result;
  tooling::CompileCommand C;
  C.Directory = Directory;
  C.Filename = Header;
  C.CommandLine = Flags;
  // Templates the headers use are instantiated once here, not again at the
  // end of every unit (as CMake's precompiled headers do): a unit's parse
  // then costs about 2 s instead of 5 s on LibTorch's headers.
  C.CommandLine.insert(C.CommandLine.end(),
                       {"-fpch-instantiate-templates", "-x", "c++-header",
                        Header, "-o", Output});
  OneCommand DB(C);
  // Its own working directory, not the process's (PCHs build in parallel).
  tooling::ClangTool Tool(DB, {Header},
                          std::make_shared<PCHContainerOperations>(),
                          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
                              llvm::vfs::createPhysicalFileSystem().release()));
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  // Counts the errors (the base class does), prints nothing.
  class Quiet : public DiagnosticConsumer {
  } Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.setPrintErrorMessage(false);

  class Factory : public tooling::FrontendActionFactory {
  public:
    Factory(PchBuild &R, bool AllBodies) : R(R), AllBodies(AllBodies) {}
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<PchAction>(R, AllBodies);
    }
    // No "N warnings generated." on stderr (LibTorch's headers by -I warn
    // under -Wall): the build says nothing but whether it worked.
    bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                       FileManager *Files,
                       std::shared_ptr<PCHContainerOperations> PCH,
                       DiagnosticConsumer *Diags) override {
      Invocation->getDiagnosticOpts().ShowCarets = false;
      return FrontendActionFactory::runInvocation(Invocation, Files, PCH,
                                                  Diags);
    }

  private:
    PchBuild &R;
    bool AllBodies;
  } F(Result, AllBodies);
  Result.Ok =
      Tool.run(&F) == 0 && Quiet.getNumErrors() == 0 && !Result.Bytes.empty();
  if (!Result.Ok)
    Result.Bytes = {};
  return Result;
}

} // namespace torchdtype
