#!/usr/bin/env python3
"""The Debian package: built by CPack, unpacked into an empty root, and run
from there with the build tree hidden.

usage: package_test.py BUILD_DIR CLANG_TIDY_19 LOAD_OUTPUT

Builds the package of BUILD_DIR (cpack -G DEB, into a temporary directory),
checks its dependencies (clang-tidy-19 and runtime libraries, no -dev
package) and layout, unpacks it with dpkg-deb -x into an empty root, and in a
mount namespace where BUILD_DIR is an empty directory (unshare -m; skipped
with a note where that is not allowed) runs its three entry points on the
example project's app/main.cpp: its torchdtype-tidy, its module through
clang-tidy-19 --load, and its `torchdtype explain`. Their findings must be the
build tree's (LOAD_OUTPUT: clang-tidy-19 --load's output on the example
project, saved by the example-clang-tidy-load test), the explanation the
build's. Prints `N passed, N failed`; exit 1 on a failure, 77 when dpkg-deb
or cpack is missing.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

BUILD, CLANG_TIDY, LOAD_OUTPUT = [os.path.abspath(a) if os.path.exists(a) else a
                                  for a in sys.argv[1:4]]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test"))
from testing import expect, finish  # noqa: E402

MAIN = os.path.join(ROOT, "examples", "app", "main.cpp")
MESSAGE = "expected scalar type Float but found Half"
DIAG = re.compile(r"^(/[^:]+):(\d+):(\d+): (warning|note|error): (.*)$")


def diagnostics(text, path=MAIN):
    """The warning and note lines of PATH, in order."""
    return [m.group(0) for m in map(DIAG.match, text.splitlines())
            if m and m.group(1) == path]


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=900, **kw)


def main():
    cpack = shutil.which("cpack")
    if not cpack or not shutil.which("dpkg-deb"):
        print("SKIP: cpack or dpkg-deb not found")
        return 77
    with tempfile.TemporaryDirectory(prefix="torchdtype-package-") as tmp:
        # The package, as a user makes it.
        r = run([cpack, "-G", "DEB", "--config", os.path.join(BUILD, "CPackConfig.cmake"),
                 "-B", os.path.join(tmp, "pkg")])
        debs = glob.glob(os.path.join(tmp, "pkg", "torchdtype_*.deb"))
        expect(r.returncode == 0 and len(debs) == 1,
               "cpack made one torchdtype_*.deb (%d %r)" % (r.returncode, (r.stdout + r.stderr)[-800:]))
        if len(debs) != 1:
            return finish()
        deb = debs[0]
        depends = run(["dpkg-deb", "-f", deb, "Depends"]).stdout.strip()
        names = [d.strip().split(" ")[0] for d in depends.split(",") if d.strip()]
        for want in ("clang-tidy-19", "libclang-cpp19", "libllvm19", "libstdc++6", "libc6"):
            expect(want in names, "Depends names %s: %r" % (want, depends))
        expect(not [n for n in names if n.endswith("-dev")], "no -dev package in Depends: %r" % depends)

        # Unpacked into an empty root.
        root = os.path.join(tmp, "root")
        os.makedirs(root)
        r = run(["dpkg-deb", "-x", deb, root])
        expect(r.returncode == 0, "dpkg-deb -x %r" % r.stderr)
        usr = os.path.join(root, "usr")
        tidy = os.path.join(usr, "bin", "torchdtype-tidy")
        tool = os.path.join(usr, "bin", "torchdtype")
        module = os.path.join(usr, "lib", "torchdtype", "torchdtype.so")
        for f in (tidy, tool, module, os.path.join(usr, "share", "torchdtype", "kb", "schema.json"),
                  os.path.join(usr, "share", "torchdtype", "pre-commit-hook.sh"),
                  os.path.join(usr, "share", "doc", "torchdtype", "README.md"),
                  os.path.join(usr, "share", "doc", "torchdtype", "editors.md")):
            expect(os.path.isfile(f), "the package holds %s" % os.path.relpath(f, root))
        records = glob.glob(os.path.join(usr, "share", "torchdtype", "kb", "records", "*.json"))
        expect(len(records) == len(glob.glob(os.path.join(ROOT, "kb", "records", "*.json"))),
               "the package holds every kb record (%d)" % len(records))

        # The example project's database, outside the build tree (its
        # commands name sources and system headers only).
        db_dir = os.path.join(tmp, "db")
        os.makedirs(db_dir)
        entries = json.load(open(os.path.join(BUILD, "examples", "compile_commands.json")))
        entries = [dict(e, directory=db_dir) for e in entries if e["file"] == MAIN]
        expect(len(entries) == 1, "the example database has app/main.cpp")
        with open(os.path.join(db_dir, "compile_commands.json"), "w") as f:
            json.dump(entries, f)

        # The build tree hidden: an empty directory mounted over it.
        hide = 'mount -t tmpfs none "$0" && test ! -e "$0/bin"'
        probe = run(["unshare", "-m", "sh", "-c", hide + " && exit 0", BUILD])
        if probe.returncode == 0:
            def hidden(cmd):
                return run(["unshare", "-m", "sh", "-c", hide + ' && shift && exec "$@"',
                            BUILD, "--"] + cmd)
        else:
            print("note: no mount namespace here (%s); the build tree stays visible"
                  % (probe.stdout + probe.stderr).strip()[:200])
            hidden = run

        r = hidden([tool, "--version"])
        expect(r.returncode == 0 and re.search(r"^torchdtype \d+\.\d+\.\d+$", r.stdout, re.M)
               and re.search(r"^LLVM 19\.", r.stdout, re.M) and "1.13, 2.6, 2.14" in r.stdout,
               "torchdtype --version: %r %r" % (r.stdout, r.stderr))
        want = diagnostics(open(LOAD_OUTPUT).read())
        expect(len([w for w in want if ": warning: " in w]) >= 3,
               "the build tree's output has main.cpp's warnings (%d lines)" % len(want))
        for name, cmd in (("torchdtype-tidy", [tidy]),
                          ("clang-tidy-19 --load", [CLANG_TIDY, "--load=" + module])):
            r = hidden(cmd + ["-checks=-*,torchdtype-*", "-p", db_dir, MAIN])
            got = diagnostics(r.stdout)
            expect(r.returncode == 0 and got == want,
                   "the package's %s gives the build tree's findings (exit %d)\n%s\n--- want\n%s\n%s"
                   % (name, r.returncode, "\n".join(got), "\n".join(want), r.stderr[-600:]))
        r = hidden([tool, "explain", MESSAGE])
        ref = run([os.path.join(BUILD, "bin", "torchdtype"), "explain", MESSAGE])
        expect(r.returncode == 0 and r.stdout == ref.stdout and "pytorch/scalar-type-mismatch" in r.stdout,
               "the package's torchdtype explain: the build's answer %r %r" % (r.stdout[:300], r.stderr))
    return finish()


if __name__ == "__main__":
    sys.exit(main())
