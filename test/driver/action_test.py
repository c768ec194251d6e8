#!/usr/bin/env python3
"""The composite GitHub Action (action.yml, tools/action.sh), run as GitHub
runs it: each step's `run` text through bash with $GITHUB_ACTION_PATH, its
`env` with the ${{ inputs.* }} filled in, $GITHUB_OUTPUT and
$GITHUB_STEP_SUMMARY files, in a project over the mock headers.

usage: action_test.py TORCHDTYPE MOCK_INCLUDE

The install step finds torchdtype on PATH (the build's) and builds nothing;
the check step annotates a finding and fails, or not with fail-on-findings
false, writes a SARIF report, sets its outputs, and names bad inputs and a
missing database with an ::error line and exit status 2.
Prints `N passed, N failed`; exit 1 on any failure.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

TOOL, MOCK = (os.path.abspath(a) for a in sys.argv[1:3])
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test"))
from testing import expect, finish  # noqa: E402

BUGGY = """#include <torch/torch.h>
torch::Tensor f() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  return torch::mm(a, b);
}
"""
CLEAN = """#include <torch/torch.h>
torch::Tensor g() { return torch::mm(torch::randn({2, 2}), torch::randn({2, 2})); }
"""
ACTION = yaml.safe_load(open(os.path.join(ROOT, "action.yml")))
INPUT = re.compile(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}")


def step(name, project, inputs, path):
    """Runs the step named NAME as GitHub would; (status, stdout+stderr,
    outputs, summary)."""
    s = [x for x in ACTION["runs"]["steps"] if x.get("name") == name][0]
    values = {k: str(v.get("default", "")) for k, v in ACTION["inputs"].items()}
    values.update(inputs)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TD_", "TORCHDTYPE_"))}
    env.update({k: INPUT.sub(lambda m: values[m.group(1)], str(v))
                for k, v in s.get("env", {}).items()})
    out_file = os.path.join(project, ".github-output")
    summary = os.path.join(project, ".github-summary")
    for f in (out_file, summary):
        open(f, "w").close()
    env.update({"GITHUB_ACTION_PATH": ROOT, "GITHUB_WORKSPACE": project,
                "GITHUB_OUTPUT": out_file, "GITHUB_STEP_SUMMARY": summary, "PATH": path})
    r = subprocess.run(["bash", "-e", "-c", s["run"]], cwd=project, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    outputs = dict(l.split("=", 1) for l in open(out_file).read().splitlines() if "=" in l)
    return r.returncode, r.stdout, outputs, open(summary).read()


def main():
    expect(ACTION["runs"]["using"] == "composite", "action.yml: a composite action")
    for s in ACTION["runs"]["steps"]:
        expect(s.get("shell") == "bash" and "$GITHUB_ACTION_PATH/tools/action.sh" in s["run"],
               "action.yml: step %r runs tools/action.sh with bash" % s.get("name"))
        for k, v in s.get("env", {}).items():
            for i in INPUT.findall(str(v)):
                expect(i in ACTION["inputs"], "action.yml: %s names input %s" % (k, i))
    for k, v in ACTION["outputs"].items():
        expect("steps.check.outputs." + k in v["value"], "action.yml: output %s from the check step" % k)

    with tempfile.TemporaryDirectory(prefix="torchdtype-action-") as d:
        project = os.path.join(d, "project")
        os.makedirs(os.path.join(project, "build"))
        bindir = os.path.join(d, "bin")
        os.makedirs(bindir)
        os.symlink(TOOL, os.path.join(bindir, "torchdtype"))
        path = bindir + ":/usr/bin:/bin"

        def database(files):
            for name, text in files.items():
                open(os.path.join(project, name), "w").write(text)
            json.dump([{"directory": project, "file": os.path.join(project, n),
                        "arguments": ["clang++-19", "-std=c++17", "-isystem", MOCK, "-c", n]}
                       for n in files], open(os.path.join(project, "build", "compile_commands.json"), "w"))

        code, out, _, _ = step("Install torchdtype", project, {}, path)
        expect(code == 0 and "using " + os.path.join(bindir, "torchdtype") in out
               and re.search(r"^torchdtype \d", out, re.M),
               "install: torchdtype on PATH is used, nothing built (%d %r)" % (code, out[-400:]))

        database({"a.cpp": BUGGY, "clean.cpp": CLEAN})
        code, out, outputs, summary = step("torchdtype check", project, {}, path)
        expect(code == 1 and re.search(r"^::warning file=a\.cpp,line=5,", out, re.M)
               and outputs.get("status") == "1" and "torchdtype-mixed-precision" in summary,
               "check, github format: an annotation, the summary, status 1, the step fails "
               "(%d %r %r)" % (code, out[-400:], outputs))
        code, out, outputs, _ = step("torchdtype check", project, {"fail-on-findings": "false"}, path)
        expect(code == 0 and outputs.get("status") == "1",
               "fail-on-findings false: the step passes, status 1 (%d %r)" % (code, outputs))
        code, out, outputs, _ = step("torchdtype check", project,
                                     {"format": "sarif", "fail-on-findings": "false"}, path)
        sarif = os.path.join(project, "torchdtype.sarif")
        ok = os.path.exists(sarif) and json.load(open(sarif))["runs"][0]["results"]
        expect(code == 0 and ok and outputs.get("report") == "torchdtype.sarif",
               "sarif: torchdtype.sarif written, the report output (%d %r %r)" % (code, out[-300:], outputs))
        code, out, outputs, _ = step("torchdtype check", project,
                                     {"args": "--checks=-*,torchdtype-device-mismatch"}, path)
        expect(code == 0 and outputs.get("status") == "0", "args passed on (%d %r)" % (code, out[-300:]))

        for inputs, what in (({"format": "xml"}, "unknown format 'xml'"),
                             ({"fail-on-findings": "maybe"}, "fail-on-findings must be true or false"),
                             ({"build-dir": "nowhere"}, "no compile_commands.json in 'nowhere'")):
            code, out, _, _ = step("torchdtype check", project, inputs, path)
            expect(code == 2 and "::error title=torchdtype::" in out and what in out,
                   "bad input %r: ::error, exit 2 (%d %r)" % (inputs, code, out[-300:]))
        code, out, _, _ = step("torchdtype check", project, {}, "/usr/bin:/bin")
        expect(code == 2 and "no torchdtype binary" in out, "no binary: exit 2 (%d %r)" % (code, out[-300:]))
    finish()


if __name__ == "__main__":
    main()
