#!/usr/bin/env bash
# Link tier of torchdtype-non-portable-element-type: LibTorch defines
# data_ptr<T>, accessor<T, N> and item<T> only for the C++ types of its dtypes
# (int64_t for kLong, which is `long` on Linux). Built against the system's
# LibTorch 1.13.1: `long` links and runs; `long long` does not link (the
# mirror of `long` on Windows and macOS, where int64_t is `long long`), and
# the fix-it's `int64_t` links. Then the check flags the two spellings and
# leaves int64_t alone.
# usage: link_portability.sh TIDY WORK_DIR [CXX]   (exit 77: no LibTorch)
set -u
TIDY=$1 WORK=$2 CXX=${3:-c++}
if [ ! -f /usr/include/ATen/ATen.h ]; then
  echo "SKIP: LibTorch 1.13.1 headers not installed"; exit 77
fi
mkdir -p "$WORK"
cat > "$WORK/elem.cpp" <<'CPP'
#include <ATen/ATen.h>
#include <cstdint>
int main() {
  at::Tensor t = at::full({1}, 7, at::kLong);
  ELEM *p = t.data_ptr<ELEM>();
  auto a = t.accessor<ELEM, 1>();
  return p[0] + a[0] + t.item<ELEM>() == 21 ? 0 : 1;
}
CPP
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
build() { # ELEM NAME -> 0 if it links; the linker's output in NAME.log
  "$CXX" -std=c++17 -DELEM="$1" "$WORK/elem.cpp" -o "$WORK/$2" \
    -ltorch_cpu -lc10 > "$WORK/$2.log" 2>&1
}
if build long elem_long && "$WORK/elem_long"; then ok "long links and runs"
else bad "long: $(tail -3 "$WORK/elem_long.log")"; fi
if build int64_t elem_int64 && "$WORK/elem_int64"; then ok "int64_t links and runs"
else bad "int64_t: $(tail -3 "$WORK/elem_int64.log")"; fi
if build 'long long' elem_ll; then bad "long long linked"
elif grep -q "undefined reference to .long long\* at::TensorBase::data_ptr<long long>() const" "$WORK/elem_ll.log" &&
     grep -q "undefined reference to .long long at::Tensor::item<long long>() const" "$WORK/elem_ll.log"; then
  ok "long long: data_ptr and item are undefined references"
else bad "long long: $(tail -3 "$WORK/elem_ll.log")"; fi
# The analyzer on the same program: a warning for each spelling that does
# not link on some platform, none for int64_t.
for e in long 'long long' int64_t; do
  n=$("$TIDY" -checks='-*,torchdtype-non-portable-element-type' "$WORK/elem.cpp" -- \
        -std=c++17 -DELEM="$e" -isystem /usr/include/torch/csrc/api/include 2>/dev/null |
      grep -c "warning: .* is not portable")
  want=3; [ "$e" = int64_t ] && want=0
  if [ "$n" = "$want" ]; then ok "analyzer: $want warnings for $e"
  else bad "analyzer: $n warnings for $e, expected $want"; fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
