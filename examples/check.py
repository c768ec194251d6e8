#!/usr/bin/env python3
"""Runs torchdtype-tidy on the example project and compares with expected-findings.txt.

usage: examples/check.py [--tidy build/bin/torchdtype-tidy] [--build-dir DIR]
                         [--compiler clang++-19] [--ignore-columns] [--show]
                         [--load build/lib/torchdtype.so --tidy clang-tidy-19]
The examples are configured (not built) with cmake into DIR (default
build/examples) to get compile_commands.json; each TU is run through
`tidy -p DIR -checks='-*,torchdtype-*' FILE`. Warning lines are compared as
`path-relative-to-examples:line:col: warning: message [check]`. Also checks that
every warning is on a `// BUG(torchdtype-<check>)` line of the same check.
Exit 0 when they agree, 1 otherwise, 77 when LibTorch's CMake package is absent.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

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
    args = ap.parse_args()

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
    got = []
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
        for line in r.stdout.splitlines():
            m = WARN.match(line)
            if m:
                got.append((os.path.relpath(m["file"], HERE), int(m["line"]), int(m["col"]),
                            m["msg"], m["check"]))
    expected = []
    for line in open(os.path.join(HERE, "expected-findings.txt")):
        m = re.match(r"^([^#\s][^:]*):(\d+):(\d+): warning: (.*\[(torchdtype-[\w-]+)\])$", line.rstrip("\n"))
        if m:
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


if __name__ == "__main__":
    sys.exit(main())
