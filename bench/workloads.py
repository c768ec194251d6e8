"""The workloads of the torchdtype benchmark (see bench/run.py).

  examples   the example project's translation units (examples/, configured
             with cmake), plus a generated TU including <torch/torch.h>;
             `torchdtype check` over its compile_commands.json
  project    a generated LibTorch project (bench/genproject.py) of N units for
             each N of --sizes, with its own compile_commands.json and the
             flags of the examples' app TU (LibTorch 1.13.1); the per-TU tools
             run once per unit (the project of N units is units 0..N-1, so sums
             over the first N units give each size), `torchdtype check` once
             per size
  versions   one TU including <torch/torch.h> per LibTorch version (1.13.1
             from the system, 2.6.0 and 2.14.1 from
             tools/fetch-libtorch-headers.sh), with that version's flags
  function   one generated function of 100 ... 10,000 statements on the mock
             headers, timed with torchdtype-tidy --enable-check-profile

Per-TU tools (same file, same flags, medians of --runs; the tools alternate
within each repetition):
  clang++          clang++-19 -fsyntax-only FLAGS FILE (the floor)
  clang-tidy       clang-tidy-19 -checks=-*,bugprone-use-after-move,
                   bugprone-unchecked-optional-access FILE -- FLAGS
  torchdtype-tidy  torchdtype-tidy -checks=-*,torchdtype-* FILE -- FLAGS
Per project: `torchdtype check -p DIR -j CORES --quiet --stats --cache-dir=D`
  cold  D fresh and empty      warm  the same D again, nothing changed
  nopch --no-pch --no-cache (only with --check-modes ...,nopch)
"""

import glob
import importlib.util
import os
import re
import shutil
import subprocess
import sys

import genextension
import genshapes
import genproject
from common import (REPO, count_errors, log, median_of, read_compile_db, run_measured,
                    summarize, torchdtype_findings, which, write_compile_db, write_if_changed)

PER_TU_TOOLS = ("clang++", "clang-tidy", "torchdtype-tidy")
CHECK_MODES = ("cold", "warm", "nopch")
STOCK_CHECKS = "-*,bugprone-use-after-move,bugprone-unchecked-optional-access"
MOCK_INCLUDE = os.path.join(REPO, "test", "mock", "include")
STATS_RE = re.compile(r"^torchdtype check: \d+ file\(s\):.*$", re.M)
SKIPPED_RE = re.compile(r"remark: function .* was not analysed")
# a row of clang-tidy's --enable-check-profile table: user, system, user+system,
# wall (each "seconds (percent%)"), then the check name
PROFILE_ROW_RE = re.compile(
    r"^\s*(?:[\d.]+\s+\(\s*[\d.]+%\)\s+){3}([\d.]+)\s+\(\s*[\d.]+%\)\s+(\S+)\s*$", re.M)
# the function workload's baseline: the smallest function it generates
BASELINE_STATEMENTS = 20
# seconds after which one command is killed (--timeout)
DEFAULT_TIMEOUT = 3600


