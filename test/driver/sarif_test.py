#!/usr/bin/env python3
"""SARIF and GitHub output of `torchdtype check`, validated for real.

usage: sarif_test.py TORCHDTYPE MULTITOOL SCHEMA MOCK_INCLUDE EXAMPLES_BUILD

- the SARIF of the example project and of a small project validates with
  python3-jsonschema against the SARIF 2.1.0 schema and with Microsoft's SARIF
  multitool (`validate`, errors read from its log since it always exits 0);
- rules carry help from the knowledge base, results repo-relative URIs with a
  uriBaseId, notes as relatedLocations, and fingerprints that stay the same
  when lines are inserted above;
- the GitHub format gives workflow commands with repo-relative paths and a
  markdown summary of every finding in $GITHUB_STEP_SUMMARY.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

TOOL, MULTITOOL, SCHEMA, MOCK, EXAMPLES_BUILD = sys.argv[1:6]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The example project's warnings, as examples/expected-findings.txt lists them
# (its CMake project; the .cu launcher is not part of it).
EXAMPLE_WARNINGS = sum(1 for l in open(os.path.join(ROOT, "examples", "expected-findings.txt"))
                       if ": warning: " in l and not l.startswith("#")
                       and ".cu:" not in l.split(": warning: ")[0])
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # test/
from testing import expect, failed, finish  # noqa: E402


# The project puts two findings in one function: both are reported.
ALL = "--config={CheckOptions: {ReportAfterThrow: true}}"


def check(args, cwd, env=None):
    return subprocess.run([TOOL, "check", "--quiet", ALL] + args, cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=900)


def validate(path, label):
    import jsonschema
    schema = json.load(open(SCHEMA, encoding="utf-8-sig"))
    cls = jsonschema.validators.validator_for(schema)
    errors = [e.message for e in cls(schema, format_checker=jsonschema.FormatChecker())
              .iter_errors(json.load(open(path)))]
    expect(not errors, "%s: JSON schema errors: %s" % (label, errors[:5]))
    log = path + ".validation.sarif"
    r = subprocess.run([MULTITOOL, "validate", path, "-o", log, "--log", "ForceOverwrite",
                        "--level", "Error"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, env=dict(os.environ, DOTNET_CLI_TELEMETRY_OPTOUT="1"))
    ok = os.path.exists(log)
    problems = []
    if ok:
        out = json.load(open(log, encoding="utf-8-sig"))
        for run in out.get("runs", []):
            for res in run.get("results", []):
                if res.get("level") == "error":
                    problems.append(res.get("message", {}).get("text", str(res)))
            for inv in run.get("invocations", []):
                if inv.get("executionSuccessful") is False:
                    problems.append("multitool execution failed")
    expect(ok and not problems, "%s: multitool: %s %s" % (label, problems[:5], r.stdout[-500:]))


BUGGY = """#include <torch/torch.h>
void f() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  torch::mm(a, b);
  auto c = a.to(torch::kCUDA);
  torch::mm(c, a);
}
"""

with tempfile.TemporaryDirectory() as d:
    os.makedirs(os.path.join(d, "src"))
    src = os.path.join(d, "src", "net.cpp")
    open(src, "w").write(BUGGY)
    json.dump([{"directory": d, "file": src,
                "arguments": ["clang++", "-std=c++17", "-isystem", MOCK, "-c", src]}],
              open(os.path.join(d, "compile_commands.json"), "w"))
    subprocess.run(["git", "init", "-q", d], check=True)
    out = os.path.join(d, "out.sarif")
    r = check(["-p", d, "--format=sarif", "-o", out, "--automation-id=ci/nightly"], cwd=d)
    expect(r.returncode == 1, "sarif run exits 1 (%d) %s" % (r.returncode, r.stderr[-300:]))
    validate(out, "small project")
    sarif = json.load(open(out))
    run = sarif["runs"][0]
    rules = {x["id"]: x for x in run["tool"]["driver"]["rules"]}
    # A rule per check: one docs/checks page each.
    pages = {"torchdtype-" + f[:-3] for f in os.listdir(os.path.join(ROOT, "docs", "checks"))
             if f.endswith(".md") and f != "README.md"}
    expect(set(rules) == pages, "a rule per check page: %s" % sorted(set(rules) ^ pages))
    mp = rules.get("torchdtype-mixed-precision", {})
    expect("pytorch/scalar-type-mismatch" in mp.get("help", {}).get("markdown", "")
           and "**Fix:**" in mp.get("help", {}).get("markdown", "")
           and mp.get("helpUri", "").startswith("https://pytorch.org/"),
           "rule help from the kb: %r" % mp.get("help", {}).get("markdown", "")[:200])
    expect(run["automationDetails"]["id"] == "ci/nightly", "automation id configurable")
    results = run["results"]
    expect(len(results) == 2, "two results: %d" % len(results))
    loc = results[0]["locations"][0]["physicalLocation"]
    expect(loc["artifactLocation"] == {"uri": "src/net.cpp", "uriBaseId": "SRCROOT"},
           "repo-relative uri: %r" % loc["artifactLocation"])
    expect(loc["region"]["startLine"] == 5, "region line")
    expect(all(r.get("relatedLocations") for r in results), "notes as relatedLocations")
    fix = results[0].get("fixes", [{}])[0].get("artifactChanges", [{}])[0]
    rep = fix.get("replacements", [{}])[0]
    expect(fix.get("artifactLocation", {}).get("uri") == "src/net.cpp"
           and rep.get("insertedContent", {}).get("text") == ".to(at::kFloat)"
           and rep.get("deletedRegion", {}).get("startLine") == 5,
           "fix-it as a SARIF fix: %r" % results[0].get("fixes"))
    fp1 = [r["partialFingerprints"]["primaryLocationLineHash"] for r in results]
    # Lines inserted above: the fingerprints stay, the lines move.
    open(src, "w").write("// a comment\n// another\n" + BUGGY)
    check(["-p", d, "--format=sarif", "-o", out], cwd=d)
    moved = json.load(open(out))["runs"][0]["results"]
    fp2 = [r["partialFingerprints"]["primaryLocationLineHash"] for r in moved]
    expect(fp1 == fp2 and moved[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 7,
           "fingerprints stable across moved lines: %r %r" % (fp1, fp2))
    expect(len(set(fp1)) == 2, "distinct fingerprints")

    # GitHub annotations and the step summary.
    summary = os.path.join(d, "summary.md")
    r = check(["-p", d, "--format=github"], cwd=d,
              env=dict(os.environ, GITHUB_STEP_SUMMARY=summary))
    lines = r.stdout.splitlines()
    expect(len(lines) == 2 and all(re.match(
        r"^::warning file=src/net\.cpp,line=\d+,col=\d+,title=torchdtype-[\w-]+::\S", l)
        for l in lines), "github annotations: %r" % lines)
    text = open(summary).read() if os.path.exists(summary) else ""
    expect(text.count("| src/net.cpp |") == 2 and "torchdtype-device-mismatch" in text,
           "summary table lists every finding: %r" % text)

# The example project.
db = os.path.join(EXAMPLES_BUILD, "compile_commands.json")
if os.path.exists(db):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "examples.sarif")
        r = check(["-p", EXAMPLES_BUILD, "--format=sarif", "-o", out], cwd=ROOT)
        validate(out, "example project")
        res = json.load(open(out))["runs"][0]["results"]
        expect(len(res) == EXAMPLE_WARNINGS and all(
            x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("examples/")
            for x in res), "example project: %d results with repo-relative uris (%d)"
            % (EXAMPLE_WARNINGS, len(res)))
else:
    print("SKIP example project: %s not configured" % db)

for f in failed:
    print("FAIL " + f)
finish()
