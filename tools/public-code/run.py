#!/usr/bin/env python3
"""Runs `torchdtype check` over public LibTorch code, to see what it says on
working programs (docs/analysis.md, "Tried on public LibTorch code").

  tools/public-code/run.py MANIFEST.json SOURCE_DIR [--build build] [--out DIR]

MANIFEST names a public repository, the commit tried and its translation
units (each a file and its -I directories, relative to the checkout); the
checkout itself (SOURCE_DIR: a copy of the repository at that commit) is
fetched for the run and never kept in this repository. An extension's
manifest says "python_headers": true (its units include <torch/extension.h>,
which needs Python.h: Debian's python3's include directory is added) and may
list "defines" (as torch.utils.cpp_extension passes TORCH_EXTENSION_NAME). Every unit is
compiled with the system's LibTorch 1.13.1 (-isystem, as installed) and the
checks target PyTorch 1.13. Prints each torchdtype finding and a line per
unit that does not parse (its compiler errors are not counted as findings),
then `N units, N parsed, N warnings`.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TORCH_INCLUDES = ["-isystem", "/usr/include/torch/csrc/api/include"]
CONFIG = ("{Checks: '-*,torchdtype-*', "
          "CheckOptions: {PyTorchVersion: '1.13'}}")


def python_include():
    """Python.h's directory, as Debian's python3 (the one of python3-torch)
    reports it."""
    py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    return subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
                          stdout=subprocess.PIPE, text=True, check=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("manifest")
    ap.add_argument("source")
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--out", help="keep the JSON report in this directory")
    args = ap.parse_args()

    try:
        manifest = json.load(open(args.manifest))
        units = manifest["units"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit("public-code: cannot read manifest %s: %s" % (args.manifest, e))
    src = os.path.abspath(args.source)
    tool = os.path.join(args.build, "bin", "torchdtype")
    if not os.access(tool, os.X_OK):
        sys.exit("public-code: no %s (build first: bash tools/build.sh)" % tool)

    with tempfile.TemporaryDirectory() as work:
        db = []
        for u in units:
            path = os.path.join(src, u["file"])
            if not os.path.exists(path):
                print("missing   %s" % u["file"])
                continue
            flags = ["-std=" + manifest.get("std", "c++17")] + TORCH_INCLUDES
            if manifest.get("python_headers"):
                flags += ["-isystem", python_include()]
            flags += ["-D" + d for d in manifest.get("defines", [])]
            for inc in u.get("include", []):
                flags += ["-I", os.path.join(src, inc)]
            db.append({"directory": os.path.dirname(path),
                       "file": path,
                       "arguments": ["clang++"] + flags + ["-c", path]})
        json.dump(db, open(os.path.join(work, "compile_commands.json"), "w"))
        report = os.path.join(args.out or work, "%s.json" %
                              manifest["repo"].replace("/", "+"))
        proc = subprocess.run([tool, "check", "-p", work, "--quiet",
                               "--config=" + CONFIG, "--format=json",
                               "-o", report, "--cache-dir",
                               os.path.join(work, "cache")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
        if proc.returncode not in (0, 1, 2) or not os.path.exists(report):
            sys.exit("public-code: torchdtype check failed (%d): %s" %
                     (proc.returncode, proc.stderr[-2000:]))
        got = json.load(open(report))

    failed = got.get("failed_files", [])
    for f in failed:
        name = f if isinstance(f, str) else f.get("file", str(f))
        print("no parse  %s" % os.path.relpath(name, src))
    ours = [f for f in got["findings"] if f["check"].startswith("torchdtype-")]
    for f in ours:
        loc = f["location"]
        print("warning   %s:%d:%d: %s [%s]" % (
            os.path.relpath(loc["file"], src), loc["line"], loc.get("column", 0),
            f["message"], f["check"]))
    print("%s@%s: %d units, %d parsed, %d warnings" % (
        manifest["repo"], manifest.get("commit", "?")[:12], len(db),
        len(db) - len(failed), len(ours)))


if __name__ == "__main__":
    main()
