//===- DeviceGuardsTest.cpp - launches, guards and callers on snippets ----===//
//
// Lines marked // [[launch]] hold work on the current device no guard
// covers; // [[call]] a call of its function with no guard before it. Every
// other line must stay quiet. Snippets are CUDA host code over the mock
// headers (clang's CUDA host mode, as .cu files are read).
//
//===----------------------------------------------------------------------===//

#include "analysis/DeviceGuards.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchdtype;

namespace device_guards_test {

constexpr unsigned Prelude = 5;
const char *const Headers = "#include <torch/extension.h>\n"
                            "#include <ATen/DeviceGuard.h>\n"
                            "#include <ATen/Dispatch.h>\n"
                            "#include <ATen/cuda/CUDAContext.h>\n"
                            "__global__ void k(float *p, int64_t n);\n";

std::set<unsigned> marked(llvm::StringRef Code, llvm::StringRef Tag) {
  std::set<unsigned> L;
  llvm::SmallVector<llvm::StringRef, 64> Rows;
  Code.split(Rows, '\n');
  for (unsigned I = 0; I < Rows.size(); ++I)
    if (Rows[I].contains(("[[" + Tag + "]]").str()))
      L.insert(I + 1);
  return L;
}

void expectMarked(llvm::StringRef Code, bool Strict = true) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      std::string(Headers) + Code.str(),
      {"-std=c++17", "-x", "cuda", "--cuda-host-only", "-nocudainc",
       "-nocudalib", "-isystem", TORCHDTYPE_MOCK_INCLUDE},
      "input.cu");
  ASSERT_TRUE(AST);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred())
      << "snippet does not compile";
  ASTContext &Ctx = AST->getASTContext();
  ApiModel Api(TorchVersion{});
  CallerIndex Callers(Ctx, Api);
  DeviceGuards Guards(Callers, Api);
  SourceManager &SM = Ctx.getSourceManager();
  auto LineOf = [&](const Expr *E) {
    return SM.getPresumedLineNumber(SM.getFileLoc(E->getBeginLoc())) -
           Prelude;
  };
  std::set<unsigned> Launches, Calls;
  for (const BoundNodes &N :
       match(findAll(callExpr(isExpansionInMainFile(),
                              unless(isInTemplateInstantiation()))
                         .bind("c")),
             Ctx)) {
    const auto *CE = N.getNodeAs<CallExpr>("c");
    if (!deviceWork(CE, Api))
      continue;
    if (std::optional<UnguardedWork> W = Guards.unguarded(CE, Strict)) {
      Launches.insert(LineOf(CE));
      for (const Expr *C : W->UnguardedCalls)
        Calls.insert(LineOf(C));
    }
  }
  EXPECT_EQ(Launches, marked(Code, "launch"));
  EXPECT_EQ(Calls, marked(Code, "call"));
}

TEST(DeviceGuards, LaunchesNeedAGuardBeforeThemInAnEnclosingBlock) {
  expectMarked(R"cpp(
void a(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); } // [[launch]]
void b(at::Tensor x) {
  { const at::cuda::OptionalCUDAGuard g(at::device_of(x)); }
  k<<<1, 1>>>(x.data_ptr<float>(), 1); // [[launch]]
}
void c(at::Tensor x) {
  k<<<1, 1>>>(x.data_ptr<float>(), 1); // [[launch]]
  at::cuda::CUDAGuard g(x.device());
  k<<<1, 1>>>(x.data_ptr<float>(), 1);
}
void d(const at::Tensor &x) {
  at::DeviceGuard g(x.device());
  while (x.numel() > 0) { k<<<1, 1>>>(x.data_ptr<float>(), 1); }
}
void e(at::Tensor x) {
  if (x.get_device() != 0) cudaSetDevice(x.get_device());
  k<<<1, 1>>>(x.data_ptr<float>(), 1);
}
void f(float *p) { k<<<1, 1>>>(p, 1); }
)cpp");
}

TEST(DeviceGuards, CurrentStreamCountsUnlessADeviceIsNamed) {
  expectMarked(R"cpp(
void a(at::Tensor x) { auto s = at::cuda::getCurrentCUDAStream(); } // [[launch]]
void b(at::Tensor x) { auto s = at::cuda::getCurrentCUDAStream(-1); } // [[launch]]
void c(at::Tensor x) { auto s = at::cuda::getCurrentCUDAStream(x.get_device()); }
void d(at::Tensor x) { auto h = at::cuda::getCurrentCUDABlasHandle(); } // [[launch]]
)cpp");
}

TEST(DeviceGuards, LambdasSeeTheGuardsOfTheirFunction) {
  expectMarked(R"cpp(
void a(at::Tensor x) {
  const at::cuda::OptionalCUDAGuard g(at::device_of(x));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "a", [&] {
    k<<<1, 1>>>(x.data_ptr<float>(), 1);
  });
}
void b(at::Tensor x) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "b", [&] {
    k<<<1, 1>>>(x.data_ptr<float>(), 1); // [[launch]]
  });
}
void c(std::vector<at::Tensor> xs) {
  auto run = [&](const at::Tensor &t) {
    const at::cuda::OptionalCUDAGuard g(at::device_of(t));
    k<<<1, 1>>>(t.data_ptr<float>(), 1);
  };
  for (auto &t : xs) run(t);
}
)cpp");
}

TEST(DeviceGuards, CallersInTheFileCanCoverAFunction) {
  expectMarked(R"cpp(
static void covered(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); }
void g1(at::Tensor x) { at::cuda::CUDAGuard g(x.device()); covered(x); }
static void half(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); } // [[launch]]
void g2(at::Tensor x) { at::cuda::CUDAGuard g(x.device()); half(x); }
void g3(at::Tensor x) { half(x); } // [[call]]
static void deep(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); }
static void mid(at::Tensor x) { deep(x); }
void top(at::Tensor x) { at::cuda::CUDAGuard g(x.device()); mid(x); }
static void taken(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); } // [[launch]]
void g4(at::Tensor x) { at::cuda::CUDAGuard g(x.device()); taken(x); }
void (*ptr)(at::Tensor) = &taken;
static void rec(at::Tensor x, int n) { // calls itself: not a guard
  k<<<1, 1>>>(x.data_ptr<float>(), 1); // [[launch]]
  if (n) rec(x, n - 1); // [[call]]
}
)cpp");
}

TEST(DeviceGuards, ByDefaultOnlyFunctionsWhoseCallersAreAllSeen) {
  expectMarked(R"cpp(
void external(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); }
static void helper(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); }
void entry(at::Tensor x) { helper(x); }
void bound(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); } // [[launch]]
static void inner(at::Tensor x) { k<<<1, 1>>>(x.data_ptr<float>(), 1); } // [[launch]]
void bound2(at::Tensor x) { inner(x); } // [[call]]
void bound3(at::Tensor x) { at::cuda::CUDAGuard g(x.device()); inner(x); }
PYBIND11_MODULE(ext, m) {
  m.def("bound", &bound);
  m.def("bound2", bound2);
  m.def("bound3", &bound3);
}
)cpp",
               /*Strict=*/false);
}

} // namespace device_guards_test
