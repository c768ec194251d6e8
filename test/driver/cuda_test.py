#!/usr/bin/env python3
"""`torchdtype check` on a CUDA source given by an nvcc command, as
torch.utils.cpp_extension writes one into a compile database: its host side
is analysed in clang's CUDA mode (host only) with the CUDA installation the
command's nvcc belongs to; with none, the file is skipped with one line.

usage: cuda_test.py TORCHDTYPE [CUDA_ROOT]
CUDA_ROOT (default $CUDA_HOME, else /usr/local/cuda) must have
include/cuda_runtime.h for the analysed half of the test; without it that
half is reported as skipped (exit 77 when nothing else ran). Prints
`N passed, N failed`.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOOL = sys.argv[1]
CUDA = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("CUDA_HOME", "/usr/local/cuda")
HERE = os.path.dirname(os.path.abspath(__file__))
TORCH = ["-isystem", "/usr/include/torch/csrc/api/include"]
skipped = []
sys.path.insert(0, os.path.join(HERE, ".."))  # test/
from testing import expect, finish  # noqa: E402


def python_include():
    py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    return subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
                          stdout=subprocess.PIPE, text=True, check=True).stdout.strip()


def nvcc_project(d, nvcc, torch=TORCH):
    """The .cu file and the command cpp_extension's ninja build gives nvcc."""
    src = os.path.join(d, "scale.cu")
    shutil.copy(os.path.join(HERE, "cuda", "scale.cu"), src)
    args = [nvcc, "--generate-dependencies-with-compile", "--dependency-output", "scale.o.d",
            "-DTORCH_EXTENSION_NAME=scale_ext", "-DTORCH_API_INCLUDE_EXTENSION_H"] + torch + [
            "-isystem", python_include(), "-D__CUDA_NO_HALF_OPERATORS__",
            "-D__CUDA_NO_HALF_CONVERSIONS__", "--expt-relaxed-constexpr",
            "--compiler-options", "'-fPIC'", "-O2", "-gencode=arch=compute_80,code=sm_80",
            "-std=c++17", "-c", src, "-o", "scale.o"]
    json.dump([{"directory": d, "file": src, "arguments": args}],
              open(os.path.join(d, "compile_commands.json"), "w"))
    return src


def check(d, env):
    r = subprocess.run([TOOL, "check", "-p", d, "--format=json", "--no-cache"], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=900)
    return r.returncode, r.stdout, r.stderr


# $CUDA_HOME names a directory without CUDA: one line, no errors, exit 0.
with tempfile.TemporaryDirectory() as d:
    env = dict(os.environ, CUDA_HOME=os.path.join(d, "no-cuda"), CUDA_PATH="")
    nvcc_project(d, "nvcc")  # on PATH: $CUDA_HOME names the installation
    code, out, err = check(d, env)
    lines = [l for l in err.splitlines() if l.strip()]
    expect(code == 0, "without CUDA: exit 0 (%d, %r)" % (code, err))
    expect(len(lines) == 1 and "scale.cu: skipped: a CUDA source, and no CUDA headers" in lines[0]
           and "set CUDA_HOME" in lines[0], "without CUDA: one clear line (%r)" % err)
    expect(json.loads(out or "{}").get("findings", []) == [], "without CUDA: no findings")

def bug_lines(src):
    return [("torchdtype-" + m.group(1), i) for i, l in enumerate(open(src), 1)
            for m in [re.search(r"// BUG\(([a-z-]+)\)", l)] if m]


# A minimal fake CUDA installation (test/driver/Inputs/fake-cuda: the
# directories clang's CUDA detection looks for and the headers its CUDA
# wrapper includes, as clang's own driver tests keep one), with the mock
# LibTorch headers: runs on machines without CUDA. nvcc is named by its path,
# and $CUDA_HOME names a directory without CUDA, which the path overrides.
with tempfile.TemporaryDirectory() as d:
    fake = os.path.join(HERE, "Inputs", "fake-cuda")
    mock = os.path.join(os.path.dirname(HERE), "mock", "include")
    src = nvcc_project(d, os.path.join(fake, "bin", "nvcc"), ["-isystem", mock])
    env = dict(os.environ, CUDA_HOME=os.path.join(d, "no-cuda"))
    code, out, err = check(d, env)
    report = json.loads(out) if out.strip().startswith("{") else {}
    found = [(f["check"], f["location"]["line"]) for f in report.get("findings", [])]
    expect(code == 1, "fake CUDA: exit 1 (%d, %s)" % (code, err[-2000:]))
    expect(sorted(found) == sorted(bug_lines(src)),
           "fake CUDA (mock headers): the findings on the BUG lines, no others "
           "(%r, expected %r)" % (found, bug_lines(src)))
    expect("error" not in err and "skipped" not in err, "fake CUDA: no errors (%s)" % err[-2000:])

# With the CUDA installation: the host side is analysed.
if not os.path.exists(os.path.join(CUDA, "include", "cuda_runtime.h")):
    skipped.append("no CUDA headers in %s: the analysed case did not run" % CUDA)
else:
    with tempfile.TemporaryDirectory() as d:
        src = nvcc_project(d, os.path.join(CUDA, "bin", "nvcc"))
        env = dict(os.environ)
        env.pop("CUDA_HOME", None)
        code, out, err = check(d, env)
        report = json.loads(out) if out.strip().startswith("{") else {}
        found = [(f["check"], f["location"]["line"]) for f in report.get("findings", [])]
        bugs = bug_lines(src)
        expect(code == 1, "with CUDA: exit 1 (%d, %s)" % (code, err[-2000:]))
        expect(sorted(found) == sorted(bugs),
               "with CUDA (real ATen/cuda headers): the findings on the BUG lines, "
               "no others (%r, expected %r)" % (found, bugs))
        expect("error" not in err, "with CUDA: no errors (%s)" % err[-2000:])

for s in skipped:
    print("skipped: " + s)
finish(skip_when_none_ran=True)
