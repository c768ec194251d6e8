# -*- Python -*-
# lit configuration for the mock-header checker tests (test/checkers/*.cpp).
#
# Run from a configured build:   python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build/test
# Run straight from the source:  python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv test/checkers
#   (then the paths below fall back to <source>/build, /usr/lib/llvm-19/bin,
#    /usr/bin/clang-tidy-19 and the running python3; override with
#    --param torchdtype_binary_dir=... etc.; --param exec_root=DIR puts lit's
#    Output/ directories elsewhere.)
import os
import shutil
import sys

import lit.formats

config.name = "torchdtype"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp"]

_this_dir = os.path.dirname(os.path.abspath(__file__))


def _setting(attr, param, default):
    value = lit_config.params.get(param)
    if value:
        return value
    value = getattr(config, attr, None)
    if value and not value.startswith("@"):
        return value
    return default


source_dir = _setting("torchdtype_source_dir", "torchdtype_source_dir",
                      os.path.dirname(_this_dir))
binary_dir = _setting("torchdtype_binary_dir", "torchdtype_binary_dir",
                      os.path.join(source_dir, "build"))
llvm_tools_dir = _setting("llvm_tools_dir", "llvm_tools_dir", "/usr/lib/llvm-19/bin")
clang_tidy_19 = _setting("clang_tidy_19", "clang_tidy_19",
                         shutil.which("clang-tidy-19") or "/usr/bin/clang-tidy-19")
python = _setting("python_executable", "python_executable", sys.executable or "python3")

config.test_source_root = os.path.join(source_dir, "test")
# --param exec_root=DIR keeps lit's Output/ files out of the build tree.
config.test_exec_root = lit_config.params.get("exec_root") or os.path.join(binary_dir, "test")
# Only test/checkers holds lit tests; never pick up test/real, test/unit, ...
config.excludes = ["Inputs", "CMakeLists.txt"] + [
    d for d in os.listdir(config.test_source_root)
    if d != "checkers" and os.path.isdir(os.path.join(config.test_source_root, d))]

tidy_bin = os.path.join(binary_dir, "bin", "torchdtype-tidy")
tidy_module = os.path.join(binary_dir, "lib", "torchdtype.so")
mock_include = os.path.join(source_dir, "test", "mock", "include")
check_script = os.path.join(source_dir, "test", "check_clang_tidy.py")

config.substitutions.append(
    ("%check_clang_tidy_load",
     "%s %s --tidy=%s --load=%s --mock-include=%s"
     % (python, check_script, clang_tidy_19, tidy_module, mock_include)))
# --param torchdtype_mock_pch=FILE: the RUN lines of %check_clang_tidy parse
# through the precompiled mock <torch/torch.h> (the sanitizer tier's choice).
mock_pch = lit_config.params.get("torchdtype_mock_pch")
config.substitutions.append(
    ("%check_clang_tidy",
     "%s %s --tidy=%s --mock-include=%s%s" % (python, check_script, tidy_bin, mock_include,
                                              " --pch=" + mock_pch if mock_pch else "")))
config.substitutions.append(("%torchdtype_tidy", tidy_bin))
config.substitutions.append(("%torchdtype_module", tidy_module))
config.substitutions.append(("%clang_tidy_19", clang_tidy_19))
config.substitutions.append(("%mock_include", mock_include))
config.substitutions.append(("%python", python))

# FileCheck, not, count from LLVM 19 come first on PATH.
path = os.pathsep.join([llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["PATH"] = path

if not os.path.exists(tidy_bin):
    lit_config.note("torchdtype-tidy not built yet: %s" % tidy_bin)
if not os.path.exists(tidy_module):
    lit_config.note("torchdtype.so not built yet: %s" % tidy_module)
