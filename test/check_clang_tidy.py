#!/usr/bin/env python3
"""Run one torchdtype clang-tidy check on a lit test file and FileCheck the output.

Usage (from a lit RUN line):

  // RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
  // RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-mixed-precision %t \
  // RUN:   -- -config='{CheckOptions: {torchdtype.PyTorchVersion: "1.13"}}' -- -DFOO

Arguments before the first `--` belong to this script (and unknown options such
as `-config=...` are passed on to clang-tidy). Between the first and second `--`:
extra clang-tidy arguments. After the second `--`: extra compiler arguments.

Options of this script:
  --tidy=PATH          clang-tidy executable (torchdtype-tidy, or clang-tidy-19)
  --load=MODULE        pass --load=MODULE to the tidy executable (when --tidy is
                       not given, stock clang-tidy-19 is used)
  --mock-include=DIR   mock LibTorch headers, added with -isystem
  --pch=FILE           the precompiled mock <torch/torch.h> (C++17), added with
                       -include-pch to C++17 runs (not to CUDA ones)
  --filecheck=PATH     FileCheck executable (default: FileCheck on PATH, else
                       /usr/lib/llvm-19/bin/FileCheck)
  -check-suffix=A,B    use CHECK-MESSAGES-A / CHECK-NOTES-A ... prefixes
  -std=c++17           language standard (default c++17)
  -expect-clang-tidy-error   clang-tidy is expected to exit non-zero

Expectations:
  * CHECK-MESSAGES[-SUFFIX]: FileCheck with -implicit-check-not={{warning|error}}:
    (every warning must be declared; notes may be checked but need not be).
  * CHECK-NOTES[-SUFFIX]: FileCheck with -implicit-check-not={{note|warning|error}}:
  * CHECK-FIXES[-SUFFIX]: the tool runs with --fix, and the fixed file is
    FileChecked (-strict-whitespace) against these lines
    (every warning AND every note must be declared). Use either CHECK-MESSAGES
    or CHECK-NOTES for a given suffix, not both.
  * Neither prefix present: the run must produce no warning, error or note.

The input is copied to TEMP.cpp with the text of CHECK lines blanked out
(`// CHECK-...: ...` becomes `//`), so line and column numbers are unchanged.
"""

import os
import re
import shutil
import subprocess
import sys

DEFAULT_FILECHECK = "/usr/lib/llvm-19/bin/FileCheck"
DEFAULT_STOCK_TIDY = "clang-tidy-19"


def fail(msg, output=None):
    sys.stdout.flush()
    if output is not None:
        print("------------------------ tool output ------------------------")
        print(output)
        print("--------------------------------------------------------------")
    print("check_clang_tidy.py: error: " + msg, file=sys.stderr)
    sys.exit(1)


def usage_error(msg):
    print(__doc__, file=sys.stderr)
    fail(msg)


def split_argv(argv):
    """Split at the first and second `--`."""
    if "--" not in argv:
        return argv, [], []
    i = argv.index("--")
    own, rest = argv[:i], argv[i + 1:]
    if "--" in rest:
        j = rest.index("--")
        return own, rest[:j], rest[j + 1:]
    return own, rest, []


