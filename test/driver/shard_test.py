#!/usr/bin/env python3
"""`torchdtype check --shard=I/N` and `torchdtype merge`: the shards of a
CI matrix, merged, give the report of one run, in every format.

usage: shard_test.py TORCHDTYPE MOCK_INCLUDE
Over a project of seven files on the mock headers (findings with notes and
fix-its, a clean file, a file that does not compile): the shards share the
files out, each once; merging their JSON reports gives byte for byte the
text, JSON, SARIF and GitHub reports of one run, with its exit status; bad
arguments and bad reports are one clear error. Prints `N passed, N failed`.
"""
import json
import os
import subprocess
import sys
import tempfile

TOOL, MOCK = sys.argv[1:3]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # test/
from testing import expect, finish  # noqa: E402


def tool(args, cwd):
    env = dict(os.environ)
    env.pop("GITHUB_STEP_SUMMARY", None)
    r = subprocess.run([TOOL] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=600, env=env)
    return r.returncode, r.stdout, r.stderr


MIXED = """#include <torch/torch.h>
void f%d() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  torch::mm(a, b);
}
"""
DEVICE = """#include <torch/torch.h>
void g() {
  auto a = torch::ones({2}, torch::kCUDA);
  auto b = torch::ones({2});
  auto c = a + b;
}
"""
CLEAN = """#include <torch/torch.h>
void h() { auto a = torch::ones({2}); auto b = a * 2; }
"""
BROKEN = """#include <torch/torch.h>
void k() { undeclared_call(); }
"""

with tempfile.TemporaryDirectory() as d:
    files = {"a_mixed.cpp": MIXED % 1, "b_device.cpp": DEVICE, "c_clean.cpp": CLEAN,
             "d_broken.cpp": BROKEN, "e_mixed.cpp": MIXED % 2, "sub/f_mixed.cpp": MIXED % 3,
             "sub/g_device.cpp": DEVICE}
    entries = []
    for name, text in files.items():
        path = os.path.join(d, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").write(text)
        entries.append({"directory": d, "file": path,
                        "arguments": ["clang++", "-std=c++17", "-isystem", MOCK, "-c", path]})
    json.dump(entries, open(os.path.join(d, "compile_commands.json"), "w"))
    base = ["check", "-p", d, "--quiet", "--no-cache"]

    single = {}
    for fmt in ("text", "json", "sarif", "github"):
        code, out, err = tool(base + ["--format=" + fmt], d)
        single[fmt] = (code, out)
    report = json.loads(single["json"][1])
    levels = sorted(f["level"] for f in report["findings"])
    expect(single["json"][0] == 2 and levels == ["error"] + ["warning"] * 5
           and len(report["failed_files"]) == 1 and any(f["fixes"] for f in report["findings"]),
           "one run: 5 warnings (fix-its among them), the broken file's error and failed file, "
           "exit 2 %r %r" % (single["json"][0], levels))

    for n in (2, 3, 7, 9):
        shards = []
        for i in range(1, n + 1):
            out_file = os.path.join(d, "shard-%d-of-%d.json" % (i, n))
            code, _, err = tool(base + ["--shard=%d/%d" % (i, n), "--format=json", "-o", out_file], d)
            shards.append(out_file)
        seen = []
        for s in shards:
            r = json.load(open(s))
            seen += sorted({f["location"]["file"] for f in r["findings"]} | set(r["failed_files"]))
        expect(len(seen) == len(set(seen)) == 6,
               "%d shards: each file with findings or errors in one shard only %r" % (n, seen))
        for fmt in ("text", "json", "sarif", "github"):
            code, out, err = tool(["merge", "--format=" + fmt] + shards, d)
            expect((code, out) == single[fmt],
                   "%d shards merged as %s: the report of one run (exit %d vs %d) %s"
                   % (n, fmt, code, single[fmt][0], err[-300:]))
        code, out, _ = tool(["merge", "--format=json"] + shards[1:], d)
        expect(out != single["json"][1], "%d shards: merging all but one differs" % n)

    # -o, and a clean merge exits 0
    out_file = os.path.join(d, "merged.sarif")
    code, _, _ = tool(["merge", "--format=sarif", "-o", out_file] +
                      [os.path.join(d, "shard-%d-of-3.json" % i) for i in (1, 2, 3)], d)
    expect(code == 2 and open(out_file).read() == single["sarif"][1], "merge -o writes the SARIF report")
    clean = os.path.join(d, "clean.json")
    tool(base + ["--format=json", "-o", clean, os.path.join(d, "c_clean.cpp")], d)
    code, out, _ = tool(["merge", clean], d)
    expect(code == 0 and out == "", "a clean report merges to nothing, exit 0 (%d %r)" % (code, out))

    # bad arguments and reports: one line, exit 2
    open(os.path.join(d, "not.json"), "w").write("{not json")
    open(os.path.join(d, "other.json"), "w").write('{"findings": []}')
    bad_finding = {"tool": "torchdtype", "findings": [{"check": "x"}], "failed_files": []}
    json.dump(bad_finding, open(os.path.join(d, "badfinding.json"), "w"))
    for args, text in ((["merge"], "no reports given"),
                       (["merge", "missing.json"], "missing.json: No such file"),
                       (["merge", "not.json"], "not JSON"),
                       (["merge", "other.json"], "not a torchdtype JSON report"),
                       (["merge", "badfinding.json"], "finding 0 is not one torchdtype writes"),
                       (["merge", "--format=xml", clean], "unknown format 'xml'"),
                       (["merge", "--bogus", clean], "unknown option '--bogus'"),
                       (base + ["--shard=0/3"], "--shard needs I/N"),
                       (base + ["--shard=4/3"], "--shard needs I/N"),
                       (base + ["--shard=1/0"], "--shard needs I/N"),
                       (base + ["--shard=x"], "--shard needs I/N")):
        code, out, err = tool(args, d)
        expect(code == 2 and text in err.strip().splitlines()[0],
               "%s: exit 2, says %r (%d %r)" % (" ".join(args[-2:]), text, code, err[-300:]))

finish()
