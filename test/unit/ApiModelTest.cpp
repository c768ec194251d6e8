//===- ApiModelTest.cpp - the LibTorch API model on its own ---------------===//
//
// The model is what checker/data says, per targeted version: names by role,
// op rules, the CPU kernels Half lacks, autocast policies, and the kinds of
// the types it is shown (each model its own cache: one per unit's analysis).
//
//===----------------------------------------------------------------------===//

#include "analysis/ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <thread>

using namespace clang;
using namespace torchdtype;

namespace api_model_test {

ApiModel model(llvm::StringRef Version) {
  return ApiModel(*TorchVersion::parse(Version));
}

TEST(ApiModelTest, NamesByRole) {
  ApiModel Api = model("2.14");
  EXPECT_TRUE(Api.isLibTorchNamespace("at"));
  EXPECT_TRUE(Api.isLibTorchNamespace("c10"));
  EXPECT_FALSE(Api.isLibTorchNamespace("std"));
  EXPECT_TRUE(Api.isModelledNamespace("std"));
  EXPECT_TRUE(Api.isModelledNamespace("pybind11"));
  EXPECT_FALSE(Api.isModelledNamespace("detectron2"));
  EXPECT_TRUE(Api.isElementAccessor("item"));
  EXPECT_FALSE(Api.isDTypeCheckedAccessor("item")); // item<T> converts
  EXPECT_TRUE(Api.isDTypeCheckedAccessor("data_ptr"));
  EXPECT_TRUE(Api.isMachineQuery("torch::cuda::is_available"));
  EXPECT_TRUE(Api.isDeviceGuard("c10::cuda::CUDAGuard"));
  EXPECT_FALSE(Api.isDeviceGuard("c10::cuda::CUDAStream"));
}

TEST(ApiModelTest, OpRules) {
  ApiModel Api = model("2.14");
  EXPECT_TRUE(Api.factory("randn"));
  EXPECT_TRUE(Api.factory("zeros"));
  EXPECT_FALSE(Api.factory("mm"));
  EXPECT_TRUE(Api.conversion("to"));
  EXPECT_TRUE(Api.conversion("type_as"));
  EXPECT_FALSE(Api.conversion("add"));
  std::optional<unsigned> MM = Api.sameDTypeOperands("mm");
  ASSERT_TRUE(MM);
  EXPECT_EQ(*MM & 3u, 3u);                    // self and mat2
  EXPECT_FALSE(Api.sameDTypeOperands("add")); // promotes
  // einsum's operands are the elements of its list, argument 1.
  EXPECT_EQ(Api.sameDTypeList("einsum"), std::optional<unsigned>(1));
  EXPECT_FALSE(Api.sameDTypeOperands("einsum"));
  EXPECT_FALSE(Api.sameDTypeList("mm"));
}

// A same-dtype rule may end at a version (a null kb record there):
// group_norm and layer_norm take mixed 16-bit inputs on 2.x's CPU.
TEST(ApiModelTest, SameDTypeRulesEndAtAVersion) {
  ApiModel Old = model("1.13"), New = model("2.6");
  std::optional<unsigned> GN = Old.sameDTypeOperands("group_norm");
  ASSERT_TRUE(GN);
  EXPECT_EQ(*GN, (1u << 0) | (1u << 2) | (1u << 3)); // input, weight, bias
  EXPECT_TRUE(Old.sameDTypeOperands("layer_norm"));
  EXPECT_FALSE(New.sameDTypeOperands("group_norm"));
  EXPECT_FALSE(New.sameDTypeOperands("layer_norm"));
  EXPECT_TRUE(New.sameDTypeOperands("mm"));
}

// What Half lacks on the CPU depends on the version: 1.13 has no addmm
// kernel for it (observed: "addmm_impl_cpu_" not implemented for 'Half').
TEST(ApiModelTest, CpuHalfKernelsPerVersion) {
  ApiModel Old = model("1.13"), New = model("2.14");
  std::optional<std::string> Missing =
      Old.cpuKernelMissing("addmm", DType::Half);
  ASSERT_TRUE(Missing);
  EXPECT_NE(Missing->find("addmm"), std::string::npos);
  EXPECT_FALSE(New.cpuKernelMissing("addmm", DType::Half));
  EXPECT_FALSE(Old.cpuKernelMissing("add", DType::Half));
}

TEST(ApiModelTest, AutocastPolicies) {
  ApiModel Api = model("2.14");
  EXPECT_EQ(Api.autocastPolicy(AutocastDevice::CUDA, "mm"),
            AutocastPolicy::LowerPrecision);
  EXPECT_EQ(Api.autocastPolicy(AutocastDevice::CUDA, "binary_cross_entropy"),
            AutocastPolicy::Banned);
  EXPECT_EQ(Api.autocastPolicy(AutocastDevice::CUDA, "no_such_op"),
            AutocastPolicy::NotListed);
  EXPECT_EQ(Api.autocastDefault(AutocastDevice::CUDA), DType::Half);
  EXPECT_EQ(Api.autocastDefault(AutocastDevice::CPU), DType::BFloat16);
}

TEST(ApiModelTest, VersionsParse) {
  EXPECT_TRUE(TorchVersion::parse("1.13"));
  EXPECT_TRUE(TorchVersion::parse("2.6"));
  EXPECT_FALSE(TorchVersion::parse("two"));
  EXPECT_FALSE(TorchVersion::parse(""));
  EXPECT_TRUE(TorchVersion::parse("1.13")->atLeast(1, 13));
  EXPECT_FALSE(TorchVersion::parse("1.13")->atLeast(2, 0));
}

/// The kinds of a snippet's variables' types.
struct Kinds {
  std::unique_ptr<ASTUnit> AST;
  QualType of(llvm::StringRef Name) const {
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == Name)
        return V->getType();
    return QualType();
  }
};

