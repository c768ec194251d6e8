#!/usr/bin/env bash
# Installs what torchdtype needs on Debian bookworm (dpkg-dev: the Debian
# package's dependencies, cpack). Idempotent: apt-get runs
# only when a package is missing. Usage: tools/install-deps.sh [--test]
#   --test  also what the test tiers need (GoogleTest, pre-commit,
#           python3-torch for the real extension build, and clang's
#           sanitizer runtimes for the sanitizer tier).
set -euo pipefail

pkgs=(
  clang-19 clang-tidy-19 libclang-19-dev llvm-19-dev llvm-19-tools
  nlohmann-json3-dev cmake ninja-build python3 python3-jsonschema git
  libtorch-dev pybind11-dev python3-dev dpkg-dev
)
if [ "${1:-}" = "--test" ]; then
  pkgs+=(libgtest-dev pre-commit python3-torch python3-setuptools libclang-rt-19-dev)
fi

missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#pkgs[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
  sudo=sudo
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
