#!/usr/bin/env python3
"""Real-header tier: run torchdtype on test/real/*.cpp, and on the lit tests of
test/checkers that test/real/shared-inputs.txt names, against real LibTorch headers.

Usage: test/real/run-real-tier.py VERSION BUILD_DIR [options] [SCENARIO.cpp ...]
  VERSION    1.13.1 | 2.6.0 | 2.14.1
  BUILD_DIR  the build tree; the tidy binary is BUILD_DIR/bin/torchdtype-tidy,
             precompiled headers go to BUILD_DIR/pch/VERSION/.
Options:
  --tidy=PATH        tidy executable (default BUILD_DIR/bin/torchdtype-tidy)
  --checks=GLOB      check name glob given to check_clang_tidy.py (default torchdtype-*)
  --libtorch-dir=D   where tools/fetch-libtorch-headers.sh put 2.6.0/2.14.1
                     (default ${TORCHDTYPE_CACHE:-~/.cache/torchdtype}/libtorch;
                     fetched when absent)
  --no-pch           parse <torch/torch.h> in every scenario (slow; for checking the PCH)
  --pch-tool=PATH    build the PCH with `PATH pch` (the torchdtype executable), which
                     defines the headers' vtables in it, instead of clang++ as CMake's
                     precompiled headers are built (each scenario's parse then costs
                     about 0.3 s instead of 2 s)
  -v                 print the tool output of passing scenarios too

Headers per version (the versioned include dirs come before the system include
dirs; the system's LibTorch 1.13.1 headers are in /usr/include, so 2.x MUST be
given with -isystem, never found through /usr/include):
  1.13.1  -std=c++17 -isystem /usr/include/torch/csrc/api/include   (+ /usr/include)
  2.6.0   -std=c++17 -isystem D/2.6.0/usr/include/torch/csrc/api/include -isystem D/2.6.0/usr/include
  2.14.1  -std=c++20 -isystem D/2.14.1/usr/include/torch/csrc/api/include -isystem D/2.14.1/usr/include

Each scenario is run through test/check_clang_tidy.py with
  -check-suffix=,V<MAJOR>,V<MAJOR><MINOR>   (e.g. ",V2,V26" for 2.6.0, ",V1,V113" for 1.13.1)
so a scenario can hold CHECK-MESSAGES lines for all versions and
CHECK-MESSAGES-V2 / CHECK-MESSAGES-V214 ... lines for some, and with
  --config={CheckOptions: {PyTorchVersion: "<MAJOR.MINOR>"}}
A scenario line `// REAL-REQUIRES: >=2.4` (or `<2.4`, `==1.13`) skips versions outside the
range (in a shared lit test, spell it `// REAL-VERSION:`: lit reads any `REQUIRES:`);
`// REAL-OPTIONS: Name: value, ...` adds check options to that CheckOptions map.

Shared inputs: test/real/shared-inputs.txt names lit tests of test/checkers
(written for the mock headers) that this tier runs as they are, with the same
CHECK-MESSAGES lines, instead of keeping copies of them here. Their RUN lines
are lit's only: here they run as any scenario does (every torchdtype check,
the version's PyTorchVersion and suffixes, REAL-REQUIRES and REAL-OPTIONS).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CLANGXX = os.environ.get("TORCHDTYPE_CLANGXX", "clang++-19")
PCH_HEADERS = ["torch/torch.h", "ATen/autocast_mode.h", "torch/script.h"]
STD = {"1.13.1": "c++17", "2.6.0": "c++17", "2.14.1": "c++20"}


def die(msg):
    print("run-real-tier: error: " + msg, file=sys.stderr)
    sys.exit(1)


def log(msg):
    print("run-real-tier: " + msg, flush=True)


def version_tuple(v):
    return tuple(int(x) for x in v.split("."))


def torch_version_in(include_dir):
    for rel in ("torch/csrc/api/include/torch/version.h", "torch/headeronly/version.h"):
        p = os.path.join(include_dir, rel)
        if os.path.exists(p):
            text = open(p).read()
            m = [re.search(r"#define TORCH_VERSION_%s (\d+)" % k, text) for k in ("MAJOR", "MINOR", "PATCH")]
            if all(m):
                return ".".join(x.group(1) for x in m)
    return None


def include_flags(version, libtorch_dir):
    if version == "1.13.1":
        inc = "/usr/include"
        if not os.path.exists(os.path.join(inc, "torch/csrc/api/include/torch/torch.h")):
            die("LibTorch 1.13.1 headers not installed (apt-get install libtorch-dev)")
        flags = ["-isystem", inc + "/torch/csrc/api/include"]
    else:
        base = os.path.join(libtorch_dir, version, "usr", "include")
        if not os.path.exists(os.path.join(base, "torch/csrc/api/include/torch/torch.h")):
            log("headers of %s not in %s; running tools/fetch-libtorch-headers.sh" % (version, libtorch_dir))
            r = subprocess.run([os.path.join(ROOT, "tools", "fetch-libtorch-headers.sh"), libtorch_dir])
            if r.returncode != 0:
                die("fetching the LibTorch %s headers failed" % version)
        inc = base
        flags = ["-isystem", inc + "/torch/csrc/api/include", "-isystem", inc]
    # compare MAJOR.MINOR only: Debian's 1.13.1 headers say TORCH_VERSION_PATCH 0
    found = torch_version_in(inc)
    if found is None or found.split(".")[:2] != version.split(".")[:2]:
        die("headers in %s are LibTorch %s, expected %s" % (inc, found, version))
    return ["-std=" + STD[version]] + flags


def read_deps(dep_file):
    text = open(dep_file).read().replace("\\\n", " ")
    _, _, deps = text.partition(":")
    # paths in .d files escape spaces with '\ '; LibTorch paths have none
    return deps.split()


def ensure_pch(version, build_dir, flags, pch_tool=None):
    d = os.path.join(build_dir, "pch", version)
    os.makedirs(d, exist_ok=True)
    header = os.path.join(d, "torch-real.h")
    pch = header + ".pch"
    dep = header + ".d"
    stamp = header + ".flags"
    content = "".join("#include <%s>\n" % h for h in PCH_HEADERS)
    want_flags = " ".join(([pch_tool, "pch"] if pch_tool else [CLANGXX, "-fpch-instantiate-templates"])
                          + flags)
    if not os.path.exists(header) or open(header).read() != content:
        with open(header, "w") as f:
            f.write(content)
    fresh = (os.path.exists(pch) and os.path.exists(dep) and os.path.exists(stamp)
             and open(stamp).read() == want_flags)
    if fresh:
        t = os.path.getmtime(pch)
        for p in read_deps(dep):
            if not os.path.exists(p) or os.path.getmtime(p) > t:
                fresh = False
                break
    if fresh:
        log("%s: reusing %s" % (version, pch))
        return pch, 0.0
    # -fpch-instantiate-templates: the headers' templates are instantiated once
    # here, not again at the end of every file (about 3 s a file saved).
    cmd = ["nice", "-n", "10", CLANGXX, "-fpch-instantiate-templates", "-x", "c++-header"] + flags + [
        header, "-o", pch + ".tmp", "-MD", "-MF", dep]
    if pch_tool:  # the PCH records the name it is loaded as: built in place
        cmd = ["nice", "-n", "10", pch_tool, "pch", "-o", pch, "--deps", dep, header, "--",
               CLANGXX] + flags
    log("%s: building PCH: %s" % (version, " ".join(shlex.quote(c) for c in cmd)))
    t0 = time.time()
    r = subprocess.run(cmd)
    if r.returncode != 0:
        die("building the precompiled header for %s failed" % version)
    if not pch_tool:
        os.replace(pch + ".tmp", pch)
    with open(stamp, "w") as f:
        f.write(want_flags)
    return pch, time.time() - t0


def shared_inputs():
    """The test/checkers files test/real/shared-inputs.txt names, in its order."""
    manifest = os.path.join(HERE, "shared-inputs.txt")
    files = []
    with open(manifest) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            path = os.path.join(ROOT, "test", "checkers", line)
            if not os.path.isfile(path):
                die("%s:%d: no test/checkers/%s" % (manifest, n, line))
            files.append(path)
    return files


def real_inputs():
    """Every input of the tier: test/real/*.cpp, then the shared lit tests."""
    return (sorted(os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".cpp"))
            + shared_inputs())


def output_name(path):
    """The name of an input's outputs: a shared lit test's under checkers/."""
    name = os.path.splitext(os.path.basename(path))[0]
    if os.path.dirname(os.path.abspath(path)) != HERE:
        name = os.path.join(os.path.basename(os.path.dirname(os.path.abspath(path))), name)
    return name


def requires_ok(text, version):
    for m in re.finditer(r"//\s*REAL-(?:REQUIRES|VERSION):\s*(>=|<|==)\s*([\d.]+)", text):
        op, v = m.group(1), version_tuple(m.group(2))
        have = version_tuple(version)[:len(v)]
        if (op == ">=" and not have >= v) or (op == "<" and not have < v) or (op == "==" and have != v):
            return False
    return True


def main():
    args = sys.argv[1:]
    opts = {"tidy": None, "checks": "torchdtype-*", "libtorch_dir": None, "pch": True, "verbose": False,
            "pch_tool": None}
    pos = []
    for a in args:
        if a.startswith("--tidy="):
            opts["tidy"] = a.split("=", 1)[1]
        elif a.startswith("--checks="):
            opts["checks"] = a.split("=", 1)[1]
        elif a.startswith("--libtorch-dir="):
            opts["libtorch_dir"] = a.split("=", 1)[1]
        elif a.startswith("--pch-tool="):
            opts["pch_tool"] = a.split("=", 1)[1]
        elif a == "--no-pch":
            opts["pch"] = False
        elif a == "-v":
            opts["verbose"] = True
        elif a in ("-h", "--help"):
            print(__doc__)
            return
        else:
            pos.append(a)
    if len(pos) < 2:
        print(__doc__, file=sys.stderr)
        die("expected VERSION BUILD_DIR")
    version, build_dir, scenarios = pos[0], os.path.abspath(pos[1]), pos[2:]
    if version not in STD:
        die("unknown version %s (1.13.1, 2.6.0, 2.14.1)" % version)
    libtorch_dir = opts["libtorch_dir"] or os.path.join(
        os.environ.get("TORCHDTYPE_CACHE", os.path.expanduser("~/.cache/torchdtype")), "libtorch")
    tidy = opts["tidy"] or os.path.join(build_dir, "bin", "torchdtype-tidy")
    if os.sep in tidy and not os.path.exists(tidy):
        die("tidy executable not found: %s (build the project first)" % tidy)
    if not scenarios:
        scenarios = real_inputs()

    t_start = time.time()
    flags = include_flags(version, libtorch_dir)
    pch_time = 0.0
    extra = list(flags)
    if opts["pch"]:
        pch, pch_time = ensure_pch(version, build_dir, flags, opts["pch_tool"])
        extra += ["-include-pch", pch]

    major, minor = version.split(".")[:2]
    suffixes = ",V%s,V%s%s" % (major, major, minor)
    # global option, read by the checks with Options.getLocalOrGlobal("PyTorchVersion")
    base_options = 'PyTorchVersion: "%s.%s"' % (major, minor)
    out_dir = os.path.join(build_dir, "test", "real", version)
    os.makedirs(out_dir, exist_ok=True)
    failed, ran, skipped = [], 0, 0
    for s in scenarios:
        name = output_name(s)
        if not requires_ok(open(s).read(), version):
            log("%s: %s: skipped (REAL-REQUIRES)" % (version, name))
            skipped += 1
            continue
        options = [base_options] + re.findall(r"//\s*REAL-OPTIONS:\s*(.+?)\s*$", open(s).read(), re.M)
        config = "--config={CheckOptions: {%s}}" % ", ".join(options)
        cmd = [sys.executable, os.path.join(ROOT, "test", "check_clang_tidy.py"),
               "--tidy=" + tidy, "-check-suffix=" + suffixes, "-std=" + STD[version],
               s, opts["checks"], os.path.join(out_dir, name),
               "--", config, "--"] + [f for f in extra if not f.startswith("-std=")]
        t0 = time.time()
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        dt = time.time() - t0
        ran += 1
        out = r.stdout.decode("utf-8", "replace")
        if r.returncode != 0:
            failed.append(name)
            log("%s: %s: FAIL (%.1fs)" % (version, name, dt))
            print(out)
        else:
            log("%s: %s: ok (%.1fs)" % (version, name, dt))
            if opts["verbose"]:
                print(out)
    total = time.time() - t_start
    log("%s: %d run, %d skipped, %d failed; PCH build %.1fs, total %.1fs"
        % (version, ran, skipped, len(failed), pch_time, total))
    if failed:
        die("%s: failing scenarios: %s" % (version, ", ".join(failed)))


if __name__ == "__main__":
    main()
