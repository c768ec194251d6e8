#!/usr/bin/env python3
"""Runs torchdtype-tidy on the example project and compares with expected-findings.txt.

usage: examples/check.py [--tidy build/bin/torchdtype-tidy] [--build-dir DIR]
                         [--compiler clang++-19] [--ignore-columns] [--show]
                         [--load build/lib/torchdtype.so --tidy clang-tidy-19]
                         [--save-output FILE]
The examples are configured (not built) with cmake into DIR (default
build/examples) to get compile_commands.json; each TU is run through
`tidy -p DIR -checks='-*,torchdtype-*' FILE`. Warning lines are compared as
`path-relative-to-examples:line:col: warning: message [check]`. Also checks that
every warning is on a `// BUG(torchdtype-<check>)` line of the same check.
The extension's .cu launchers go through `torchdtype check` (without --load
only; their findings are left out of the comparison with --load).
--save-output FILE keeps the tool's output of every TU (warnings and notes),
written only when all ran without errors: the driver tier compares
`torchdtype check` with it instead of running clang-tidy on them again.
Exit 0 when they agree, 1 otherwise, 77 when LibTorch's CMake package is absent.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
WARN = re.compile(r"^(?P<file>/[^:]+):(?P<line>\d+):(?P<col>\d+): warning: (?P<msg>.*\[(?P<check>torchdtype-[\w-]+)\])$")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tidy", default=os.path.join(REPO, "build", "bin", "torchdtype-tidy"))
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build", "examples"))
    ap.add_argument("--compiler", default="clang++-19")
    ap.add_argument("--ignore-columns", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the tool's output")
    ap.add_argument("--load", metavar="MODULE",
                    help="run stock clang-tidy (--tidy, e.g. clang-tidy-19) with --load=MODULE")
    ap.add_argument("--save-output", metavar="FILE")
    args = ap.parse_args()
    if args.save_output and os.path.exists(args.save_output):
        os.remove(args.save_output)

    db = os.path.join(args.build_dir, "compile_commands.json")
    if not os.path.exists(db):
        cmd = ["cmake", "-S", HERE, "-B", args.build_dir, "-DCMAKE_CXX_COMPILER=" + args.compiler]
        if shutil.which("ninja"):
            cmd += ["-G", "Ninja"]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            print(r.stdout[-3000:])
            if "Torch" in r.stdout and "Could not find" in r.stdout:
                print("SKIP example: LibTorch's CMake package not found")
                return 77
            return 1
    resource_dir = subprocess.run([args.compiler, "-print-resource-dir"], stdout=subprocess.PIPE,
                                  text=True).stdout.strip()
    files = sorted({e["file"] for e in json.load(open(db))})
    got, outputs = [], []
    for f in files:
        cmd = [args.tidy, "-p", args.build_dir, "-checks=-*,torchdtype-*", f]
        if args.load:
            cmd.insert(1, "--load=" + args.load)
        if resource_dir:
            cmd.insert(1, "--extra-arg=-resource-dir=" + resource_dir)
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if args.show:
            print(r.stdout)
        if re.search(r"\berror: ", r.stdout):
            print("tool reported errors on %s:\n%s" % (f, r.stdout[-3000:]))
            return 1
        outputs.append(r.stdout)
        for line in r.stdout.splitlines():
            m = WARN.match(line)
            if m:
                got.append((os.path.relpath(m["file"], HERE), int(m["line"]), int(m["col"]),
                            m["msg"], m["check"]))
    if args.save_output:
        with open(args.save_output + ".tmp", "w") as out:
            out.write("".join(outputs))
        os.replace(args.save_output + ".tmp", args.save_output)
    # The .cu launchers go through `torchdtype check` whatever --tidy is: once,
    # in the run without --load.
    if args.load:
        print("the .cu launchers: not with --load (the run without it checks them)")
        cuda_ran = False
    else:
        cuda_ran = cuda_units(args, got)
    if cuda_ran is None:
        return 1
    expected = []
    for line in open(os.path.join(HERE, "expected-findings.txt")):
        m = re.match(r"^([^#\s][^:]*):(\d+):(\d+): warning: (.*\[(torchdtype-[\w-]+)\])$", line.rstrip("\n"))
        if m and (cuda_ran or not m[1].endswith(".cu")):
            expected.append((m[1], int(m[2]), int(m[3]), m[4], m[5]))

    def key(w):
        return (w[0], w[1], w[3]) if args.ignore_columns else w[:4]

    fmt = lambda w: "%s:%d:%d: warning: %s" % w[:4]
    gk, ek = {key(w): w for w in got}, {key(w): w for w in expected}
    ok = True
    for k in sorted(set(ek) - set(gk)):
        print("MISSING  " + fmt(ek[k]))
        ok = False
    for k in sorted(set(gk) - set(ek)):
        print("EXTRA    " + fmt(gk[k]))
        ok = False
    for w in got:  # each warning on a BUG line of its check
        src = open(os.path.join(HERE, w[0])).read().split("\n")[w[1] - 1]
        if "// BUG(%s)" % w[4] not in src:
            print("NOT-ON-BUG-LINE  " + fmt(w))
            ok = False
    print("%d expected, %d reported: %s" % (len(expected), len(got), "OK" if ok else "MISMATCH"))
    return 0 if ok else 1


def cuda_units(args, got):
    """The extension's .cu launchers, given the nvcc command a CUDAExtension
    build writes, through `torchdtype check` (which reads their host side in
    clang's CUDA mode). Without CUDA headers they are skipped with a line.
    Appends the warnings to got; returns whether they ran (None on errors)."""
    cuda = os.environ.get("CUDA_HOME") or "/usr/local/cuda"
    units = sorted(f for f in os.listdir(os.path.join(HERE, "extension")) if f.endswith(".cu"))
    if not units:
        return False
    if not os.path.exists(os.path.join(cuda, "include", "cuda_runtime.h")):
        print("skipped %s: no CUDA headers in %s (set CUDA_HOME)" % (", ".join(units), cuda))
        return False
    py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    pyinc = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
                           stdout=subprocess.PIPE, text=True).stdout.strip()
    tool = os.path.join(os.path.dirname(os.path.abspath(args.tidy)), "torchdtype")
    if not os.access(tool, os.X_OK):
        tool = os.path.join(REPO, "build", "bin", "torchdtype")
    with tempfile.TemporaryDirectory() as work:
        db = [{"directory": os.path.join(HERE, "extension"), "file": os.path.join(HERE, "extension", u),
               "arguments": [os.path.join(cuda, "bin", "nvcc"), "-DTORCH_EXTENSION_NAME=" + u[:-3],
                             "-DTORCH_API_INCLUDE_EXTENSION_H", "-isystem",
                             "/usr/include/torch/csrc/api/include", "-isystem", pyinc,
                             "-D__CUDA_NO_HALF_OPERATORS__", "-D__CUDA_NO_HALF_CONVERSIONS__",
                             "--expt-relaxed-constexpr", "-std=c++17", "-c", u, "-o", u + ".o"]}
              for u in units]
        json.dump(db, open(os.path.join(work, "compile_commands.json"), "w"))
        # examples/.clang-tidy applies to the .cu files as to the others.
        r = subprocess.run([tool, "check", "-p", work, "--no-cache"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if args.show:
        print(r.stdout)
    if re.search(r"\berror: ", r.stdout):
        print("tool reported errors on %s:\n%s" % (", ".join(units), r.stdout[-3000:]))
        return None
    for line in r.stdout.splitlines():
        m = WARN.match(line)
        if m:
            got.append((os.path.relpath(m["file"], HERE), int(m["line"]), int(m["col"]),
                        m["msg"], m["check"]))
    return True


if __name__ == "__main__":
    sys.exit(main())
