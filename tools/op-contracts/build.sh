#!/bin/sh
# Compiles measure.cpp into $1 against the installed LibTorch 1.13.1.
# Exits 77 when LibTorch 1.13 is not installed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$1
libdir=${TORCH_LIBDIR:-/usr/lib/x86_64-linux-gnu}
inc=${TORCH_INCLUDE:-/usr/include}
if [ ! -e "$libdir/libtorch_cpu.so.1.13" ] || [ ! -d "$inc/torch/csrc/api/include" ]; then
  echo "SKIP: LibTorch 1.13 not found in $libdir / $inc"
  exit 77
fi
if [ -z "${CXX:-}" ]; then
  if command -v clang++-19 >/dev/null 2>&1; then CXX=clang++-19; else CXX=g++; fi
fi
if [ -x "$out" ] && [ "$out" -nt "$here/measure.cpp" ]; then
  exit 0
fi
# -isystem /usr/include would break libstdc++'s #include_next.
extra=""
[ "$inc" = /usr/include ] || extra="-isystem $inc"
# shellcheck disable=SC2086
nice -n 10 "$CXX" -std=c++17 -O1 -D_GLIBCXX_USE_CXX11_ABI=1 \
  $extra -isystem "$inc/torch/csrc/api/include" \
  "$here/measure.cpp" -o "$out" \
  -L"$libdir" -Wl,--no-as-needed -ltorch -ltorch_cpu -lc10 -Wl,--as-needed
