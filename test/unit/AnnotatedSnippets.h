//===- AnnotatedSnippets.h - the analysis run on annotated snippets -*- C++
//-*-===//
//
// The harness of the analysis' unit tests (AnalysisTest.cpp and the files
// beside it, one per component): each snippet marks the lines that must be
// reported with // [[mixed]], // [[device]], // [[mps]] and the other tags
// below; every other line must stay quiet. The snippets are parsed over the
// mock LibTorch headers and analysed without clang-tidy.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TEST_UNIT_ANNOTATEDSNIPPETS_H
#define TORCHDTYPE_TEST_UNIT_ANNOTATEDSNIPPETS_H

#include "analysis/AnalysisContext.h"
#include "analysis/findings/FunctionFindings.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <map>
#include <set>

namespace analysis_test {

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchdtype;

using LineSet = std::set<unsigned>;
/// Lines by annotation: "mixed", "device", "mps", "half", "modin", "loss",
/// "bce", "blob", "write", "out", "contract" (one per finding kind).
using Lines = std::map<std::string, LineSet>;
inline const char *const Tags[] = {"mixed", "device", "mps",     "half",
                                   "modin", "loss",   "bce",     "blob",
                                   "write", "out",    "contract"};

inline Lines annotations(llvm::StringRef Code) {
  Lines L;
  llvm::SmallVector<llvm::StringRef, 64> Rows;
  Code.split(Rows, '\n');
  for (unsigned I = 0; I < Rows.size(); ++I)
    for (const char *Tag : Tags)
      if (Rows[I].contains((std::string("[[") + Tag + "]]")))
        L[Tag].insert(I + 1);
  return L;
}

/// The lists the checks read (AnalysisContext::findings: each finder run
/// once, before the throw order dropped events) are those the finders give
/// run again on the events kept.
inline void expectSameFindings(AnalysisContext &AC, const FunctionResult &Res) {
  FunctionFindings &F = AC.findings(Res);
  const ApiModel &Api = AC.api();
  ASTContext &Ctx = AC.ast();
  auto Calls = [](const auto &List, auto CallOf) {
    std::vector<const Expr *> Out;
    for (const auto &X : List)
      Out.push_back(CallOf(X));
    return Out;
  };
  auto Ev = [](const auto &X) -> const Expr * { return X.Ev->Call; };
  auto Op = [](const OpEvent *E) -> const Expr * { return E->Call; };
  auto Mps = [](const MpsFloat64Event *E) { return E->E; };
  auto Dev = [](const DeviceMismatchFinding &X) { return X.Call; };
  auto Mod = [](const ModuleInputFinding &X) { return X.Call->Call; };
  auto Loss = [](const LossTargetFinding &X) -> const Expr * {
    return X.Backward ? X.Backward : X.Ev->Call;
  };
  EXPECT_EQ(Calls(F.mixedPrecision(), Ev),
            Calls(findMixedPrecision(Res, Api), Ev));
  for (bool Opaque : {false, true}) {
    EXPECT_EQ(Calls(F.deviceMismatch(Opaque), Dev),
              Calls(findDeviceMismatch(Res, Api, Opaque), Dev));
    EXPECT_EQ(Calls(F.moduleInputDtype(Opaque), Mod),
              Calls(findModuleInputDtype(Res, Api, Opaque), Mod));
  }
  EXPECT_EQ(Calls(F.mpsFloat64(), Mps), Calls(findMpsFloat64(Res), Mps));
  EXPECT_EQ(Calls(F.halfOnCpu(), Op), Calls(findHalfOnCpu(Res, Api), Op));
  EXPECT_EQ(Calls(F.lossTargetDtype(), Loss),
            Calls(findLossTargetDtype(Res, Api, Ctx), Loss));
  EXPECT_EQ(Calls(F.autocastUnsafe(), Ev),
            Calls(findAutocastUnsafe(Res, Api), Ev));
  EXPECT_EQ(Calls(F.dataPtrDtype(), Ev),
            Calls(findDataPtrDtype(Res, Api, Ctx), Ev));
  EXPECT_EQ(Calls(F.dispatchMissingDtype(), Ev),
            Calls(findDispatchMissingDtype(Res), Ev));
  EXPECT_EQ(Calls(F.halfOverflow(), Ev),
            Calls(findHalfOverflow(Res, Api, Ctx), Ev));
  EXPECT_EQ(Calls(F.inplaceDtype(), Ev), Calls(findInplaceDtype(Res, Api), Ev));
  EXPECT_EQ(Calls(F.outDtype(), Ev), Calls(findOutDtype(Res, Api), Ev));
  EXPECT_EQ(Calls(F.opContract(), Ev), Calls(findOpContract(Res, Api), Ev));
  EXPECT_EQ(Calls(F.fromBlobDtype(), Ev),
            Calls(findFromBlobDtype(Res, Ctx), Ev));
}

struct Analysis {
  std::unique_ptr<ASTUnit> AST;
  Lines Found;
  unsigned Skipped = 0;
};

/// Tests put several findings in one function: all are reported unless
/// DropAfterThrow.
inline Analysis analyse(llvm::StringRef Code, llvm::StringRef Version = "2.14",
                        unsigned MaxSteps = 20000,
                        bool DropAfterThrow = false) {
  Analysis R;
  std::string Full = "#include <torch/torch.h>\n#include <torch/script.h>\n"
                     "#include <ATen/autocast_mode.h>\n" +
                     Code.str();
  R.AST = tooling::buildASTFromCodeWithArgs(
      Full,
      {"-std=c++17", "-isystem", TORCHDTYPE_MOCK_INCLUDE, "-include-pch",
       TORCHDTYPE_MOCK_PCH},
      "input.cc");
  EXPECT_TRUE(R.AST);
  if (!R.AST)
    return R;
  EXPECT_FALSE(R.AST->getDiagnostics().hasErrorOccurred())
      << "snippet does not compile";
  ASTContext &Ctx = R.AST->getASTContext();
  AnalysisConfig Config{*TorchVersion::parse(Version), MaxSteps};
  Config.DropAfterThrow = DropAfterThrow;
  AnalysisContext AC(Ctx, Config);
  auto Matches = match(
      functionDecl(isDefinition(), isExpansionInMainFile()).bind("f"), Ctx);
  SourceManager &SM = Ctx.getSourceManager();
  auto LineOf = [&](const Expr *E) {
    // Lines of the snippet, not of the include lines in front of it.
    return SM.getExpansionLineNumber(E->getBeginLoc()) - 3;
  };
  for (const BoundNodes &N : Matches) {
    const auto *FD = N.getNodeAs<FunctionDecl>("f");
    if (FD->isDependentContext())
      continue;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda())
        continue;
    const FunctionResult &Res = AC.analyze(FD);
    R.Skipped += Res.Skipped;
    for (const MixedPrecisionFinding &F : findMixedPrecision(Res, AC.api()))
      R.Found["mixed"].insert(LineOf(F.Ev->Call));
    for (const DeviceMismatchFinding &F :
         findDeviceMismatch(Res, AC.api(), true))
      R.Found["device"].insert(LineOf(F.Call));
    for (const MpsFloat64Event *P : findMpsFloat64(Res))
      R.Found["mps"].insert(LineOf(P->E));
    for (const OpEvent *E : findHalfOnCpu(Res, AC.api()))
      R.Found["half"].insert(LineOf(E->Call));
    for (const ModuleInputFinding &F :
         findModuleInputDtype(Res, AC.api(), true))
      R.Found["modin"].insert(LineOf(F.Call->Call));
    for (const LossTargetFinding &F : findLossTargetDtype(Res, AC.api(), Ctx))
      R.Found["loss"].insert(LineOf(
          F.Backward ? static_cast<const Expr *>(F.Backward) : F.Ev->Call));
    for (const ContractFinding &F : findOpContract(Res, AC.api()))
      R.Found["contract"].insert(LineOf(F.Ev->Call));
    for (const UnsafeAutocastFinding &F : findAutocastUnsafe(Res, AC.api()))
      R.Found["bce"].insert(LineOf(F.Ev->Call));
    for (const FromBlobFinding &F : findFromBlobDtype(Res, Ctx))
      R.Found["blob"].insert(LineOf(F.Ev->Call));
    for (const InplaceFinding &F : findInplaceDtype(Res, AC.api()))
      R.Found["write"].insert(LineOf(F.Ev->Call));
    for (const OutFinding &F : findOutDtype(Res, AC.api()))
      R.Found["out"].insert(LineOf(F.Ev->Call));
  }
  // Each snippet again with the throw order on, for the shared findings.
  Config.DropAfterThrow = true;
  AnalysisContext Dropping(Ctx, Config);
  for (const BoundNodes &N : Matches) {
    const auto *FD = N.getNodeAs<FunctionDecl>("f");
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!FD->isDependentContext() && !(MD && MD->getParent()->isLambda()))
      expectSameFindings(Dropping, Dropping.analyze(FD));
  }
  return R;
}

inline void expectAnnotated(llvm::StringRef Code,
                            llvm::StringRef Version = "2.14",
                            bool DropAfterThrow = false) {
  Lines Want = annotations(Code);
  Analysis R = analyse(Code, Version, 20000, DropAfterThrow);
  for (const char *Tag : Tags)
    EXPECT_EQ(R.Found[Tag], Want[Tag]) << Tag << " lines";
  EXPECT_EQ(R.Skipped, 0u);
}

} // namespace analysis_test

#endif
