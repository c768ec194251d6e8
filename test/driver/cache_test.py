#!/usr/bin/env python3
"""The precompiled-header and result caches of `torchdtype check`.

usage: cache_test.py TORCHDTYPE MOCK_INCLUDE [--real VERSION...]

Over a copy of the mock headers (fast): findings identical with and without
the caches, what a second run reuses, what each kind of change re-analyses,
damaged and unwritable caches, a cache directory on a full disk and read-only
ones (in a mount namespace of their own). With --real instead, on the real LibTorch headers of
each VERSION (flags as in test/real/run-real-tier.py): a project with LibTorch
by -I gives the same report with --no-pch --no-cache, cold with one shared PCH,
and warm (LibTorch by -isystem: driver-check's example project).
Prints `N passed, N failed`; exit 1 on any failure.
"""
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time

TOOL, MOCK = sys.argv[1:3]
REAL = sys.argv[sys.argv.index("--real") + 1:] if "--real" in sys.argv else []
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # test/
from testing import expect, finish  # noqa: E402


def check(d, *args, cache=None, tool=TOOL):
    cmd = [tool, "check", "-p", d, "--stats", "--quiet"]
    if cache:
        cmd.append("--cache-dir=" + cache)
    r = subprocess.run(cmd + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=1200)
    m = re.search(r"(\d+) file\(s\): (\d+) analysed, (\d+) from the cache; pch: "
                  r"(\d+) built, (\d+) reused, (\d+) not usable", r.stderr)
    stats = tuple(int(x) for x in m.groups()) if m else None
    return r.returncode, r.stdout, r.stderr, stats


