#!/usr/bin/env python3
"""torchdtype-tidy as an editor's clang-tidy executable (docs/editors.md).

usage: editors_test.py TORCHDTYPE_TIDY MOCK_INCLUDE

Runs torchdtype-tidy, with standard input at /dev/null or closed as an
editor's background process has it, with the arguments editors give
clang-tidy:
- VS Code's C/C++ extension (cpptools) with a compile database
  (C_Cpp.codeAnalysis.clangTidy.useBuildPath): `--header-filter=DIR
  --export-fixes=TMP.yaml --quiet FILE -p=BUILD_DIR` (the --header-filter is
  left out when a .clang-tidy exists); without one: `--checks=... --config=...
  --header-filter=... --extra-arg=... --export-fixes=... --quiet FILE --
  FLAGS`, and `--use-color=false` (a common clangTidy.args entry);
  (microsoft/vscode-cpptools issues #8952, #9273, #9555, #10407 show these);
- CLion (and ReSharper C++/Rider) with an external clang-tidy: the
  configuration as --config=TEXT (JetBrains' help: the configuration "will be
  converted into a command-line argument"; or --config-file=PATH),
  --line-filter limiting it to some lines, --export-fixes, --quiet,
  FILE -- FLAGS (its exact list is not published).
Each gives the warnings on stdout in clang-tidy's format and the fixes in the
YAML file; --line-filter and --header-filter filter as in clang-tidy;
--use-color colours, --use-color=false does not; bad values are errors, not
crashes. Prints `N passed, N failed`; exit 1 on any failure.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

TIDY, MOCK = (os.path.abspath(a) for a in sys.argv[1:3])
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # test/
from testing import expect, finish  # noqa: E402

SOURCE = """#include <torch/torch.h>
#include "helper.h"

torch::Tensor first() {
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  return torch::mm(a, h);
}

