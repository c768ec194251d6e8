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
list "defines" (as torch.utils.cpp_extension passes TORCH_EXTENSION_NAME; a
unit may add its own, and "undefines" for -U). A CUDAExtension's manifest
says "cuda_extension": true: its C++ units get $CUDA_HOME/include too, as
cpp_extension gives every source of one. A `.cu` unit is given an nvcc command (from
$CUDA_HOME, else /usr/local/cuda), whose host side the tool reads in
clang's CUDA mode, or skips with one line without CUDA headers. Every unit is
compiled with the system's LibTorch 1.13.1 (-isystem, as installed) and the
checks target PyTorch 1.13, or with --libtorch 2.6.0 / 2.14.1 the headers
tools/fetch-libtorch-headers.sh fetched, and the checks target that version. Prints each torchdtype finding and a line per
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
    ap.add_argument("--libtorch", metavar="VERSION",
                    help="LibTorch headers: 1.13.1 (installed) or 2.6.0 / 2.14.1 "
                         "(from tools/fetch-libtorch-headers.sh); the checks target it "
                         "(default: the manifest's \"libtorch\", else 1.13.1)")
    ap.add_argument("--strict", action="store_true",
                    help="StrictMode for the checks that have it (missing-device-guard, "
                         "dispatch-operand-dtype): also functions whose callers are in "
                         "other files")
    ap.add_argument("--no-python-wrappers", action="store_true",
                    help="dispatch-operand-dtype does not read the extension's Python "
                         "package (its PythonWrappers option off)")
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

    torch_includes, config = TORCH_INCLUDES, CONFIG
    args.libtorch = args.libtorch or manifest.get("libtorch", "1.13.1")
    if args.libtorch != "1.13.1":
        base = os.path.join(os.environ.get("TORCHDTYPE_CACHE",
                                           os.path.expanduser("~/.cache/torchdtype")),
                            "libtorch", args.libtorch, "usr", "include")
        if not os.path.exists(os.path.join(base, "torch", "csrc", "api", "include")):
            sys.exit("public-code: no LibTorch %s headers in %s (run "
                     "tools/fetch-libtorch-headers.sh)" % (args.libtorch, base))
        torch_includes = ["-isystem", base + "/torch/csrc/api/include", "-isystem", base]
        config = CONFIG.replace("'1.13'", "'%s'" % ".".join(args.libtorch.split(".")[:2]))

    if args.strict:
        config = config.replace(
            "CheckOptions: {", "CheckOptions: {torchdtype-missing-device-guard.StrictMode: true, "
            "torchdtype-dispatch-operand-dtype.StrictMode: true, ")
    if args.no_python_wrappers:
        config = config.replace(
            "CheckOptions: {", "CheckOptions: {torchdtype-dispatch-operand-dtype.PythonWrappers: false, ")
    with tempfile.TemporaryDirectory() as work:
        # Headers of PyTorch's own that a wheel ships and Debian's package
        # does not (THC/THCAtomics.cuh): the manifest's "stand_ins", the
        # last include directory given.
        stand_ins = os.path.join(work, "stand-ins")
        for name, text in manifest.get("stand_ins", {}).items():
            os.makedirs(os.path.dirname(os.path.join(stand_ins, name)), exist_ok=True)
            with open(os.path.join(stand_ins, name), "w") as f:
                f.write(text)
        db = []
        for u in units:
            path = os.path.join(src, u["file"])
            if not os.path.exists(path):
                print("missing   %s" % u["file"])
                continue
            flags = ["-std=" + manifest.get("std", "c++17")] + torch_includes
            if manifest.get("python_headers"):
                flags += ["-isystem", python_include()]
            flags += ["-D" + d for d in manifest.get("defines", [])]
            for inc in u.get("include", []):
                flags += ["-I", os.path.join(src, inc)]
            flags += ["-D" + d for d in u.get("defines", [])]
            flags += ["-U" + d for d in u.get("undefines", [])]
            if manifest.get("stand_ins"):
                flags += ["-isystem", stand_ins]  # nvcc has no -idirafter
            # A .cu unit gets the nvcc command cpp_extension would write;
            # `torchdtype check` reads its host side in clang's CUDA mode.
            compiler = ["clang++"]
            cuda_home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
            if manifest.get("cuda_extension") and not path.endswith(".cu"):
                flags += ["-isystem", os.path.join(cuda_home, "include")]
            if path.endswith(".cu"):
                compiler = [os.path.join(cuda_home, "bin", "nvcc"), "--expt-relaxed-constexpr",
                            # torch.utils.cpp_extension's COMMON_NVCC_FLAGS
                            "-D__CUDA_NO_HALF_OPERATORS__", "-D__CUDA_NO_HALF_CONVERSIONS__",
                            "-D__CUDA_NO_BFLOAT16_CONVERSIONS__",
                            "-D__CUDA_NO_HALF2_OPERATORS__"]
            db.append({"directory": os.path.dirname(path),
                       "file": path,
                       "arguments": compiler + flags + ["-c", path]})
        json.dump(db, open(os.path.join(work, "compile_commands.json"), "w"))
        if args.out:
            os.makedirs(args.out, exist_ok=True)
        report = os.path.join(args.out or work, "%s.json" %
                              manifest["repo"].replace("/", "+"))
        proc = subprocess.run([tool, "check", "-p", work, "--quiet",
                               "--config=" + config, "--format=json",
                               "-o", report, "--cache-dir",
                               os.path.join(work, "cache")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
        if proc.returncode not in (0, 1, 2) or not os.path.exists(report):
            sys.exit("public-code: torchdtype check failed (%d): %s" %
                     (proc.returncode, proc.stderr[-2000:]))
        got = json.load(open(report))

    failed = got.get("failed_files", [])
    errors = [f for f in got["findings"] if f["check"] == "clang-diagnostic-error"
              and f["location"].get("file")]
    for f in failed:
        name = f if isinstance(f, str) else f.get("file", str(f))
        # Its first compiler error (in the unit or a header it includes).
        first = next((e for e in errors if e["location"]["file"] == name or any(
            n["location"].get("file") == name for n in e.get("notes", []))), None)
        why = ""
        if first:
            loc = first["location"]
            why = ": %s:%d: %s" % (os.path.relpath(loc["file"], src), loc["line"],
                                   first["message"])
        print("no parse  %s%s" % (os.path.relpath(name, src), why))
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
