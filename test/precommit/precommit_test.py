#!/usr/bin/env python3
"""Tests the pre-commit hook (.pre-commit-hooks.yaml, tools/pre-commit-hook.sh)
with Debian's real `pre-commit`: `git commit` in a temporary LibTorch-extension
project over the mock headers is refused when a staged file has a dtype bug.

usage: precommit_test.py TORCHDTYPE REPO MOCK_INCLUDE

TORCHDTYPE is the built `torchdtype` binary, REPO the torchdtype repository.
pre-commit clones hook repositories at a committed revision, so the hook files
of REPO's work tree (committed or not) are committed into a small temporary
hook repository; when REPO's HEAD holds them too, REPO itself at HEAD is also
used as the hook repository. No network: PRE_COMMIT_HOME is a temporary
directory and the only hook repositories are local.
Prints `N passed, N failed`; exit 1 on any failure, 77 when pre-commit is not
installed.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

TOOL, REPO, MOCK = (os.path.abspath(a) for a in sys.argv[1:4])
PRE_COMMIT = shutil.which("pre-commit")
if not PRE_COMMIT:
    print("SKIP: pre-commit is not installed (apt-get install pre-commit)")
    sys.exit(77)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # test/
from testing import expect, failed, finish  # noqa: E402


TMP = tempfile.mkdtemp(prefix="torchdtype-precommit-")
# A git and a pre-commit of their own: no user configuration, no network.
ENV = dict(os.environ)
for k in list(ENV):
    if k.startswith(("GIT_", "TORCHDTYPE_", "PRE_COMMIT")):
        del ENV[k]
ENV.update({
    "GIT_CONFIG_GLOBAL": os.path.join(TMP, "gitconfig"), "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
    "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
    "PRE_COMMIT_HOME": os.path.join(TMP, "pre-commit-home"),
    "TORCHDTYPE_BIN": TOOL,
    "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9",
})
open(ENV["GIT_CONFIG_GLOBAL"], "w").write("[init]\n\tdefaultBranch = main\n")


def sh(args, cwd, env=None, check=False):
    r = subprocess.run(args, cwd=cwd, env=env or ENV, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=600)
    if check and r.returncode != 0:
        raise RuntimeError("%s failed (%d):\n%s" % (" ".join(args), r.returncode, r.stdout))
    return r.returncode, r.stdout


def git(d, *args, **kw):
    return sh(["git"] + list(args), d, **kw)


def head(d):
    return git(d, "rev-parse", "HEAD")[1].strip()


EXT_HEADER = "#include <torch/extension.h>\n"
BUGGY = EXT_HEADER + """
torch::Tensor project(torch::Tensor x) {
  auto w = torch::randn({4, 4});
  auto h = torch::randn({4, 4}, torch::kHalf);
  return torch::mm(w, h);
}
"""
CLEAN = EXT_HEADER + """
torch::Tensor scale(torch::Tensor x) {
  auto w = torch::randn({4, 4});
  return torch::mm(w, w);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {}
"""
FIXED = BUGGY.replace("torch::mm(w, h)", "torch::mm(w, h.to(w.scalar_type()))")
BUGGY_HEADER = "#pragma once\n" + EXT_HEADER + """
inline torch::Tensor helper() {
  auto a = torch::randn({2, 2});
  auto b = torch::randn({2, 2}, torch::kHalf);
  return torch::matmul(a, b);
}
"""
FRAGMENT_HEADER = "// included after <torch/extension.h> only\n" \
    "inline torch::Tensor frag() { return torch::randn({2}); }\n"


def hook_repo_from_worktree():
    """A temporary hook repository holding REPO's work-tree hook files."""
    d = os.path.join(TMP, "hook-repo")
    os.makedirs(os.path.join(d, "tools"))
    for f in (".pre-commit-hooks.yaml", "tools/pre-commit-hook.sh"):
        shutil.copy2(os.path.join(REPO, f), os.path.join(d, f))
    git(d, "init", "-q", check=True)
    git(d, "add", ".", check=True)
    git(d, "commit", "-q", "-m", "hook", check=True)
    return d, head(d)


def project(name, hook_repo, rev, build_dir="build", hook_args=None, config=None):
    """A LibTorch-extension-like git repository using the hook (CONFIG: its
    .pre-commit-config.yaml instead)."""
    d = os.path.join(TMP, name)
    os.makedirs(os.path.join(d, "csrc"))
    os.makedirs(os.path.join(d, build_dir))
    entries = []
    for f in ("ext.cpp", "ops.cpp", "kernels.cpp"):
        path = os.path.join(d, "csrc", f)
        entries.append({"directory": d, "file": path,
                        "arguments": ["c++", "-std=c++17", "-isystem", MOCK, "-c", path,
                                      "-o", os.path.join(build_dir, f + ".o")]})
    json.dump(entries, open(os.path.join(d, build_dir, "compile_commands.json"), "w"))
    open(os.path.join(d, ".gitignore"), "w").write(build_dir + "/\n")
    hook = "    -   id: torchdtype\n"
    if hook_args:
        hook += "        args: %s\n" % json.dumps(hook_args)
    open(os.path.join(d, ".pre-commit-config.yaml"), "w").write(
        config or "repos:\n-   repo: %s\n    rev: %s\n    hooks:\n%s" % (hook_repo, rev, hook))
    git(d, "init", "-q", check=True)
    git(d, "add", ".gitignore", ".pre-commit-config.yaml", check=True)
    git(d, "commit", "-q", "-m", "config", check=True)
    code, out = sh([PRE_COMMIT, "install"], d)
    if code != 0:
        raise RuntimeError("pre-commit install failed:\n" + out)
    return d


def write(d, rel, text):
    open(os.path.join(d, rel), "w").write(text)


def commit(d, files, msg, env=None):
    """Stages files and runs `git commit`; returns (committed, output)."""
    before = head(d)
    git(d, "add", "--", *files, check=True)
    code, out = git(d, "commit", "-m", msg, env=env)
    return code == 0 and head(d) != before, out


def warnings(out):
    return [l for l in out.splitlines() if ": warning: " in l]


def scenarios(tag, hook_repo, rev):
    d = project("ext-" + tag, hook_repo, rev)

    # (a) A staged dtype bug: the commit is refused, the warning printed.
    write(d, "csrc/ext.cpp", BUGGY)
    ok, out = commit(d, ["csrc/ext.cpp"], "buggy")
    w = warnings(out)
    expect(not ok, "%s: a staged dtype bug refuses the commit:\n%s" % (tag, out))
    expect(len(w) == 1 and "csrc/ext.cpp:6:10: warning: 'mm' requires operands of the "
           "same dtype but gets Float and Half" in w[0]
           and w[0].endswith("[torchdtype-mixed-precision]"),
           "%s: the warning is printed: %r" % (tag, out))
    expect("note: operand 'h' has dtype Half from here" in out, "%s: notes printed" % tag)
    expect("torchdtype" in out and "Failed" in out, "%s: pre-commit names the failed hook" % tag)

    # (b) A clean file commits; the refused bug stays staged, so unstage it.
    git(d, "reset", "-q", check=True)
    write(d, "csrc/ops.cpp", CLEAN)
    ok, out = commit(d, ["csrc/ops.cpp"], "clean")
    expect(ok and not warnings(out), "%s: a clean file commits:\n%s" % (tag, out))
    expect("Passed" in out, "%s: pre-commit says Passed: %r" % (tag, out))

    # Only staged files are checked: the bug left unstaged in the work tree
    # (pre-commit stashes it) does not refuse a clean commit.
    write(d, "csrc/kernels.cpp", CLEAN.replace("scale", "scale2").replace(
        "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {}\n", ""))
    ok, out = commit(d, ["csrc/kernels.cpp"], "clean 2")
    expect(ok and not warnings(out), "%s: an unstaged bug elsewhere does not refuse a "
           "clean commit:\n%s" % (tag, out))
    expect(open(os.path.join(d, "csrc/ext.cpp")).read() == BUGGY,
           "%s: the unstaged file is left as it was" % tag)

    # The fixed file commits.
    write(d, "csrc/ext.cpp", FIXED)
    ok, out = commit(d, ["csrc/ext.cpp"], "fixed")
    expect(ok, "%s: the fixed file commits:\n%s" % (tag, out))
    return d


try:
    code, version = sh([PRE_COMMIT, "--version"], TMP)
    print("using " + version.strip())
    hook_repo, rev = hook_repo_from_worktree()
    d = scenarios("worktree", hook_repo, rev)

    # Headers: a header with a bug is checked (inferred command); a header that
    # does not compile on its own is named but does not refuse the commit.
    write(d, "csrc/util.h", BUGGY_HEADER)
    ok, out = commit(d, ["csrc/util.h"], "header bug")
    w = warnings(out)
    expect(not ok and len(w) == 1 and "csrc/util.h:7:10: warning: 'matmul'" in w[0],
           "a staged header with a bug refuses the commit:\n%s" % out)
    git(d, "reset", "-q", check=True)
    write(d, "csrc/frag.h", FRAGMENT_HEADER)
    ok, out = commit(d, ["csrc/frag.h"], "fragment header")
    expect(ok, "a header that does not compile on its own commits:\n%s" % out)
    # (pre-commit shows a passing hook's output with --verbose only.)
    code, out = sh([PRE_COMMIT, "run", "torchdtype", "--verbose", "--files", "csrc/frag.h"], d)
    expect(code == 0 and "csrc/frag.h was not checked (it does not compile on its own)" in out,
           "... and is named (pre-commit run --verbose):\n%s" % out)
    env = dict(ENV, TORCHDTYPE_CHECK_HEADERS="0")
    ok, out = commit(d, ["csrc/util.h"], "header bug, headers off", env=env)
    expect(ok, "TORCHDTYPE_CHECK_HEADERS=0 skips headers:\n%s" % out)

    # A file the database does not list (a new file) is checked too.
    write(d, "csrc/new_op.cpp", BUGGY.replace("project", "project2"))
    ok, out = commit(d, ["csrc/new_op.cpp"], "new file")
    expect(not ok and any("csrc/new_op.cpp:6:10: warning: 'mm'" in l for l in warnings(out)),
           "a new file outside the database is checked:\n%s" % out)
    git(d, "reset", "-q", check=True)
    os.remove(os.path.join(d, "csrc/new_op.cpp"))

    # Installed (cmake --install: the Debian package's layout), torchdtype is
    # on PATH and the hook needs no TORCHDTYPE_BIN.
    prefix = os.path.join(TMP, "installed")
    code, out = sh(["cmake", "--install", os.path.dirname(os.path.dirname(TOOL)),
                    "--prefix", prefix], TMP)
    expect(code == 0 and os.access(os.path.join(prefix, "bin", "torchdtype"), os.X_OK),
           "cmake --install:\n%s" % out)
    env = dict(ENV, PATH=os.path.join(prefix, "bin") + ":/usr/bin:/bin")
    del env["TORCHDTYPE_BIN"]
    write(d, "csrc/installed.cpp", BUGGY.replace("project", "project4"))
    ok, out = commit(d, ["csrc/installed.cpp"], "installed", env=env)
    expect(not ok and any("csrc/installed.cpp:6:10: warning: 'mm'" in l for l in warnings(out)),
           "installed, no TORCHDTYPE_BIN: the hook runs the installed torchdtype:\n%s" % out)
    git(d, "reset", "-q", check=True)
    os.remove(os.path.join(d, "csrc/installed.cpp"))
    # ... and a `repo: local` hook running the installed script
    # (docs/pre-commit.md).
    local = project("ext-local", None, None, config=(
        "repos:\n-   repo: local\n    hooks:\n    -   id: torchdtype\n"
        "        name: torchdtype\n        entry: %s\n        language: system\n"
        "        types_or: [c++, c, cuda]\n        require_serial: true\n"
        % os.path.join(prefix, "share", "torchdtype", "pre-commit-hook.sh")))
    write(local, "csrc/ext.cpp", BUGGY)
    ok, out = commit(local, ["csrc/ext.cpp"], "buggy", env=env)
    expect(not ok and len(warnings(out)) == 1 and "csrc/ext.cpp:6:10: warning: 'mm'" in out,
           "repo: local with the installed hook script:\n%s" % out)

    # Set-up errors refuse the commit with a clear message.
    write(d, "csrc/ops.cpp", CLEAN.replace("scale", "scale3"))
    env = dict(ENV, PATH="/usr/bin:/bin")
    del env["TORCHDTYPE_BIN"]
    ok, out = commit(d, ["csrc/ops.cpp"], "no binary", env=env)
    expect(not ok and "the torchdtype binary was not found" in out
           and "TORCHDTYPE_BIN" in out, "no binary: refused, clear message:\n%s" % out)
    ok, out = commit(d, ["csrc/ops.cpp"], "bad binary",
                     env=dict(ENV, TORCHDTYPE_BIN="/nonexistent/torchdtype"))
    expect(not ok and "TORCHDTYPE_BIN='/nonexistent/torchdtype' is not an executable" in out,
           "bad TORCHDTYPE_BIN: refused, clear message:\n%s" % out)
    ok, out = commit(d, ["csrc/ops.cpp"], "bad build dir",
                     env=dict(ENV, TORCHDTYPE_BUILD_DIR=os.path.join(TMP, "nowhere")))
    expect(not ok and "no compile_commands.json in" in out,
           "bad TORCHDTYPE_BUILD_DIR: refused, clear message:\n%s" % out)
    os.rename(os.path.join(d, "build"), os.path.join(d, "elsewhere"))
    ok, out = commit(d, ["csrc/ops.cpp"], "no database")
    expect(not ok and "no compile_commands.json in ./build, ./build*/ or ./" in out
           and "TORCHDTYPE_BUILD_DIR" in out, "no database found: refused:\n%s" % out)
    # TORCHDTYPE_BUILD_DIR finds it.
    ok, out = commit(d, ["csrc/ops.cpp"], "env build dir",
                     env=dict(ENV, TORCHDTYPE_BUILD_DIR="elsewhere"))
    expect(ok, "TORCHDTYPE_BUILD_DIR=elsewhere:\n%s" % out)

    # args: [-p, DIR] in the config; and the build*/ search.
    d2 = project("ext-args", hook_repo, rev, build_dir="out", hook_args=["-p", "out"])
    write(d2, "csrc/ext.cpp", BUGGY)
    ok, out = commit(d2, ["csrc/ext.cpp"], "buggy")
    expect(not ok and len(warnings(out)) == 1, "args: [-p, out]:\n%s" % out)
    d3 = project("ext-glob", hook_repo, rev, build_dir="build-release")
    write(d3, "csrc/ext.cpp", BUGGY)
    ok, out = commit(d3, ["csrc/ext.cpp"], "buggy")
    expect(not ok and len(warnings(out)) == 1, "build-release/ found:\n%s" % out)
    # Options are passed on to torchdtype check.
    d4 = project("ext-checks", hook_repo, rev,
                 hook_args=["--checks=-*,torchdtype-device-mismatch"])
    write(d4, "csrc/ext.cpp", BUGGY)
    ok, out = commit(d4, ["csrc/ext.cpp"], "buggy, check off")
    expect(ok, "args: [--checks=...] passed on:\n%s" % out)

    # args: [--only-changed]: a legacy bug in a staged file does not refuse the
    # commit, a bug on a staged line does (pre-commit stashes the unstaged
    # changes, so the lines changed since HEAD are the staged ones).
    d5 = project("ext-only-changed", hook_repo, rev, hook_args=["--only-changed"])
    write(d5, "csrc/ext.cpp", BUGGY)
    git(d5, "add", "csrc/ext.cpp", check=True)
    git(d5, "commit", "-q", "--no-verify", "-m", "legacy bug", check=True)
    write(d5, "csrc/ext.cpp", BUGGY + "\ntorch::Tensor twice(torch::Tensor x) { return x * 2; }\n")
    ok, out = commit(d5, ["csrc/ext.cpp"], "clean change in a file with a legacy bug")
    expect(ok, "--only-changed: a clean change next to a legacy bug commits:\n%s" % out)
    write(d5, "csrc/ext.cpp", BUGGY.replace("return torch::mm(w, h);",
                                            "torch::matmul(h, w);\n  return torch::mm(w, h);"))
    ok, out = commit(d5, ["csrc/ext.cpp"], "new bug")
    w = warnings(out)
    expect(not ok and len(w) == 1 and "csrc/ext.cpp:6:3: warning: 'matmul'" in w[0],
           "--only-changed: only the new bug is reported:\n%s" % out)

    # REPO itself as the hook repository, at its HEAD, when it holds the hook.
    code, listed = git(REPO, "ls-files", "-s", "--", ".pre-commit-hooks.yaml",
                       "tools/pre-commit-hook.sh")
    lines = listed.splitlines()
    if code == 0 and len(lines) == 2:
        expect(all(l.startswith("100755 ") for l in lines if "pre-commit-hook.sh" in l),
               "tools/pre-commit-hook.sh is committed executable (100755): %r" % lines)
        scenarios("head", REPO, head(REPO))
    else:
        print("SKIP REPO at HEAD as the hook repository: the hook files are not "
              "committed in " + REPO)
except Exception as e:  # a set-up step failed
    failed.append("set-up: %s" % e)
finally:
    shutil.rmtree(TMP, ignore_errors=True)

for f in failed:
    print("FAIL " + f)
finish()
