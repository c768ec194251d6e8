#!/bin/sh
# Builds measure.cpp against the installed LibTorch 1.13.1 and regenerates
# checker/data/op_contracts.json. Usage: tools/op-contracts/run.sh [build-dir]
# CXX (default clang++-19, else g++) may be set in the environment.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-"$root/build/op-contracts"}
mkdir -p "$build"
sh "$here/build.sh" "$build/measure"
version=1.13.1
if command -v dpkg-query >/dev/null 2>&1 &&
  v=$(dpkg-query -W -f '${Version}' libtorch1.13 2>/dev/null); then
  version="$v (Debian package libtorch1.13)"
fi
nice -n 10 "$build/measure" >"$build/raw.tsv"
# The overloads with a call that crashed or timed out are measured twice
# more: those that corrupt the heap do not crash on every run.
awk -F'\t' '$1 == "C" && ($5 == "crashed" || $5 == "timeout") {
  print $2 "." $3 }' "$build/raw.tsv" | sort -u >"$build/rerun.txt"
nice -n 10 "$build/measure" --only "$build/rerun.txt" >"$build/rerun1.tsv"
nice -n 10 "$build/measure" --only "$build/rerun.txt" >"$build/rerun2.tsv"
python3 "$here/assemble.py" "$build/raw.tsv" \
  "$root/checker/data/op_contracts.json" --libtorch-version "$version" \
  --rerun "$build/rerun1.tsv" "$build/rerun2.tsv"
python3 "$here/assemble.py" --summary "$root/checker/data/op_contracts.json"
