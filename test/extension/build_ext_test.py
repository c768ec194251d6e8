#!/usr/bin/env python3
"""A real extension build, end to end: the example extension
(examples/extension: fused_ops.cpp, setup.py) is built the way extension
authors build theirs, with torch.utils.cpp_extension's BuildExtension (ninja
backend) from Debian's python3-torch 1.13.1; its compilation database is
taken with `ninja -t compdb`, as a user would; then

- `torchdtype check` on it reports exactly the `// BUG(check)` lines of
  fused_ops.cpp (JSON report), its SARIF report validates (SARIF 2.1.0 JSON
  schema and Microsoft's multitool), and the pre-commit hook's entry
  (tools/pre-commit-hook.sh) refuses the file;
- the extension is imported from Python and each entry point a finding
  leads to is called: what was flagged raises there, with the message the
  warning quoted (or any message where the warning quotes none, its dtypes
  being the caller's choice; a silent finding runs), including under
  torch.autocast("cpu") as users call it; what was accepted runs.

usage: build_ext_test.py TORCHDTYPE REPO WORK_DIR [SARIF_MULTITOOL SARIF_SCHEMA]
Run it with Debian's python3 (it has torch). Prints `N passed, N failed`;
exit 1 on any failure, 77 when python3-torch or ninja is missing.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

TOOL, REPO, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
MULTITOOL = sys.argv[4] if len(sys.argv) > 4 else ""
SCHEMA = sys.argv[5] if len(sys.argv) > 5 else ""
try:
    import torch  # noqa: F401
except ImportError:
    print("SKIP: python3-torch is not installed (apt-get install python3-torch)")
    sys.exit(77)
if not shutil.which("ninja"):
    print("SKIP: ninja is not installed (apt-get install ninja-build)")
    sys.exit(77)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # test/
from testing import expect, failed, finish  # noqa: E402


def run(args, cwd, **kw):
    return subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=1200, **kw)


# --- Build, as a user does. ---
EXAMPLE = os.path.join(REPO, "examples", "extension")
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
for f in ("fused_ops.cpp", "setup.py", "fused_ops_amp.py"):
    shutil.copy(os.path.join(EXAMPLE, f), WORK)
# The project's .clang-tidy: the extension targets LibTorch 1.13.
shutil.copy(os.path.join(REPO, "examples", ".clang-tidy"), WORK)
r = run([sys.executable, "setup.py", "build_ext", "--inplace"], WORK,
        env=dict(os.environ, MAX_JOBS="2"))
expect(r.returncode == 0, "setup.py build_ext failed:\n" + r.stdout[-3000:])
ninja_files = glob.glob(os.path.join(WORK, "build", "temp.*", "build.ninja"))
expect(len(ninja_files) == 1, "no build.ninja of the ninja backend: %s" % ninja_files)
if failed:
    finish()
r = run(["ninja", "-C", os.path.dirname(ninja_files[0]), "-t", "compdb", "compile"], WORK)
db = os.path.join(WORK, "db")
os.makedirs(db)
open(os.path.join(db, "compile_commands.json"), "w").write(r.stdout)
entries = json.loads(r.stdout) if r.returncode == 0 else []
expect(len(entries) == 1 and entries[0]["file"].endswith("fused_ops.cpp"),
       "ninja -t compdb: %s" % r.stdout[:500])

# --- torchdtype check: JSON, SARIF, the pre-commit hook's entry. ---
SOURCE = os.path.join(WORK, "fused_ops.cpp")
lines = open(SOURCE).read().split("\n")
bugs = {(i + 1, m.group(1)) for i, l in enumerate(lines)
        for m in [re.search(r"// BUG\((torchdtype-[\w-]+)\)", l)] if m}
report = os.path.join(WORK, "report.json")
r = run([TOOL, "check", "-p", db, "--quiet", "--format=json", "-o", report], WORK)
expect(r.returncode == 1, "torchdtype check exit %d (1: findings): %s" % (r.returncode, r.stdout[-2000:]))
findings = json.load(open(report))["findings"] if os.path.exists(report) else []
got = {(f["location"]["line"], f["check"]) for f in findings}
expect(got == bugs, "findings %s != BUG lines %s" % (sorted(got), sorted(bugs)))
expect(len(bugs) >= 5, "the example has %d BUG lines" % len(bugs))

sarif = os.path.join(WORK, "report.sarif")
r = run([TOOL, "check", "-p", db, "--quiet", "--format=sarif", "-o", sarif], WORK)
results = []
if os.path.exists(sarif):
    doc = json.load(open(sarif))
    results = doc["runs"][0]["results"]
    if SCHEMA:
        import jsonschema
        schema = json.load(open(SCHEMA, encoding="utf-8-sig"))
        cls = jsonschema.validators.validator_for(schema)
        errors = [e.message for e in cls(schema).iter_errors(doc)]
        expect(not errors, "SARIF schema errors: %s" % errors[:5])
    if MULTITOOL:
        log = sarif + ".validation.sarif"
        run([MULTITOOL, "validate", sarif, "-o", log, "--log", "ForceOverwrite", "--level", "Error"],
            WORK, env=dict(os.environ, DOTNET_CLI_TELEMETRY_OPTOUT="1"))
        errs = []
        if os.path.exists(log):
            for run_ in json.load(open(log, encoding="utf-8-sig")).get("runs", []):
                errs += [x for x in run_.get("results", []) if x.get("level") == "error"]
        expect(os.path.exists(log) and not errs, "SARIF multitool: %s" % errs[:3])
expect(len(results) == len(bugs), "SARIF has %d results, %d expected" % (len(results), len(bugs)))

hook = os.path.join(REPO, "tools", "pre-commit-hook.sh")
r = run(["bash", hook, "-p", db, "fused_ops.cpp"], WORK,
        env=dict(os.environ, TORCHDTYPE_BIN=TOOL, TORCHDTYPE_CHECK_HEADERS="0"))
expect(r.returncode == 1 and r.stdout.count("warning:") >= len(bugs),
       "pre-commit hook: exit %d, output %s" % (r.returncode, r.stdout[-1500:]))

# The Python wrapper is an input of the cached result: without its cast,
# blend_features is reported on the next run; with it back, not.
AMP = os.path.join(WORK, "fused_ops_amp.py")
amp_text = open(AMP).read()
open(AMP, "w").write(amp_text.replace("    x, w = _cast_if_autocast_enabled(x, w)\n", ""))
r = run([TOOL, "check", "-p", db, "--quiet", "--format=json", "-o", report], WORK)
edited = {(f["location"]["line"], f["check"]) for f in json.load(open(report))["findings"]}
blend = {(i + 1, "torchdtype-dispatch-operand-dtype") for i, l in enumerate(lines)
         if "OK: the Python wrapper casts" in l}
expect(len(blend) == 1 and edited == bugs | blend,
       "wrapper without its cast: findings %s, want %s" % (sorted(edited), sorted(bugs | blend)))
open(AMP, "w").write(amp_text)
r = run([TOOL, "check", "-p", db, "--quiet", "--format=json", "-o", report], WORK)
restored = {(f["location"]["line"], f["check"]) for f in json.load(open(report))["findings"]}
expect(restored == bugs, "wrapper restored: findings %s" % sorted(restored))

# --- The extension from Python. ---
sys.path.insert(0, WORK)
import fused_ops as m  # noqa: E402

# Which Python entry point each finding is reached from: the function that
# holds the outermost "in this call of" note, else the finding itself.
defs = [(i + 1, mm.group(1)) for i, l in enumerate(lines)
        for mm in [re.match(r"torch::Tensor (\w+)\(", l)] if mm]


def function_at(line):
    name = None
    for start, n in defs:
        if start <= line:
            name = n
    return name


def entry_of(f):
    calls = [n for n in f.get("notes", []) if n["message"].startswith("in this call of")]
    return function_at((calls[-1] if calls else f)["location"]["line"])


def quoted(msg):
    mm = re.search(r'this throws at run time: "(.*)" \[kb:', msg)
    return mm.group(1) if mm else None


def throws(msg):
    return "this throws at run time" in msg


x32 = torch.randn(6, 4)
CALLS = {  # how Python calls each entry point
    "smooth": lambda: m.smooth(8, 3),
    "scaled_residual": lambda: m.scaled_residual(x32[:4].clone(), x32[:4], 0.5),
    "row_normalize": lambda: m.row_normalize(x32.to(torch.bfloat16)),
    "id_counts": lambda: m.id_counts(torch.tensor([1, 2, 2]), 4),
    "box_areas": lambda: m.box_areas(5),
    "soft_clamp": lambda: m.soft_clamp(x32, 3.0),
    "soft_clamp_compact": lambda: m.soft_clamp_compact(x32, 3.0),
    "soft_clamp_f32": lambda: m.soft_clamp_f32(x32.half(), 3.0),
    # autocast's bfloat16 activations beside float32 weights
    "weighted_features": lambda: m.weighted_features(x32.to(torch.bfloat16), torch.ones(4)),
    # its only Python caller (fused_ops_amp.py) casts both arguments
    "blend_features": lambda: m.blend_features(x32, torch.ones(4)),
}
expect(set(CALLS) == {n for _, n in defs}, "entry points %s, calls for %s" % (
    sorted(n for _, n in defs), sorted(CALLS)))


def outcome(call):
    try:
        call()
        return None
    except RuntimeError as e:
        return str(e).split("\n")[0]


flagged = {}
for f in findings:
    flagged.setdefault(entry_of(f), []).append(f)
for entry, fs in sorted(flagged.items()):
    got_msg = outcome(CALLS[entry])
    for f in fs:
        want = quoted(f["message"])
        if not throws(f["message"]):  # silent (dropped conversion, portability)
            expect(got_msg is None, "%s (%s): silent finding, but Python raised %r" % (
                entry, f["check"], got_msg))
        elif want is None:  # the dtypes are the caller's: no message quoted
            expect(got_msg is not None, "%s (%s): flagged, but Python ran it" % (
                entry, f["check"]))
        else:
            expect(got_msg == want, "%s (%s): Python raised %r, the warning quoted %r" % (
                entry, f["check"], got_msg, want))
        print("flagged  %-20s %-40s %s" % (entry, f["check"], got_msg or "runs (silent)"))
for entry in sorted(set(CALLS) - set(flagged)):
    got_msg = outcome(CALLS[entry])
    expect(got_msg is None, "%s: accepted, but Python raised %r" % (entry, got_msg))
    print("accepted %-20s runs" % entry)

# As users call it: activations from an autocast region (bfloat16 on CPU).
lin = torch.nn.Linear(4, 4)
with torch.autocast("cpu"):
    act = lin(x32)
    expect(act.dtype == torch.bfloat16, "CPU autocast gave %s" % act.dtype)
    want = quoted(next(f["message"] for f in findings
                       if f["check"] == "torchdtype-dispatch-missing-dtype"))
    expect(outcome(lambda: m.soft_clamp_compact(act, 3.0)) == want,
           "soft_clamp_compact under autocast did not raise %r" % want)
    expect(outcome(lambda: m.soft_clamp_f32(act, 3.0)) is None,
           "soft_clamp_f32 under autocast raised")
    # The weights stay float32 (autocast leaves custom ops alone).
    weights = torch.ones(4)
    expect(outcome(lambda: m.weighted_features(act, weights)) ==
           "expected scalar type BFloat16 but found Float",
           "weighted_features(bfloat16, float32) under autocast did not raise")
    expect(outcome(lambda: m.weighted_features(act, weights.to(act.dtype))) is None,
           "weighted_features with converted weights raised")
    # Not flagged: the package's wrapper casts both to autocast's dtype and
    # runs; called around the wrapper, the same mix raises.
    import fused_ops_amp  # noqa: E402
    expect(outcome(lambda: fused_ops_amp.blend_features(act, weights)) is None,
           "fused_ops_amp.blend_features under autocast raised")
    expect(outcome(lambda: m.blend_features(act, weights)) ==
           "expected scalar type BFloat16 but found Float",
           "blend_features(bfloat16, float32) without its wrapper did not raise")
    # Not flagged, and it raises: soft_clamp takes the dtype Python gives it,
    # which the analysis cannot see (docs/extensions.md).
    expect(outcome(lambda: m.soft_clamp(act, 3.0)) ==
           "\"soft_clamp\" not implemented for 'BFloat16'",
           "soft_clamp(bfloat16) from Python did not raise as expected")
finish()