torch::Tensor second() {
  auto a = torch::randn({2, 2});
  auto d = torch::randn({2, 2}, torch::kDouble);
  return torch::matmul(a, d);
}
"""
HELPER = """#pragma once
#include <torch/torch.h>
inline torch::Tensor third() {
  auto a = torch::randn({2, 2});
  auto d = torch::randn({2, 2}, torch::kDouble);
  return torch::mm(a, d);
}
"""
FLAGS = ["-std=c++17", "-isystem", MOCK]
WARNING = re.compile(r"^(/[^:]+):(\d+):\d+: warning: .*\[torchdtype-mixed-precision\]$", re.M)


def run(args, cwd, stdin="devnull"):
    """torchdtype-tidy ARGS with stdin at /dev/null, or closed."""
    kw = {"stdin": subprocess.DEVNULL} if stdin == "devnull" else {
        "stdin": None, "pass_fds": (), "preexec_fn": lambda: os.close(0)}
    r = subprocess.run([TIDY] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=300, **kw)
    return r.returncode, r.stdout, r.stderr


def warned(out):
    return sorted((os.path.basename(f), int(l)) for f, l in WARNING.findall(out))


def fixes(path):
    """(diagnostic name, replacement text) of an --export-fixes YAML file."""
    if not os.path.exists(path):
        return []
    text = open(path).read()
    names = re.findall(r"DiagnosticName:\s+(\S+)", text)
    texts = re.findall(r"ReplacementText:\s+'([^']*)'", text)
    return names, texts


def main():
    with tempfile.TemporaryDirectory(prefix="torchdtype-editors-") as d:
        src = os.path.join(d, "src")
        build = os.path.join(d, "build")
        os.makedirs(src)
        os.makedirs(build)
        main_cpp = os.path.join(src, "model.cpp")
        open(main_cpp, "w").write(SOURCE)
        open(os.path.join(src, "helper.h"), "w").write(HELPER)
        json.dump([{"directory": build, "file": main_cpp,
                    "arguments": ["clang++-19"] + FLAGS + ["-c", main_cpp, "-o", "model.o"]}],
                  open(os.path.join(build, "compile_commands.json"), "w"))
        yaml = os.path.join(d, "fixes.yaml")
        both = [("model.cpp", 7), ("model.cpp", 13)]
        with_helper = sorted(both + [("helper.h", 6)])

        # VS Code, useBuildPath: the database by -p=DIR after the file; no
        # .clang-tidy yet, so --header-filter is given (the workspace).
        code, out, err = run(["--header-filter=" + d, "--export-fixes=" + yaml, "--quiet",
                              "--checks=-*,torchdtype-*", main_cpp, "-p=" + build], d)
        expect(code == 0 and warned(out) == with_helper,
               "vscode -p=DIR: the file's and its header's warnings (%d %r %r)"
               % (code, warned(out), err[-400:]))
        names, texts = fixes(yaml)
        expect(names.count("torchdtype-mixed-precision") == 3 and ".to(at::kFloat)" in texts
               and ".to(at::kDouble)" in texts,
               "vscode: --export-fixes writes the diagnostics and fixes %r %r" % (names, texts))
        # A .clang-tidy beside the sources: cpptools then gives no
        # --header-filter, the file's HeaderFilterRegex and checks apply.
        open(os.path.join(src, ".clang-tidy"), "w").write(
            "Checks: '-*,torchdtype-*'\nHeaderFilterRegex: ''\n")
        os.remove(yaml)
        code, out, err = run(["--export-fixes=" + yaml, "--quiet", main_cpp, "-p=" + build], d,
                             stdin="closed")
        expect(code == 0 and warned(out) == both and os.path.exists(yaml),
               "vscode with a .clang-tidy, stdin closed: the file's warnings only (%d %r %r)"
               % (code, warned(out), err[-400:]))

        # VS Code without a database: checks, config and compiler flags on
        # the command line; clangTidy.args adds --use-color=false.
        code, out, err = run(["--checks=-*,torchdtype-mixed-precision",
                              "--config={CheckOptions: {PyTorchVersion: '2.6'}}",
                              "--header-filter=.*", "--extra-arg=-ferror-limit=0",
                              "--export-fixes=" + yaml, "--quiet", "--use-color=false",
                              main_cpp, "--"] + FLAGS, d)
        expect(code == 0 and warned(out) == with_helper and "\x1b[" not in out,
               "vscode without a database: warnings, no colour (%d %r %r)"
               % (code, warned(out), err[-400:]))

        # CLion / ReSharper C++ / Rider: the configuration as text or file,
        # --line-filter, --export-fixes, --quiet, compiler flags after --.
        config = "{Checks: '-*,torchdtype-*', CheckOptions: {PyTorchVersion: '1.13'}}"
        line_filter = json.dumps([{"name": main_cpp, "lines": [[10, 14]]}])
        os.remove(yaml)
        code, out, err = run(["--config=" + config, "--line-filter=" + line_filter,
                              "--export-fixes=" + yaml, "--quiet", "--header-filter=.*",
                              main_cpp, "--"] + FLAGS, d, stdin="closed")
        names, texts = fixes(yaml)
        expect(code == 0 and warned(out) == [("model.cpp", 13)] and texts == [".to(at::kDouble)"],
               "clion: --line-filter keeps line 13's warning only (%d %r %r %r)"
               % (code, warned(out), texts, err[-400:]))
        cfg = os.path.join(d, "tidy-config.yaml")
        open(cfg, "w").write("Checks: '-*,torchdtype-*'\n")
        code, out, err = run(["--config-file=" + cfg, "--export-fixes=" + yaml, "--quiet",
                              "--use-color", main_cpp, "--"] + FLAGS, d)
        expect(code == 0 and warned(re.sub(r"\x1b\[[0-9;]*m", "", out)) == both and "\x1b[" in out,
               "--config-file, --use-color: coloured warnings (%d %r)" % (code, err[-400:]))

        # Bad values: an error naming the problem, no crash.
        for args, what in ((["--line-filter=not json"], "LineFilter"),
                           (["--config-file=" + os.path.join(d, "missing.yaml")], "missing.yaml"),
                           (["--config={Checks: [", "--quiet"], "config")):
            code, out, err = run(args + [main_cpp, "--"] + FLAGS, d)
            expect(code not in (0, -6, -11) and code > 0 and what.lower() in (out + err).lower(),
                   "bad %s: an error, not a crash (%d %r)" % (args[0], code, (out + err)[-300:]))
    finish()


if __name__ == "__main__":
    main()
