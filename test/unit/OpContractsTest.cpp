//===- OpContractsTest.cpp - the measured op contract table ---------------===//

#include "analysis/OpContracts.h"
#include "kb/KnowledgeBase.h"
#include "tool/Explain.h"
#include "gtest/gtest.h"
#include <regex>

using namespace torchdtype;

namespace op_contracts_test {

/// The overload of Name whose Overload name is Ov.
std::optional<unsigned> find(const OpContracts &C, llvm::StringRef Name,
                             llvm::StringRef Ov) {
  for (unsigned I : C.overloads(Name))
    if (C.overload(I).Overload == Ov)
      return I;
  return std::nullopt;
}

TEST(OpContracts, GatherNeedsLongIndices) {
  OpContracts C;
  std::optional<unsigned> G = find(C, "gather", "");
  ASSERT_TRUE(G);
  EXPECT_EQ(C.overload(*G).numSlots(), 2u);
  EXPECT_EQ(C.overload(*G).slotPosition(0), 0u);
  EXPECT_EQ(C.overload(*G).slotPosition(1), 2u); // (self, dim, index)
  EXPECT_EQ(C.overload(*G).Signature, "TiTb");
  ContractOutcome Ok = C.outcome(*G, {DType::Float, DType::Long});
  EXPECT_EQ(Ok.K, ContractOutcome::Runs);
  EXPECT_EQ(Ok.Result, DType::Float);
  ContractOutcome Bad = C.outcome(*G, {DType::Float, DType::Int});
  ASSERT_EQ(Bad.K, ContractOutcome::Throws);
  EXPECT_EQ(Bad.Message, "gather(): Expected dtype int64 for index");
  EXPECT_TRUE(OpContracts::isDTypeMessage(Bad.Message, Bad.Class));
}

TEST(OpContracts, PromotionAndReductions) {
  OpContracts C;
  std::optional<unsigned> Add = find(C, "add", "Tensor");
  ASSERT_TRUE(Add);
  EXPECT_EQ(C.outcome(*Add, {DType::Half, DType::BFloat16}).Result,
            DType::Float);
  EXPECT_EQ(C.outcome(*Add, {DType::Long, DType::Int}).Result, DType::Long);
  std::optional<unsigned> Mean = find(C, "mean", "");
  ASSERT_TRUE(Mean);
  EXPECT_EQ(C.outcome(*Mean, {DType::Long}).K, ContractOutcome::Throws);
  EXPECT_EQ(C.outcome(*Mean, {DType::Double}).Result, DType::Double);
  // Dtypes the table was not measured with.
  EXPECT_EQ(C.outcome(*Mean, {DType::ComplexFloat}).K,
            ContractOutcome::Unmeasured);
  EXPECT_EQ(C.outcome(*Mean, {DType::Float, DType::Float}).K,
            ContractOutcome::Unmeasured); // wrong number of slots
}

TEST(OpContracts, ThirdSlotMeasuredFloatOnly) {
  OpContracts C;
  std::optional<unsigned> W = find(C, "where", "self");
  ASSERT_TRUE(W);
  EXPECT_EQ(C.outcome(*W, {DType::Bool, DType::Double, DType::Float}).Result,
            DType::Double);
  EXPECT_EQ(C.outcome(*W, {DType::Bool, DType::Float, DType::Double}).K,
            ContractOutcome::Unmeasured);
  EXPECT_EQ(C.outcome(*W, {DType::Double, DType::Double, DType::Double}).K,
            ContractOutcome::Throws);
}

TEST(OpContracts, MessagesAboutDtypesOnly) {
  EXPECT_TRUE(OpContracts::isDTypeMessage(
      "mean(): could not infer output dtype. Input dtype must be either a "
      "floating point or complex dtype. Got: Long",
      "Error"));
  EXPECT_TRUE(OpContracts::isDTypeMessage(
      "\"bitwise_and_cpu\" not implemented for 'Float'",
      "NotImplementedError"));
  // The measurement's inputs decided these, not the dtypes.
  EXPECT_FALSE(OpContracts::isDTypeMessage(
      "shape mismatch: value tensor of shape [2, 2] cannot be broadcast to "
      "indexing result of shape [2]",
      "Error"));
  EXPECT_FALSE(OpContracts::isDTypeMessage(
      "Mask tensor can take 0 and 1 values only", "Error"));
  EXPECT_FALSE(OpContracts::isDTypeMessage(
      "index 2 is out of bounds for dimension 0 with size 2", "IndexError"));
  EXPECT_FALSE(OpContracts::isDTypeMessage(
      "false INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/"
      "BinaryOps.cpp\":701, please report a bug to PyTorch. ",
      "Error"));
  EXPECT_TRUE(OpContracts::isLowPrecisionKernelMessage(
      "\"addmm_impl_cpu_\" not implemented for 'Half'"));
  EXPECT_FALSE(OpContracts::isLowPrecisionKernelMessage(
      "\"bitwise_and_cpu\" not implemented for 'Float'"));
}

TEST(OpContracts, FindsMessagesInLogs) {
  OpContracts C;
  std::optional<unsigned> I = C.findMessage(
      "terminate called after throwing an instance of 'c10::Error'\n"
      "  what():  gather(): Expected dtype int64 for index\n"
      "Exception raised from gather_out at ...");
  ASSERT_TRUE(I);
  EXPECT_EQ(C.message(*I), "gather(): Expected dtype int64 for index");
  llvm::SmallVector<unsigned, 4> By = C.raisers(*I);
  ASSERT_FALSE(By.empty());
  EXPECT_FALSE(C.findMessage("nothing LibTorch printed"));
}

/// torchdtype explain names a record for every message the table records
/// (kb regexes first, then the table's record) and the ops that raised it.
TEST(OpContracts, ExplainKnowsEveryMeasuredMessage) {
  OpContracts C;
  const KnowledgeBase &KB = KnowledgeBase::builtin();
  unsigned ByRegex = 0, Raised = 0;
  for (unsigned I = 0; I < C.numMessages(); ++I) {
    std::string M = C.message(I).str();
    Explanation E = explainMessage(KB, C, "what():  " + M + "\n");
    ASSERT_FALSE(E.Records.empty()) << M;
    EXPECT_EQ(E.Measured, M);
    // (A message only an unstable run printed names no overload.)
    Raised += !E.RaisedBy.empty();
    ByRegex += E.Records.front()->Id != "pytorch/op-dtype-contract";
  }
  // The records' own regexes explain the common messages.
  EXPECT_GT(ByRegex, 100u);
  EXPECT_GT(Raised, C.numMessages() * 9 / 10);
  Explanation K =
      explainMessage(KB, C, "kl_div: Integral inputs not supported.");
  ASSERT_EQ(K.Records.size(), 1u);
  EXPECT_EQ(K.Records[0]->Id, "pytorch/op-dtype-contract");
  EXPECT_EQ(K.RaisedBy.front(), "aten::kl_div");
}

/// The table's runs printed the eight dtypes they were given; a program
/// prints the dtypes it has. Every dtype message of the table, its dtypes
/// swapped for ones no run had (each spelling for one of its kind), is
/// still found, as the same message, and explained.
TEST(OpContracts, FindsMeasuredMessagesNamingOtherDTypes) {
  OpContracts C;
  const KnowledgeBase &KB = KnowledgeBase::builtin();
  // ScalarType names, legacy tensor types, caffe2::TypeMeta's C++ names.
  static const std::pair<const char *, const char *> Swaps[] = {
      {"CPUBFloat16Type", "CUDAShortType"}, {"CPUFloatType", "CUDACharType"},
      {"CPUDoubleType", "CPUShortType"},    {"CPUHalfType", "MPSCharType"},
      {"CPULongType", "CPUShortType"},      {"CPUIntType", "CUDAShortType"},
      {"CPUBoolType", "CPUComplexFloatType"}, {"CPUByteType", "CPUCharType"},
      {"unsigned char", "signed char"},     {"long int", "short int"},
      {"c10::BFloat16", "c10::complex<double>"},
      {"c10::Half", "c10::complex<float>"}, {"BFloat16", "ComplexDouble"},
      {"Double", "Char"},                   {"Float", "Short"},
      {"Half", "ComplexFloat"},             {"Long", "Short"},
      {"Int", "Char"},                      {"Bool", "ComplexHalf"},
      {"Byte", "QInt8"},                    {"double", "signed char"},
      {"float", "short int"},               {"int", "signed char"},
      {"bool", "c10::complex<c10::Half>"}};
  std::string Alternatives;
  for (const auto &[From, To] : Swaps)
    Alternatives += (Alternatives.empty() ? "" : "|") + std::string(From);
  const std::regex Spelling("\\b(" + Alternatives + ")\\b");
  unsigned Swapped = 0;
  for (unsigned I = 0; I < C.numMessages(); ++I) {
    std::string M = C.message(I).trim().str();
    std::string Other;
    auto Last = M.cbegin();
    for (std::sregex_iterator It(M.begin(), M.end(), Spelling), End;
         It != End; ++It) {
      Other.append(Last, (*It)[0].first);
      for (const auto &[From, To] : Swaps)
        if ((*It)[0] == From)
          Other += To;
      Last = (*It)[0].second;
    }
    Other.append(Last, M.cend());
    if (Other == M || OpContracts::withoutDTypes(M).size() < 16)
      continue;
    ++Swapped;
    std::optional<unsigned> J = C.findMessage("what():  " + Other + "\n");
    ASSERT_TRUE(J) << Other;
    EXPECT_EQ(OpContracts::withoutDTypes(C.message(*J).trim()),
              OpContracts::withoutDTypes(M))
        << Other;
    Explanation E = explainMessage(KB, C, Other);
    EXPECT_FALSE(E.Records.empty()) << Other;
    // (Some swaps give another message the table holds as printed.)
    EXPECT_EQ(E.OtherDTypes, C.message(*J).trim() != Other) << Other;
  }
  // Most of the table's messages name dtypes (2849 of 3055).
  EXPECT_GT(Swapped, 2800u);
  EXPECT_EQ(OpContracts::withoutDTypes(
                "input tensor dtype long int and output tensor dtype "
                "c10::Half, CPUFloatType, torch.cuda.HalfTensor, "
                "torch.float32, Floating, interval, Int(int32)"),
            "input tensor dtype \x01 and output tensor dtype \x01, \x01, "
            "\x01, \x01, Floating, interval, \x01(\x01)");
  EXPECT_FALSE(C.findMessage("Float Double Half BFloat16 Long Int"));
}

} // namespace op_contracts_test
