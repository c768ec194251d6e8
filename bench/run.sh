#!/bin/sh
# Benchmark torchdtype-tidy and `torchdtype check` against clang++-19
# -fsyntax-only and clang-tidy-19; see bench/run.py. Not part of ctest.
#   bench/run.sh [--quick] [-n N] [--workloads examples,project,versions,function] ...
exec python3 "$(dirname "$0")/run.py" "$@"