def load_real_tier():
    """test/real/run-real-tier.py as a module: the flags of each LibTorch version
    (STD, torch_version_in) are taken from there."""
    path = os.path.join(REPO, "test", "real", "run-real-tier.py")
    spec = importlib.util.spec_from_file_location("run_real_tier", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def profile_seconds(stderr, prefix):
    """Sum of the wall times of the checks named prefix* in clang-tidy's
    --enable-check-profile table, or None without a table."""
    rows = PROFILE_ROW_RE.findall(stderr)
    if not rows:
        return None
    return sum(float(wall) for wall, name in rows if name.startswith(prefix))


class Tools:
    """The programs compared and how they are called."""

    def __init__(self, args):
        self.compiler = args.compiler
        self.clang_tidy = args.clang_tidy
        self.tidy = args.tidy
        self.check = args.check
        self.checks = args.checks
        self.stock_checks = args.stock_checks
        self.jobs = args.jobs
        self.timeout = args.timeout
        self.resource_dir = subprocess.run([self.compiler, "-print-resource-dir"],
                                           stdout=subprocess.PIPE, text=True,
                                           check=True).stdout.strip()
        self.check_flags = self._probe_check() if which(self.check) else {}

    def _probe_check(self):
        """Which of the cache options `torchdtype check` knows, from its usage
        text (printed for the unknown option --help)."""
        r = subprocess.run([self.check, "check", "--help"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        return {f: f in r.stdout for f in ("--cache-dir", "--no-pch", "--no-cache", "--stats")}

    def per_tu(self, key, src, flags, tidy_args=(), profile=False):
        flags = list(flags) + ["-resource-dir=" + self.resource_dir]
        prof = ["--enable-check-profile"] if profile else []
        if key == "clang++":
            return [self.compiler, "-fsyntax-only"] + flags + [src]
        if key == "clang-tidy":
            return [self.clang_tidy, "-checks=" + self.stock_checks] + prof + [src, "--"] + flags
        if key == "torchdtype-tidy":
            return ([self.tidy, "-checks=" + self.checks] + prof + list(tidy_args)
                    + [src, "--"] + flags)
        raise ValueError(key)

    def check_cmd(self, build_dir, cache_dir, mode, files=()):
        cmd = [self.check, "check", "-p", build_dir, "-j", str(self.jobs), "--quiet",
               "--checks=" + self.checks]
        if self.check_flags.get("--stats"):
            cmd.append("--stats")
        if self.check_flags.get("--cache-dir"):
            cmd.append("--cache-dir=" + cache_dir)
        if mode == "nopch":
            cmd += [f for f in ("--no-pch", "--no-cache") if self.check_flags.get(f)]
        return cmd + list(files)

    def check_notes(self, modes):
        """Notes on the check modes that the binary cannot run as asked."""
        notes = []
        if not self.check_flags.get("--cache-dir"):
            notes.append("%s check has no --cache-dir yet: cold and warm are two identical "
                         "uncached runs" % self.check)
        if "nopch" in modes and not (self.check_flags.get("--no-pch")
                                     and self.check_flags.get("--no-cache")):
            notes.append("%s check has no --no-pch/--no-cache yet: nopch is a plain run"
                         % self.check)
        if not self.check_flags.get("--stats"):
            notes.append("%s check has no --stats yet: no cache statistics" % self.check)
        return notes


# ---- measuring -------------------------------------------------------------

def _first_run_info(key, m, expect_rc=(0,)):
    """Findings, errors and notes from the first run of a command."""
    text = m.out + "\n" + m.err
    info = {"rc": m.rc, "errors": count_errors(text), "findings": torchdtype_findings(text),
            "notes": []}
    if m.timed_out:
        info["notes"].append("%s: killed after the timeout" % key)
    elif m.rc not in expect_rc or info["errors"]:
        info["notes"].append("%s: exit %d, %d error(s)" % (key, m.rc, info["errors"]))
        log("%s output:\n%s" % (key, text[-3000:]))
    return info


def measure_tus(tools, tus, keys_for, runs, tidy_args=(), profile=False):
    """Times the per-TU tools on each TU. tus: [(label, src, flags, cwd)];
    keys_for(index) gives the tools to run on the TU of that index. Returns
    [{"tu", "file", "tools": {key: summary}}]."""
    results = []
    for idx, (label, src, flags, cwd) in enumerate(tus):
        keys = keys_for(idx)
        meas = {k: [] for k in keys}
        first = {}
        for r in range(runs):
            for key in keys:
                log("[%d/%d] %s %s" % (r + 1, runs, key, label))
                cmd = tools.per_tu(key, src, flags, tidy_args if key == "torchdtype-tidy" else (),
                                   profile)
                m = run_measured(cmd, cwd, tools.timeout)
                meas[key].append(m)
                if r == 0:
                    first[key] = _first_run_info(key, m)
        row = {"tu": label, "file": src, "tools": {}}
        for key in keys:
            extra = dict(first[key])
            if profile:
                prefix = "torchdtype-" if key == "torchdtype-tidy" else "bugprone-"
                extra["check_s"] = median_of(profile_seconds(m.err, prefix) for m in meas[key])
            first_out = meas[key][0].out + meas[key][0].err
            extra["skipped_functions"] = len(SKIPPED_RE.findall(first_out))
            row["tools"][key] = summarize(meas[key], **extra)
        results.append(row)
    return results


def measure_check(tools, build_dir, cache_root, modes, runs, files=()):
    """Times `torchdtype check` on a project: per repetition, a cold run on a
    fresh cache directory, a warm run on the same one, a nopch run on another
    (as modes asks). The cache directories (precompiled headers of some 100
    MB) are removed after each repetition. Returns {mode: summary}, each with
    the findings, errors and --stats lines."""
    if not which(tools.check):
        return {}
    meas = {m: [] for m in modes}
    info = {}
    for r in range(runs):
        cache = os.path.join(cache_root, "run-%d" % r)
        caches = {"cold": cache, "warm": cache, "nopch": cache + "-nopch"}
        for d in set(caches.values()):
            shutil.rmtree(d, ignore_errors=True)
        if "warm" in modes and "cold" not in modes:
            log("[%d/%d] torchdtype check cold (to fill the cache) %s" % (r + 1, runs, build_dir))
            run_measured(tools.check_cmd(build_dir, cache, "cold", files), build_dir,
                         tools.timeout)
        for mode in modes:
            log("[%d/%d] torchdtype check %s %s" % (r + 1, runs, mode, build_dir))
            m = run_measured(tools.check_cmd(build_dir, caches[mode], mode, files), build_dir,
                             tools.timeout)
            meas[mode].append(m)
            if r == 0:
                info[mode] = _first_run_info("check " + mode, m, expect_rc=(0, 1))
                info[mode]["stats"] = []
            stats = STATS_RE.findall(m.err)
            info[mode]["stats"].append(stats[-1] if stats else None)
        for d in set(caches.values()):
            shutil.rmtree(d, ignore_errors=True)
    return {mode: summarize(meas[mode], **info[mode]) for mode in modes}


# ---- the workloads -----------------------------------------------------------

def configure_examples(work_dir, compiler):
    bdir = os.path.join(work_dir, "examples-build")
    db = os.path.join(bdir, "compile_commands.json")
    if os.path.exists(db):
        return db
    if not shutil.which("cmake"):
        raise SystemExit("bench: cmake not found; pass --compile-commands")
    cmd = ["cmake", "-S", os.path.join(REPO, "examples"), "-B", bdir,
           "-DCMAKE_CXX_COMPILER=" + compiler, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
    if shutil.which("ninja"):
        cmd += ["-G", "Ninja"]
    log("configuring examples: " + " ".join(cmd))
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0 or not os.path.exists(db):
        raise SystemExit("bench: configuring examples failed:\n" + r.stdout[-3000:])
    return db


def examples_expected_findings():
    """The checks of the warnings listed in examples/expected-findings.txt."""
    path = os.path.join(REPO, "examples", "expected-findings.txt")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return sorted(m.group(1) for m in (re.search(r": warning: .*\[(torchdtype-[\w-]+)\]$", l)
                                            for l in f if not l.startswith("#")) if m)


def app_flags(tus):
    """Flags and directory of the examples' app TU (LibTorch include dirs,
    defines, -std), the flags of the generated TUs."""
    app = next((t for t in tus if "/app/" in t[1]), tus[0])
    return app[2], app[3]


def run_examples(tools, args, db_path, runs):
    tus = read_compile_db(db_path)
    if not tus:
        raise SystemExit("bench: no C++ TUs in " + db_path)
    db_tus = list(tus)
    if not args.no_generated:
        gen = os.path.join(args.work_dir, "generated_torch_h.cpp")
        write_if_changed(gen, genproject.VERSION_TU)
        flags, cwd = app_flags(db_tus)
        tus.append(("generated <torch/torch.h>", gen, flags, cwd))
    if args.filter:
        tus = [t for t in tus if re.search(args.filter, t[0])]
        db_tus = [t for t in db_tus if re.search(args.filter, t[0])]
    keys = [k for k in PER_TU_TOOLS if k in args.per_tu_tools]
    out = {"compile_commands": db_path, "tus": measure_tus(tools, tus, lambda i: keys, runs)}
    build_dir = os.path.dirname(os.path.abspath(db_path))
    files = [t[1] for t in db_tus] if args.filter else []
    out["check_units"] = [t[0] for t in db_tus]
    if not args.filter and not args.compile_commands:
        out["expected_findings"] = examples_expected_findings()
    out["check"] = measure_check(tools, build_dir, os.path.join(args.work_dir, "examples-check"),
                                 args.check_modes, runs, files) if db_tus else {}
    return out


def write_project(work_dir, compiler, flags, sizes):
    """Writes the generated units (as many as the largest size), the project
    header, a .clang-tidy and one build directory with a compile_commands.json
    per size. Returns (source dir, {size: build dir})."""
    src_dir = os.path.join(work_dir, "project", "src")
    os.makedirs(src_dir, exist_ok=True)
    write_if_changed(os.path.join(src_dir, "project.h"), genproject.PROJECT_HEADER)
    write_if_changed(os.path.join(src_dir, ".clang-tidy"),
                     "# Generated by bench/run.py: the project uses LibTorch 1.13.1.\n"
                     "Checks: '-*,torchdtype-*'\nCheckOptions:\n  PyTorchVersion: '1.13'\n")
    for i in range(max(sizes)):
        write_if_changed(os.path.join(src_dir, genproject.unit_name(i)), genproject.unit_source(i))
    unit_flags = list(flags) + ["-I", src_dir]
    dirs = {}
    for n in sizes:
        bdir = os.path.join(work_dir, "project", "n%d" % n)
        os.makedirs(bdir, exist_ok=True)
        entries = [(os.path.join(src_dir, genproject.unit_name(i)), unit_flags, bdir)
                   for i in range(n)]
        write_compile_db(os.path.join(bdir, "compile_commands.json"), which(compiler) or compiler,
                         entries)
        dirs[n] = bdir
    return src_dir, dirs


def sum_tools(units, n):
    """Sums of the medians over the first n units, per tool measured on all of
    them (wall and CPU summed, RSS the largest)."""
    out = {}
    for key in PER_TU_TOOLS:
        rows = [u["tools"].get(key) for u in units[:n]]
        if len(rows) < n or any(r is None for r in rows):
            continue
        out[key] = {"wall_s": sum(r["wall_s"] for r in rows),
                    "cpu_s": sum(r["cpu_s"] for r in rows),
                    "maxrss_mib": max(r["maxrss_mib"] for r in rows),
                    "findings": sorted(f for r in rows for f in r["findings"])}
    return out


def run_project(tools, args, flags, runs):
    sizes = sorted(set(args.sizes))
    src_dir, dirs = write_project(args.work_dir, tools.compiler, flags, sizes)
    n_max = max(sizes)
    tidy_units = n_max if args.per_tu_units is None else min(args.per_tu_units, n_max)
    units = [("unit_%03d" % i, os.path.join(src_dir, genproject.unit_name(i)),
              list(flags) + ["-I", src_dir], dirs[sizes[-1]]) for i in range(n_max)]
    tidy_keys = [k for k in PER_TU_TOOLS if k != "clang++" and k in args.per_tu_tools]

    def keys_for(i):
        return ["clang++"] + (tidy_keys if i < tidy_units else [])

    per_unit = measure_tus(tools, units, keys_for, runs)
    for i, u in enumerate(per_unit):
        tidy = u["tools"].get("torchdtype-tidy")
        want = genproject.unit_expected_findings(i)
        if tidy is not None and tidy["findings"] != want:
            tidy["notes"].append("torchdtype-tidy found %s, expected %s"
                                 % (tidy["findings"], want))
    out = {"flags": list(flags) + ["-I", src_dir], "source_dir": src_dir, "units": per_unit,
           "per_tu_units": tidy_units, "sizes": []}
    for n in sizes:
        row = {"units": n, "build_dir": dirs[n], "sum": sum_tools(per_unit, n),
               "expected_findings": genproject.expected_findings(n)}
        row["check"] = measure_check(tools, dirs[n], os.path.join(dirs[n], "bench-cache"),
                                     args.check_modes, runs)
        out["sizes"].append(row)
    return out


def version_flags(real_tier, version, libtorch_dir):
    """(flags, None) for a LibTorch version, or (None, why not): the include
    dirs and -std of test/real/run-real-tier.py, without fetching anything."""
    if version == "1.13.1":
        inc = "/usr/include"
        flags = ["-isystem", inc + "/torch/csrc/api/include"]
    else:
        inc = os.path.join(libtorch_dir, version, "usr", "include")
        flags = ["-isystem", inc + "/torch/csrc/api/include", "-isystem", inc]
    if version not in real_tier.STD:
        return None, "unknown LibTorch version %s (known: %s)" % (
            version, ", ".join(sorted(real_tier.STD)))
    if not os.path.exists(os.path.join(inc, "torch/csrc/api/include/torch/torch.h")):
        how = ("apt-get install libtorch-dev" if version == "1.13.1"
               else "tools/fetch-libtorch-headers.sh")
        return None, "LibTorch %s headers not found in %s (%s)" % (version, inc, how)
    found = real_tier.torch_version_in(inc)
    if found is None or found.split(".")[:2] != version.split(".")[:2]:
        return None, "the headers in %s are LibTorch %s, not %s" % (inc, found, version)
    return ["-std=" + real_tier.STD[version]] + flags, None


def run_versions(tools, args, runs):
    real_tier = load_real_tier()
    items = []
    keys = [k for k in PER_TU_TOOLS if k in args.per_tu_tools]
    for version in args.versions:
        flags, why = version_flags(real_tier, version, args.libtorch_dir)
        item = {"version": version, "flags": flags, "skipped": why}
        items.append(item)
        if why:
            log("versions: skipping %s: %s" % (version, why))
            continue
        d = os.path.join(args.work_dir, "versions", version)
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, "torch_h.cpp")
        write_if_changed(src, genproject.VERSION_TU)
        major_minor = ".".join(version.split(".")[:2])
        write_if_changed(os.path.join(d, ".clang-tidy"),
                         "# Generated by bench/run.py.\nChecks: '-*,torchdtype-*'\n"
                         "CheckOptions:\n  PyTorchVersion: '%s'\n" % major_minor)
        write_compile_db(os.path.join(d, "compile_commands.json"),
                         which(tools.compiler) or tools.compiler, [(src, flags, d)])
        tu = ("LibTorch %s" % version, src, flags, d)
        item.update(measure_tus(tools, [tu], lambda i: keys, runs)[0])
        if args.versions_check:
            item["check"] = measure_check(tools, d, os.path.join(d, "bench-cache"),
                                          args.check_modes, runs)
    return {"items": items}


def run_paths(tools, args, runs):
    """MaxPathsPerBlock's cost and what it buys: for each bound of
    --path-bounds, torchdtype-tidy on (a) a step with k independent flags
    (genproject.path_function_source: k findings need 2**k paths), for each
    k of --path-flags, and (b) the function workload's generated function of
    --path-statements statements (an if/else and a loop every 11), the
    checks' own time from --enable-check-profile."""
    d = os.path.join(args.work_dir, "paths")
    os.makedirs(d, exist_ok=True)
    flags = ["-std=c++17", "-isystem", MOCK_INCLUDE]
    sources = []
    for k in args.path_flags:
        src = os.path.join(d, "flags_%d.cpp" % k)
        write_if_changed(src, genproject.path_function_source(k))
        sources.append(("%d flags" % k, src, {"flags": k}))
    n = args.path_statements
    src = os.path.join(d, "long_%d.cpp" % n)
    write_if_changed(src, genproject.long_function_source(n))
    sources.append(("%d statements" % n, src, {"statements": n}))
    rows = []
    for label, src, what in sources:
        for bound in args.path_bounds:
            opts = ["-config={CheckOptions: {MaxPathsPerBlock: %d, MaxStepsPerFunction: %d}}"
                    % (bound, args.unbounded_steps)]
            tu = ("%s, bound %d" % (label, bound), src, flags, d)
            r = measure_tus(tools, [tu], lambda i: ["torchdtype-tidy"], runs, tidy_args=opts,
                            profile=True)[0]
            r.update(what)
            r.update({"source": label, "bound": bound})
            rows.append(r)
    return {"flags": flags, "rows": rows}


def default_max_steps():
    """MaxStepsPerFunction's default, from checker/analysis/AnalysisContext.h."""
    try:
        with open(os.path.join(REPO, "checker", "analysis", "AnalysisContext.h")) as f:
            m = re.search(r"MaxStepsPerFunction\s*=\s*(\d+)", f.read())
        return int(m.group(1)) if m else None
    except OSError:
        return None


def run_function(tools, args, runs):
    """The generated function at each size with MaxStepsPerFunction raised
    (first a baseline function of BASELINE_STATEMENTS statements: the checks'
    fixed cost on the mock headers, subtracted for the time per statement),
    then the largest size with the default budget."""
    d = os.path.join(args.work_dir, "function")
    os.makedirs(d, exist_ok=True)
    flags = ["-std=c++17", "-isystem", MOCK_INCLUDE]
    keys = [k for k in PER_TU_TOOLS if k in args.per_tu_tools or k == "torchdtype-tidy"]
    unbounded = ["-config={CheckOptions: {MaxStepsPerFunction: %d, ReportSkippedFunctions: true}}"
                 % args.unbounded_steps]
    default = ["-config={CheckOptions: {ReportSkippedFunctions: true}}"]
    rows = []
    sizes = sorted(set(args.function_sizes) - {BASELINE_STATEMENTS})
    for n in [BASELINE_STATEMENTS] + sizes:
        src = os.path.join(d, "long_%d.cpp" % n)
        write_if_changed(src, genproject.long_function_source(n))
        tu = ("%d statements" % n, src, flags, d)
        r = measure_tus(tools, [tu], lambda i: keys, runs, tidy_args=unbounded, profile=True)[0]
        r.update({"statements": n, "budget": args.unbounded_steps,
                  "baseline": n == BASELINE_STATEMENTS})
        rows.append(r)
    # the largest size with the default budget: only torchdtype-tidy changes
    n = sizes[-1] if sizes else BASELINE_STATEMENTS
    src = os.path.join(d, "long_%d.cpp" % n)
    tu = ("%d statements" % n, src, flags, d)
    r = measure_tus(tools, [tu], lambda i: ["torchdtype-tidy"], runs, tidy_args=default,
                    profile=True)[0]
    r.update({"statements": n, "budget": default_max_steps(), "default_budget": True})
    rows.append(r)
    return {"flags": flags, "rows": rows}


# ---- compile databases users have ----------------------------------------------

def torch_python():
    """A Python that imports torch (this one, else Debian's), or None."""
    for exe in (sys.executable, "/usr/bin/python3"):
        if exe and subprocess.run([exe, "-c", "import torch"], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL).returncode == 0:
            return exe
    return None


def build_extension(work_dir, n):
    """Builds the generated extension of n operator files with setup.py
    (ninja backend) and takes its compile database with ninja -t compdb.
    Returns the database's path, or raises SystemExit saying why not."""
    src = os.path.join(work_dir, "extension", "n%d" % n)
    changed = genextension.write(src, n)
    return build_with_setup_py(src, changed, "the %d-file extension" % n)


def build_with_setup_py(src, changed, what):
    """setup.py build_ext in src (unless built and not changed); the
    database's path."""
    db_dir = os.path.join(src, "db")
    db = os.path.join(db_dir, "compile_commands.json")
    if os.path.exists(db) and not changed:
        return db
    py = torch_python()
    if py is None or not shutil.which("ninja"):
        raise SystemExit("bench: the extension workload needs a Python with torch "
                         "(apt-get install python3-torch) and ninja")
    log("building %s with setup.py build_ext (g++; minutes)" % what)
    r = subprocess.run([py, "setup.py", "build_ext", "--inplace"], cwd=src,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=dict(os.environ, MAX_JOBS=str(os.cpu_count() or 1)))
    temps = [d for d in glob.glob(os.path.join(src, "build", "temp.*"))
             if os.path.exists(os.path.join(d, "build.ninja"))]
    if r.returncode != 0 or len(temps) != 1:
        raise SystemExit("bench: setup.py build_ext failed:\n" + r.stdout[-3000:])
    r = subprocess.run(["ninja", "-C", temps[0], "-t", "compdb", "compile"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise SystemExit("bench: ninja -t compdb failed: " + r.stderr[-1000:])
    os.makedirs(db_dir, exist_ok=True)
    with open(db, "w") as f:
        f.write(r.stdout)
    return db


def run_database(tools, args, label, db_path, runs, expected=None):
    """clang++ (and the per-TU tools asked for) on each C++ unit of a compile
    database, and torchdtype check over the whole of it."""
    tus = read_compile_db(db_path)
    if not tus:
        raise SystemExit("bench: no C++ units in " + db_path)
    keys = [k for k in PER_TU_TOOLS if k in args.per_tu_tools]
    out = {"label": label, "compile_commands": db_path,
           "tus": measure_tus(tools, tus, lambda i: keys, runs), "expected_findings": expected}
    out["sum"] = sum_tools(out["tus"], len(out["tus"]))
    out["check"] = measure_check(tools, os.path.dirname(os.path.abspath(db_path)),
                                 os.path.join(args.work_dir, "check-" + label), args.check_modes,
                                 runs)
    return out


def run_shapes(tools, args, runs):
    src = os.path.join(args.work_dir, "shapes")
    db = build_with_setup_py(src, genshapes.write(src), "the five files of the shapes workload")
    return run_database(tools, args, "shapes", db, runs, genshapes.expected_findings())


def run_extension(tools, args, runs):
    db = build_extension(args.work_dir, args.extension_files)
    return run_database(tools, args, "extension", db, runs, genextension.expected_findings())
