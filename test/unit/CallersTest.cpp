//===- CallersTest.cpp - which callers a translation unit shows ----------===//
//
// Functions whose name ends in _entry must have their entry in sight (bound
// to Python here, or all callers here and one of them in sight); every
// other function defined in the snippet must not.
//
//===----------------------------------------------------------------------===//

#include "analysis/Callers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <set>
#include <string>

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchdtype;

namespace callers_test {

void expectEntries(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "#include <torch/extension.h>\n" + Code.str(),
      {"-std=c++17", "-isystem", TORCHDTYPE_MOCK_INCLUDE, "-include-pch",
       TORCHDTYPE_MOCK_PCH},
      "input.cpp");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred())
      << "snippet does not compile";
  ASTContext &Ctx = AST->getASTContext();
  ApiModel Api(TorchVersion{});
  CallerIndex Callers(Ctx, Api);
  std::set<std::string> InSight, Expected;
  for (const BoundNodes &N :
       match(findAll(functionDecl(isExpansionInMainFile(), isDefinition())
                         .bind("f")),
             Ctx)) {
    const auto *F = N.getNodeAs<FunctionDecl>("f");
    if (F->isImplicit() || F->isTemplateInstantiation() ||
        isLambdaOperator(F) || !F->getIdentifier())
      continue;
    std::string Name = F->getNameAsString();
    if (llvm::StringRef(Name).ends_with("_entry"))
      Expected.insert(Name);
    if (Callers.entryInSight(F))
      InSight.insert(Name);
  }
  EXPECT_EQ(InSight, Expected);
}

TEST(Callers, BoundFunctionsAndTheirHelpersAreEntries) {
  expectEntries(R"cpp(
at::Tensor helper_entry(at::Tensor x) { return x; }
at::Tensor deeper_entry(at::Tensor x) { return x; }
at::Tensor mid_entry(at::Tensor x) { return deeper_entry(x); }
at::Tensor fwd_entry(at::Tensor x) { return mid_entry(helper_entry(x)); }
at::Tensor launcher(at::Tensor x) { return x; }
at::Tensor unbound_caller(at::Tensor x) { return launcher(x); }
at::Tensor bwd_entry(at::Tensor x) { return x; }
PYBIND11_MODULE(ext, m) {
  m.def("fwd", &fwd_entry);
  m.def("bwd", bwd_entry);
}
)cpp");
}

TEST(Callers, ACallerTakingNoTensorMakesWhatItPasses) {
  expectEntries(R"cpp(
at::Tensor step_entry(at::Tensor x, at::Tensor w) { return x * w; }
at::Tensor forwarded(at::Tensor x) { return step_entry(x, x); }
void train(int epochs) {
  for (int e = 0; e < epochs; ++e)
    step_entry(torch::ones({2}), torch::ones({2}));
}
)cpp");
}

TEST(Callers, AFunctionWhoseAddressEscapesHasCallersElsewhere) {
  expectEntries(R"cpp(
at::Tensor escapes(at::Tensor x) { return x; }
at::Tensor (*Table[])(at::Tensor) = {escapes};
at::Tensor fwd_entry(at::Tensor x) { return escapes(x); }
PYBIND11_MODULE(ext, m) { m.def("fwd", &fwd_entry); }
)cpp");
}

TEST(Callers, CallsInsideLambdasBelongToTheEnclosingFunction) {
  expectEntries(R"cpp(
template <typename T> T twice_entry(T x) { return x + x; }
at::Tensor fwd_entry(at::Tensor x) {
  auto body = [&] { return twice_entry(x); };
  return body();
}
at::Tensor recursive(at::Tensor x, int n) {
  return n ? recursive(x, n - 1) : x;
}
PYBIND11_MODULE(ext, m) { m.def("fwd", &fwd_entry); }
)cpp");
}

} // namespace callers_test