Kinds parse(llvm::StringRef Code) {
  Kinds K;
  K.AST = tooling::buildASTFromCodeWithArgs(
      "#include <torch/torch.h>\n" + Code.str(),
      {"-std=c++17", "-isystem", TORCHDTYPE_MOCK_INCLUDE, "-include-pch",
       TORCHDTYPE_MOCK_PCH},
      "input.cc");
  return K;
}

TEST(ApiModelTest, ClassifiesTypes) {
  Kinds K = parse(R"cc(
    at::Tensor t;
    const at::Tensor &r = t;
    c10::TensorOptions o;
    c10::Device d(c10::kCPU);
    c10::ScalarType s = c10::kFloat;
    torch::nn::Linear lin(2, 3);
    int n = 0;
  )cc");
  ASSERT_TRUE(K.AST);
  ApiModel Api = model("2.14");
  EXPECT_EQ(Api.classify(K.of("t")), TypeKind::Tensor);
  EXPECT_EQ(Api.classify(K.of("r")), TypeKind::Tensor);
  EXPECT_EQ(Api.classify(K.of("o")), TypeKind::Options);
  EXPECT_EQ(Api.classify(K.of("d")), TypeKind::Device);
  EXPECT_EQ(Api.classify(K.of("s")), TypeKind::ScalarType);
  EXPECT_EQ(Api.classify(K.of("lin")), TypeKind::Holder);
  EXPECT_EQ(Api.classify(K.of("n")), TypeKind::None);
}

// Containers: of tensors, of plain records (a struct holding a tensor), and
// of anything else; a map's entry of a record is a record (its `second`).
TEST(ApiModelTest, ClassifiesContainers) {
  Kinds K = parse(R"cc(
    #include <array>
    #include <deque>
    #include <map>
    #include <string>
    #include <vector>
    struct Tile { int row; at::Tensor pixels; };
    struct Plain { int row; };
    std::vector<at::Tensor> ts;
    std::vector<Tile> tiles;
    std::array<Tile, 2> pair_of_tiles;
    std::deque<Tile> queue;
    std::map<std::string, Tile> by_name;
    std::map<std::string, at::Tensor> tensor_map;
    std::pair<const std::string, Tile> entry;
    std::vector<Plain> plains;
    std::map<std::string, Plain> plain_map;
  )cc");
  ASSERT_TRUE(K.AST);
  ApiModel Api = model("2.14");
  EXPECT_EQ(Api.classify(K.of("ts")), TypeKind::TensorList);
  EXPECT_EQ(Api.classify(K.of("tiles")), TypeKind::RecordList);
  EXPECT_EQ(Api.classify(K.of("pair_of_tiles")), TypeKind::RecordList);
  EXPECT_EQ(Api.classify(K.of("queue")), TypeKind::RecordList);
  EXPECT_EQ(Api.classify(K.of("by_name")), TypeKind::RecordList);
  EXPECT_EQ(Api.classify(K.of("tensor_map")), TypeKind::TensorList);
  EXPECT_EQ(Api.classify(K.of("entry")), TypeKind::Record);
  EXPECT_EQ(Api.classify(K.of("plains")), TypeKind::None);
  EXPECT_EQ(Api.classify(K.of("plain_map")), TypeKind::None);
}

