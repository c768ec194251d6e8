#!/usr/bin/env bash
# The steps of the composite GitHub Action (action.yml at the root), kept here
# so that they can be run and tested outside GitHub.
#
#   tools/action.sh install   torchdtype on PATH: the one there already, else
#                             built from this checkout (install-deps.sh +
#                             package.sh) and installed as a Debian package
#   tools/action.sh check     torchdtype check with the action's inputs
#
# Inputs come as environment variables (action.yml sets them):
#   TD_BUILD_DIR      directory of compile_commands.json (default build)
#   TD_FORMAT         github (annotations, default), sarif, json or text
#   TD_OUTPUT         report file for sarif/json (default torchdtype.sarif
#                     or torchdtype.json)
#   TD_ONLY_CHANGED   a base revision: only findings on lines changed since
#                     it; empty: every finding
#   TD_ARGS           more arguments for torchdtype check (split on spaces)
#   TD_FAIL_ON_FINDINGS  true (default): findings fail the step
# TORCHDTYPE_BIN names the binary (default: torchdtype on PATH). Outputs go to
# $GITHUB_OUTPUT when it is set: status (0 none, 1 findings) and report.
# Exit status: 0, or 1 for findings when TD_FAIL_ON_FINDINGS is true; 2 for
# errors (bad inputs, no database, a file that could not be analysed).
set -u
here="$(cd "$(dirname "$0")/.." && pwd)"

die() {
  echo "::error title=torchdtype::$*"
  echo "torchdtype action: $*" >&2
  exit 2
}

case "${1:-}" in
  install)
    if command -v torchdtype >/dev/null 2>&1; then
      echo "torchdtype action: using $(command -v torchdtype)"
      torchdtype --version
      exit 0
    fi
    bash "$here/tools/package.sh" -DBUILD_TESTING=OFF || die "building torchdtype failed"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get install -y -q "$(ls "$here"/build/torchdtype_*.deb | head -n 1)" ||
      die "installing the torchdtype package failed"
    torchdtype --version
    ;;
  check)
    bin="${TORCHDTYPE_BIN:-$(command -v torchdtype 2>/dev/null)}"
    [ -n "$bin" ] && [ -x "$bin" ] || die "no torchdtype binary (run the install step, or set TORCHDTYPE_BIN)"
    dir="${TD_BUILD_DIR:-build}"
    [ -f "$dir/compile_commands.json" ] ||
      die "no compile_commands.json in '$dir' (input build-dir); configure the project with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON first"
    case "${TD_FAIL_ON_FINDINGS:-true}" in
      true|false) ;;
      *) die "fail-on-findings must be true or false, not '${TD_FAIL_ON_FINDINGS}'" ;;
    esac
    format="${TD_FORMAT:-github}"
    args=(check -p "$dir" --quiet "--format=$format")
    report=""
    case "$format" in
      sarif|json)
        report="${TD_OUTPUT:-torchdtype.$format}"
        args+=(-o "$report") ;;
      github|text) ;;
      *) die "unknown format '$format' (github, sarif, json, text)" ;;
    esac
    [ -z "${TD_ONLY_CHANGED:-}" ] || args+=("--only-changed=$TD_ONLY_CHANGED")
    # shellcheck disable=SC2206 # the extra arguments are split on spaces
    [ -z "${TD_ARGS:-}" ] || args+=(${TD_ARGS})
    "$bin" "${args[@]}"
    rc=$?
    if [ -n "${GITHUB_OUTPUT:-}" ]; then
      echo "status=$rc" >> "$GITHUB_OUTPUT"
      echo "report=$report" >> "$GITHUB_OUTPUT"
    fi
    case $rc in
      0) exit 0 ;;
      1) [ "${TD_FAIL_ON_FINDINGS:-true}" = true ] && exit 1
         exit 0 ;;
      *) exit 2 ;;
    esac
    ;;
  *)
    echo "usage: tools/action.sh install|check" >&2
    exit 2 ;;
esac
