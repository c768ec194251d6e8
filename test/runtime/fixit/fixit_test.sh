#!/usr/bin/env bash
# Applies torchdtype's fix-its to fixit_program.cpp, then compiles the fixed
# copy against LibTorch 1.13.1 and runs it. Usage: fixit_test.sh TIDY WORKDIR
# Exit 77 (skip) without LibTorch 1.13.
set -uo pipefail
tidy=$1 work=$2
here="$(cd "$(dirname "$0")" && pwd)"
api=/usr/include/torch/csrc/api/include
if [ ! -d "$api" ] || [ ! -e /usr/lib/x86_64-linux-gnu/libtorch.so ] && ! ls /usr/lib/*/libtorch.so >/dev/null 2>&1; then
  echo "SKIP: LibTorch 1.13.1 (libtorch-dev) is not installed"; exit 77
fi
mkdir -p "$work"
cp "$here/fixit_program.cpp" "$work/fixed.cpp"
flags=(-std=c++17 -isystem "$api")
"$tidy" --fix -checks='-*,torchdtype-mixed-precision,torchdtype-mps-float64' \
  -config="{CheckOptions: {PyTorchVersion: '1.13', ReportAfterThrow: true}}" "$work/fixed.cpp" -- "${flags[@]}" > "$work/tidy.txt" 2>&1
fixes=$(grep -c "at::kFloat\|at::kDouble" "$work/fixed.cpp")
if [ "$fixes" -lt 6 ]; then
  echo "FAIL: expected 6 fix-its applied, found $fixes"; cat "$work/tidy.txt"; diff "$here/fixit_program.cpp" "$work/fixed.cpp"; exit 1
fi
diff "$here/fixit_program.cpp" "$work/fixed.cpp"
if ! clang++-19 "${flags[@]}" -O0 "$work/fixed.cpp" -o "$work/fixed" -ltorch -ltorch_cpu -lc10 2> "$work/compile.txt"; then
  echo "FAIL: the fixed program does not compile"; cat "$work/compile.txt"; exit 1
fi
out=$("$work/fixed")
echo "$out"
if [ "$out" != "$(printf 'Float Double Float Float Float\nfixed program ran')" ]; then
  echo "FAIL: the fixed program did not run as expected"; exit 1
fi
echo "1 passed, 0 failed"
