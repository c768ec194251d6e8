//===- GuardClassesTest.cpp - classes that save and restore state ---------===//
//
// checker/analysis/GuardClasses.cpp on its own: a snippet's class `G` over
// the mock headers, its first user constructor classified. Each test says
// which pieces of state G restores, which it saves only after setting
// them, and whether it is balanced (code after its scope runs with the
// state as it was before).
//
//===----------------------------------------------------------------------===//

#include "analysis/GuardClasses.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <memory>

using namespace clang;
using namespace torchdtype;

namespace guard_classes_test {

constexpr uint32_t CpuEnabled =
    statePieceBit(StatePiece::Enabled, unsigned(AutocastDevice::CPU));
constexpr uint32_t CpuDType =
    statePieceBit(StatePiece::DType, unsigned(AutocastDevice::CPU));
constexpr uint32_t CudaEnabled =
    statePieceBit(StatePiece::Enabled, unsigned(AutocastDevice::CUDA));
constexpr uint32_t DefaultDType = statePieceBit(StatePiece::DefaultDType);

struct Classified {
  std::unique_ptr<ASTUnit> AST;
  GuardClass G;
};

/// Parses Code and classifies the first written constructor of class G.
Classified classify(llvm::StringRef Code, llvm::StringRef Version = "1.13") {
  Classified C;
  C.AST = tooling::buildASTFromCodeWithArgs(
      "#include <torch/torch.h>\n#include <ATen/autocast_mode.h>\n" +
          Code.str(),
      {"-std=c++17", "-isystem", TORCHDTYPE_MOCK_INCLUDE}, "input.cc");
  EXPECT_FALSE(C.AST->getDiagnostics().hasErrorOccurred())
      << "snippet does not compile";
  ApiModel Api(*TorchVersion::parse(Version));
  for (const Decl *D : C.AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *RD = dyn_cast<CXXRecordDecl>(D);
        RD && RD->getName() == "G" && RD->isThisDeclarationADefinition())
      for (const CXXConstructorDecl *Ctor : RD->ctors())
        if (!Ctor->isImplicit()) {
          C.G = classifyGuard(Api, Ctor);
          return C;
        }
  ADD_FAILURE() << "no constructor of G";
  return C;
}

TEST(GuardClassesTest, SavesInInitializerRestoresInDestructor) {
  Classified C = classify(R"cc(
    class G {
    public:
      G() : saved_(at::autocast::is_cpu_enabled()) {
        at::autocast::set_cpu_enabled(true);
      }
      ~G() { at::autocast::set_cpu_enabled(saved_); }
    private:
      bool saved_;
    };
  )cc");
  EXPECT_EQ(C.G.Restores, CpuEnabled);
  EXPECT_EQ(C.G.SavedAfterSet, 0u);
  EXPECT_TRUE(C.G.balanced());
}

TEST(GuardClassesTest, SavedAfterSettingRestoresWhatItSet) {
  Classified C = classify(R"cc(
    class G {
    public:
      explicit G(caffe2::TypeMeta t) {
        torch::set_default_dtype(t);
        saved_ = torch::get_default_dtype();
      }
      ~G() { torch::set_default_dtype(saved_); }
    private:
      caffe2::TypeMeta saved_;
    };
  )cc");
  EXPECT_EQ(C.G.Restores, DefaultDType);
  EXPECT_EQ(C.G.SavedAfterSet, DefaultDType);
  EXPECT_FALSE(C.G.balanced());
}

TEST(GuardClassesTest, SavedInBodyBeforeSetting) {
  Classified C = classify(R"cc(
    class G {
    public:
      explicit G(caffe2::TypeMeta t) {
        saved_ = torch::get_default_dtype();
        torch::set_default_dtype(t);
      }
      ~G() { torch::set_default_dtype(saved_); }
    private:
      caffe2::TypeMeta saved_;
    };
  )cc");
  EXPECT_EQ(C.G.Restores, DefaultDType);
  EXPECT_EQ(C.G.SavedAfterSet, 0u);
  EXPECT_TRUE(C.G.balanced());
}

TEST(GuardClassesTest, EnabledAndDTypeTogether) {
  Classified C = classify(R"cc(
    class G {
    public:
      G() : on_(at::autocast::is_cpu_enabled()),
            dt_(at::autocast::get_autocast_cpu_dtype()) {
        at::autocast::set_cpu_enabled(true);
        at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
      }
      ~G() {
        at::autocast::set_cpu_enabled(on_);
        at::autocast::set_autocast_cpu_dtype(dt_);
      }
    private:
      bool on_;
      at::ScalarType dt_;
    };
  )cc");
  EXPECT_EQ(C.G.Restores, CpuEnabled | CpuDType);
  EXPECT_TRUE(C.G.balanced());
}

TEST(GuardClassesTest, DeviceArgumentOfTheGenericApi) {
  Classified C = classify(R"cc(
    class G {
    public:
      G() : prev_(at::autocast::is_autocast_enabled(at::kCUDA)) {
        at::autocast::set_autocast_enabled(at::kCUDA, true);
      }
      ~G() { at::autocast::set_autocast_enabled(at::kCUDA, prev_); }
    private:
      bool prev_;
    };
  )cc",
                          "2.6");
  EXPECT_EQ(C.G.Restores, CudaEnabled);
  EXPECT_TRUE(C.G.balanced());
}

TEST(GuardClassesTest, RestoresAFixedValueIsNoGuard) {
  // Turning autocast off at the end restores nothing saved.
  Classified C = classify(R"cc(
    class G {
    public:
      G() { at::autocast::set_cpu_enabled(true); }
      ~G() { at::autocast::set_cpu_enabled(false); }
    };
  )cc");
  EXPECT_EQ(C.G.Restores, 0u);
  EXPECT_FALSE(C.G.balanced());
}

TEST(GuardClassesTest, MemberFromTheCallerIsNotSaved) {
  // The member comes from an argument, not from reading the state.
  Classified C = classify(R"cc(
    class G {
    public:
      explicit G(bool after) : after_(after) {
        at::autocast::set_cpu_enabled(true);
      }
      ~G() { at::autocast::set_cpu_enabled(after_); }
    private:
      bool after_;
    };
  )cc");
  EXPECT_EQ(C.G.Restores, 0u);
}

TEST(GuardClassesTest, SetsMoreThanItRestoresIsNotBalanced) {
  Classified C = classify(R"cc(
    class G {
    public:
      G() : saved_(at::autocast::is_cpu_enabled()) {
        at::autocast::set_cpu_enabled(true);
        at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
      }
      ~G() { at::autocast::set_cpu_enabled(saved_); }
    private:
      bool saved_;
    };
  )cc");
  EXPECT_EQ(C.G.Restores, CpuEnabled);
  EXPECT_FALSE(C.G.balanced());
}

TEST(GuardClassesTest, CallsUserCodeIsNotBalanced) {
  Classified C = classify(R"cc(
    void also_set() { torch::set_default_dtype(caffe2::TypeMeta::Make<double>()); }
    class G {
    public:
      G() : saved_(at::autocast::is_cpu_enabled()) {
        at::autocast::set_cpu_enabled(true);
        also_set();
      }
      ~G() { at::autocast::set_cpu_enabled(saved_); }
    private:
      bool saved_;
    };
  )cc");
  EXPECT_EQ(C.G.Restores, CpuEnabled);
  EXPECT_TRUE(C.G.CallsUserCode);
  EXPECT_FALSE(C.G.balanced());
}

} // namespace guard_classes_test
