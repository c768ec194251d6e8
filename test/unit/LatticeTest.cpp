//===- LatticeTest.cpp - the abstract values and the API model ------------===//

#include "analysis/ApiModel.h"
#include "analysis/TensorValue.h"
#include "gtest/gtest.h"

using namespace torchdtype;

TEST(Lattice, PromotionFollowsPyTorch) {
  EXPECT_EQ(promoteTypes(DType::Half, DType::Float), DType::Float);
  EXPECT_EQ(promoteTypes(DType::Half, DType::BFloat16), DType::Float);
  EXPECT_EQ(promoteTypes(DType::Long, DType::Float), DType::Float);
  EXPECT_EQ(promoteTypes(DType::Int, DType::Long), DType::Long);
  EXPECT_EQ(promoteTypes(DType::Byte, DType::Char), DType::Short);
  EXPECT_EQ(promoteTypes(DType::Bool, DType::Int), DType::Int);
  EXPECT_EQ(promoteTypes(DType::Float, DType::Double), DType::Double);
  EXPECT_EQ(promoteTypes(DType::ComplexFloat, DType::Double),
            DType::ComplexDouble);
}

TEST(Lattice, JoinOfDifferentDTypesIsNotSingle) {
  DTypeFact A = DTypeFact::of(DType::Half, {});
  A.join(DTypeFact::of(DType::Float, {}));
  EXPECT_FALSE(A.single());
  DTypeFact B = DTypeFact::of(DType::Half, {});
  B.join(DTypeFact::of(DType::Half, {}));
  EXPECT_EQ(B.single(), DType::Half);
  DTypeFact C = DTypeFact::of(DType::Half, {});
  C.join(DTypeFact::unknown());
  EXPECT_TRUE(C.isUnknown());
}

// `torch::Tensor x;` is the bottom: a join with a value gives that value,
// marked as possibly still undefined; two defined values are not.
TEST(Lattice, UndefinedTensorIsTheBottom) {
  AbsValue U = AbsValue::unknownTensor();
  U.DT.Bits = U.DV.Bits = 0;
  EXPECT_TRUE(U.undefinedTensor());
  AbsValue D = AbsValue::tensor(DTypeFact::of(DType::Double, {}),
                                DeviceFact::of(Device::CPU, {}));
  AbsValue J = U;
  J.join(D);
  EXPECT_EQ(J.DT.single(), DType::Double);
  EXPECT_FALSE(J.undefinedTensor());
  EXPECT_TRUE(J.MaybeUndefined);
  AbsValue K = D;
  K.join(D);
  EXPECT_FALSE(K.MaybeUndefined);
  AbsValue L = D;
  L.join(J); // once maybe undefined, still so
  EXPECT_TRUE(L.MaybeUndefined);
  AbsValue B = U;
  B.join(U);
  EXPECT_TRUE(B.undefinedTensor());
  EXPECT_FALSE(B.MaybeUndefined);
}

TEST(Lattice, DimensionsJoinToTheFewest) {
  AbsValue Matrix = AbsValue::unknownTensor();
  Matrix.atLeast(2);
  AbsValue Vector = AbsValue::tensor(DTypeFact::unknown(),
                                     DeviceFact::unknown(), /*NonScalar=*/true);
  EXPECT_EQ(Vector.Dims, 1u);
  AbsValue J = Matrix;
  J.join(Vector);
  EXPECT_EQ(J.Dims, 1u);
  EXPECT_TRUE(J.nonScalar());
  J.join(AbsValue::unknownTensor());
  EXPECT_FALSE(J.nonScalar());
  Matrix.atLeast(1); // never lowers what is known
  EXPECT_EQ(Matrix.Dims, 2u);
  EXPECT_NE(Matrix, Vector);
}

TEST(Lattice, SymbolicParametersJoinOnlyWithThemselves) {
  DTypeFact P = DTypeFact::param(0);
  P.join(DTypeFact::param(0));
  EXPECT_EQ(P.Param, ParamRef::param(0));
  P.join(DTypeFact::param(1));
  EXPECT_TRUE(P.isUnknown());
  DeviceFact D = DeviceFact::param(2);
  D.join(DeviceFact::of(Device::CUDA, {}));
  EXPECT_TRUE(D.isUnknown());
  EXPECT_FALSE(DeviceFact::param(0).single());
}

