#!/usr/bin/env bash
# pre-commit hook: runs `torchdtype check` on the staged C/C++/CUDA files.
#
#   pre-commit-hook.sh [-p BUILD_DIR] [TORCHDTYPE CHECK OPTIONS...] FILE...
#
# The torchdtype binary: $TORCHDTYPE_BIN, else `torchdtype` on PATH (the
# installed package's /usr/bin/torchdtype).
# The build directory (holding compile_commands.json): $TORCHDTYPE_BUILD_DIR,
# else `-p DIR` from the hook's args, else ./build, else the first ./build*
# directory (in name order) holding compile_commands.json, else ./ itself.
# Other options (--checks=..., --config=..., -j N, --only-changed) are passed
# to `torchdtype check`.
#
# Source files (.c .cc .cpp .cxx .cu ...) are checked with their command from
# the database, or one inferred from their neighbours when the database does
# not list them (a new file), as clang-tidy does. Headers are checked with an
# inferred command too; a header that cannot be compiled on its own (not
# self-contained) is named but does not refuse the commit. Set
# TORCHDTYPE_CHECK_HEADERS=0 to skip headers.
#
# Exit status: 0 clean; 1 findings, a source that could not be analysed, or
# a set-up error (no binary, no compilation database).
set -u

die() {
  echo "torchdtype pre-commit hook: $*" >&2
  exit 1
}

# --- Arguments: our -p, torchdtype's options, then the file names. ---
args_dir=""
opts=()
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    -p|--build-dir)
      [ $# -ge 2 ] || die "$1 needs a directory"
      args_dir="$2"; shift 2; continue ;;
    -p=*|--build-dir=*)
      args_dir="${1#*=}" ;;
    -j|--checks|-checks|--config)
      [ $# -ge 2 ] || die "$1 needs a value"
      opts+=("$1" "$2"); shift 2; continue ;;
    --)
      shift; files+=("$@"); break ;;
    -*)
      opts+=("$1") ;;
    *)
      files+=("$1") ;;
  esac
  shift
done
[ ${#files[@]} -gt 0 ] || exit 0

# --- The binary. ---
if [ -n "${TORCHDTYPE_BIN:-}" ]; then
  bin="$TORCHDTYPE_BIN"
  if [ ! -x "$bin" ] || [ -d "$bin" ]; then
    die "TORCHDTYPE_BIN='$bin' is not an executable file.
Build torchdtype (in its repository: bash tools/build.sh, or cmake + ninja),
then set TORCHDTYPE_BIN=/path/to/torchdtype/build/bin/torchdtype."
  fi
elif bin=$(command -v torchdtype 2>/dev/null) && [ -n "$bin" ]; then
  :
else
  die "the torchdtype binary was not found (TORCHDTYPE_BIN is not set and there
is no 'torchdtype' on PATH). Install torchdtype's package (in its repository:
bash tools/package.sh, then sudo apt install ./build/torchdtype_*.deb), or
build torchdtype (bash tools/build.sh) and either
  export TORCHDTYPE_BIN=/path/to/torchdtype/build/bin/torchdtype
or put build/bin on PATH."
fi

# --- The build directory. ---
if [ -n "${TORCHDTYPE_BUILD_DIR:-}" ]; then
  dir="$TORCHDTYPE_BUILD_DIR"; from="TORCHDTYPE_BUILD_DIR"
elif [ -n "$args_dir" ]; then
  dir="$args_dir"; from="the hook's args (-p)"
else
  dir=""; from=""
  for d in build build*/ .; do
    d="${d%/}"
    if [ -f "$d/compile_commands.json" ]; then
      dir="$d"; break
    fi
  done
  [ -n "$dir" ] || die "no compile_commands.json in ./build, ./build*/ or ./
Configure the project with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON (or bear, etc.),
or say where it is: export TORCHDTYPE_BUILD_DIR=DIR, or in
.pre-commit-config.yaml give the hook  args: [-p, DIR]"
fi
[ -f "$dir/compile_commands.json" ] ||
  die "no compile_commands.json in '$dir' (from $from)"

# --- Sources and headers. ---
sources=()
headers=()
for f in "${files[@]}"; do
  case "$f" in
    *.h|*.hh|*.hpp|*.hxx|*.h++|*.cuh|*.inl|*.ipp|*.tcc)
      [ "${TORCHDTYPE_CHECK_HEADERS:-1}" = 0 ] || headers+=("$f") ;;
    *)
      sources+=("$f") ;;
  esac
done

# clang-tidy's "N warnings generated." chatter is dropped.
chatter='^[0-9]+ (warning|error)s? (and [0-9]+ (warning|error)s? )?generated\.$'
status=0

if [ ${#sources[@]} -gt 0 ]; then
  out=$("$bin" check -p "$dir" --quiet "${opts[@]}" "${sources[@]}" 2>&1)
  rc=$?
  [ -z "$out" ] || printf '%s\n' "$out" | grep -Ev "$chatter"
  case $rc in
    0) ;;
    1) status=1 ;;
    *) status=1
       echo "torchdtype pre-commit hook: torchdtype check failed (exit $rc; see above)" >&2 ;;
  esac
fi

if [ ${#headers[@]} -gt 0 ]; then
  out=$("$bin" check -p "$dir" --quiet "${opts[@]}" "${headers[@]}" 2>&1)
  rc=$?
  # Headers that could not be compiled on their own: their lines are dropped
  # and the header named.
  failed=$(printf '%s\n' "$out" |
           sed -n 's/^\(.*\): error: the file could not be analysed.*$/\1/p')
  kept=$(printf '%s\n' "$out" | grep -Ev "$chatter" |
         awk -v failed="$failed" '
           BEGIN { n = split(failed, f, "\n"); for (i = 1; i <= n; i++) bad[f[i]] = 1 }
           {
             for (h in bad) {
               if (h != "" && (index($0, h ":") == 1 || $0 == "Error while processing " h "."))
                 next
             }
             print
           }')
  [ -z "$kept" ] || printf '%s\n' "$kept"
  if [ -n "$failed" ]; then
    printf '%s\n' "$failed" | while IFS= read -r h; do
      echo "torchdtype pre-commit hook: note: ${h#"$PWD"/} was not checked (it does not compile on its own)"
    done
  fi
  case $rc in
    0) ;;
    1) status=1 ;;
    2) if printf '%s\n' "$kept" | grep -q ': warning: \|: error: '; then status=1; fi
       if [ -z "$failed" ]; then
         status=1
         echo "torchdtype pre-commit hook: torchdtype check failed (exit $rc; see above)" >&2
       fi ;;
    *) status=1
       echo "torchdtype pre-commit hook: torchdtype check failed (exit $rc; see above)" >&2 ;;
  esac
fi

exit $status
