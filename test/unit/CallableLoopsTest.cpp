//===- CallableLoopsTest.cpp - which lambdas a loop over callables runs ---===//
//
// loopedLambdas (models/CallableLoops.cpp) on its own: for each call of a
// std::function in a snippet's function, the lambdas a range-for over a
// container certainly calls, by the line each is written on.
//
//===----------------------------------------------------------------------===//

#include "analysis/ApiModel.h"
#include "analysis/CallSite.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchdtype;

namespace callable_loops_test {

struct Snippet {
  std::unique_ptr<ASTUnit> AST;
  ApiModel Api{*TorchVersion::parse("2.14")};

  /// The lines of the lambdas the std::function call in function Fn runs.
  std::vector<unsigned> calledIn(llvm::StringRef Fn) {
    ASTContext &Ctx = AST->getASTContext();
    auto Calls =
        match(cxxOperatorCallExpr(hasOverloadedOperatorName("()"),
                                  hasAncestor(functionDecl(hasName(Fn))))
                  .bind("c"),
              Ctx);
    std::vector<unsigned> Lines;
    for (const BoundNodes &N : Calls) {
      const auto *CE = N.getNodeAs<CallExpr>("c");
      CallSite S = classifyCall(CE, Api, Ctx);
      for (const LambdaExpr *L : loopedLambdas(S, Ctx))
        Lines.push_back(
            Ctx.getSourceManager().getSpellingLineNumber(L->getBeginLoc()));
    }
    return Lines;
  }
};

Snippet parse(llvm::StringRef Code) {
  Snippet S;
  S.AST = tooling::buildASTFromCodeWithArgs(
      Code,
      {"-std=c++17", "-isystem", TORCHDTYPE_MOCK_INCLUDE, "-include-pch",
       TORCHDTYPE_MOCK_PCH},
      "input.cc");
  return S;
}

using V = std::vector<unsigned>;

TEST(CallableLoopsTest, EveryLambdaTheContainerCertainlyHolds) {
  Snippet S = parse(R"cc(#include <torch/torch.h>
#include <functional>
#include <map>
#include <vector>
using Fn = std::function<int(int)>;
std::map<std::string, Fn> build() {
  std::map<std::string, Fn> m;
  m["a"] = [](int x) { return x; };
  m.emplace("b", [](int x) { return x + 1; });
  return m;
}
void from_builder() {
  auto m = build();
  for (const auto &kv : m) kv.second(1);
}
void by_binding() {
  std::map<int, Fn> m = {{1, [](int x) { return x; }}, {2, [](int x) { return -x; }}};
  for (auto &[k, f] : m) { int y = f(k); (void)y; }
}
void vector_in_place() {
  std::vector<Fn> v;
  auto named = [](int x) { return x * 2; };
  v.push_back(named);
  v.emplace_back(std::move(named));
  v.push_back([](int x) { return x * 3; });
  for (auto &f : v) f(2);
}
void replaced_key() {
  std::map<std::string, Fn> m;
  m["a"] = [](int x) { return x; };
  m["a"] = [](int x) { return x - 1; };
  m.emplace("a", [](int x) { return x - 2; });
  for (const auto &kv : m) kv.second(1);
}
)cc");
  ASSERT_TRUE(S.AST);
  EXPECT_EQ(S.calledIn("from_builder"), (V{8, 9}));
  EXPECT_EQ(S.calledIn("by_binding"), (V{17, 17}));
  // a named lambda stored twice is one lambda
  EXPECT_EQ(S.calledIn("vector_in_place"), (V{22, 25}));
  // operator[] replaces the key's entry, emplace keeps it
  EXPECT_EQ(S.calledIn("replaced_key"), (V{31}));
}

TEST(CallableLoopsTest, NothingWhereTheLoopOrTheContainerIsNotCertain) {
  Snippet S = parse(R"cc(#include <torch/torch.h>
#include <functional>
#include <map>
#include <vector>
using Fn = std::function<int(int)>;
bool flag();
void one_key(const std::string &k) {
  std::map<std::string, Fn> m;
  m["a"] = [](int x) { return x; };
  for (const auto &kv : m) if (kv.first == k) kv.second(1);
  m.find(k)->second(1);
}
void leaves_early() {
  std::vector<Fn> v;
  v.push_back([](int x) { return x; });
  for (auto &f : v) { f(1); break; }
}
void conditional_store() {
  std::vector<Fn> v;
  if (flag()) v.push_back([](int x) { return x; });
  for (auto &f : v) f(1);
}
void cleared() {
  std::vector<Fn> v;
  v.push_back([](int x) { return x; });
  v.clear();
  for (auto &f : v) f(1);
}
void by_reference(std::vector<Fn> &given) {
  auto &alias = given;
  for (auto &f : alias) f(1);
}
void key_not_constant(const std::string &k) {
  std::map<std::string, Fn> m;
  m[k] = [](int x) { return x; };
  for (const auto &kv : m) kv.second(1);
}
void element_reassigned() {
  std::vector<Fn> v;
  v.push_back([](int x) { return x; });
  for (auto &f : v) { f = [](int x) { return -x; }; f(1); }
}
)cc");
  ASSERT_TRUE(S.AST);
  for (const char *Fn :
       {"one_key", "leaves_early", "conditional_store", "cleared",
        "by_reference", "key_not_constant", "element_reassigned"})
    EXPECT_EQ(S.calledIn(Fn), V{}) << Fn;
}

} // namespace callable_loops_test