TEST(Lattice, OptionsJoinKeepsSetFlags) {
  AbsValue A;
  A.K = AbsValue::Kind::Options;
  A.DTypeSet = true;
  A.DT = DTypeFact::of(DType::Half, {});
  A.DeviceSet = false;
  AbsValue B = A;
  B.DTypeSet = false;
  A.join(B);
  EXPECT_TRUE(A.DTypeSet);
  EXPECT_TRUE(A.DT.isUnknown());
  EXPECT_FALSE(A.DeviceSet);
}

TEST(Lattice, AutocastJoin) {
  EXPECT_EQ(joinAutocast(AutocastState::On, AutocastState::On),
            AutocastState::On);
  EXPECT_EQ(joinAutocast(AutocastState::On, AutocastState::Off),
            AutocastState::Unknown);
  EXPECT_EQ(joinAutocast(AutocastState::Entry, AutocastState::Off),
            AutocastState::Unknown);
}

TEST(Names, ParseEnumeratorsAndDeviceStrings) {
  EXPECT_EQ(dtypeFromEnumerator("BFloat16"), DType::BFloat16);
  EXPECT_EQ(dtypeFromEnumerator("QInt8"), DType::Other);
  EXPECT_EQ(deviceFromString("cuda:1"), Device::CUDA);
  EXPECT_EQ(deviceFromString("mps"), Device::MPS);
  EXPECT_EQ(deviceFromString("tpu"), std::nullopt);
  EXPECT_EQ(deviceFromEnumerator("MPS"), Device::MPS);
  EXPECT_EQ(dtypeName(DType::Half), "Half");
  EXPECT_EQ(deviceName(Device::CUDA), "cuda");
}

TEST(ApiModel, OpNameVariants) {
  bool InPlace, Out, OutLast;
  EXPECT_EQ(baseOpName("addmm_", InPlace, Out, OutLast), "addmm");
  EXPECT_TRUE(InPlace);
  EXPECT_EQ(baseOpName("mm_out", InPlace, Out, OutLast), "mm");
  EXPECT_TRUE(Out);
  EXPECT_FALSE(OutLast);
  EXPECT_EQ(baseOpName("mm_outf", InPlace, Out, OutLast), "mm");
  EXPECT_TRUE(OutLast);
  EXPECT_EQ(baseOpName("_foo", InPlace, Out, OutLast), "_foo");
  EXPECT_FALSE(InPlace);
}

TEST(ApiModel, VersionsAndTables) {
  EXPECT_EQ(TorchVersion::parse("2.6.0")->str(), "2.6");
  EXPECT_FALSE(TorchVersion::parse("two"));
  ApiModel Old(*TorchVersion::parse("1.13"));
  ApiModel New(*TorchVersion::parse("2.14"));
  EXPECT_EQ(Old.autocastDataVersion(), "1.13");
  EXPECT_EQ(New.autocastDataVersion(), "2.14");
  // A version between two data versions uses the older data.
  EXPECT_EQ(ApiModel(*TorchVersion::parse("2.9")).autocastDataVersion(), "2.6");
  EXPECT_EQ(Old.autocastDefault(AutocastDevice::CPU), DType::BFloat16);
  EXPECT_EQ(Old.autocastDefault(AutocastDevice::CUDA), DType::Half);
  EXPECT_EQ(Old.autocastPolicy(AutocastDevice::CPU, "mm"),
            AutocastPolicy::LowerPrecision);
  // Observed on 1.13: CPU autocast does not cover mv or dot.
  EXPECT_EQ(Old.autocastPolicy(AutocastDevice::CPU, "mv"),
            AutocastPolicy::NotListed);
  EXPECT_EQ(Old.autocastPolicy(AutocastDevice::CUDA, "binary_cross_entropy"),
            AutocastPolicy::Banned);
  EXPECT_EQ(Old.sameDTypeOperands("addmm"), 0x7u);
  EXPECT_EQ(Old.factory("arange"), FactoryRule::FromScalars);
  EXPECT_EQ(Old.conversion("type_as"), ConversionRule::LikeArg);
  EXPECT_FALSE(Old.factory("mm"));
}
