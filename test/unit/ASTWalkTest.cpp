//===- ASTWalkTest.cpp - the analysis' one RecursiveASTVisitor ------------===//
//
// checker/analysis/ASTWalk.h on its own: what a walk visits, in which order,
// around which declarations and lambdas, and where it stops.

#include "analysis/ASTWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <string>
#include <vector>

using namespace clang;
using namespace torchdtype;

namespace ast_walk_test {

std::unique_ptr<ASTUnit> parse(llvm::StringRef Code) {
  return tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, "input.cc");
}

/// Records calls by callee name, variables by name, and the enter/leave
/// events of functions and lambdas.
struct Recorder : NodeVisitor {
  std::vector<std::string> Log;
  std::string StopAt, SkipDecl;
  bool visitStmt(Stmt *S) override {
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = C->getDirectCallee()) {
        Log.push_back("call " + F->getNameAsString());
        return F->getNameAsString() != StopAt;
      }
    return true;
  }
  bool visitDecl(Decl *D) override {
    if (const auto *V = dyn_cast<VarDecl>(D); V && !isa<ParmVarDecl>(V))
      Log.push_back("var " + V->getNameAsString());
    return true;
  }
  bool enterDecl(Decl *D) override {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (F && F->getNameAsString() == SkipDecl)
      return false;
    if (F && F->getIdentifier() && F->hasBody())
      Log.push_back("enter " + F->getNameAsString());
    return true;
  }
  void leaveDecl(Decl *D) override {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (F && F->getIdentifier() && F->hasBody())
      Log.push_back("leave " + F->getNameAsString());
  }
  void enterLambda(LambdaExpr *) override { Log.push_back("enter lambda"); }
  void leaveLambda(LambdaExpr *) override { Log.push_back("leave lambda"); }
};

const char *const Code = R"cc(
  int g(int);
  int h(int);
  void f() {
    int a = g(1);
    auto l = [&] { return h(a); };
    int b = g(l());
  }
  template <class T> T t(T x) { return T(g(1)); }
  int u() { return t(2); }
)cc";

TEST(ASTWalkTest, VisitsInPreOrderAroundDeclarationsAndLambdas) {
  auto AST = parse(Code);
  Recorder R;
  EXPECT_TRUE(R.walk(AST->getASTContext().getTranslationUnitDecl()));
  std::vector<std::string> Want = {
      "enter f",      "var a",        "call g",       "var l",
      "enter lambda", "call h",       "leave lambda", "var b",
      "call g",       "call operator()", "leave f",   "enter t",
      "call g",       "leave t",      "enter u",      "call t",
      "leave u"};
  // the lambda's class and call operator are implicit code: not walked
  // again; the instantiation t<int> is not walked by default
  EXPECT_EQ(R.Log, Want);
}

TEST(ASTWalkTest, TemplateInstantiationsWhenAsked) {
  auto AST = parse(Code);
  Recorder R;
  R.TemplateInstantiations = true;
  R.walk(AST->getASTContext().getTranslationUnitDecl());
  EXPECT_EQ(std::count(R.Log.begin(), R.Log.end(), "enter t"), 2);
}

TEST(ASTWalkTest, AFalseCallbackStopsTheWalk) {
  auto AST = parse(Code);
  Recorder R;
  R.StopAt = "h";
  EXPECT_FALSE(R.walk(AST->getASTContext().getTranslationUnitDecl()));
  ASSERT_FALSE(R.Log.empty());
  EXPECT_EQ(R.Log.back(), "leave f"); // left as it unwinds, nothing after h
  EXPECT_EQ(std::count(R.Log.begin(), R.Log.end(), "call g"), 1);
}

TEST(ASTWalkTest, ASkippedDeclarationIsNotEnteredAndTheWalkGoesOn) {
  auto AST = parse(Code);
  Recorder R;
  R.SkipDecl = "f";
  EXPECT_TRUE(R.walk(AST->getASTContext().getTranslationUnitDecl()));
  EXPECT_EQ(std::count(R.Log.begin(), R.Log.end(), "call h"), 0);
  EXPECT_EQ(R.Log.front(), "enter t");
}

} // namespace ast_walk_test