def parse_own(own):
    opts = {
        "tidy": None,
        "load": None,
        "mock_include": None,
        "pch": None,
        "filecheck": None,
        "check_suffix": [""],
        "std": "c++17",
        "expect_error": False,
        "passthrough": [],
    }
    positional = []
    value_opts = {
        "tidy": "tidy",
        "load": "load",
        "mock-include": "mock_include",
        "pch": "pch",
        "filecheck": "filecheck",
        "check-suffix": "check_suffix",
        "check-suffixes": "check_suffix",
        "std": "std",
    }
    i = 0
    while i < len(own):
        arg = own[i]
        if arg.startswith("-") and arg != "-":
            name = arg.lstrip("-")
            value = None
            if "=" in name:
                name, value = name.split("=", 1)
            if name in value_opts:
                if value is None:
                    i += 1
                    if i >= len(own):
                        usage_error("option %s needs a value" % arg)
                    value = own[i]
                key = value_opts[name]
                if key == "check_suffix":
                    value = [s.strip() for s in value.split(",")]
                opts[key] = value
            elif name == "expect-clang-tidy-error":
                opts["expect_error"] = True
            else:
                # Unknown option (e.g. -config=..., --header-filter=...):
                # hand it to clang-tidy.
                opts["passthrough"].append(arg)
        else:
            positional.append(arg)
        i += 1
    if len(positional) != 3:
        usage_error("expected <input file> <check name> <temp file>, got %r" % positional)
    for s in opts["check_suffix"]:
        if s and not re.match(r"^[A-Z0-9\-]+$", s):
            usage_error('only A..Z, 0..9 and "-" are allowed in check suffixes, got "%s"' % s)
    return opts, positional


def find_filecheck(explicit):
    if explicit:
        return explicit
    found = shutil.which("FileCheck")
    if found:
        return found
    if os.path.exists(DEFAULT_FILECHECK):
        return DEFAULT_FILECHECK
    fail("FileCheck not found (put /usr/lib/llvm-19/bin on PATH or pass --filecheck=)")


def run(cmd):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return proc.returncode, proc.stdout.decode("utf-8", errors="replace")


