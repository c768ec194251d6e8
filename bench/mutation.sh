#!/bin/sh
# The mutation search (not part of ctest, which runs 200 mutants of seed 1 and 80 of seed 2):
# thousands of broken variants of the lit and scenario inputs through
# torchdtype-tidy, one process each; crashes, hangs and silent failures are
# kept in mutants-found/ (each with its command and output) to be minimised
# into lit tests. Extra arguments go to test/mutation/mutate.py.
#   bench/mutation.sh [--count 3000] [--seed 7] [--tidy build/bin/torchdtype-tidy]
root="$(cd "$(dirname "$0")/.." && pwd)"
exec python3 "$root/test/mutation/mutate.py" \
  --tidy "$root/build/bin/torchdtype-tidy" --mock-include "$root/test/mock/include" \
  --count 3000 --seed 7 --timeout 120 --keep mutants-found "$@"
