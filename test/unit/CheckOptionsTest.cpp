//===- CheckOptionsTest.cpp - check's command line, git diff's lines ------===//

#include "tool/ChangedLines.h"
#include "tool/CheckOptions.h"
#include "gtest/gtest.h"

using namespace torchdtype;

namespace check_options_test {

bool parse(std::vector<std::string> Args, Options &O, std::string &Error) {
  O = Options();
  Error.clear();
  return parseArgs(Args, O, Error);
}

TEST(CheckOptionsTest, ValuesInEverySpelling) {
  Options O;
  std::string Error;
  ASSERT_TRUE(parse({"-p", "build", "--format=sarif", "-o", "out.sarif",
                     "-j2", "--shard=2/4", "a.cpp", "b.cpp"},
                    O, Error))
      << Error;
  EXPECT_EQ(O.BuildDir, "build");
  EXPECT_EQ(O.Format, "sarif");
  EXPECT_EQ(O.OutFile, "out.sarif");
  EXPECT_EQ(O.Jobs, 2u);
  EXPECT_EQ(O.Shard, 2u);
  EXPECT_EQ(O.Shards, 4u);
  EXPECT_EQ(O.Files, (std::vector<std::string>{"a.cpp", "b.cpp"}));
  ASSERT_TRUE(parse({"-j", "3", "--only-changed=main", "--no-pch"}, O, Error));
  EXPECT_EQ(O.Jobs, 3u);
  EXPECT_TRUE(O.OnlyChanged);
  EXPECT_EQ(O.Revision, "main");
  EXPECT_TRUE(O.NoPch);
  ASSERT_TRUE(parse({"-j=4", "--only-changed"}, O, Error));
  EXPECT_EQ(O.Jobs, 4u);
  EXPECT_EQ(O.Revision, "HEAD");
}

TEST(CheckOptionsTest, BadArgumentsSayWhy) {
  Options O;
  std::string Error;
  EXPECT_FALSE(parse({"-j0"}, O, Error));
  EXPECT_EQ(Error, "-j needs a positive number");
  EXPECT_FALSE(parse({"-j"}, O, Error));
  EXPECT_EQ(Error, "-j needs a value");
  EXPECT_FALSE(parse({"-p"}, O, Error));
  EXPECT_EQ(Error, "-p needs a value");
  for (const char *Bad : {"--shard=0/2", "--shard=3/2", "--shard=1/0",
                          "--shard=1", "--shard=a/b"}) {
    EXPECT_FALSE(parse({Bad}, O, Error)) << Bad;
    EXPECT_NE(Error.find("--shard needs I/N"), std::string::npos) << Error;
  }
  EXPECT_FALSE(parse({"--format=xml"}, O, Error));
  EXPECT_NE(Error.find("unknown format 'xml'"), std::string::npos);
  EXPECT_FALSE(parse({"--frobnicate"}, O, Error));
  EXPECT_EQ(Error, "unknown option '--frobnicate'");
}

TEST(ChangedLinesTest, NewLinesOfEachHunk) {
  const char *Diff = "diff --git a/src/a.cpp b/src/a.cpp\n"
                     "--- a/src/a.cpp\n"
                     "+++ b/src/a.cpp\n"
                     "@@ -3 +3 @@ void f() {\n"
                     "-  old();\n"
                     "+  neu();\n"
                     "@@ -10,0 +11,3 @@\n"
                     "+a\n+b\n+c\n"
                     "@@ -20,2 +23,0 @@\n"
                     "-gone\n-gone\n"
                     "diff --git a/gone.cpp b/gone.cpp\n"
                     "--- a/gone.cpp\n"
                     "+++ /dev/null\n"
                     "@@ -1 +0,0 @@\n"
                     "-x\n";
  LineSets L = parseUnifiedDiff(Diff, "/repo");
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L["/repo/src/a.cpp"], (std::set<unsigned>{3, 11, 12, 13}));
  EXPECT_TRUE(parseUnifiedDiff("", "/repo").empty());
  EXPECT_TRUE(parseUnifiedDiff("+++ b/x.cpp\n@@ garbage @@\n", "/r").empty());
}

} // namespace check_options_test
