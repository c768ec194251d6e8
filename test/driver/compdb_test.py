#!/usr/bin/env python3
"""`torchdtype compdb DIR` and `torchdtype check -p DIR` on a setup.py
extension without a compile database.

usage: compdb_test.py TORCHDTYPE REPO

On a copy of examples/extension (setup.py with torch.utils.cpp_extension,
Debian's python3-torch 1.13.1): compdb writes DIR/compile_commands.json
with the C++ file's compiler command (LibTorch's include directories, the
extension's name) and builds nothing; check -p DIR without a database says
it uses the setup.py's commands and reports the example's findings
(examples/expected-findings.txt); a setup.py that fails, a directory without
one and bad arguments are errors (exit 2) with a clear message.
Prints `N passed, N failed`; exit 1 on any failure, 77 without python3-torch.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOOL, REPO = (os.path.abspath(a) for a in sys.argv[1:3])
sys.path.insert(0, os.path.join(REPO, "test"))
from testing import expect, finish  # noqa: E402

PY = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else shutil.which("python3")


def run(*args, cwd=None):
    r = subprocess.run([TOOL] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=900, cwd=cwd)
    return r.returncode, r.stdout, r.stderr


def main():
    if subprocess.run([PY, "-c", "import torch.utils.cpp_extension"],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        print("SKIP: %s cannot import torch (apt-get install python3-torch)" % PY)
        return 77
    expected = sorted((int(m.group(1)), m.group(2)) for m in (
        re.match(r"^extension/fused_ops\.cpp:(\d+):\d+: warning: .*\[(torchdtype-[\w-]+)\]$", l)
        for l in open(os.path.join(REPO, "examples", "expected-findings.txt"))) if m)
    with tempfile.TemporaryDirectory(prefix="torchdtype-compdb-") as d:
        ext = os.path.join(d, "ext")
        shutil.copytree(os.path.join(REPO, "examples", "extension"), ext,
                        ignore=shutil.ignore_patterns("build", "*.so", "CMakeLists.txt"))
        shutil.copy(os.path.join(REPO, "examples", ".clang-tidy"), d)
        before = set(os.listdir(ext))

        code, out, err = run("compdb", ext)
        db = os.path.join(ext, "compile_commands.json")
        entries = json.load(open(db)) if os.path.exists(db) else []
        expect(code == 0 and len(entries) == 1
               and entries[0]["file"] == os.path.join(ext, "fused_ops.cpp")
               and entries[0]["directory"] == ext,
               "compdb: one entry for fused_ops.cpp (%d %r %r)" % (code, entries, err[-600:]))
        args = entries[0].get("arguments", []) if entries else []
        expect("-c" in args and any(a.startswith("-I") and "torch" in a for a in args)
               and "-DTORCH_EXTENSION_NAME=fused_ops" in args,
               "compdb: the compiler's command with LibTorch's -I and the extension name %r" % args)
        expect(set(os.listdir(ext)) - before == {"compile_commands.json"},
               "compdb builds nothing in the project %r" % sorted(set(os.listdir(ext)) - before))

        # check -p DIR without a database: the setup.py's commands.
        os.remove(db)
        code, out, err = run("check", "-p", ext, "--no-pch", "--checks=-*,torchdtype-*")
        got = sorted((int(l), c) for l, c in re.findall(
            r"^\S+fused_ops\.cpp:(\d+):\d+: warning: .*\[(torchdtype-[\w-]+)\]$", out, re.M))
        expect(code == 1 and "the commands its setup.py runs (torchdtype compdb)" in err
               and got == expected,
               "check -p DIR with a setup.py only: the example's findings (%d)\n%r\n%r\n%s"
               % (code, got, expected, err[-600:]))

        # Errors.
        open(os.path.join(ext, "setup.py"), "a").write("\nraise SystemExit('broken setup.py')\n")
        code, out, err = run("compdb", ext)
        expect(code == 2 and "setup.py" in err and "broken setup.py" in err,
               "a failing setup.py: exit 2, its message (%d %r)" % (code, err[-400:]))
        code, out, err = run("check", "-p", ext)
        expect(code == 2 and "broken setup.py" in err,
               "check on a failing setup.py: exit 2 (%d %r)" % (code, err[-400:]))
        code, out, err = run("compdb", d + "/nowhere")
        expect(code == 2 and "no setup.py in" in err, "no setup.py: exit 2 (%d %r)" % (code, err))
        for bad in (["compdb"], ["compdb", "-o"], ["compdb", "--bogus", ext], ["compdb", ext, ext]):
            code, out, err = run(*bad)
            expect(code == 2 and ("usage" in (out + err).lower() or "needs a value" in err),
                   "%r: exit 2 with usage (%d %r)" % (bad, code, err[-300:]))
        code, out, err = run("compdb", "--python", "/nonexistent/python", os.path.join(REPO, "examples", "extension"))
        expect(code == 2 and "Python" in err, "a missing --python: exit 2 (%d %r)" % (code, err))
    return finish()


if __name__ == "__main__":
    sys.exit(main())
