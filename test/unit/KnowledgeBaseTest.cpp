//===- KnowledgeBaseTest.cpp - the kb's messages, filled in ---------------===//

#include "kb/KnowledgeBase.h"
#include "gtest/gtest.h"

using namespace torchdtype;

namespace knowledge_base_test {

const char *const Record = R"({
  "id": "pytorch/test-record",
  "signature": "expected scalar type {ScalarType} but found {ScalarType}",
  "regex": "expected scalar type [A-Za-z0-9]+ but found [A-Za-z0-9]+",
  "root_cause": "a test record",
  "verification_tier": "runtime",
  "messages": {
    "1.13": "expected scalar type {expected:ScalarType} but found {found:ScalarType}",
    "1.20": {"module_input": "in {fn}: {found:type}"},
    "2.0": null
  }
})";

/// Fills the roles from a small table, as a check does from its finding.
std::optional<std::string> fill(const std::string &Role,
                                const std::string &Format) {
  if (Role == "expected" && Format == "ScalarType")
    return std::string("Float");
  if (Role == "found" && Format == "ScalarType")
    return std::string("Half");
  if (Role == "fn" && Format.empty())
    return std::string("embedding");
  return std::nullopt;
}

const KbRecord &load(KnowledgeBase &KB, const char *Text = Record) {
  std::vector<std::string> Errors;
  EXPECT_TRUE(KB.addJson(Text, "test", Errors));
  EXPECT_TRUE(Errors.empty());
  return *KB.find("pytorch/test-record");
}

TEST(KnowledgeBaseMessages, FilledForTheVersionItAppliesFrom) {
  KnowledgeBase KB;
  const KbRecord &R = load(KB);
  EXPECT_EQ(R.message(1, 13, "op", fill),
            "expected scalar type Float but found Half");
  EXPECT_EQ(R.message(1, 19, "op", fill),
            "expected scalar type Float but found Half");
  // Before the first version: none written.
  EXPECT_EQ(R.message(1, 12, "op", fill), "");
}

TEST(KnowledgeBaseMessages, NullEndsItAndShapesChoose) {
  KnowledgeBase KB;
  const KbRecord &R = load(KB);
  EXPECT_EQ(R.message(2, 6, "op", fill), "");
  // 1.20 writes one for module inputs only; other shapes keep 1.13's.
  EXPECT_EQ(R.message(1, 20, "op", fill),
            "expected scalar type Float but found Half");
  // A placeholder without a value: no message rather than a wrong one.
  EXPECT_EQ(R.message(1, 20, "module_input", fill), "");
}

TEST(KnowledgeBaseMessages, TheDeviceChoosesTheText) {
  const char *const PerDevice = R"json({
    "id": "pytorch/test-record",
    "signature": "expected m1 and m2 / expected mat1 and mat2",
    "regex": "expected (m1 and m2|mat1 and mat2)",
    "root_cause": "a test record", "verification_tier": "source",
    "messages": {"2.6": "expected {on:cpu=m1 and m2|cuda=mat1 and mat2}: {found:ScalarType}"}
  })json";
  KnowledgeBase KB;
  const KbRecord &R = load(KB, PerDevice);
  auto On = [](const char *Device) {
    return [Device](const std::string &Role, const std::string &Format)
               -> std::optional<std::string> {
      if (Role == "on" && Format.empty() && *Device)
        return std::string(Device);
      return fill(Role, Format);
    };
  };
  EXPECT_EQ(R.message(2, 6, "op", On("cpu")), "expected m1 and m2: Half");
  EXPECT_EQ(R.message(2, 6, "op", On("cuda")), "expected mat1 and mat2: Half");
  // A device the text has no choice for, or an unknown one: no message.
  EXPECT_EQ(R.message(2, 6, "op", On("mps")), "");
  EXPECT_EQ(R.message(2, 6, "op", On("")), "");
}

TEST(KnowledgeBaseMessages, BadMessagesAreRefused) {
  for (const char *Bad :
       {R"("messages": {"one": "expected scalar type {found:ScalarType}"})",
        R"("messages": {"1.13": 7})", R"("messages": ["1.13"])",
        R"("messages": {"1.13": {"op": ""}})"}) {
    std::string Text = std::string(R"({"id": "pytorch/bad",
      "signature": "expected scalar type {ScalarType}",
      "regex": "expected scalar type", "root_cause": "x",
      "verification_tier": "runtime", )") +
                       Bad + "}";
    KnowledgeBase KB;
    std::vector<std::string> Errors;
    EXPECT_FALSE(KB.addJson(Text, "bad.json", Errors)) << Bad;
    ASSERT_EQ(Errors.size(), 1u) << Bad;
    EXPECT_NE(Errors[0].find("bad.json: field 'messages'"), std::string::npos)
        << Errors[0];
  }
}

TEST(KnowledgeBaseMessages, BuiltinRecordsFillTheirPlaceholders) {
  // Every built-in message fills with dtype names: no role is misspelt.
  unsigned Seen = 0;
  for (const KbRecord &R : KnowledgeBase::builtin().records())
    for (const KbMessage &M : R.Messages) {
      if (M.Text.empty())
        continue;
      ++Seen;
      std::string Out = R.message(
          M.Major, M.Minor, M.Finding,
          [](const std::string &Role,
             const std::string &Format) -> std::optional<std::string> {
            if (Role == "fn" && Format.empty())
              return std::string("op");
            if (Role == "on")
              return std::string("cpu");
            if ((Role == "expected" || Role == "found") &&
                (Format == "ScalarType" || Format == "TypeMeta" ||
                 Format == "type"))
              return std::string("X");
            return std::nullopt;
          });
      EXPECT_FALSE(Out.empty()) << R.Id << ": " << M.Text;
      EXPECT_EQ(Out.find('{'), std::string::npos) << R.Id;
    }
  EXPECT_GE(Seen, 10u);
}

} // namespace knowledge_base_test
