//===- LivenessTest.cpp - locals dropped from the flow analysis's state ---===//

#include "analysis/solver/Liveness.h"
#include "CfgTestUtil.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace torchdtype;

namespace liveness_test {

struct Parsed : ParsedFunction {
  /// The block holding the declaration of Name.
  const CFGBlock *blockDeclaring(llvm::StringRef Name) const {
    for (const CFGBlock *B : *G)
      for (const CFGElement &E : *B)
        if (auto S = E.getAs<CFGStmt>())
          if (const auto *DS = dyn_cast<DeclStmt>(S->getStmt()))
            for (const Decl *D : DS->decls())
              if (const auto *V = dyn_cast<VarDecl>(D);
                  V && V->getName() == Name)
                return B;
    return nullptr;
  }
};

Parsed parse(llvm::StringRef Code) { return Parsed{parseFunction(Code)}; }

TEST(LivenessTest, LocalsDieAfterTheirLastRead) {
  Parsed P = parse(R"cc(
    bool g();
    void f(bool c) {
      int a = 1;
      int b = 2;
      int *p = &b;
      int d = 3;
      if (c) {
        a = a + 1;
      }
      int e = 0;
      while (g()) {
        e = e + d;
      }
      auto l = [&]() { return e; };
      int z = 4;
    }
  )cc");
  ASSERT_TRUE(P.F && P.G);
  LocalLiveness L(*P.G, P.F->getBody());
  const CFGBlock *First = P.G->getEntry().succ_begin()->getReachableBlock();
  const CFGBlock *AfterIf = P.blockDeclaring("e");
  const CFGBlock *Last = P.blockDeclaring("z");
  ASSERT_TRUE(First && AfterIf && Last);
  // a is read in the branch: live after the first block, dead after the if.
  EXPECT_FALSE(L.isDeadAfter(First, P.var("a")));
  EXPECT_TRUE(L.isDeadAfter(AfterIf, P.var("a")));
  // d is read in the loop: live before it.
  EXPECT_FALSE(L.isDeadAfter(AfterIf, P.var("d")));
  EXPECT_TRUE(L.isDeadAfter(Last, P.var("d")));
  // never dropped: b (its address is taken), e (a lambda captures it),
  // parameters and pointers' own reads follow the usual rule.
  EXPECT_FALSE(L.isDeadAfter(Last, P.var("b")));
  EXPECT_FALSE(L.isDeadAfter(Last, P.var("e")));
  EXPECT_FALSE(L.isDeadAfter(Last, P.F->getParamDecl(0)));
  EXPECT_TRUE(L.isDeadAfter(Last, P.var("z")));
}

// A variable only a block's branch condition reads is live until the
// block's edges, which refine what it holds.
TEST(LivenessTest, BranchConditionsKeepWhatTheyRead) {
  Parsed P = parse(R"cc(
    void g();
    void f() {
      int d = 3;
      if (d > 2)
        g();
      int z = 4;
    }
  )cc");
  ASSERT_TRUE(P.F && P.G);
  LocalLiveness L(*P.G, P.F->getBody());
  const CFGBlock *First = P.blockDeclaring("d");
  const CFGBlock *Last = P.blockDeclaring("z");
  ASSERT_TRUE(First && Last);
  EXPECT_FALSE(L.isDeadAfter(First, P.var("d")));
  EXPECT_TRUE(L.isDeadAfter(Last, P.var("d")));
}

// `Holder h(m.items())`: h may read m later (an optimizer made from a
// module's parameters), so m is never dropped; a copy of a plain value is.
TEST(LivenessTest, ObjectsMadeFromAMethodsResultKeepItsObject) {
  Parsed P = parse(R"cc(
    struct Module { int items() const; };
    struct Holder { Holder(int); int read() const; };
    int g(int);
    void f() {
      Module m;
      Holder h(m.items());
      int n = 1;
      int k = g(n);
      int z = h.read() + k;
    }
  )cc");
  ASSERT_TRUE(P.F && P.G);
  LocalLiveness L(*P.G, P.F->getBody());
  const CFGBlock *Last = P.blockDeclaring("z");
  ASSERT_TRUE(Last);
  EXPECT_FALSE(L.isDeadAfter(Last, P.var("m")));
  EXPECT_TRUE(L.isDeadAfter(Last, P.var("n")));
}

// A structured binding's name, read in a later block, keeps the variable
// it decomposes alive until then.
TEST(LivenessTest, BindingsReadTheirDecomposedVariable) {
  Parsed P = parse(R"cc(
    struct Pair { int first, second; };
    Pair mk();
    void f(bool c) {
      auto [a, b] = mk();
      if (c) {
        int x = a;
        (void)x;
      }
      int z = 0;
    }
  )cc");
  ASSERT_TRUE(P.F && P.G);
  LocalLiveness L(*P.G, P.F->getBody());
  const CFGBlock *First = P.G->getEntry().succ_begin()->getReachableBlock();
  const CFGBlock *Last = P.blockDeclaring("z");
  ASSERT_TRUE(First && Last);
  const VarDecl *Whole = nullptr;
  for (const CFGElement &E : *First)
    if (auto S = E.getAs<CFGStmt>())
      if (const auto *DS = dyn_cast<DeclStmt>(S->getStmt()))
        for (const Decl *D : DS->decls())
          if (isa<DecompositionDecl>(D))
            Whole = cast<VarDecl>(D);
  ASSERT_TRUE(Whole);
  EXPECT_FALSE(L.isDeadAfter(First, Whole));
  EXPECT_TRUE(L.isDeadAfter(Last, Whole));
}

} // namespace liveness_test