def write(d, name, text):
    p = os.path.join(d, name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        f.write(text)
    return p


def database(d, files, flags):
    json.dump([{"directory": d, "file": os.path.join(d, f),
                "arguments": ["clang++"] + flags + ["-c", os.path.join(d, f), "-o", f + ".o"]}
               for f in files], open(os.path.join(d, "compile_commands.json"), "w"))


BUGGY = """#include <torch/torch.h>
void f() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  torch::mm(a, b);
}
"""
CLEAN = """// clean.cpp
#include <torch/torch.h>
void g() {
  auto a = torch::randn({2, 2});
  torch::mm(a, a);
}
"""
USES_HEADER = """#include "util.h"
void h() {
  auto a = make_half();
  torch::mm(a, torch::ones({2, 2}));
}
"""
UTIL_H = """#pragma once
#include <torch/torch.h>
inline torch::Tensor make_half() { return torch::zeros({2, 2}, torch::kHalf); }
"""


ATEN_ONLY = """#include <ATen/ATen.h>
#include <torch/script.h>
void s() {
  at::Tensor a = at::randn({2, 2});
  at::Tensor b = at::randn({2, 2}, at::kHalf);
  at::mm(a, b);
}
"""


def no_pch(err):
    """--stats' reasons: file -> why it got no precompiled header."""
    return dict(m.groups() for m in re.finditer(r"^torchdtype check: no pch: (\S+): (.*)$", err, re.M))


EXT_A = """#include <vector>
#include <torch/torch.h>
#include "kernel.h"
void f() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  torch::mm(a, b);
}
"""
KERNEL_H = """#pragma once
#include <torch/extension.h>
torch::Tensor kernel(torch::Tensor x);
"""
EXT_D = """#include <cmath>
#include <string>
#include "kernel.h"
torch::Tensor kernel(torch::Tensor x) { return x.to(torch::kHalf); }
void e() { torch::mm(kernel(torch::ones({2, 2})), torch::ones({2, 2})); }
"""


def setup_py_tests(d):
    """LibTorch by -I as torch.utils.cpp_extension passes it: a library's
    headers, shared in one PCH, unless they lie in the project's own tree.
    The files start with different LibTorch headers (torch/torch.h,
    torch/extension.h through kernel.h, both): one PCH holds them all."""
    site = os.path.join(d, "site-packages", "torch", "include")
    shutil.copytree(MOCK, site)
    ext = os.path.join(d, "ext")
    files = ["a.cpp", "b.cpp", "c.cpp", "d.cpp"]
    for name, text in (("a.cpp", EXT_A), ("b.cpp", CLEAN), ("c.cpp", USES_HEADER), ("d.cpp", EXT_D),
                       ("util.h", UTIL_H), ("kernel.h", KERNEL_H)):
        write(ext, name, text)

    def run(inc, what, pch):
        database(ext, files, ["-std=c++17", "-I", inc, "-I", ext, "-DTORCH_EXTENSION_NAME=ext"])
        ref = check(ext, "--no-pch", "--no-cache")
        cache = tempfile.mkdtemp(dir=d)
        cold = check(ext, cache=cache)
        expect(len(warnings(ref[1])) == 3, "%s: 3 warnings without caches %r" % (what, ref[1]))
        expect(cold[:2] == ref[:2], "%s: the same report with the caches" % what)
        if pch:
            expect(cold[3] == (4, 4, 0, 1, 0, 0) and not no_pch(cold[2]),
                   "%s: one PCH for the four files %r %r" % (what, cold[3], no_pch(cold[2])))
            warm = check(ext, cache=cache)
            expect(warm[3] == (4, 0, 4, 0, 0, 0) and warm[:2] == ref[:2], "%s: warm %r" % (what, warm[3]))
            prefixes = [open(os.path.join(cache, "pch", k, "prefix.h")).read()
                        for k in os.listdir(os.path.join(cache, "pch"))]
            expect(prefixes == ["#include <torch/extension.h>\n#include <torch/torch.h>\n"],
                   "%s: one PCH of the LibTorch headers the files start with %r" % (what, prefixes))
            # one file alone (as the pre-commit hook runs): the same PCH
            write(ext, "d.cpp", EXT_D + "// edited\n")
            one = check(ext, os.path.join(ext, "d.cpp"), cache=cache)
            expect(one[3] == (1, 1, 0, 0, 1, 0), "%s: one file alone reuses the PCH %r" % (what, one[3]))
            write(ext, "d.cpp", EXT_D)
        else:
            reasons = set(no_pch(cold[2]).values())
            expect(cold[3] == (4, 4, 0, 0, 0, 1) and len(reasons) == 1
                   and reasons.pop().startswith("its includes reach the project's own header " + inc),
                   "%s: no PCH, and why %r %r" % (what, cold[3], no_pch(cold[2])))

    run(site, "-I outside the project", True)

    # LibTorch headers that cannot go together: each file keeps its own PCH
    write(site, "torch/variant_a.h", "#pragma once\nusing variant_t = int;\n")
    write(site, "torch/variant_b.h", "#pragma once\nusing variant_t = double;\n")
    clash = os.path.join(d, "clash")
    for name, header in (("e.cpp", "variant_a.h"), ("f.cpp", "variant_b.h")):
        write(clash, name, "#include <torch/%s>\n%s" % (header, BUGGY))
    database(clash, ["e.cpp", "f.cpp"], ["-std=c++17", "-I", site])
    ref = check(clash, "--no-pch", "--no-cache")
    cache = tempfile.mkdtemp(dir=d)
    first = check(clash, cache=cache)
    second = check(clash, "--no-cache", cache=cache)
    expect(first[:2] == ref[:2] == second[:2] and len(warnings(ref[1])) == 2,
           "clashing LibTorch headers: the same report (%r)" % (second[2][-500:],))
    expect(first[3] == (2, 2, 0, 2, 0, 1) and second[3] == (2, 2, 0, 0, 2, 1),
           "clashing LibTorch headers: the merged PCH fails, each file's own is built (alone, "
           "it costs less than the file's parse) and reused %r %r %r"
           % (first[3], second[3], no_pch(second[2])))
    failed_merge = [os.path.join(cache, "pch", k, "manifest") for k in os.listdir(os.path.join(cache, "pch"))
                    if "status does-not-compile" in open(os.path.join(cache, "pch", k, "manifest")).read()]
    expect(len(failed_merge) == 1, "clashing LibTorch headers: the failed merge noted %r" % failed_merge)
    noted = os.stat(failed_merge[0]).st_mtime_ns if failed_merge else None
    # --stats says what keeps a file from sharing
    other = os.path.join(d, "other")
    write(site, "otherlib/core.h", "#pragma once\nint otherlib_version();\n")
    write(other, "o.cpp", "#include <vector>\n#include <otherlib/core.h>\n#include <torch/torch.h>\nvoid o() {}\n")
    write(other, "p.cpp", "#include <cmath>\n#pragma GCC diagnostic push\n#include <torch/torch.h>\n"
          "void p() {}\n")
    database(other, ["o.cpp", "p.cpp"], ["-std=c++17", "-I", site])
    r = check(other, cache=tempfile.mkdtemp(dir=d))
    reasons = no_pch(r[2])
    expect(r[3] == (2, 2, 0, 1, 0, 1) and os.path.join(other, "o.cpp") not in reasons
           and reasons.get(os.path.join(other, "p.cpp"), "").endswith(
               "its leading includes name no LibTorch header"),
           "--stats: a lone file starting with another library and LibTorch gets its own PCH; "
           "one whose prefix names no LibTorch header does not, and why %r %r" % (r[3], reasons))
    third = check(clash, "--no-cache", cache=cache)
    expect(noted is not None and os.stat(failed_merge[0]).st_mtime_ns == noted,
           "clashing LibTorch headers: the failed merge is not tried again")
    expect(third[3] == (2, 2, 0, 0, 2, 1) and third[:2] == ref[:2],
           "clashing LibTorch headers: the failed merge is remembered, the files' own PCHs "
           "reused %r" % (third[3],))
    vendored = os.path.join(ext, "third_party", "torch", "include")
    shutil.copytree(MOCK, vendored)
    run(vendored, "-I inside the project (no git)", False)
    git = ["git", "-C", ext, "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git + ["init", "-q"], check=True)
    run(vendored, "-I inside a git work tree, not ignored", False)
    write(ext, ".gitignore", "third_party/\n")
    run(vendored, "-I inside a git work tree, ignored by git", True)
    preamble_tests(d, site)


BODY = """
void f() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  torch::mm(a, b);
}
"""
FLAGGED_H = """#ifndef TORCH_FLAGGED_H
#define TORCH_FLAGGED_H
#ifdef HALF_WEIGHTS
#define WEIGHT_DTYPE torch::kHalf
#else
#define WEIGHT_DTYPE torch::kFloat
#endif
#endif
"""
WEIGHTED = """
void w() {
  auto x = torch::randn({2, 2});
  torch::mm(x, torch::randn({2, 2}, WEIGHT_DTYPE));
}
"""
# The shapes a file may start with (issue 32): name -> text.
PREAMBLES = {
    # pytorch_scatter's: a conditional include first (WITH_PYTHON is defined)
    "scatter.cpp": "#ifdef WITH_PYTHON\n#include <Python.h>\n#endif\n#include <torch/script.h>\n" + BODY,
    "define.cpp": "#define _USE_MATH_DEFINES\n#include <cmath>\n#include <torch/extension.h>\n" + BODY,
    "project.cpp": "#include \"ops.h\"\n#include \"utils.h\"\n" + BODY,
    "guarded.cpp": "// guarded\n#include \"guarded.h\"\n" + BODY,
    "plain.cpp": "#include <torch/extension.h>\n#include <torch/flagged.h>\n" + BODY,
    # an include inside #if 0, and a conditional on a macro the command lacks
    "ifzero.cpp": "#if 0\n#include <not/there.h>\n#endif\n#ifdef WITH_CUDA\n#include <cuda.h>\n#endif\n"
                  "#include <torch/torch.h>\n" + BODY,
    # bad input: a define a LibTorch header reads (the PCH would lose it and
    # the finding), a conditional only the compiler can answer, one on a
    # macro the LibTorch headers define, a header that is not there
    "flagged.cpp": "#define HALF_WEIGHTS\n#include <torch/torch.h>\n#include <torch/flagged.h>\n" + WEIGHTED,
    "hasinc.cpp": "#if __has_include(<torch/torch.h>)\n#include <torch/torch.h>\n#endif\n" + BODY,
    "tested.cpp": "#ifndef TORCH_FLAGGED_H\n#define LOCAL_ONLY 1\n#endif\n#include <torch/torch.h>\n" + BODY,
    "missing.cpp": "#include <torch/torch.h>\n#include \"not_there.h\"\n" + BODY,
}


def preamble_tests(d, site):
    """Files that start with conditionals, defines, project headers (the
    shapes of public extensions), LibTorch by -I as setup.py gives it: each
    gets a PCH unless its first lines could mean something else with one,
    and the report is the one without caches."""
    pre = os.path.join(d, "preamble")
    py = os.path.join(d, "python3.11")
    write(py, "Python.h", "#pragma once\nstruct _object;\ntypedef struct _object PyObject;\n")
    write(site, "torch/flagged.h", FLAGGED_H)
    for name, text in PREAMBLES.items():
        write(pre, name, text)
    write(pre, "ops.h", "#pragma once\n#include <torch/extension.h>\ntorch::Tensor op(torch::Tensor x);\n")
    write(pre, "utils.h", "#pragma once\n#include <vector>\n#include <torch/torch.h>\n")
    write(pre, "guarded.h", "#ifndef GUARDED_H\n#define GUARDED_H\n#include <torch/torch.h>\n"
          "void guarded();\n#endif\n")
    files = sorted(PREAMBLES)
    database(pre, files, ["-std=c++17", "-I", site, "-I", os.path.join(site, "torch", "csrc", "api", "include"),
                          "-I", py, "-DWITH_PYTHON", "-DTORCH_EXTENSION_NAME=ext"])
    ref = check(pre, "--no-pch", "--no-cache")
    cache = tempfile.mkdtemp(dir=d)
    cold = check(pre, cache=cache)
    reasons = no_pch(cold[2])
    path = lambda f: os.path.join(pre, f)  # noqa: E731
    expect(ref[0] == 2 and len(warnings(ref[1])) == 10 and "not_there.h" in ref[1],
           "preamble shapes: 10 warnings and the missing header without caches (%d %r)"
           % (ref[0], ref[1][-800:]))
    expect(cold[:2] == ref[:2], "preamble shapes: the same report with the PCHs\n%s"
           % "\n".join(sorted(set(cold[1].splitlines()) ^ set(ref[1].splitlines()))))
    # flagged.cpp's define is read by torch/flagged.h: not the shared PCH
    # (its finding would go), but one of its own holding the define
    prefixes = [open(os.path.join(cache, "pch", k, "prefix.h")).read()
                for k in os.listdir(os.path.join(cache, "pch"))]
    expect(path("flagged.cpp") not in reasons
           and "#define HALF_WEIGHTS\n#include <torch/torch.h>\n#include <torch/flagged.h>\n"
           in prefixes,
           "preamble shapes: a define a LibTorch header reads goes into a PCH of its own %r %r"
           % (reasons, prefixes))
    expect("cannot be evaluated" in reasons.get(path("hasinc.cpp"), "")
           and "__has_include" in reasons.get(path("hasinc.cpp"), ""),
           "preamble shapes: __has_include is not guessed %r" % reasons)
    expect("TORCH_FLAGGED_H" in reasons.get(path("tested.cpp"), ""),
           "preamble shapes: a conditional on a macro the PCH defines %r" % reasons)
    # A header not found stops the parse with the PCH, and the checks find
    # nothing after it; without the PCH they still do: such a file is parsed
    # again without it (the same report, above).
    expect("parsed again without it" in reasons.get(path("missing.cpp"), ""),
           "preamble shapes: a missing header: parsed again without the PCH %r" % reasons)
    expect(set(reasons) == {path("hasinc.cpp"), path("tested.cpp"), path("missing.cpp")},
           "preamble shapes: every other file has a PCH %r" % reasons)
    expect(cold[3] == (10, 10, 0, 3, 0, 0),
           "preamble shapes: three PCHs built (the LibTorch headers; Python.h then "
           "torch/script.h, alone; flagged.cpp's define and includes) %r" % (cold[3],))
    warm = check(pre, cache=cache)
    expect(warm[:2] == ref[:2], "preamble shapes: warm, the same report")
    # without WITH_PYTHON, pytorch_scatter's file starts with LibTorch: it
    # shares the one PCH
    database(pre, files, ["-std=c++17", "-I", site, "-I", os.path.join(site, "torch", "csrc", "api", "include"),
                          "-I", py, "-DTORCH_EXTENSION_NAME=ext"])
    ref = check(pre, "--no-pch", "--no-cache")
    cold = check(pre, cache=tempfile.mkdtemp(dir=d))
    expect(cold[:2] == ref[:2] and cold[3] == (10, 10, 0, 2, 0, 0)
           and path("scatter.cpp") not in no_pch(cold[2]) and len(no_pch(cold[2])) == 3,
           "preamble shapes without WITH_PYTHON: one PCH for all, the same report %r %r"
           % (cold[3], no_pch(cold[2])))


def warnings(out):
    return [l for l in out.splitlines() if ": warning: " in l]


def mock_tests(d):
    inc = os.path.join(d, "include")
    shutil.copytree(MOCK, inc)
    cache = os.path.join(d, "cache")
    files = ["a.cpp", "b.cpp", "c.cpp"]
    write(d, "a.cpp", BUGGY)
    write(d, "b.cpp", CLEAN)
    write(d, "c.cpp", USES_HEADER)
    write(d, "util.h", UTIL_H)
    flags = ["-std=c++17", "-isystem", inc]
    database(d, files, flags)

    ref = check(d, "--no-pch", "--no-cache", cache=cache)
    expect(ref[0] == 1 and len(warnings(ref[1])) == 2,
           "reference run: 2 warnings, exit 1 (%d, %r)" % (ref[0], ref[1]))
    expect(not os.path.exists(cache), "--no-pch --no-cache writes no cache")
    cold = check(d, cache=cache)
    expect(cold[3] == (3, 3, 0, 1, 0, 0), "cold: 3 analysed, 1 PCH built %r" % (cold[3],))
    expect(cold[:2] == ref[:2], "cold with a PCH: the same report and exit status")
    pchs = os.listdir(os.path.join(cache, "pch"))
    expect(len(pchs) == 1 and os.path.getsize(os.path.join(cache, "pch", pchs[0], "prefix.pch")) > 0,
           "one PCH in the cache directory %r" % pchs)
    expect(open(os.path.join(cache, "pch", pchs[0], "prefix.h")).read() == "#include <torch/torch.h>\n",
           "the PCH holds the shared prefix (through util.h for c.cpp)")
    warm = check(d, cache=cache)
    expect(warm[3] == (3, 0, 3, 0, 0, 0), "warm: all 3 from the cache %r" % (warm[3],))
    expect(warm[:2] == ref[:2], "warm: the same report and exit status")
    nopch = check(d, "--no-pch", "--no-cache", "--format=json", cache=cache)
    warmjson = check(d, "--format=json", cache=cache)
    expect(nopch[1] == warmjson[1], "warm JSON report identical to an uncached one")

    # touched, same content: still cached
    os.utime(os.path.join(d, "b.cpp"))
    r = check(d, cache=cache)
    expect(r[3] == (3, 0, 3, 0, 0, 0), "a touched file with the same content is not re-analysed %r" % (r[3],))

    # one file changed: only it, with the PCH reused
    write(d, "a.cpp", BUGGY.replace("torch::kHalf", "torch::kFloat"))
    r = check(d, cache=cache)
    expect(r[3] == (3, 1, 2, 0, 1, 0), "a changed file: 1 analysed, the PCH reused %r" % (r[3],))
    expect(len(warnings(r[1])) == 1 and "c.cpp" in r[1], "the fixed file's warning is gone")

    # a user header changed: only the file that includes it
    write(d, "util.h", UTIL_H.replace("torch::kHalf", "torch::kFloat"))
    r = check(d, cache=cache)
    expect(r[3] == (3, 1, 2, 0, 1, 0), "a changed user header: its includer re-analysed %r" % (r[3],))
    expect(r[0] == 0 and not warnings(r[1]), "no warning left (%d, %r)" % (r[0], r[1]))
    write(d, "util.h", UTIL_H)
    write(d, "a.cpp", BUGGY)

    # configuration changed: everything re-analysed, the same PCH
    write(d, ".clang-tidy", "Checks: '-*,torchdtype-device-mismatch'\n")
    r = check(d, cache=cache)
    expect(r[3] == (3, 3, 0, 0, 1, 0) and r[0] == 0, "a changed .clang-tidy re-analyses all %r" % (r[3],))
    os.remove(os.path.join(d, ".clang-tidy"))
    r = check(d, cache=cache)
    expect(r[:2] == ref[:2], "back to the first configuration: the first report")

    # a header of the PCH changed: the PCH is rebuilt and all re-analysed
    with open(os.path.join(inc, "torch", "torch.h"), "a") as f:
        f.write("\n// changed\n")
    r = check(d, cache=cache)
    expect(r[3] == (3, 3, 0, 1, 0, 0), "a changed system header rebuilds the PCH %r" % (r[3],))
    expect(r[:2] == ref[:2], "after the rebuild: the same report")

    # flags changed: another PCH, then an old one is pruned beyond 3 others
    for i in range(5):
        database(d, files, flags + ["-DVARIANT=%d" % i])
        r = check(d, cache=cache)
        expect(r[3] == (3, 3, 0, 1, 0, 0) and r[:2] == ref[:2],
               "flags -DVARIANT=%d: new PCH, same report %r" % (i, r[3]))
    expect(len(os.listdir(os.path.join(cache, "pch"))) == 4,
           "PCHs of other flags pruned to 3 besides the one in use %r"
           % os.listdir(os.path.join(cache, "pch")))
    database(d, files, flags)

    # a damaged result entry: re-analysed, replaced
    check(d, cache=cache)
    entries = sorted(os.listdir(os.path.join(cache, "results")))
    for e in entries:
        open(os.path.join(cache, "results", e), "w").write("{not json")
    r = check(d, cache=cache)
    expect(r[3] == (3, 3, 0, 0, 1, 0) and r[:2] == ref[:2], "damaged entries re-analysed %r" % (r[3],))
    r = check(d, cache=cache)
    expect(r[3] == (3, 0, 3, 0, 0, 0), "and replaced %r" % (r[3],))
    # a damaged PCH manifest: rebuilt
    for p in os.listdir(os.path.join(cache, "pch")):
        open(os.path.join(cache, "pch", p, "manifest"), "w").write("garbage")
    write(d, "b.cpp", CLEAN + "\n")
    r = check(d, cache=cache)
    expect(r[3] == (3, 1, 2, 1, 0, 0) and r[:2] == ref[:2], "a damaged manifest: PCH rebuilt %r" % (r[3],))

    # an unusable cache directory: a warning, the same report
    blocker = write(d, "blocker", "a file, not a directory")
    r = check(d, cache=os.path.join(blocker, "cache"))
    expect(r[:2] == ref[:2] and "cannot create the cache directory" in r[2],
           "an unwritable cache directory: warned, same report (%r)" % r[2][-300:])

    # --full-traversal uses no cache
    r = check(d, "--full-traversal", cache=cache)
    expect(r[3] == (3, 3, 0, 0, 0, 0) and r[:2] == ref[:2], "--full-traversal: no caches %r" % (r[3],))

    # a file that does not compile: reported, never cached
    write(d, "broken.cpp", "#include <torch/torch.h>\nvoid k() { undeclared_thing(); }\n")
    database(d, files + ["broken.cpp"], flags)
    for attempt in (1, 2):
        r = check(d, cache=cache)
        expect(r[0] == 2 and "undeclared_thing" in r[1] + r[2] and r[3] and r[3][1] == 1,
               "broken file, run %d: exit 2, its error shown, analysed again %r" % (attempt, r[3]))
    ref_broken = check(d, "--no-pch", "--no-cache")
    expect(ref_broken[:2] == r[:2], "broken file: the same report without the caches")
    database(d, files, flags)

    # LibTorch through -I (not a system directory): no PCH, the same report
    database(d, files, ["-std=c++17", "-I", inc])
    ref_user = check(d, "--no-pch", "--no-cache")
    r = check(d, cache=cache)
    expect(r[3] == (3, 3, 0, 0, 0, 1), "-I headers: the PCH is not used %r" % (r[3],))
    expect(no_pch(r[2]).get(os.path.join(d, "b.cpp"), "").startswith(
               "its includes reach the project's own header " + inc + "/"),
           "-I headers inside the project: --stats says why %r" % no_pch(r[2]))
    expect(r[:2] == ref_user[:2], "-I headers: the same report as without caches")
    r = check(d, cache=cache)
    expect(r[3] == (3, 0, 3, 0, 0, 0), "-I headers: results still cached %r" % (r[3],))

    setup_py_tests(d)

    # the tool's identity is its content: the same build touched (or restored
    # by a CI cache) reuses the results, a changed one does not
    tool = os.path.join(d, "tool", "torchdtype")
    os.makedirs(os.path.dirname(tool))
    shutil.copy2(TOOL, tool)
    r = check(d, cache=cache, tool=tool)
    expect(r[3] == (3, 3, 0, 0, 0, 1) and r[:2] == ref_user[:2], "another tool: re-analysed %r" % (r[3],))
    os.utime(tool)
    r = check(d, cache=cache, tool=tool)
    expect(r[3] == (3, 0, 3, 0, 0, 0), "the same tool touched: from the cache %r" % (r[3],))
    with open(tool, "ab") as f:
        f.write(b"\0")
    r = check(d, cache=cache, tool=tool)
    expect(r[3] == (3, 3, 0, 0, 0, 1) and r[:2] == ref_user[:2], "a changed tool: re-analysed %r" % (r[3],))

    # one file alone: its PCH is built at once (LibTorch's bodies skipped, the
    # build and the parse with it cost less than the parse without), and reused
    solo = os.path.join(d, "solo")
    os.makedirs(solo)
    write(solo, "a.cpp", BUGGY)
    database(solo, ["a.cpp"], flags)
    r = check(solo, cache=cache)
    expect(r[3] == (1, 1, 0, 1, 0, 0), "a single file: its PCH built the first time %r" % (r[3],))
    write(solo, "a.cpp", BUGGY + "\n")
    r = check(solo, cache=cache)
    expect(r[3] == (1, 1, 0, 0, 1, 0), "the next time it is reused %r" % (r[3],))
    expect(len(warnings(r[1])) == 1, "single file: its warning")
    # one file alone whose prefix names no LibTorch header: noted, built next time
    write(solo, "b.cpp", "#include <vector>\nstatic int k;\n" + BUGGY)
    database(solo, ["b.cpp"], flags)
    r = check(solo, cache=cache)
    expect(r[3] == (1, 1, 0, 0, 0, 1), "a single file of standard headers: no PCH at first %r"
           % (r[3],))
    write(solo, "b.cpp", open(os.path.join(solo, "b.cpp")).read() + "\n")
    r = check(solo, cache=cache)
    expect(r[3] == (1, 1, 0, 1, 0, 0), "the next time it is built %r" % (r[3],))
    database(solo, ["a.cpp"], flags)

    # --fix: the fixed file is re-analysed next time
    write(solo, "a.cpp", BUGGY)
    r = check(solo, "--fix", cache=cache)
    r = check(solo, cache=cache)
    expect(r[3] == (1, 1, 0, 0, 1, 0) and not warnings(r[1]), "after --fix: re-analysed, clean %r" % (r[3],))


def interrupt_tests(d):
    """Ctrl-C in the middle of a run: no report written in part (an older
    one stays as it was), no temporary file left in the cache."""
    slow = os.path.join(d, "slow")
    os.makedirs(slow)
    write(slow, "big.cpp", "#include <torch/torch.h>\n" + "".join(
        "void f%d() { auto a = torch::randn({2, 2}); auto b = torch::randn({2, 2}, torch::kHalf); "
        "torch::mm(a, b); }\n" % i for i in range(20000)))
    write(slow, "small.cpp", BUGGY)
    database(slow, ["big.cpp", "small.cpp"], ["-std=c++17", "-isystem", MOCK])
    report = os.path.join(slow, "report.json")
    open(report, "w").write("the report of an earlier run\n")
    cache = os.path.join(slow, "cache")
    p = subprocess.Popen([TOOL, "check", "-p", slow, "--quiet", "--format=json", "-o", report,
                          "--cache-dir=" + cache], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(1.5)
    running = p.poll() is None
    p.send_signal(signal.SIGINT)
    p.communicate(timeout=120)
    leftovers = [os.path.join(r, f) for r, _, fs in os.walk(slow) for f in fs if ".tmp" in f]
    expect(running and p.returncode != 0, "interrupted while running (exit %r)" % p.returncode)
    expect(open(report).read() == "the report of an earlier run\n",
           "interrupted: the earlier report untouched")
    expect(not leftovers, "interrupted: no temporary files left %r" % leftovers)
    r = check(slow, cache=cache)
    expect(r[0] == 1 and len(warnings(r[1])) == 20001, "after the interrupt, a full run: every finding "
           "(%d %d %r)" % (r[0], len(warnings(r[1])), r[2][-600:]))


def mounted(d, spec, *args):
    """check() with the cache directory d/cache on a file system of its own,
    set up by the shell text SPEC ($0 is the directory) in a mount namespace
    of its own (unshare -m, as root): None where that is not allowed."""
    cache = os.path.join(d, "cache")
    os.makedirs(cache, exist_ok=True)
    probe = subprocess.run(["unshare", "-m", "sh", "-c", spec + " && exit 0", cache],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if probe.returncode != 0:
        print("note: no mount namespace here (%s); skipped" % probe.stdout.strip()[:200])
        return None
    cmd = [TOOL, "check", "-p", d, "--stats", "--quiet", "--cache-dir=" + cache] + list(args)
    r = subprocess.run(["unshare", "-m", "sh", "-c",
                        spec + ' && shift && exec "$@"', cache, "--"] + cmd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def disk_tests(d):
    """A cache directory on a full disk and a read-only one: the report of a
    run without caches, one line about the cache, no temporary files."""
    proj = os.path.join(d, "disk")
    os.makedirs(proj)
    files = ["a.cpp", "c.cpp", "clean.cpp"]
    for name, text in zip(files, [BUGGY, USES_HEADER, CLEAN]):
        write(proj, name, text)
    write(proj, "util.h", UTIL_H)
    database(proj, files, ["-std=c++17", "-isystem", MOCK])
    ref = check(proj, "--no-pch", "--no-cache")
    expect(ref[0] == 1 and len(warnings(ref[1])) == 2,
           "disk: 2 warnings without caches (%d %r %r)" % (ref[0], ref[1][-300:], ref[2][-600:]))

    # full: a 64 KiB file system holds a few result entries, never a PCH
    full = mounted(proj, 'mount -t tmpfs -o size=64k tmpfs "$0"')
    if full is not None:
        expect(full[:2] == ref[:2], "full disk: the same report (%r)" % (full[2][-400:],))
        expect("could not" in full[2] or "cannot" in full[2],
               "full disk: said so %r" % full[2][-400:])
        expect("Stack dump" not in full[2] and len(full[2].splitlines()) < 12,
               "full disk: a few lines, no page of errors %r" % full[2][-800:])
    # read-only, empty: nothing can be written
    ro = mounted(proj, 'mount -t tmpfs -o size=64m,mode=755 tmpfs "$0" && mount -o remount,ro "$0"')
    if ro is not None:
        expect(ro[:2] == ref[:2] and ("could not" in ro[2] or "cannot" in ro[2]),
               "read-only empty cache: the same report, said so (%r)" % ro[2][-400:])
    # read-only, filled by an earlier run: what it holds is still used
    cache = os.path.join(proj, "cache")
    shutil.rmtree(cache)
    warm = check(proj, cache=cache)
    ro = mounted(proj, 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"')
    if ro is not None:
        m = re.search(r"(\d+) analysed, (\d+) from the cache", ro[2])
        expect(ro[:2] == ref[:2] and warm[:2] == ref[:2] and m and m.group(2) == "3",
               "read-only filled cache: its results used, the same report (%r)" % ro[2][-400:])
    leftovers = [f for _, _, fs in os.walk(proj) for f in fs if ".tmp" in f]
    expect(not leftovers, "disk: no temporary files left %r" % leftovers)


def real_tests(d, version):
    spec = importlib.util.spec_from_file_location("realtier", os.path.join(ROOT, "test", "real", "run-real-tier.py"))
    tier = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tier)
    libtorch = os.path.join(os.environ.get("TORCHDTYPE_CACHE", os.path.expanduser("~/.cache/torchdtype")), "libtorch")
    flags = tier.include_flags(version, libtorch)
    proj = os.path.join(d, version)
    os.makedirs(proj)
    write(proj, "a.cpp", BUGGY)
    write(proj, "c.cpp", USES_HEADER)
    write(proj, "util.h", UTIL_H)
    # LibTorch by -I, as torch.utils.cpp_extension passes it: a PCH all the
    # same (the headers lie outside the project), and the same report; a
    # third file starting with other LibTorch headers shares it
    write(proj, "s.cpp", ATEN_ONLY)
    database(proj, ["a.cpp", "c.cpp", "s.cpp"], ["-I" if f == "-isystem" else f for f in flags])
    cache_i = os.path.join(proj, "cache-i")
    cold_i = check(proj, cache=cache_i)
    warm_i = check(proj, cache=cache_i)
    # The report without caches, parsed three times, on the first version
    # only (the PCH code is the same for every version; the real tier of
    # each version runs its files through a PCH of its headers and checks
    # every finding). On the others the cold report is judged by its three
    # warnings alone, and the warm one by the cold one.
    first = version == REAL[0]
    ref_i = check(proj, "--no-pch", "--no-cache") if first else cold_i
    expect(ref_i[0] == 1 and len(warnings(ref_i[1])) == 3,
           "%s: -I: 3 warnings %s (%d %r %r)"
           % (version, "without caches" if first else "with one PCH",
              ref_i[0], ref_i[1], ref_i[2][-500:]))
    expect(cold_i[3] == (3, 3, 0, 1, 0, 0),
           "%s: -I: one PCH built for the three %r %r"
           % (version, cold_i[3], no_pch(cold_i[2])))
    if first:
        expect(cold_i[:2] == ref_i[:2],
               "%s: -I: the same report with the PCH as without caches" % version)
    expect(warm_i[3] == (3, 0, 3, 0, 0, 0) and warm_i[:2] == ref_i[:2],
           "%s: -I: warm, same report %r" % (version, warm_i[3]))
    if version == REAL[0]:
        real_preamble_tests(proj, [f for f in flags if f != "-isystem"])
    # (-isystem, as CMake's find_package(Torch) gives it: driver-check's
    # example project, cold with its PCH and warm, on 1.13.1; the PCH code
    # is the same for both spellings.)

def real_preamble_tests(proj, flags):
    """The shapes of preamble_tests on real headers, LibTorch and Python by
    -I as setup.py passes them, WITH_PYTHON defined (pytorch_scatter's
    setup.py): every file gets a PCH (one defining a macro LibTorch's
    headers read, a PCH holding that define), and the report is the one
    without caches."""
    pre = os.path.join(proj, "preamble")
    names = ["scatter.cpp", "define.cpp", "project.cpp", "guarded.cpp"]
    for name in names:
        write(pre, name, PREAMBLES[name])
    write(pre, "plain.cpp", "#include <torch/extension.h>\n" + BODY)
    write(pre, "ndebug.cpp", "#define NDEBUG\n#include <torch/extension.h>\n" + BODY)
    write(pre, "ops.h", "#pragma once\n#include <torch/extension.h>\ntorch::Tensor op(torch::Tensor x);\n")
    write(pre, "utils.h", "#pragma once\n#include <vector>\n#include <torch/extension.h>\n")
    write(pre, "guarded.h", "#ifndef GUARDED_H\n#define GUARDED_H\n#include <torch/extension.h>\n"
          "#ifdef WITH_CUDA\nvoid on_cuda();\n#endif\nvoid guarded();\n#endif\n")
    py = sysconfig.get_paths()["include"]
    inc = []
    for f in flags:
        inc += ["-I", f] if f.startswith("/") else [f]
    database(pre, names + ["plain.cpp", "ndebug.cpp"],
             inc + ["-I", py, "-DWITH_PYTHON", "-DTORCH_API_INCLUDE_EXTENSION_H",
                    "-DTORCH_EXTENSION_NAME=shapes", "-D_GLIBCXX_USE_CXX11_ABI=1"])
    ref = check(pre, "--no-pch", "--no-cache")
    cold = check(pre, cache=os.path.join(pre, "cache"))
    reasons = no_pch(cold[2])
    expect(ref[0] == 1 and len(warnings(ref[1])) == 6,
           "real preamble shapes: 6 warnings without caches (%d %r %r)"
           % (ref[0], ref[1][-600:], ref[2][-800:]))
    expect(cold[:2] == ref[:2], "real preamble shapes: the same report with the PCHs\n%s"
           % "\n".join(sorted(set(cold[1].splitlines()) ^ set(ref[1].splitlines()))))
    prefixes = [open(os.path.join(pre, "cache", "pch", k, "prefix.h")).read()
                for k in os.listdir(os.path.join(pre, "cache", "pch"))]
    expect(cold[3] == (6, 6, 0, 3, 0, 0) and not reasons
           and "#define NDEBUG\n#include <torch/extension.h>\n" in prefixes,
           "real preamble shapes: three PCHs (LibTorch's headers; Python.h and torch/script.h; "
           "NDEBUG and torch/extension.h), every file on one %r %r %r" % (cold[3], reasons, prefixes))


with tempfile.TemporaryDirectory() as d:
    if not REAL:
        mock_tests(d)
        interrupt_tests(d)
        disk_tests(d)
    for v in REAL:
        real_tests(d, v)

finish()
