#!/usr/bin/env python3
"""Tests `torchdtype check` on small projects over the mock headers, and on
the example project against stock clang-tidy-19 --load.

usage: check_test.py TORCHDTYPE CLANG_TIDY_19 MODULE MOCK_INCLUDE EXAMPLES_BUILD [STOCK_OUTPUT]
  STOCK_OUTPUT: clang-tidy-19 --load's output on the example project, as
  `examples/check.py --save-output` keeps it (else clang-tidy-19 runs here)
Prints `N passed, N failed`; exit 1 on any failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOOL, TIDY, MODULE, MOCK, EXAMPLES_BUILD = sys.argv[1:6]
STOCK_OUTPUT = sys.argv[6] if len(sys.argv) > 6 else None
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The example project's warnings, as examples/expected-findings.txt lists them
# (its CMake project; the .cu launcher is not part of it).
EXAMPLE_WARNINGS = sum(1 for l in open(os.path.join(ROOT, "examples", "expected-findings.txt"))
                       if ": warning: " in l and not l.startswith("#")
                       and ".cu:" not in l.split(": warning: ")[0])
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # test/
from testing import expect, failed, finish  # noqa: E402


def run(args, cwd=None):
    r = subprocess.run([TOOL, "check"] + args, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def project(d, files):
    """Writes files and a compile_commands.json for the .cpp ones."""
    entries = []
    for name, text in files.items():
        path = os.path.join(d, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").write(text)
        if name.endswith(".cpp"):
            entries.append({"directory": d, "file": path,
                            "arguments": ["clang++", "-std=c++17", "-isystem", MOCK,
                                          "-c", path]})
    json.dump(entries, open(os.path.join(d, "compile_commands.json"), "w"))


BUGGY = """#include <torch/torch.h>
void f() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  torch::mm(a, b);
  torch::mm(a, b); // NOLINT(torchdtype-mixed-precision)
  // NOLINTNEXTLINE(torchdtype-*)
  torch::mm(a, b);
}
"""
CLEAN = """#include <torch/torch.h>
void g() {
  auto a = torch::randn({2, 2});
  torch::mm(a, a);
}
"""
BROKEN = """#include <torch/torch.h>
void h() { undeclared_thing(); }
"""


def warnings_of(report):
    return [f for f in report.get("findings", []) if f.get("level") == "warning"]


def warnings(out):
    return [l for l in out.splitlines() if ": warning: " in l]


with tempfile.TemporaryDirectory() as d:
    project(d, {"clean.cpp": CLEAN})
    code, out, err = run(["-p", d, "--quiet"])
    expect(code == 0 and not warnings(out), "clean project: exit 0, no warnings (%d, %r)" % (code, out))

    project(d, {"clean.cpp": CLEAN, "buggy.cpp": BUGGY})
    code, out, err = run(["-p", d])
    w = warnings(out)
    expect(code == 1, "buggy project exits 1 (%d)" % code)
    expect(len(w) == 1 and "buggy.cpp:5:3: warning: 'mm' requires operands" in w[0],
           "one warning, NOLINT and NOLINTNEXTLINE honoured: %r" % w)
    expect("note: operand 'a' has dtype Float from here" in out, "notes printed")

    expect(run(["-p", d, "--full-traversal"])[1] == out, "--full-traversal: same report")
    # Same report whatever the number of jobs.
    out1 = run(["-p", d, "-j", "1"])[1]
    out2 = run(["-p", d, "-j", "2"])[1]
    out3 = run(["-p", d, "-j2"])[1]
    expect(out1 == out2 == out3 == out, "-j 1, -j 2 and -j2 give the same report")

    # A named file only; a file outside the database.
    code, out, _ = run(["-p", d, os.path.join(d, "clean.cpp")])
    expect(code == 0 and not warnings(out), "named clean file only")
    code, _, err = run(["-p", d, "/nonexistent.cpp"])
    expect(code == 2 and "no such file" in err, "a file that does not exist: exit 2")

    # .clang-tidy is read: the targeted version changes the linked record.
    open(os.path.join(d, ".clang-tidy"), "w").write(
        "CheckOptions:\n  PyTorchVersion: '1.13'\n")
    out = run(["-p", d])[1]
    expect("[kb: pytorch/scalar-type-mismatch]" in out, ".clang-tidy PyTorchVersion read: %r" % out[:300])
    # A .clang-tidy that does not parse (an unknown key): clang-tidy's error
    # once, not once per file, one line saying it was ignored, exit 2, and
    # the findings of the default configuration all the same.
    open(os.path.join(d, ".clang-tidy"), "w").write(
        "Frobnicate: yes\nCheckOptions:\n  PyTorchVersion: '1.13'\n")
    code, out, err = run(["-p", d, "--no-cache"])
    expect(code == 2 and err.count("unknown key 'Frobnicate'") == 1
           and ".clang-tidy: error: the configuration does not parse (see above) and was ignored" in err
           and "[kb: pytorch/mm-kernel-dtype-mismatch]" in out,
           "a .clang-tidy with an unknown key: one error, exit 2, the run intact (%d %r)" % (code, err[-500:]))
    # A knowledge-base directory with broken records: each problem named once
    # on stderr (not once per check and file, not a finding in the report),
    # exit 2, the built-in records in the messages; and again on a warm run.
    kb = os.path.join(d, "kb-bad")
    os.makedirs(kb)
    open(os.path.join(kb, "syntax.json"), "w").write('{ "id": ')
    open(os.path.join(kb, "types.json"), "w").write('{"id": "user/x", "signature": 3}')
    open(os.path.join(d, ".clang-tidy"), "w").write("CheckOptions:\n  KnowledgeBase: '%s'\n" % kb)
    report = os.path.join(d, "kb-report.json")
    for attempt in ("cold", "warm"):
        code, out, err = run(["-p", d, "--format=json", "-o", report])
        findings = json.load(open(report))["findings"]
        expect(code == 2 and err.count("syntax.json: not valid JSON") == 1
               and err.count("types.json: field 'signature': must be a string") == 1
               and "torchdtype check: the configuration has problems" in err,
               "%s: a broken kb record named once, exit 2 (%d %r)" % (attempt, code, err[-600:]))
        expect([f["check"] for f in findings] == ["torchdtype-mixed-precision"]
               and "[kb: pytorch/mm-kernel-dtype-mismatch]" in findings[0]["message"],
               "%s: broken kb: the report holds the one finding, built-in record %r"
               % (attempt, [f["message"][:80] for f in findings]))
    os.remove(os.path.join(d, ".clang-tidy"))
    out = run(["-p", d])[1]
    expect("[kb: pytorch/mm-kernel-dtype-mismatch]" in out, "default version without .clang-tidy")
    # --checks disables; --config overrides.
    code, out, _ = run(["-p", d, "--checks=-*,torchdtype-device-mismatch"])
    expect(code == 0 and not warnings(out), "--checks selects checks")
    out = run(["-p", d, "--config={CheckOptions: {PyTorchVersion: '1.13'}}"])[1]
    expect("[kb: pytorch/scalar-type-mismatch]" in out, "--config overrides")

    # JSON and -o.
    report = os.path.join(d, "report.json")
    code, out, _ = run(["-p", d, "--format=json", "-o", report])
    data = json.load(open(report))
    expect(code == 1 and out == "" and len(data["findings"]) == 1, "json to -o")
    f = data["findings"][0]
    expect(f["check"] == "torchdtype-mixed-precision" and f["location"]["line"] == 5
           and f["notes"], "json finding fields: %r" % f)

    # Commands in several directories, analysed in parallel: a relative -o
    # lands where the command was run (each run has its own working
    # directory; a shared one left -o in a command's directory), and each
    # file's relative -I is resolved in its own directory.
    multi = os.path.join(d, "multi")
    entries = []
    for i in range(8):
        sub = os.path.join(multi, "p%d" % i)
        os.makedirs(os.path.join(sub, "inc"), exist_ok=True)
        dt = "torch::kHalf" if i == 5 else "torch::kFloat"
        open(os.path.join(sub, "inc", "cfg.h"), "w").write(
            "#pragma once\n#define PROJ_DTYPE %s\n" % dt)
        src = os.path.join(sub, "main.cpp")
        open(src, "w").write('#include <torch/torch.h>\n#include "cfg.h"\n'
                             "void f%d() {\n  auto a = torch::randn({2, 2});\n"
                             "  torch::mm(a, torch::randn({2, 2}, PROJ_DTYPE));\n}\n" % i)
        entries.append({"directory": sub, "file": "main.cpp",
                        "arguments": ["clang++", "-std=c++17", "-isystem", MOCK,
                                      "-I", "inc", "-c", "main.cpp"]})
    json.dump(entries, open(os.path.join(multi, "compile_commands.json"), "w"))
    code, out, err = run(["-p", multi, "-j", "2", "--format=json", "-o", "multi.json"], cwd=multi)
    ok = os.path.exists(os.path.join(multi, "multi.json"))
    expect(ok, "relative -o written where check ran: %s" % err[-300:])
    if ok:
        got = json.load(open(os.path.join(multi, "multi.json")))
        where = sorted(os.path.basename(os.path.dirname(f["location"]["file"]))
                       for f in got["findings"])
        expect(where == ["p5"] and not got["failed_files"],
               "each -I resolved in its command's directory: %r %r" % (where, got["failed_files"]))
    stray = [r for r, _, fs in os.walk(multi) if "multi.json" in fs and r != multi]
    expect(not stray, "no -o output left in a command's directory: %r" % stray)

    # A file that does not parse: exit 2, the others still analysed.
    project(d, {"clean.cpp": CLEAN, "buggy.cpp": BUGGY, "broken.cpp": BROKEN})
    code, out, err = run(["-p", d])
    expect(code == 2, "broken file: exit 2 (%d)" % code)
    expect("broken.cpp: error: the file could not be analysed" in out, "broken file named")
    expect(any("buggy.cpp:5:3" in l for l in warnings(out)), "other files still analysed")

    # Bad input.
    code, _, err = run(["-p", os.path.join(d, "nowhere")])
    expect(code == 2 and "no compilation database" in err, "missing database: exit 2")
    code, _, err = run(["--frobnicate"])
    expect(code == 2 and "unknown option" in err, "unknown option: exit 2")
    code, _, err = run(["-p", d, "--format=xml"])
    expect(code == 2 and "unknown format" in err, "unknown format: exit 2")
    code, _, err = run(["-p", d, "-j", "0"])
    expect(code == 2, "-j 0: exit 2")
    code, _, err = run(["-p", d, "-jx"])
    expect(code == 2 and "-j needs a positive number" in err, "-jx: exit 2, said why")

# Broken compile databases: one clear line each, exit 2, never a crash; bad
# entries are named and left out, and the rest of the run goes on.
with tempfile.TemporaryDirectory() as d:
    db = os.path.join(d, "compile_commands.json")
    for text, needle in [("", "not valid JSON"), ("[", "not valid JSON"),
                         ("[]", "the database is empty"), ('{"a": 1}', "not a JSON array")]:
        open(db, "w").write(text)
        code, out, err = run(["-p", d])
        lines = [l for l in err.splitlines() if l.strip()]
        expect(code == 2 and len(lines) == 1 and needle in lines[0]
               and "compile_commands.json" in lines[0],
               "database %r: exit 2 and one line saying %r (%d, %r)" % (text, needle, code, err))
    project(d, {"buggy.cpp": BUGGY})
    entries = json.load(open(db))
    good = entries[0]
    entries += [dict(good), dict(good, directory="sub/.."), {"file": "x.cpp"}, 5,
                dict(good, file=os.path.join(d, "gone.cpp"))]
    json.dump(entries, open(db, "w"))
    code, out, err = run(["-p", d, "--format=json"])
    report = json.loads(out) if out.startswith("{") else {}
    expect(code == 2, "bad entries: exit 2 for the missing file (%d, %r)" % (code, err))
    for needle in ["entry 3: \"directory\" is not an absolute path", "entry 4: no \"directory\"",
                   "entry 5: not an object", "gone.cpp: error: no such file"]:
        expect(needle in err, "bad entries: %r named (%r)" % (needle, err))
    expect(len(warnings_of(report)) == 1,
           "bad entries: buggy.cpp analysed once, its 1 warning kept (%r)" % report)
    expect(report.get("failed_files") == [os.path.join(d, "gone.cpp")],
           "bad entries: the missing file listed as failed (%r)" % report.get("failed_files"))

# On a terminal (script(1) provides one) a progress line is shown; not in a pipe.
if shutil.which("script"):
    with tempfile.TemporaryDirectory() as d:
        project(d, {"clean.cpp": CLEAN, "buggy.cpp": BUGGY})
        r = subprocess.run(["script", "-qec", "%s check -p %s" % (TOOL, d), "/dev/null"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
        expect(re.search(r"\[2/2\] \w+\.cpp", r.stdout) is not None, "progress on a terminal: %r" % r.stdout[-300:])
        code, out, err = run(["-p", d])
        expect("[1/2]" not in err and "[2/2]" not in err, "no progress in a pipe: %r" % err)

# --fix applies the fix-its of the findings reported; a second run is clean.
with tempfile.TemporaryDirectory() as d:
    project(d, {"fixme.cpp": BUGGY.replace(" // NOLINT(torchdtype-mixed-precision)", "")
                .replace("  // NOLINTNEXTLINE(torchdtype-*)\n", "")})
    code, out, err = run(["-p", d, "--fix"])
    text = open(os.path.join(d, "fixme.cpp")).read()
    expect(code == 1 and text.count("torch::mm(a, b.to(at::kFloat));") == 3
           and "applied the fixes of 3 finding(s)" in err,
           "--fix rewrites both calls: %r %r" % (text, err))
    code, out, _ = run(["-p", d])
    expect(code == 0 and not warnings(out), "after --fix: no findings (%d, %r)" % (code, out))

# --only-changed in a real git repository.
with tempfile.TemporaryDirectory() as d:
    project(d, {"a.cpp": BUGGY.replace("  torch::mm(a, b); // NOLINT(torchdtype-mixed-precision)\n", "")
                .replace("  // NOLINTNEXTLINE(torchdtype-*)\n  torch::mm(a, b);\n", "")})
    git = lambda *a: subprocess.run(["git", "-C", d] + list(a), check=True,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    git("init", "-q")
    git("-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
    code, out, _ = run(["-p", d, "--only-changed"], cwd=d)
    expect(code == 0 and not warnings(out), "--only-changed, nothing changed: no findings")
    src = open(os.path.join(d, "a.cpp")).read()
    open(os.path.join(d, "a.cpp"), "w").write(
        src.replace("}\n", "  torch::matmul(a, b);\n}\n"))
    # The new call follows one that throws: report both.
    ALL = "--config={CheckOptions: {ReportAfterThrow: true}}"
    code, out, _ = run(["-p", d, "--only-changed", ALL], cwd=d)
    w = warnings(out)
    expect(code == 1 and len(w) == 1 and "a.cpp:6:3: warning: 'matmul'" in w[0],
           "--only-changed reports only the changed line: %r" % w)
    code, out, _ = run(["-p", d, "--only-changed=HEAD", ALL], cwd=d)
    expect(len(warnings(out)) == 1, "--only-changed=REV")
    code, out, _ = run(["-p", d, ALL], cwd=d)
    expect(len(warnings(out)) == 2, "without --only-changed: both")

# torchdtype pch: a PCH stock clang-tidy-19 --load reads with the same
# flags, the same findings as without it; clear errors otherwise.
def pch(args, cwd=None):
    r = subprocess.run([TOOL, "pch"] + args, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


with tempfile.TemporaryDirectory() as d:
    flags = ["clang++-19", "-std=c++17", "-isystem", MOCK]
    write = lambda n, t: open(os.path.join(d, n), "w").write(t)  # noqa: E731
    write("prefix.h", "#include <torch/torch.h>\n")
    write("broken.h", "#include <torch/torch.h>\nint broken = ;\n")
    write("use.cpp", "#include <torch/torch.h>\nvoid f() {\n"
          "  auto a = torch::ones({2, 2});\n"
          "  auto b = torch::ones({2, 2}, torch::kHalf);\n  torch::mm(a, b);\n}\n")
    out, deps = os.path.join(d, "prefix.h.pch"), os.path.join(d, "prefix.d")
    code, _, err = pch([])
    expect(code == 2 and "usage: torchdtype pch" in err, "pch: no arguments, exit 2 (%d %r)" % (code, err))
    code, _, err = pch(["-o", out, "missing.h", "--"] + flags, cwd=d)
    expect(code == 2 and "cannot read missing.h" in err, "pch: missing header (%d %r)" % (code, err))
    code, _, err = pch(["-o", out, "broken.h", "--"] + flags, cwd=d)
    expect(code == 1 and "broken.h does not compile" in err and not os.path.exists(out),
           "pch: a header that does not compile, exit 1 (%d %r)" % (code, err))
    code, _, err = pch(["-o", os.path.join(d, "no", "dir", "p.pch"), "prefix.h", "--"] + flags, cwd=d)
    expect(code == 2 and "cannot write" in err, "pch: unwritable output, exit 2 (%d %r)" % (code, err))
    code, _, err = pch(["-o", out, "--deps", deps, "prefix.h", "--"] + flags, cwd=d)
    expect(code == 0 and os.path.getsize(out) > 0 and not err, "pch: built (%d %r)" % (code, err))
    dep_text = open(deps).read() if os.path.exists(deps) else ""
    expect(dep_text.startswith(out + ":") and os.path.join(MOCK, "torch", "torch.h") in dep_text,
           "pch: --deps lists what it read %r" % dep_text[:300])
    tidy = lambda extra: subprocess.run(  # noqa: E731
        [TIDY, "--load=" + MODULE, "--checks=-*,torchdtype-*", os.path.join(d, "use.cpp"), "--"]
        + flags[1:] + extra, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    plain, with_pch = tidy([]), tidy(["-include-pch", out])
    expect(": warning: " in plain and with_pch == plain,
           "pch: clang-tidy-19 --load with -include-pch gives the same report\n%s\n%s"
           % (plain[-600:], with_pch[-600:]))
    # The bodies of LibTorch's functions are skipped, another library's kept;
    # --all-bodies keeps them all (clang++-19 dumps what the PCH holds).
    write("bodies.h", "#pragma once\nnamespace at { inline int modelled() { return 1; } }\n"
          "namespace mylib { inline int followed() { return 2; } }\n")
    write("bodies.cpp", '#include "bodies.h"\n'
          "int main() { return at::modelled() + mylib::followed(); }\n")
    for extra, want in (([], {"modelled": 0, "followed": 1}),
                        (["--all-bodies"], {"modelled": 1, "followed": 1})):
        code, _, err = pch(extra + ["-o", out, "bodies.h", "--", "clang++-19", "-std=c++17"], cwd=d)
        got = {}
        for fn in want:
            dump = subprocess.run(
                ["clang++-19", "-std=c++17", "-fsyntax-only", "-include-pch", out,
                 "-Xclang", "-ast-dump", "-Xclang", "-ast-dump-filter", "-Xclang", fn,
                 "bodies.cpp"], cwd=d, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True)
            got[fn] = dump.stdout.count("CompoundStmt") if dump.returncode == 0 else -1
        expect(code == 0 and got == want,
               "pch %s: bodies kept %r, expected %r (%d %r)" % (extra, got, want, code, err))

# A database from CMake's target_precompile_headers, before the build: each
# unit's -include-pch names a PCH not built yet, and -include the header it
# is made from; the PCH's own entry (-emit-pch) is no code to analyse.
with tempfile.TemporaryDirectory() as d:
    pchdir = os.path.join(d, "CMakeFiles", "app.dir")
    os.makedirs(pchdir)
    hxx = os.path.join(pchdir, "cmake_pch.hxx")
    open(hxx, "w").write("#include <torch/torch.h>\n")
    open(hxx + ".cxx", "w").write("/* empty */\n")
    # no #include of its own: the forced one brings LibTorch, as in a
    # project that relies on its precompiled header
    open(os.path.join(d, "use.cpp"), "w").write(
        "void f() {\n  auto a = torch::ones({2, 2});\n"
        "  auto b = torch::ones({2, 2}, torch::kHalf);\n  torch::mm(a, b);\n}\n")
    flags = ["clang++", "-std=c++17", "-isystem", MOCK]
    forced = ["-Xclang", "-include-pch", "-Xclang", hxx + ".pch",
              "-Xclang", "-include", "-Xclang", hxx]
    json.dump([{"directory": d, "file": hxx + ".cxx",
                "arguments": flags + ["-Xclang", "-emit-pch", "-Xclang", "-include", "-Xclang",
                                      hxx, "-x", "c++-header", "-o", hxx + ".pch", "-c",
                                      hxx + ".cxx"]},
               {"directory": d, "file": os.path.join(d, "use.cpp"),
                "arguments": flags + forced + ["-c", "use.cpp", "-o", "use.o"]}],
              open(os.path.join(d, "compile_commands.json"), "w"))
    # run from a directory whose .clang-tidy turns the checks off: use.cpp,
    # named relative to its entry's directory, is still configured by its own
    elsewhere = os.path.join(d, "elsewhere")
    os.makedirs(elsewhere)
    open(os.path.join(elsewhere, ".clang-tidy"), "w").write("Checks: '-*,llvm-*'\n")
    code, out, err = run(["-p", d, "--stats", "--no-cache"], cwd=elsewhere)
    expect(code == 1 and len(warnings(out)) == 1 and "use.cpp:4:3: warning: 'mm'" in out,
           "cmake pch not built: use.cpp read through the header (%d %r %r)" % (code, out, err))
    expect(hxx + ".pch is not built yet" in err
           and "cmake_pch.hxx.cxx: skipped: it builds a precompiled header" in err
           and "1 analysed, 0 from the cache, 1 skipped" in err,
           "cmake pch not built: said once, its own entry skipped %r" % err)

# The example project: the same findings as stock clang-tidy-19 --load.
db = os.path.join(EXAMPLES_BUILD, "compile_commands.json")
if not os.path.exists(db):
    subprocess.run(["cmake", "-S", os.path.join(ROOT, "examples"), "-B", EXAMPLES_BUILD,
                    "-G", "Ninja", "-DCMAKE_CXX_COMPILER=clang++-19"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if os.path.exists(db):
    # a fresh cache: the app's two files share a precompiled header; the
    # extension's file, alone with its flags, gets its own (cheaper than its
    # parse without one)
    excache = tempfile.mkdtemp(prefix="torchdtype-excache")
    code, out, err = run(["-p", EXAMPLES_BUILD, "--cache-dir=" + excache, "--stats"])
    expect("pch: 2 built" in err and "no pch:" not in err,
           "example project: a PCH built for the app, one for the extension (%r)" % err[-300:])
    ours = sorted(l for l in out.splitlines() if ": warning: " in l or ": note: " in l)
    # stock clang-tidy-19 --load's output: as the example-clang-tidy-load
    # test kept it (ctest runs that test first), else from a run here
    if STOCK_OUTPUT and os.path.exists(STOCK_OUTPUT):
        stock = [open(STOCK_OUTPUT).read()]
    else:
        stock = [subprocess.run([TIDY, "--load=" + MODULE, "-p", EXAMPLES_BUILD, f],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True).stdout
                 for f in sorted({e["file"] for e in json.load(open(db))})]
    theirs = [l for o in stock for l in o.splitlines()
              if re.match(r"^/.*:\d+:\d+: (warning|note): ", l)]
    theirs = sorted(re.sub(r" \[torchdtype-[\w-]+\]$", lambda m: m.group(0), l) for l in theirs)
    expect(code == 1 and len([l for l in ours if ": warning: " in l]) == EXAMPLE_WARNINGS,
           "example project: %d warnings, exit 1 (%d)" % (EXAMPLE_WARNINGS, code))
    expect(ours == theirs, "example project: same warnings and notes as clang-tidy-19 --load\n"
           + "\n".join(sorted(set(ours) ^ set(theirs))))
    # The matchers walk only the user's code by default: the same report as
    # walking everything.
    full = run(["-p", EXAMPLES_BUILD, "--full-traversal"])[1]
    expect(full == out, "example project: --full-traversal gives the same report")
    # (without PCH and cache: the clang-tidy-19 --load runs above)
    code2, warm, err = run(["-p", EXAMPLES_BUILD, "--cache-dir=" + excache, "--stats"])
    expect(warm == out and code2 == code and "0 analysed, 3 from the cache" in err,
           "example project: warm run from the cache, same report (%r)" % err[-300:])
    shutil.rmtree(excache, ignore_errors=True)
    # The app with CMake's precompiled <torch/torch.h>, configured and not
    # built: the app's findings of the report above, its PCH's entry skipped.
    with tempfile.TemporaryDirectory() as pchbuild:
        r = subprocess.run(["cmake", "-S", os.path.join(ROOT, "examples"), "-B", pchbuild,
                            "-G", "Ninja", "-DCMAKE_CXX_COMPILER=clang++-19",
                            "-DTORCHDTYPE_EXAMPLES_PCH=ON",
                            "-DTORCHDTYPE_EXAMPLES_EXTENSION=OFF"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        code3, cm, err = run(["-p", pchbuild, "--stats", "--no-cache"])
        app = "\n".join(l for l in out.splitlines() if "/examples/app/" in l)
        expect(r.returncode == 0 and code3 == 1 and cm.strip() == app.strip()
               and "cmake_pch.hxx.pch is not built yet" in err
               and "cmake_pch.hxx.cxx: skipped" in err,
               "example app with CMake's PCH, not built: the app's findings (%d %r %r)"
               % (code3, err[-600:], sorted(set(cm.splitlines()) ^ set(app.splitlines()))))
else:
    print("SKIP example comparison: examples could not be configured (no LibTorch?)")

for f in failed:
    print("FAIL " + f)
finish()
