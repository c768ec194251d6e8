#!/usr/bin/env python3
"""torchdtype benchmark: torchdtype-tidy and `torchdtype check` against
clang++-19 -fsyntax-only and stock clang-tidy-19 (not part of ctest).

Workloads (--workloads, default all; bench/workloads.py has the details):
  examples   the example project's TUs (examples/, configured with cmake into
             WORK_DIR/examples-build, or --compile-commands) and a generated TU
             including <torch/torch.h>; `torchdtype check` over the project
  project    a generated LibTorch 1.13.1 project of N units for each N of
             --sizes (bench/genproject.py; six of its functions hold real bugs),
             with its own compile_commands.json (flags of the examples' app TU)
  versions   a TU including <torch/torch.h> for each LibTorch of --versions,
             with that version's flags (test/real/run-real-tier.py); a version
             whose headers are absent is skipped with a note
  function   one function of --function-sizes statements on the mock headers:
             the checks' own time from --enable-check-profile, per statement,
             with MaxStepsPerFunction raised, and the largest size again with
             the default budget
  extension  a PyTorch C++ extension of --extension-files operator files
             (bench/genextension.py), built with setup.py build_ext
             (torch.utils.cpp_extension, ninja backend; Debian's python3-torch)
             and taken with ninja -t compdb: LibTorch by -I, as users have it
  shapes     five extension files that start as public extensions do (a
             conditional include first, a define first, project headers
             first, a guarded project header, plain; bench/genshapes.py),
             built the same way with WITH_PYTHON defined
  database   the compile_commands.json of --database: a public LibTorch
             project's own, fetched for the run (not part of the default)
  paths      MaxPathsPerBlock for each of --path-bounds on the mock headers: a
             step with k independent flags for each k of --path-flags (k
             findings need 2**k paths) and a --path-statements long function;
             the checks' own time and the findings per bound

Tools, on the same files with the same flags, medians of -n runs, alternating
within each repetition (wall time, CPU = user+sys of the process with all its
threads and waited-for children from wait4(), peak RSS = ru_maxrss):
  clang++          clang++-19 -fsyntax-only FLAGS FILE             (the floor)
  clang-tidy       clang-tidy-19 -checks=STOCK_CHECKS FILE -- FLAGS
  torchdtype-tidy  torchdtype-tidy -checks='-*,torchdtype-*' FILE -- FLAGS
  check            torchdtype check -p DIR -j JOBS --quiet --stats --cache-dir=D
                   cold: D fresh and empty; warm: D again, nothing changed
                   (nopch: --no-pch --no-cache, with --check-modes)
All per-TU commands get -resource-dir=$(clang++-19 -print-resource-dir). The
project's per-TU tools run once per unit: the project of N units is units
0..N-1, so its sums are sums over the first N units.

Usage:
  bench/run.py [--workloads examples,project,...] [-n N | --quick]
               [--json OUT] [--markdown OUT] [-j JOBS] [--check-modes cold,warm,nopch]
               [--timeout SECONDS] [--build-dir build] [--work-dir DIR]
               [--tidy PATH] [--check PATH] [--compiler clang++-19]
               [--clang-tidy clang-tidy-19] [--checks GLOB] [--stock-checks GLOB]
    examples:  [--compile-commands PATH] [--filter REGEX] [--no-generated]
    project:   [--sizes 1,4,16,20,64] [--per-tu-units K]
               [--per-tu-tools clang++,clang-tidy,torchdtype-tidy]
    versions:  [--versions 1.13.1,2.6.0,2.14.1] [--libtorch-dir DIR]
               [--no-versions-check]
    function:  [--function-sizes 100,300,1000,3000,10000] [--unbounded-steps N]
    paths:     [--path-bounds 1,2,4,8,16] [--path-flags 2,4,8] [--path-statements 3000]
    extension: [--extension-files 8]
    database:  --database PATH [--database-label NAME]
Examples:
  bench/run.py --quick --workloads examples          # what run.py measured before
  bench/run.py --workloads project --sizes 20 --per-tu-tools clang++
  bench/run.py -n 3 --json bench.json --markdown bench.md   # everything
With the defaults (-n 3, all workloads) a run takes hours on 2 cores, most of
it the per-TU tools on the 64 project units (64 x 3 tools x 3 runs of ~10 s);
--per-tu-units 20 runs clang-tidy and torchdtype-tidy on the first 20 units
only (clang++ still runs on all, for the sums). Generated files go to WORK_DIR
(default BUILD_DIR/bench). Tables and targets go to stdout, progress to
stderr. Exit status 1 if a tool failed on a file (compile errors, exit status
2 of torchdtype check, a timeout), else 0.
"""

import argparse
import json
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import report  # noqa: E402
import workloads  # noqa: E402
from common import REPO, log, machine_info, parse_list, which  # noqa: E402

