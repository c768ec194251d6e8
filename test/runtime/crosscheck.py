#!/usr/bin/env python3
"""Runs torchdtype-tidy over runtime_cases.cpp (real LibTorch 1.13.1 headers).

The runtime tier proves on LibTorch which cases throw and which run; this
script proves that the analyzer agrees: every warning stands on a line marked
`// FLAGGED(torchdtype-<check>)` of that check (several: `// FLAGGED(torchdtype-a,
torchdtype-b)`), every marked line gets its
warning, and no warning lands inside a case that RUNS, except where the
marker says `// FLAGGED(torchdtype-<check>, silent)`: a silent error (wrong
values, no exception), which runs by definition.
usage: crosscheck.py TIDY [extra compiler flags...]   (exit 77: no LibTorch)
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "runtime_cases.cpp")
API_INC = "/usr/include/torch/csrc/api/include"


def throws_regex(lines, start):
    """The regex of THROWS("..." "...") from lines[start] on, unescaped."""
    text = " ".join(lines[start:start + 4])
    m = re.search(r'THROWS\(((?:\s*"(?:[^"\\]|\\.)*")+)\s*\)', text)
    if not m:
        return None
    pieces = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
    return "".join(p.replace('\\"', '"').replace("\\\\", "\\") for p in pieces)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    if not os.path.isdir(API_INC):
        print("SKIP: LibTorch 1.13.1 headers not installed (%s)" % API_INC)
        return 77
    tidy = sys.argv[1]
    lines = open(SRC).read().split("\n")
    marked = {}
    silent = set()
    case_kind = {}  # line -> "RUNS"/"THROWS" of the case it belongs to
    case_regex = {}  # line -> the regex its THROWS case's message matches
    current = current_re = None
    for i, text in enumerate(lines, 1):
        if re.match(r'^\s*\{"\w+",', text):
            # A case starts: its expectation is on this line or the next.
            nxt = lines[i] if i < len(lines) else ""
            m = re.search(r"\b(RUNS|THROWS)\b", text) or re.search(r"\b(RUNS|THROWS)\b", nxt)
            current = m.group(1) if m else None
            current_re = throws_regex(lines, i - 1) if current == "THROWS" else None
        case_kind[i] = current
        case_regex[i] = current_re
        m = re.search(r"// FLAGGED\((torchdtype-[\w-]+(?:, torchdtype-[\w-]+)*)(, silent)?\)", text)
        if m:
            marked[i] = set(m.group(1).split(", "))
            if m.group(2):
                silent.add(i)
    # The runtime tier runs LibTorch 1.13.1: judge for that version.
    cmd = [tidy, "-checks=-*,torchdtype-*",
           "-config={CheckOptions: {PyTorchVersion: '1.13'}}", SRC, "--",
           "-std=c++17", "-isystem", API_INC] + sys.argv[2:]
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True).stdout
    if re.search(r"\berror: ", out):
        print(out[-3000:])
        print("FAIL: the analyzer reported errors")
        return 1
    got = {}
    quoted = {}  # line -> the runtime messages its warnings quote, filled in
    for m in re.finditer(r"^%s:(\d+):\d+: warning: (.*)\[(torchdtype-[\w-]+)\]$"
                         % re.escape(SRC), out, re.M):
        got.setdefault(int(m.group(1)), set()).add(m.group(3))
        q = re.search(r': "(.*)" \[kb: [\w/-]+\]', m.group(2))
        if q and "{" not in q.group(1):
            quoted.setdefault(int(m.group(1)), []).append(q.group(1))
    failures = []
    # A warning that quotes a message with its dtypes filled in quotes what
    # the case really raised.
    filled = 0
    for line, texts in sorted(quoted.items()):
        for text in texts:
            rx = case_regex.get(line)
            # The CPU build cannot show an error of another backend.
            if rx is None or "not linked with support" in rx:
                continue
            filled += 1
            if not re.search(rx, text):
                failures.append("line %d quotes %r, but the case raised /%s/" % (line, text, rx))
    for line, checks in sorted(marked.items()):
        for check in sorted(checks - got.get(line, set())):
            failures.append("missing %s at line %d" % (check, line))
    for line, checks in sorted(got.items()):
        for check in checks:
            if check not in marked.get(line, set()):
                failures.append("unexpected %s at line %d" % (check, line))
            if case_kind.get(line) == "RUNS" and line not in silent:
                failures.append("warning inside a case that runs, line %d" % line)
    for f in failures:
        print("FAIL " + f)
    print("%d warnings in cases that throw quote the message filled in" % filled)
    print("%d passed, %d failed" % (sum(len(c) for c in marked.values()) -
                                    len([f for f in failures if f.startswith("missing")]),
                                    len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