// torch::OrderedDict of tensors (named_parameters()) is a map of tensors,
// its Item an entry; a dict of modules (named_children()) is neither.
TEST(ApiModelTest, ClassifiesTensorDicts) {
  Kinds K = parse(R"cc(
    #include <memory>
    #include <string>
    torch::OrderedDict<std::string, at::Tensor> params;
    torch::OrderedDict<std::string, at::Tensor>::Item item;
    torch::OrderedDict<std::string, std::shared_ptr<torch::nn::Module>> kids;
    torch::OrderedDict<std::string, std::shared_ptr<torch::nn::Module>>::Item kid;
  )cc");
  ASSERT_TRUE(K.AST);
  ApiModel Api = model("2.14");
  EXPECT_EQ(Api.classify(K.of("params")), TypeKind::TensorList);
  EXPECT_EQ(Api.classify(K.of("item")), TypeKind::Record);
  EXPECT_NE(Api.classify(K.of("kids")), TypeKind::TensorList);
  EXPECT_EQ(Api.classify(K.of("kid")), TypeKind::None);
}

// Lists of modules: of holders or of std::shared_ptr of modules, in any
// sequence or map; an entry of one is a pair the analysis follows. Not a
// list of modules: of the modules themselves, or of raw pointers.
TEST(ApiModelTest, ClassifiesListsOfModules) {
  Kinds K = parse(R"cc(
    #include <map>
    #include <memory>
    #include <string>
    #include <unordered_map>
    #include <vector>
    std::vector<torch::nn::Linear> layers;
    std::map<std::string, torch::nn::Linear> heads;
    std::unordered_map<std::string, std::shared_ptr<torch::nn::LinearImpl>> by_ptr;
    std::pair<const std::string, torch::nn::Linear> entry;
    std::vector<torch::nn::LinearImpl *> raw;
  )cc");
  ASSERT_TRUE(K.AST);
  ApiModel Api = model("2.14");
  EXPECT_EQ(Api.classify(K.of("layers")), TypeKind::ModuleList);
  EXPECT_EQ(Api.classify(K.of("heads")), TypeKind::ModuleList);
  EXPECT_EQ(Api.classify(K.of("by_ptr")), TypeKind::ModuleList);
  EXPECT_EQ(Api.classify(K.of("entry")), TypeKind::Record);
  EXPECT_EQ(Api.classify(K.of("raw")), TypeKind::None);
}

// An optimizer's step() is the ops it runs (api.json optimizer_steps); a
// user's subclass of one has its base's; other classes have none.
TEST(ApiModelTest, OptimizerSteps) {
  Kinds K = parse(R"cc(
    struct Tuned : torch::optim::Adam {
      using torch::optim::Adam::Adam;
    };
    std::vector<at::Tensor> ps;
    torch::optim::Adam adam(ps);
    torch::optim::SGD sgd(ps, torch::optim::SGDOptions(0.1));
    Tuned tuned(ps);
    at::Tensor t;
  )cc");
  ASSERT_TRUE(K.AST);
  ApiModel Api = model("1.13");
  auto Steps = [&](llvm::StringRef Name) {
    return Api.optimizerStepOps(K.of(Name)->getAsCXXRecordDecl());
  };
  EXPECT_TRUE(llvm::is_contained(Steps("adam"), "addcmul"));
  EXPECT_TRUE(llvm::is_contained(Steps("tuned"), "addcmul"));
  EXPECT_FALSE(Steps("sgd").empty());
  EXPECT_FALSE(llvm::is_contained(Steps("sgd"), "addcmul"));
  EXPECT_TRUE(Steps("t").empty());
  EXPECT_TRUE(Api.optimizerStepOps(nullptr).empty());
  // The verdict is the kernel tables': addcmul lacks float16 on 1.13 only.
  EXPECT_TRUE(Api.cpuKernelMissing("addcmul", DType::Half));
  EXPECT_FALSE(Api.cpuKernelMissing("addcmul", DType::BFloat16));
  EXPECT_FALSE(model("2.6").cpuKernelMissing("addcmul", DType::Half));
}

// Each unit's analysis has its own model, so its type cache never sees
// another unit's types: two models on two threads classify two ASTs at
// once (the ThreadSanitizer tier runs the same through torchdtype check).
TEST(ApiModelTest, OneModelPerUnitOnThreads) {
  Kinds A = parse("at::Tensor t; c10::TensorOptions o;");
  Kinds B = parse("c10::TensorOptions t; at::Tensor o;");
  ASSERT_TRUE(A.AST && B.AST);
  TypeKind TA = TypeKind::None, TB = TypeKind::None;
  std::thread First([&] {
    ApiModel Api = model("2.14");
    for (int I = 0; I < 100; ++I)
      TA = Api.classify(A.of("t"));
  });
  std::thread Second([&] {
    ApiModel Api = model("1.13");
    for (int I = 0; I < 100; ++I)
      TB = Api.classify(B.of("t"));
  });
  First.join();
  Second.join();
  EXPECT_EQ(TA, TypeKind::Tensor);
  EXPECT_EQ(TB, TypeKind::Options);
}

} // namespace api_model_test
