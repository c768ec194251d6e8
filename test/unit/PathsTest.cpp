//===- PathsTest.cpp - path sets, their bound and assumptions -------------===//
//
// The solver's path sets (analysis/solver/Paths.h, Assumption.h) on a state
// of their own: only assumptions and a number, joined by keeping what both
// paths agree on.
//
//===----------------------------------------------------------------------===//

#include "analysis/solver/Paths.h"
#include "gtest/gtest.h"

using namespace torchdtype;

namespace paths_test {

struct NumState {
  Assumptions Assumed;
  std::optional<int> N;
  bool operator==(const NumState &O) const {
    return Assumed == O.Assumed && sameFacts(O);
  }
  bool sameFacts(const NumState &O) const { return N == O.N; }
  void join(const NumState &O) {
    if (N != O.N)
      N = std::nullopt;
    llvm::erase_if(Assumed, [&](const Assumption &A) {
      return !llvm::is_contained(O.Assumed, A);
    });
  }
};

/// Distinct stand-ins for declarations: the atoms compare them by address.
const clang::NamedDecl *var(int I) {
  static const char Vars[8] = {};
  return reinterpret_cast<const clang::NamedDecl *>(&Vars[I]);
}

Assumption flag(int V, bool Value) {
  Assumption A;
  A.Var = var(V);
  A.Value = Value;
  return A;
}

Assumption compare(int V, Assumption::Relation R, double C, bool Value) {
  Assumption A;
  A.Var = var(V);
  A.Rel = R;
  A.Number = C;
  A.Const = std::to_string(C);
  A.Value = Value;
  return A;
}

NumState path(std::initializer_list<Assumption> As, int N) {
  NumState S;
  for (const Assumption &A : As)
    EXPECT_TRUE(assume(S.Assumed, A));
  S.N = N;
  return S;
}

TEST(PathsTest, AssumeRejectsContradictions) {
  Assumptions As;
  EXPECT_TRUE(assume(As, flag(0, true)));
  EXPECT_TRUE(assume(As, flag(0, true))); // again: nothing new
  EXPECT_FALSE(assume(As, flag(0, false)));
  using R = Assumption::Relation;
  EXPECT_TRUE(assume(As, compare(1, R::Greater, 0.5, true)));
  EXPECT_FALSE(assume(As, compare(1, R::Less, 0.1, true))); // x > 0.5, x < 0.1
  EXPECT_TRUE(assume(As, compare(1, R::Less, 2.0, true)));
  EXPECT_TRUE(assume(As, compare(2, R::Equals, 1, true)));
  EXPECT_FALSE(assume(As, compare(2, R::Equals, 2, true))); // one value
  EXPECT_EQ(As.size(), 4u);
}

TEST(PathsTest, WholeNumbersCloseOpenBounds) {
  using R = Assumption::Relation;
  Assumptions As;
  // n >= 4 false and n <= 3 false: no integer between, some real.
  ASSERT_TRUE(assume(As, compare(0, R::GreaterEqual, 4, false)));
  Assumption Above3 = compare(0, R::LessEqual, 3, false);
  Assumptions Real = As, Whole = As;
  EXPECT_TRUE(assume(Real, Above3));
  Above3.Whole = true;
  EXPECT_FALSE(assume(Whole, Above3));
  // What they decide: n < 4 makes n > 3 false and n <= 3 true, for an int.
  Assumption Gt3 = compare(0, R::Greater, 3, true);
  EXPECT_EQ(decided(As, Gt3), std::nullopt);
  Gt3.Whole = true;
  EXPECT_EQ(decided(As, Gt3), std::optional<bool>(false));
  Assumption Le3 = compare(0, R::LessEqual, 3, true);
  Le3.Whole = true;
  EXPECT_EQ(decided(As, Le3), std::optional<bool>(true));
  EXPECT_EQ(decided(As, compare(0, R::GreaterEqual, 4, true)),
            std::optional<bool>(false)); // the atom itself
  EXPECT_EQ(decided(As, flag(1, true)), std::nullopt);
}

TEST(PathsTest, ForgetDropsAVariablesAtoms) {
  Assumptions As;
  ASSERT_TRUE(assume(As, flag(0, true)));
  ASSERT_TRUE(assume(As, flag(1, false)));
  forget(As, var(0));
  ASSERT_EQ(As.size(), 1u);
  EXPECT_EQ(As[0].Var, var(1));
}

TEST(PathsTest, AddPathJoinsThoseThatAssumeTheSame) {
  Paths<NumState> Ps;
  addPath(Ps, path({flag(0, true)}, 1));
  addPath(Ps, path({flag(0, false)}, 2));
  addPath(Ps, path({flag(0, true)}, 3));
  ASSERT_EQ(Ps.size(), 2u);
  EXPECT_EQ(Ps[0].N, std::nullopt); // 1 and 3 joined
  EXPECT_EQ(Ps[1].N, 2);
}

TEST(PathsTest, BoundForgetsTheConditionThatMergesMost) {
  Paths<NumState> Ps;
  // Forgetting b leaves two paths ({a}, {!a}); forgetting a leaves three
  // ({b}, {!b}, {}): b goes, and what a decided stays apart.
  addPath(Ps, path({flag(0, true), flag(1, true)}, 1));
  addPath(Ps, path({flag(0, true), flag(1, false)}, 1));
  addPath(Ps, path({flag(0, false)}, 2));
  auto None = [](const Assumption &) { return false; };
  Paths<NumState> Two = Ps;
  boundPaths(Two, 2, None);
  ASSERT_EQ(Two.size(), 2u);
  for (const NumState &S : Two) {
    ASSERT_EQ(S.Assumed.size(), 1u);
    EXPECT_EQ(S.Assumed[0].Var, var(0));
    EXPECT_EQ(S.N, S.Assumed[0].Value ? 1 : 2);
  }
  Paths<NumState> One = Ps;
  boundPaths(One, 1, None);
  ASSERT_EQ(One.size(), 1u);
  EXPECT_TRUE(One[0].Assumed.empty());
  EXPECT_EQ(One[0].N, std::nullopt);
}

TEST(PathsTest, LoopIterationsAndMinorAtomsGoFirst) {
  Paths<NumState> Ps;
  NumState First = path({flag(0, true)}, 1), Later = path({flag(0, true)}, 1);
  Assumption It;
  It.Rel = Assumption::Relation::FirstIteration;
  It.Value = true;
  ASSERT_TRUE(assume(First.Assumed, It));
  It.Value = false;
  ASSERT_TRUE(assume(Later.Assumed, It));
  addPath(Ps, First);
  addPath(Ps, Later);
  addPath(Ps, path({flag(0, false)}, 2));
  auto None = [](const Assumption &) { return false; };
  boundPaths(Ps, 2, None);
  // The iterations joined; the flag's paths stay apart.
  ASSERT_EQ(Ps.size(), 2u);
  for (const NumState &S : Ps)
    EXPECT_EQ(S.Assumed.size(), 1u);
}

TEST(PathsTest, CarriedBoundsGoBeforeLoopIterations) {
  // Bounds kept across a loop's step are given up before the first
  // iteration is: the first iteration's path stays apart.
  Paths<NumState> Ps;
  Assumption It;
  It.Rel = Assumption::Relation::FirstIteration;
  It.Value = true;
  NumState First = path({}, 1);
  ASSERT_TRUE(assume(First.Assumed, It));
  Assumption Above = compare(1, Assumption::Relation::Greater, 3, true);
  Above.Carried = true;
  Assumption Below = Above;
  Below.Value = false;
  It.Value = false;
  NumState Late = path({Above}, 2), Early = path({Below}, 2);
  ASSERT_TRUE(assume(Late.Assumed, It));
  ASSERT_TRUE(assume(Early.Assumed, It));
  addPath(Ps, First);
  addPath(Ps, Late);
  addPath(Ps, Early);
  auto None = [](const Assumption &) { return false; };
  boundPaths(Ps, 2, None);
  ASSERT_EQ(Ps.size(), 2u);
  EXPECT_TRUE(llvm::any_of(Ps, [](const NumState &S) {
    return S.N == 1 && S.Assumed.size() == 1;
  }));
  for (const NumState &S : Ps)
    EXPECT_TRUE(llvm::none_of(S.Assumed,
                              [](const Assumption &A) { return A.Carried; }));
}

TEST(PathsTest, SamePathsInAnyOrder) {
  Paths<NumState> A, B;
  addPath(A, path({flag(0, true)}, 1));
  addPath(A, path({flag(0, false)}, 2));
  addPath(B, path({flag(0, false)}, 2));
  addPath(B, path({flag(0, true)}, 1));
  EXPECT_TRUE(samePaths(A, B));
  B[0].N = 3;
  EXPECT_FALSE(samePaths(A, B));
}

} // namespace paths_test
