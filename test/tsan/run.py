#!/usr/bin/env python3
"""ThreadSanitizer tier: `torchdtype check -j 4` of a ThreadSanitizer build over
a many-file project on the real LibTorch 1.13.1 headers.

The release build analyses the project first and builds its precompiled
headers; the TSan build links the same libclang-cpp, so it reuses them
(PchCache's key is the clang library's identity, not the executable's): the
threaded run analyses, builds none, and the tier fails if it did. (PCH
builds on several threads at once showed races inside LLVM's and clang's
own uninstrumented code, whose locks TSan does not see.)

The project is every other of the real tier's inputs (test/real's scenarios
and the lit tests of test/checkers it shares, run-real-tier.py's
real_inputs(); one compile command each, the system's LibTorch 1.13.1
headers), with copies
of those whose checks share the most with each other across units
(conversions, element accessors), so that several threads are in them at
once. The TSan build analyses them on 4 threads (the release build's
precompiled headers, the result cache off); the release build analyses them
too. The tier fails on any ThreadSanitizer report, on an
exit status other than 0 or 1, and when the two reports' findings differ.

usage: run.py --tsan TORCHDTYPE --release TORCHDTYPE --work DIR
       (exit 0 passed, 1 failed, 77 LibTorch 1.13.1 headers not installed)
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
API_INC = "/usr/include/torch/csrc/api/include"
CONFIG = "{CheckOptions: {PyTorchVersion: '1.13'}}"
SHARED = ["discarded_conversions.cpp", "element_types.cpp", "data_ptr_dtypes.cpp"]
COPIES = 2
STRIDE = 2


def real_inputs():
    """test/real/run-real-tier.py's list of the real tier's inputs."""
    spec = importlib.util.spec_from_file_location(
        "realtier", os.path.join(ROOT, "test", "real", "run-real-tier.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.real_inputs()


def findings(path):
    with open(path) as f:
        report = json.load(f)
    return sorted((os.path.basename(x["location"]["file"]), x["location"]["line"],
                   x["check"], x["message"]) for x in report["findings"])


def check(tool, work, jobs, out, env=None):
    cmd = [tool, "check", "-p", work, "-j", str(jobs), "--no-cache", "--quiet", "--stats",
           "--checks=-*,torchdtype-*", "--config=" + CONFIG,
           "--cache-dir=" + os.path.join(work, "cache"),
           "--format=json", "-o", out]
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, env=env)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tsan", required=True)
    ap.add_argument("--release", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("-j", type=int, default=4)
    a = ap.parse_args()
    if not os.path.isdir(API_INC):
        print("SKIP: LibTorch 1.13.1 headers not installed (libtorch-dev)")
        return 77
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    # Every other input: shared state a unit's analysis writes (a model, a
    # cache) is written by nearly every unit, so half the inputs and the
    # copies meet it on several threads as surely as all of them (and the
    # run takes half as long).
    files = sorted(real_inputs())[::STRIDE]
    for n in range(COPIES):
        for name in SHARED:
            copy = os.path.join(a.work, "copy%d_%s" % (n, name))
            shutil.copyfile(os.path.join(ROOT, "test", "real", name), copy)
            files.append(copy)
    db = [{"directory": os.path.dirname(f), "file": f,
           "arguments": ["clang++-19", "-std=c++17", "-isystem", API_INC,
                         "-c", f, "-o", "/dev/null"]} for f in files]
    with open(os.path.join(a.work, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)

    single = os.path.join(a.work, "release.json")
    r = check(a.release, a.work, 2, single)
    if r.returncode not in (0, 1):
        print("FAIL: the release build's run exited %d\n%s" % (r.returncode, r.stderr))
        return 1
    env = dict(os.environ)
    env["TSAN_OPTIONS"] = ("halt_on_error=1:exitcode=66:second_deadlock_stack=1:"
                           "suppressions=" + os.path.join(HERE, "tsan.supp"))
    built = re.search(r"pch: (\d+) built", r.stderr)
    if not built or built.group(1) == "0":
        print("FAIL: the release build's run built no PCH\n%s" % r.stderr)
        return 1
    threaded = os.path.join(a.work, "tsan.json")
    r = check(a.tsan, a.work, a.j, threaded, env)
    if "ThreadSanitizer" in r.stderr or r.returncode not in (0, 1):
        print("FAIL: the ThreadSanitizer build's run (-j %d) exited %d\n%s"
              % (a.j, r.returncode, r.stderr[:20000]))
        return 1
    if not re.search(r"pch: 0 built, [1-9]\d* reused", r.stderr):
        print("FAIL: the ThreadSanitizer build did not reuse the release build's "
              "PCHs (the same libclang-cpp):\n%s" % r.stderr)
        return 1
    want, got = findings(single), findings(threaded)
    if want != got:
        print("FAIL: -j %d under ThreadSanitizer found other findings than the release build:" % a.j)
        for x in sorted(set(want) ^ set(got)):
            print("  %s %s" % ("only release:" if x in want else "only -j %d:" % a.j, x))
        return 1
    if not want:
        print("FAIL: no finding at all: the project was not analysed")
        return 1
    print("PASS: %d files on %d threads under ThreadSanitizer: no report, "
          "the same %d findings as the release build" % (len(files), a.j, len(want)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
