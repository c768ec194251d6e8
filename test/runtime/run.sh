#!/bin/sh
# Build and run the runtime tier against LibTorch 1.13 (CPU).
# usage: run.sh [BUILD_DIR] [CXX_COMPILER] [-- program args, e.g. -v]
# Exit: 0 all cases pass, 1 a case fails, 2 build error, 77 LibTorch 1.13 absent (skip).
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build/test/runtime/libtorch-1.13.1}
cxx=${2:-${CXX:-clang++-19}}
[ $# -ge 2 ] && shift 2 || shift $#
[ "${1:-}" = "--" ] && shift

# LibTorch present?  Look for its CMake package in the usual places (and in
# CMAKE_PREFIX_PATH / Torch_DIR if set).
found=
for d in ${Torch_DIR:-} /usr/lib/x86_64-linux-gnu/cmake/Torch /usr/lib/*/cmake/Torch \
         /usr/local/lib/cmake/Torch /usr/share/cmake/Torch \
         $(echo "${CMAKE_PREFIX_PATH:-}" | tr ':' ' ' | sed 's|\([^ ][^ ]*\)|\1/share/cmake/Torch|g'); do
  if [ -f "$d/TorchConfig.cmake" ]; then found=$d; break; fi
done
if [ -z "$found" ]; then
  echo "SKIP runtime-1.13.1: LibTorch not found (no TorchConfig.cmake; install libtorch-dev 1.13.1 or set Torch_DIR)"
  exit 77
fi
ver=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")/\1/p' "$found/TorchConfigVersion.cmake" 2>/dev/null)
case "$ver" in
  1.13*) ;;
  *) echo "SKIP runtime-1.13.1: LibTorch at $found is version '${ver:-unknown}', not 1.13"; exit 77 ;;
esac
if command -v dpkg-query >/dev/null 2>&1; then
  echo "libtorch-dev $(dpkg-query -W -f='${Version}' libtorch-dev 2>/dev/null) (CMake package $ver at $found)"
fi

gen=
command -v ninja >/dev/null 2>&1 && gen="-G Ninja"
if [ ! -f "$build/CMakeCache.txt" ]; then
  mkdir -p "$build"
  cmake -S "$here" -B "$build" $gen -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_COMPILER="$cxx" -DTorch_DIR="$found" >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log"; rm -f "$build/CMakeCache.txt"; echo "runtime-1.13.1: configure failed"; exit 2; }
fi
nice -n 10 cmake --build "$build" || { echo "runtime-1.13.1: build failed"; exit 2; }
exec "$build/torchdtype-runtime" "$@"
