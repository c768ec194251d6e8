#!/usr/bin/env python3
"""Scores the analyzer on the scenario corpus (real LibTorch 1.13.1 headers).

Runs `torchdtype check` with PyTorchVersion 1.13 over every scenario and
compares its warnings with the corpus: a bug scenario is found when a
torchdtype warning stands on its `// BUG` line, or on an earlier line of the
same statement (a call written over several lines is reported where it
begins: the lines before the marked one that end without `;`, `{` or `}`,
at most 3); any other warning is false.
Prints precision and recall overall, per tier and per check family, and the
scenarios missed or falsely flagged.

usage: score.py --torchdtype PATH [--build-dir DIR] [--min-precision P]
                [--min-recall R] [--quiet] [--header-version] [FILE ...]
  --header-version: no PyTorchVersion option, the version of the headers
    (torch/version.h); the warnings must be those of PyTorchVersion 1.13,
    one by one (else exit 1), and the score is that run's
  exit 0: at or above the floors; 1: below a floor; 2: the analyzer failed
  on a file; 77: LibTorch 1.13.1 headers not installed
"""
import argparse
import collections
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

API_INC = "/usr/include/torch/csrc/api/include"


def analyse(tool, build, scenarios, version="1.13"):
    """{(scenario rel, line): [check, ...]} of every warning; version None:
    no PyTorchVersion option."""
    os.makedirs(build, exist_ok=True)
    db = [{"directory": corpus.ROOT, "file": s.path,
           "arguments": ["clang++-19", "-std=c++17", "-isystem", API_INC, "-c", s.path]}
          for s in scenarios]
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)
    report = os.path.join(build, "report.json")
    # The repository's own .clang-tidy (style checks for its C++) is above
    # the corpus: name the checks.
    cmd = [tool, "check", "-p", build, "--quiet", "--format=json", "-o", report,
           "--checks=-*,torchdtype-*"]
    if version:
        cmd.append("--config={CheckOptions: {PyTorchVersion: '%s'}}" % version)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode not in (0, 1):
        print(r.stdout[-4000:])
        return None
    data = json.load(open(report))
    if data.get("failed_files"):
        print("the analyzer could not analyse: %s" % ", ".join(data["failed_files"]))
        return None
    by_path = {s.path: s for s in scenarios}
    got = collections.defaultdict(list)
    for f in data["findings"]:
        path = os.path.abspath(os.path.join(corpus.ROOT, f["location"]["file"]))
        s = by_path.get(path)
        if s:
            got[(s.rel, f["location"]["line"])].append((f["check"], f["message"]))
    return got


def statement_lines(path, bug_line):
    """The marked line and the lines of its statement before it: each line
    above it that ends without ';', '{' or '}' (comments stripped)
    continues into the next (at most 3)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = {bug_line}
    n = bug_line - 1
    while n >= 1 and bug_line - n <= 3:
        code = lines[n - 1].split("//")[0].strip()
        if not code or code.startswith("#") or code[-1] in ";{}":
            break
        out.add(n)
        n -= 1
    return out


def ratio(a, b):
    return a / b if b else 1.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--torchdtype", required=True)
    ap.add_argument("--build-dir", default=os.path.join(corpus.HERE, "..", "..", "build",
                                                        "test", "scenarios-score"))
    ap.add_argument("--min-precision", type=float, default=0.0)
    ap.add_argument("--min-recall", type=float, default=0.0)
    ap.add_argument("--quiet", action="store_true", help="no per-scenario lists")
    ap.add_argument("--header-version", action="store_true",
                    help="no PyTorchVersion option; the warnings must be those of 1.13's")
    ap.add_argument("--corpus", default=corpus.HERE,
                    help="the corpus' directory (default: this one)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    corpus.set_root(a.corpus)
    if not os.path.isdir(API_INC):
        print("SKIP: LibTorch 1.13.1 headers not installed (libtorch-dev)")
        return 77
    scenarios, errors = corpus.load(a.files)
    for e in errors:
        print("corpus error: " + e)
    if errors:
        return 2
    got = analyse(a.torchdtype, os.path.abspath(a.build_dir), scenarios)
    if got is None:
        return 2
    if a.header_version:
        given = got
        got = analyse(a.torchdtype, os.path.abspath(a.build_dir), scenarios, version=None)
        if got is None:
            return 2
        differ = sorted(set(given) ^ set(got)) + sorted(
            k for k in set(given) & set(got) if sorted(given[k]) != sorted(got[k]))
        for rel, ln in differ:
            print("differs %s:%d: PyTorchVersion 1.13 %r, the headers' version %r"
                  % (rel, ln, given.get((rel, ln)), got.get((rel, ln))))
        print("without PyTorchVersion (1.13.1's headers): %d warning(s), %s those of "
              "PyTorchVersion 1.13" % (sum(len(w) for w in got.values()),
                                       "not" if differ else "the same as"))
        if differ:
            return 1

    # Per scenario: found (bug), false warnings (any line but the bug line).
    rows = []
    marked = {}
    for s in scenarios:
        mine = {line: w for (rel, line), w in got.items() if rel == s.rel}
        marked[s.rel] = (statement_lines(s.path, s.bug_line)
                         if s.expect == "bug" else set())
        found = s.expect == "bug" and bool(marked[s.rel] & set(mine))
        false = sum(len(w) for line, w in mine.items()
                    if line not in marked[s.rel])
        rows.append((s, found, false, mine))

    def stats(sel):
        bugs = [r for r in sel if r[0].expect == "bug"]
        tp = sum(1 for r in bugs if r[1])
        fp = sum(r[2] for r in sel)
        return len(sel), len(bugs), tp, fp, ratio(tp, tp + fp), ratio(tp, len(bugs))

    def line(label, sel):
        n, nb, tp, fp, p, rc = stats(sel)
        print("%-38s %5d %5d %6d %6d %10.2f %7.2f" % (label, n, nb, tp, fp, p, rc))

    print("%-38s %5s %5s %6s %6s %10s %7s" % ("", "files", "bugs", "found", "false",
                                              "precision", "recall"))
    line("all", rows)
    for t in sorted(corpus.TIER_NAMES):
        line("tier %d %s" % (t, corpus.TIER_NAMES[t]), [r for r in rows if r[0].tier == str(t)])
    for fam in sorted({r[0].family for r in rows}):
        line("family " + fam, [r for r in rows if r[0].family == fam])
    if not a.quiet:
        for s, found, false, mine in rows:
            if s.expect == "bug" and not found:
                print("missed  %s:%d (%s)" % (s.rel, s.bug_line, s.family))
            for ln, w in sorted(mine.items()):
                if ln not in marked[s.rel]:
                    for check, msg in w:
                        print("false   %s:%d [%s] %s" % (s.rel, ln, check, msg))
    _, _, _, _, p, rc = stats(rows)
    verdict = p >= a.min_precision and rc >= a.min_recall
    print("precision %.2f (floor %.2f), recall %.2f (floor %.2f): %s"
          % (p, a.min_precision, rc, a.min_recall, "ok" if verdict else "BELOW THE FLOOR"))
    return 0 if verdict else 1


if __name__ == "__main__":
    sys.exit(main())
