#!/usr/bin/env python3
"""mutate.py's verdicts, on stand-ins for torchdtype-tidy that crash, hang,
fail without a word, or report as the real one does: each must be counted as
what it is, or the mutation tier could pass on a broken analyzer.

usage: classifier_test.py   (prints `N passed, N failed`)
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # test/
from testing import expect, finish  # noqa: E402

STAND_INS = {
    # name: (shell body, expected crashes, hangs, unclear)
    "reports": ('echo "$1:1:1: warning: x [torchdtype-mixed-precision]"; exit 0', 0, 0, 0),
    "compile-error": ('echo "$1:2:3: error: expected \';\'"; exit 1', 0, 0, 0),
    "segfault": ('kill -SEGV $$', 4, 0, 0),
    "abort-with-dump": ('echo "Stack dump:"; echo "0. Program arguments"; exit 1', 4, 0, 0),
    "asan": ('echo "==1==ERROR: AddressSanitizer: heap-use-after-free"; exit 1', 4, 0, 0),
    "ubsan": ('echo "x.cpp:3:5: runtime error: signed integer overflow"; exit 0', 4, 0, 0),
    "hang": ('exec sleep 30', 0, 4, 0),
    "silent": ('exit 1', 0, 0, 4),
}

with tempfile.TemporaryDirectory() as d:
    for name, (body, crashes, hangs, unclear) in STAND_INS.items():
        tool = os.path.join(d, name)
        with open(tool, "w") as f:
            f.write("#!/bin/sh\nshift\n" + body + "\n")
        os.chmod(tool, 0o755)
        r = subprocess.run([sys.executable, os.path.join(HERE, "mutate.py"), "--tidy", tool,
                            "--mock-include", d, "--count", "4", "--timeout", "2", "-j", "2"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=120)
        m = re.search(r"(\d+) crashes, (\d+) hangs, (\d+) without a diagnostic", r.stdout)
        got = tuple(int(x) for x in m.groups()) if m else None
        bad = crashes + hangs + unclear
        expect(got == (crashes, hangs, unclear), "%s: counted %r, expected %r"
               % (name, got, (crashes, hangs, unclear)))
        expect(r.returncode == (1 if bad else 0), "%s: exit %d" % (name, r.returncode))
        expect(("%d passed, %d failed" % (4 - bad, bad)) in r.stdout,
               "%s: closing line %r" % (name, r.stdout[-200:]))
    # With --pch, a precompiled header that does not load stops the run
    # before the mutants (each would end in that error and pass).
    r = subprocess.run([sys.executable, os.path.join(HERE, "mutate.py"), "--tidy",
                        os.path.join(d, "compile-error"), "--mock-include", d,
                        "--pch", os.path.join(d, "stale.pch"), "--count", "4"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=120)
    expect(r.returncode == 2 and "does not analyse cleanly" in r.stdout
           and "passed" not in r.stdout,
           "--pch that does not load: exit %d %r" % (r.returncode, r.stdout[-300:]))
finish()
