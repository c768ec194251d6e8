#!/usr/bin/env python3
"""The PyTorch version the checks judge code as, without a PyTorchVersion
option: the one its LibTorch headers declare (torch/version.h).

usage: header_version_test.py TORCHDTYPE TORCHDTYPE_TIDY CLANG_TIDY_19 MODULE
                              MOCK_INCLUDE [VERSION...]

On the real headers of each VERSION (default 1.13.1 2.6.0 2.14.1; flags as in
test/real/run-real-tier.py), a file using <torch/torch.h> (but on 2.6.0) and
one using <ATen/ATen.h> only (torch/version.h not included: found on the
include path) with float16 matrix products on the CPU, which only 1.13 has no
kernel for: `torchdtype check --stats` names the version for the flags (on 1.13.1
also for files from the result cache) and the products are reported on
1.13.1 only; on 1.13.1 the option wins over the
headers, and torchdtype-tidy and clang-tidy-19 --load judge it the same way.
On the mock headers (no torch/version.h): 2.14.
Prints `N passed, N failed`; exit 1 on any failure.
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

TOOL, TIDY, CLANG_TIDY, MODULE, MOCK = sys.argv[1:6]
VERSIONS = sys.argv[6:] or ["1.13.1", "2.6.0", "2.14.1"]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test"))
from testing import expect, finish  # noqa: E402

TORCH = """#include <torch/torch.h>
torch::Tensor product() {
  auto a = torch::randn({2, 2}, torch::kHalf);
  auto b = torch::randn({2, 2}, torch::kHalf);
  return torch::mm(a, b);
}
"""
ATEN = """#include <ATen/ATen.h>
at::Tensor product() {
  auto a = at::randn({2, 2}, at::kHalf);
  auto b = at::randn({2, 2}, at::kHalf);
  return at::mm(a, b);
}
"""
HALF = "has no CPU kernel for float16 in PyTorch 1.13"


def project(d, flags, files):
    os.makedirs(d, exist_ok=True)
    db = []
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
        db.append({"directory": d, "file": os.path.join(d, name),
                   "arguments": ["clang++-19"] + flags + ["-c", os.path.join(d, name)]})
    with open(os.path.join(d, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)


def check(d, *args, cache=None):
    r = subprocess.run([TOOL, "check", "-p", d, "--stats", "--quiet",
                        "--cache-dir=" + cache if cache else "--no-cache",
                        "--checks=-*,torchdtype-*"] + list(args),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=900)
    versions = re.findall(r"^torchdtype check: PyTorch (.*) for (\d+) file\(s\) with: ", r.stderr,
                          re.M)
    return r.returncode, r.stdout, r.stderr, versions


def halves(out):
    return sorted(os.path.basename(m) for m in re.findall(r"^(\S+?):\d+:\d+: warning: .*" +
                                                          re.escape(HALF), out, re.M))


def main():
    spec = importlib.util.spec_from_file_location(
        "realtier", os.path.join(ROOT, "test", "real", "run-real-tier.py"))
    tier = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tier)
    libtorch = os.path.join(os.environ.get("TORCHDTYPE_CACHE",
                                           os.path.expanduser("~/.cache/torchdtype")), "libtorch")
    with tempfile.TemporaryDirectory() as tmp:
        # The mock headers declare no version: the default, as before.
        mock = os.path.join(tmp, "mock")
        project(mock, ["-std=c++17", "-isystem", MOCK], {"t.cpp": TORCH})
        code, out, err, versions = check(mock, "--no-pch")
        expect(versions == [("2.14 (the default: no torch/version.h)", "1")] and not halves(out),
               "mock: 2.14 by default %r %r" % (versions, err[-400:]))

        for v in VERSIONS:
            flags = tier.include_flags(v, libtorch)
            mm = ".".join(v.split(".")[:2])
            d = os.path.join(tmp, v)
            # <ATen/ATen.h> alone finds the version through the include path
            # (2.14's macros are in torch/headeronly/version.h); 2.6's is the
            # same lookup as 1.13's, so only the lighter file there.
            files = {"a.cpp": ATEN} if v == "2.6.0" else {"t.cpp": TORCH, "a.cpp": ATEN}
            project(d, flags, files)
            cache = os.path.join(tmp, "cache-" + v) if v == "1.13.1" else None
            code, out, err, versions = check(d, "--no-pch", "-j", "2", cache=cache)
            expect(code == (1 if v == "1.13.1" else 0) and not re.search("error", err),
                   "%s: exit %d %r" % (v, code, err[-600:]))
            expect(versions == [(mm + " (torch/version.h)", str(len(files)))],
                   "%s: --stats names the version %r %r" % (v, versions, err[-600:]))
            expect(halves(out) == (sorted(files) if v == "1.13.1" else []),
                   "%s: float16 products on the CPU %r" % (v, out[-800:]))
            if v != "1.13.1":
                continue
            # From the result cache: the version of the run that analysed them.
            code, out2, err, versions = check(d, "--no-pch", cache=cache)
            expect("0 analysed, 2 from the cache" in err and out2 == out
                   and versions == [("1.13 (torch/version.h)", "2")],
                   "%s: --stats names the cached files' version %r %r" % (v, versions, err[-600:]))
            # The option wins over the headers (also on the mock headers, in
            # the lit test half-on-cpu-header-version.cpp).
            # (the lighter of the two files from here on)
            project(d, flags, {"a.cpp": ATEN})
            code, out, err, versions = check(
                d, "--no-pch", "--config={CheckOptions: {PyTorchVersion: '2.14'}}")
            expect(versions == [("2.14 (PyTorchVersion option)", "1")] and not halves(out),
                   "%s: the option wins %r %r" % (v, versions, out[-800:]))
            # clang-tidy's own drivers judge the unit the same way (the
            # macros from a precompiled header: scenarios-score --header-version).
            for name, cmd in (("torchdtype-tidy", [TIDY]),
                              ("clang-tidy-19 --load", [CLANG_TIDY, "--load=" + MODULE])):
                r = subprocess.run(cmd + ["-checks=-*,torchdtype-*", "-p", d,
                                          os.path.join(d, "a.cpp")],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   timeout=900)
                expect(halves(r.stdout) == ["a.cpp"], "%s: %s %r %r"
                       % (v, name, r.stdout[-600:], r.stderr[-600:]))
    finish()


if __name__ == "__main__":
    main()