WORKLOADS = ("examples", "project", "versions", "function", "paths", "extension", "shapes",
             "database")


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/run.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workloads", default=",".join(w for w in WORKLOADS if w != "database"),
                    help="comma-separated subset of %s (default: all but database, which "
                         "needs --database)" % ",".join(WORKLOADS))
    ap.add_argument("-n", "--runs", type=int, default=3, help="runs per command (median)")
    ap.add_argument("--quick", action="store_true", help="one run per command")
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    ap.add_argument("--work-dir", help="generated files (default: BUILD_DIR/bench)")
    ap.add_argument("--tidy", help="default: BUILD_DIR/bin/torchdtype-tidy")
    ap.add_argument("--check", help="the torchdtype driver (default: BUILD_DIR/bin/torchdtype)")
    ap.add_argument("--compiler", default="clang++-19")
    ap.add_argument("--clang-tidy", default="clang-tidy-19")
    ap.add_argument("--checks", default="-*,torchdtype-*", help="of torchdtype-tidy and check")
    ap.add_argument("--stock-checks", default=workloads.STOCK_CHECKS, help="of clang-tidy")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="torchdtype check -j (default: the number of cores)")
    ap.add_argument("--check-modes", default="cold,warm",
                    help="torchdtype check runs per project: cold, warm, nopch")
    ap.add_argument("--timeout", type=float, default=workloads.DEFAULT_TIMEOUT,
                    help="seconds before one command is killed")
    # examples
    ap.add_argument("--compile-commands", help="compile_commands.json of the examples")
    ap.add_argument("--filter", help="examples: only TUs whose path matches this regex")
    ap.add_argument("--no-generated", action="store_true",
                    help="examples: skip the generated <torch/torch.h> TU")
    # project
    ap.add_argument("--sizes", default="1,4,16,20,64", help="project sizes in units (1..64+)")
    ap.add_argument("--per-tu-tools", default=",".join(workloads.PER_TU_TOOLS),
                    help="per-TU tools to run (clang++ always runs on every project unit)")
    ap.add_argument("--per-tu-units", type=int,
                    help="project: run the per-TU tools other than clang++ on the first K "
                         "units only (default: all)")
    # extension, database
    ap.add_argument("--extension-files", type=int, default=8,
                    help="extension: operator files of the generated extension (>= 2)")
    ap.add_argument("--database", help="database: a project's compile_commands.json (a public "
                    "LibTorch project fetched for the run)")
    ap.add_argument("--database-label", default="database",
                    help="database: the project's name in the report")
    # versions
    ap.add_argument("--versions", default="1.13.1,2.6.0,2.14.1",
                    help="LibTorch versions of the versions workload")
    ap.add_argument("--libtorch-dir", help="where tools/fetch-libtorch-headers.sh unpacked 2.x "
                    "(default: ${TORCHDTYPE_CACHE:-~/.cache/torchdtype}/libtorch)")
    ap.add_argument("--no-versions-check", dest="versions_check", action="store_false",
                    help="versions: no torchdtype check runs")
    # function
    ap.add_argument("--function-sizes", default="100,300,1000,3000,10000",
                    help="statements of the generated function")
    ap.add_argument("--unbounded-steps", type=int, default=1000000000,
                    help="MaxStepsPerFunction for the scaling rows (default 1e9)")
    # output
    ap.add_argument("--path-bounds", default="1,2,4,8,16",
                    help="paths: MaxPathsPerBlock values compared")
    ap.add_argument("--path-flags", default="2,4,8",
                    help="paths: numbers of independent flags in the generated step")
    ap.add_argument("--path-statements", type=int, default=3000,
                    help="paths: size of the generated long function also run per bound")
    ap.add_argument("--json", help="write all results here")
    ap.add_argument("--markdown", help="write a markdown report here")
    args = ap.parse_args(argv)

    args.workloads = parse_list(args.workloads)
    bad = [w for w in args.workloads if w not in WORKLOADS]
    if bad:
        ap.error("unknown workload(s) %s (choose from %s)" % (", ".join(bad), ", ".join(WORKLOADS)))
    if "database" in args.workloads and not args.database:
        ap.error("the database workload needs --database PATH")
    if args.extension_files < 2:
        ap.error("--extension-files needs 2 or more")
    args.sizes = parse_list(args.sizes, int)
    args.function_sizes = parse_list(args.function_sizes, int)
    args.path_bounds = parse_list(args.path_bounds, int)
    args.path_flags = parse_list(args.path_flags, int)
    if "project" in args.workloads and (not args.sizes or min(args.sizes) < 1):
        ap.error("--sizes needs positive numbers")
    if "function" in args.workloads and (not args.function_sizes or min(args.function_sizes) < 20):
        ap.error("--function-sizes needs numbers >= 20")
    args.per_tu_tools = parse_list(args.per_tu_tools)
    bad = [t for t in args.per_tu_tools if t not in workloads.PER_TU_TOOLS]
    if bad:
        ap.error("unknown per-TU tool(s) %s (choose from %s)"
                 % (", ".join(bad), ", ".join(workloads.PER_TU_TOOLS)))
    if "clang++" not in args.per_tu_tools:
        args.per_tu_tools.insert(0, "clang++")
    args.check_modes = [m for m in workloads.CHECK_MODES if m in parse_list(args.check_modes)]
    args.versions = parse_list(args.versions)
    args.runs = 1 if args.quick else max(1, args.runs)
    args.jobs = max(1, args.jobs)
    args.tidy = args.tidy or os.path.join(args.build_dir, "bin", "torchdtype-tidy")
    args.check = args.check or os.path.join(args.build_dir, "bin", "torchdtype")
    args.work_dir = os.path.abspath(args.work_dir or os.path.join(args.build_dir, "bench"))
    args.libtorch_dir = args.libtorch_dir or os.path.join(
        os.environ.get("TORCHDTYPE_CACHE", os.path.expanduser("~/.cache/torchdtype")), "libtorch")
    return args


