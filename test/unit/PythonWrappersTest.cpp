//===- PythonWrappersTest.cpp - how an extension's Python calls its C++ ---===//

#include "analysis/PythonWrappers.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace torchdtype;
using Callers = PythonWrappers::Callers;

namespace python_wrappers_test {

Callers callersIn(const std::string &Text, llvm::StringRef Name) {
  return PythonWrappers({{"m.py", Text}}).callersOf(Name);
}

TEST(PythonWrappersTest, CastingForms) {
  EXPECT_EQ(callersIn("args = _cast_if_autocast_enabled(x, w)\n"
                      "ext.f(*args)\n",
                      "f"),
            Callers::Casting);
  EXPECT_EQ(callersIn("@custom_fwd(\n    device_type='cuda',\n"
                      "    cast_inputs=torch.float16)\n"
                      "def forward(ctx, x):\n    return ext.f(x)\n",
                      "f"),
            Callers::Casting);
  EXPECT_EQ(callersIn("@amp.half_function\ndef g(x, w):\n"
                      "    return ext.f(x, w)\n",
                      "f"),
            Callers::Casting);
  EXPECT_EQ(callersIn("amp.register_float_function(ext, 'f')\next.f(x)\n", "f"),
            Callers::Casting);
}

TEST(PythonWrappersTest, NotCasting) {
  // custom_fwd without cast_inputs casts nothing
  EXPECT_EQ(callersIn("@custom_fwd\ndef forward(ctx, x):\n"
                      "    return ext.f(x)\n",
                      "f"),
            Callers::Plain);
  EXPECT_EQ(callersIn("@custom_fwd(device_type='cuda')\n"
                      "def forward(ctx, x, cast_inputs):\n"
                      "    return ext.f(x)\n",
                      "f"),
            Callers::Plain);
  // the helper defined or imported, never called
  EXPECT_EQ(callersIn("def _cast_if_autocast_enabled(*args):\n"
                      "    return args\n"
                      "from apex import _cast_if_autocast_enabled\n"
                      "def half_function(f):\n    return f\n"
                      "ext.f(x)\n",
                      "f"),
            Callers::Plain);
  // in a comment, a string, another name
  EXPECT_EQ(callersIn("# _cast_if_autocast_enabled(x)\n"
                      "s = '''half_function'''\n"
                      "my_half_functions(x)\next.f(x)\n",
                      "f"),
            Callers::Plain);
}

TEST(PythonWrappersTest, Calls) {
  EXPECT_EQ(callersIn("ext.f (x)\n", "f"), Callers::Plain);
  EXPECT_EQ(callersIn("from .ext import g as gg, f\nf(x)\n", "f"),
            Callers::Plain);
  EXPECT_EQ(callersIn("from .ext import g as gg\ngg(x)\n", "g"),
            Callers::Plain);
  // not calls of f: a bare call of an unimported f, f named without a
  // call, in a string, a longer name, a definition's name
  EXPECT_EQ(callersIn("f(x)\ny = ext.f\nz = 'ext.f(x)'\next.ff(x)\n"
                      "def f(x):\n    pass\n",
                      "f"),
            Callers::None);
  PythonWrappers Two({{"b.py", "_cast_if_autocast_enabled(x)\next.f(x)\n"},
                      {"a.py", "ext.f(x)\n"}});
  EXPECT_EQ(Two.callersOf("f"), Callers::Plain);
  EXPECT_EQ(Two.filesCalling("f"), (std::vector<std::string>{"a.py", "b.py"}));
}

TEST(PythonWrappersTest, PackageOnDisk) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("pywrap", Root));
  auto Write = [&](llvm::StringRef Rel, llvm::StringRef Text) {
    llvm::SmallString<128> P(Root);
    llvm::sys::path::append(P, Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
  };
  Write("csrc/deep/ext.cpp", "");
  Write("pkg/a.py", "ext.f(*_cast_if_autocast_enabled(x))\n");
  Write("build/lib/pkg/a.py", "ext.f(x)\n");
  Write(".hidden/a.py", "ext.f(x)\n");
  llvm::SmallString<128> Source(Root);
  llvm::sys::path::append(Source, "csrc", "deep", "ext.cpp");
  // no setup.py or pyproject.toml: no package
  EXPECT_EQ(PythonWrappers::forSource(Source), nullptr);
  llvm::SmallString<128> Other(Root);
  llvm::sys::path::append(Other, "other", "x.cpp");
  Write("other/x.cpp", "");
  Write("pyproject.toml", "[project]\nname = 'pkg'\n");
  auto W = PythonWrappers::forSource(Other);
  ASSERT_NE(W, nullptr);
  EXPECT_EQ(W->callersOf("f"), Callers::Casting);
  EXPECT_EQ(W->filesCalling("f"),
            (std::vector<std::string>{
                (llvm::Twine("pkg") + llvm::sys::path::get_separator() + "a.py")
                    .str()}));
  llvm::sys::fs::remove_directories(Root);
}

} // namespace python_wrappers_test