def main():
    own, tidy_extra, compiler_extra = split_argv(sys.argv[1:])
    opts, (input_file, check_name, temp_base) = parse_own(own)

    try:
        with open(input_file, "r", encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        fail("cannot read input file: %s" % e)

    # Which prefixes does this run use?
    message_prefixes, note_prefixes = [], []
    for suffix in opts["check_suffix"]:
        tail = ("-" + suffix) if suffix else ""
        # Match a prefix only when followed by ':' or a FileCheck directive
        # suffix (-NEXT, -SAME, -NOT, -DAG, -LABEL, -EMPTY, -COUNT-n).
        directive = r"(?:-(?:NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-\d+))?:"
        has_msg = re.search(re.escape("CHECK-MESSAGES" + tail) + directive, text) is not None
        has_note = re.search(re.escape("CHECK-NOTES" + tail) + directive, text) is not None
        if has_msg and has_note:
            fail("use either CHECK-MESSAGES%s or CHECK-NOTES%s, not both" % (tail, tail))
        if has_msg:
            message_prefixes.append("CHECK-MESSAGES" + tail)
        if has_note:
            note_prefixes.append("CHECK-NOTES" + tail)
    fix_prefixes = []
    for suffix in opts["check_suffix"]:
        tail = ("-" + suffix) if suffix else ""
        if re.search(re.escape("CHECK-FIXES" + tail) + r"(?:-(?:NEXT|SAME|NOT|DAG))?:", text):
            fix_prefixes.append("CHECK-FIXES" + tail)
    expect_none = not message_prefixes and not note_prefixes

    # Temp copy with the CHECK lines blanked (line/column numbers are kept).
    temp_file = temp_base + ".cpp"
    temp_dir = os.path.dirname(os.path.abspath(temp_file))
    os.makedirs(temp_dir, exist_ok=True)
    cleaned = re.sub(r"// *CHECK-[A-Z0-9\-]*:[^\r\n]*", "//", text)
    with open(temp_file, "w", encoding="utf-8") as f:
        f.write(cleaned)

    # Tidy command.
    tidy = opts["tidy"]
    if tidy is None:
        tidy = DEFAULT_STOCK_TIDY if opts["load"] else "torchdtype-tidy"
    if os.sep in tidy and not os.path.exists(tidy):
        fail("clang-tidy executable not found: %s (is the project built?)" % tidy)
    if os.sep not in tidy and shutil.which(tidy) is None:
        fail("clang-tidy executable not found on PATH: %s" % tidy)
    if opts["load"] and not os.path.exists(opts["load"]):
        fail("module to load not found: %s (is the project built?)" % opts["load"])

    tidy_args = list(opts["passthrough"]) + list(tidy_extra)
    # The checks' tests put several findings in one function: all are
    # reported (ReportAfterThrow), unless a RUN line's -config names the
    # option (the default stops a path at its first finding).
    for i, a in enumerate(tidy_args):
        if re.match(r"^--?config=", a) and "ReportAfterThrow" not in a:
            tidy_args[i] = a.replace("CheckOptions: {",
                                     "CheckOptions: {ReportAfterThrow: true, ", 1)
    if not any(re.match(r"^--?config(-file)?=", a) for a in tidy_args):
        # Never pick up a stray .clang-tidy file.
        tidy_args.append("--config={CheckOptions: {ReportAfterThrow: true}}")
    cmd = [tidy]
    if opts["load"]:
        cmd.append("--load=" + opts["load"])
    if fix_prefixes:
        tidy_args.append("--fix")  # then the fixed file is checked below
    cmd += [temp_file, "--checks=-*," + check_name] + tidy_args + ["--"]
    compiler_args = ["-std=" + opts["std"]]
    if opts["mock_include"]:
        compiler_args += ["-isystem", opts["mock_include"]]
    compiler_args += compiler_extra
    if opts["pch"] and opts["std"] == "c++17" and "-x" not in compiler_extra:
        compiler_args += ["-include-pch", opts["pch"]]
    cmd += compiler_args

    print("Running " + " ".join(repr(c) if " " in c else c for c in cmd))
    rc, output = run(cmd)
    print("------------------------ clang-tidy output ------------------------")
    print(output)
    print("--------------------------------------------------------------------")

    if opts["expect_error"]:
        if rc == 0:
            fail("clang-tidy was expected to fail but exited 0")
    elif rc != 0:
        fail("clang-tidy exited with code %d (compile error in the test, or a crash)" % rc)

    if expect_none:
        bad = [l for l in output.splitlines() if re.search(r"(warning|error|note): ", l)]
        if bad:
            fail("no diagnostics were expected (the test has no %s lines), but clang-tidy "
                 "reported:\n  %s" % (" / ".join(
                     "CHECK-MESSAGES%s or CHECK-NOTES%s" % (t, t)
                     for t in [("-" + s) if s else "" for s in opts["check_suffix"]]),
                     "\n  ".join(bad)))
        return

    filecheck = find_filecheck(opts["filecheck"])
    if fix_prefixes:
        fc = [filecheck, "-input-file=" + temp_file, input_file,
              "-check-prefixes=" + ",".join(fix_prefixes), "-strict-whitespace"]
        rc, out = run(fc)
        if rc != 0:
            fail("FileCheck failed for %s on the fixed file:\n%s" % (",".join(fix_prefixes), out))
    if message_prefixes:
        msg_file = temp_base + ".msg"
        with open(msg_file, "w", encoding="utf-8") as f:
            f.write(output)
        fc = [filecheck, "-input-file=" + msg_file, input_file,
              "-check-prefixes=" + ",".join(message_prefixes),
              "-implicit-check-not={{warning|error}}:"]
        rc, out = run(fc)
        if rc != 0:
            fail("FileCheck failed for %s:\n%s" % (",".join(message_prefixes), out))
    if note_prefixes:
        notes_file = temp_base + ".notes"
        with open(notes_file, "w", encoding="utf-8") as f:
            f.write("\n".join(l for l in output.splitlines() if "note: FIX-IT applied" not in l))
        fc = [filecheck, "-input-file=" + notes_file, input_file,
              "-check-prefixes=" + ",".join(note_prefixes),
              "-implicit-check-not={{note|warning|error}}:"]
        rc, out = run(fc)
        if rc != 0:
            fail("FileCheck failed for %s:\n%s" % (",".join(note_prefixes), out))


if __name__ == "__main__":
    main()