def command_line(argv):
    script = os.path.relpath(os.path.abspath(__file__), os.getcwd())
    cmd = "python3 " + shlex.join([script] + list(argv))
    if os.path.abspath(os.getcwd()) != REPO:
        cmd = "cd %s && %s" % (shlex.quote(os.getcwd()), cmd)
    return cmd


def libtorch_versions(args):
    real_tier = workloads.load_real_tier()
    found = []
    for v in ("1.13.1", "2.6.0", "2.14.1"):
        flags, why = workloads.version_flags(real_tier, v, args.libtorch_dir)
        if flags:
            found.append("%s (%s)" % (v, flags[flags.index("-isystem") + 1]
                                      .replace("/torch/csrc/api/include", "")))
    return found


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    for path, what in ((args.tidy, "--tidy"), (args.compiler, "--compiler"),
                       (args.clang_tidy, "--clang-tidy")):
        if not which(path):
            sys.exit("bench: %s not found (build it first, or pass %s)" % (path, what))
    os.makedirs(args.work_dir, exist_ok=True)
    tools = workloads.Tools(args)
    notes = []
    if not which(args.check):
        notes.append("%s not found: no torchdtype check rows" % args.check)
    else:
        notes += tools.check_notes(args.check_modes)
    for n in notes:
        log(n)

    results = {
        "command": command_line(argv),
        "machine": machine_info(args.compiler, args.clang_tidy),
        "runs": args.runs, "jobs": args.jobs, "check_modes": args.check_modes,
        "checks": args.checks, "stock_checks": args.stock_checks,
        "tools": {"compiler": args.compiler, "clang_tidy": args.clang_tidy, "tidy": args.tidy,
                  "check": args.check, "check_flags": tools.check_flags},
        "libtorch": libtorch_versions(args),
        "workloads": {}, "notes": notes,
    }
    w = results["workloads"]
    examples_db = None
    if "examples" in args.workloads or "project" in args.workloads:
        examples_db = args.compile_commands or workloads.configure_examples(args.work_dir,
                                                                              args.compiler)
    if "examples" in args.workloads:
        log("workload examples")
        w["examples"] = workloads.run_examples(tools, args, examples_db, args.runs)
    if "project" in args.workloads:
        log("workload project: sizes %s" % ",".join(map(str, args.sizes)))
        flags, _ = workloads.app_flags(workloads.read_compile_db(examples_db))
        w["project"] = workloads.run_project(tools, args, flags, args.runs)
    if "versions" in args.workloads:
        log("workload versions: %s" % ",".join(args.versions))
        w["versions"] = workloads.run_versions(tools, args, args.runs)
    if "function" in args.workloads:
        log("workload function: sizes %s" % ",".join(map(str, args.function_sizes)))
        w["function"] = workloads.run_function(tools, args, args.runs)

    if "extension" in args.workloads:
        log("workload extension: %d operator files" % args.extension_files)
        w["extension"] = workloads.run_extension(tools, args, args.runs)
    if "shapes" in args.workloads:
        log("workload shapes: five files in the shapes of public extensions")
        w["shapes"] = workloads.run_shapes(tools, args, args.runs)
    if "database" in args.workloads:
        log("workload database: " + args.database)
        w["database"] = workloads.run_database(tools, args, args.database_label,
                                               os.path.abspath(args.database), args.runs)

    if "paths" in args.workloads:
        log("workload paths: bounds %s" % ",".join(map(str, args.path_bounds)))
        w["paths"] = workloads.run_paths(tools, args, args.runs)

    if hasattr(os, "getloadavg"):
        results["machine"]["loadavg_end"] = list(os.getloadavg())
    results["targets"] = report.targets(results)
    sys.stdout.write(report.render_text(results))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(report.render_markdown(results))
    failed = any("exit" in n or "killed" in n
                 for n in _all_notes(results["workloads"]))
    return 1 if failed else 0


def _all_notes(obj):
    """Every note of every measurement in the results."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "notes" and isinstance(v, list):
                yield from (n for n in v if isinstance(n, str))
            else:
                yield from _all_notes(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _all_notes(v)


if __name__ == "__main__":
    sys.exit(main())
