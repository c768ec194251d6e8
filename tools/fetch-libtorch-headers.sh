#!/usr/bin/env bash
# Fetch the libtorch-dev headers of LibTorch 2.6.0 (Debian trixie) and 2.14.1
# (Debian sid) WITHOUT touching the system's packages (see
# the shared reference material's libtorch-versions.md): a private apt sources list built
# from the machine's own mirror URI, private Dir::State / Dir::Cache, then
# `apt-get download PKG=VERSION` and `dpkg-deb -x`.
#
# Usage: tools/fetch-libtorch-headers.sh [DEST]
#   DEST defaults to ${TORCHDTYPE_CACHE:-$HOME/.cache/torchdtype}/libtorch
# Layout:  DEST/2.6.0/usr/include/...   DEST/2.14.1/usr/include/...
# Idempotent: a version whose stamp file DEST/<ver>/.stamp matches the pinned
# package list is skipped. Set TORCHDTYPE_FETCH_VERIFY=1 to also run a clang++-19
# -fsyntax-only parse of <torch/torch.h> against each version.
#
# Compiler flags for a version V (versioned dirs MUST come before any system
# include path, because the system's LibTorch 1.13.1 headers live in /usr/include):
#   -std=c++17 (2.6.0) / -std=c++20 (2.14.1)
#   -isystem DEST/V/usr/include/torch/csrc/api/include -isystem DEST/V/usr/include
set -euo pipefail

CACHE="${TORCHDTYPE_CACHE:-$HOME/.cache/torchdtype}"
DEST="${1:-$CACHE/libtorch}"
APTDIR="${TORCHDTYPE_APT_DIR:-$CACHE/apt}"

# Pinned packages per LibTorch version: "suite package=version ...".
# libtorch-dev's headers include headers of other -dev packages that are not on
# this (bookworm) machine or are too old there; those are pinned alongside.
declare -A SUITE=( [2.6.0]=trixie [2.14.1]=sid )
declare -A PKGS=(
  [2.6.0]="libtorch-dev=2.6.0+dfsg-7"
  [2.14.1]="libtorch-dev=2.14.1+dfsg-1"
)
VERSIONS=(2.6.0 2.14.1)

die() { echo "fetch-libtorch-headers: error: $*" >&2; exit 1; }
log() { echo "fetch-libtorch-headers: $*" >&2; }

command -v apt-get >/dev/null || die "apt-get not found (Debian machine needed)"
command -v dpkg-deb >/dev/null || die "dpkg-deb not found"

mirror_uri() {
  local f=/etc/apt/sources.list.d/debian.sources uri=""
  if [[ -r $f ]]; then
    uri=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }' "$f")
  fi
  if [[ -z $uri && -r /etc/apt/sources.list ]]; then
    uri=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' /etc/apt/sources.list)
  fi
  [[ -n $uri ]] || die "cannot find the Debian mirror URI in /etc/apt/sources.list.d/debian.sources"
  echo "$uri"
}

stamp_text() { echo "${SUITE[$1]} ${PKGS[$1]}"; }

need=()
for v in "${VERSIONS[@]}"; do
  st="$DEST/$v/.stamp"
  if [[ -f $st && "$(cat "$st")" == "$(stamp_text "$v")" && -f $DEST/$v/usr/include/torch/csrc/api/include/torch/torch.h ]]; then
    log "$v: already unpacked in $DEST/$v (stamp $st), skipping"
  else
    need+=("$v")
  fi
done

if ((${#need[@]})); then
  URI=$(mirror_uri)
  mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial" "$APTDIR/debs"
  : >"$APTDIR/status"
  {
    for v in "${need[@]}"; do echo "deb $URI ${SUITE[$v]} main"; done
  } | sort -u >"$APTDIR/sources.list"
  APTOPTS=(-o Dir::Etc::SourceList="$APTDIR/sources.list"
           -o Dir::Etc::SourceParts=/dev/null
           -o Dir::State::Lists="$APTDIR/lists"
           -o Dir::State::Status="$APTDIR/status"
           -o Dir::Cache="$APTDIR/cache"
           -o APT::Get::List-Cleanup=0
           -o Debug::NoLocking=1
           -o APT::Sandbox::User=root)
  log "updating private apt lists in $APTDIR (mirror $URI)"
  apt-get "${APTOPTS[@]}" -qq update >&2 || die "apt-get update with the private sources list failed"

  for v in "${need[@]}"; do
    debs=()
    for spec in ${PKGS[$v]}; do
      pkg=${spec%%=*}; ver=${spec#*=}
      avail=$(apt-cache "${APTOPTS[@]}" madison "$pkg" 2>/dev/null | awk -F'|' -v s="${SUITE[$v]}" '{gsub(/ /,"",$2); print $2}' | tr '\n' ' ')
      if ! apt-cache "${APTOPTS[@]}" madison "$pkg" 2>/dev/null | awk -F'|' '{gsub(/ /,"",$2); print $2}' | grep -qxF "$ver"; then
        die "pinned $pkg=$ver (for LibTorch $v, suite ${SUITE[$v]}) is no longer in the archive; available now: ${avail:-none}. Update the pin in $0."
      fi
      f=$(ls "$APTDIR/debs/${pkg}_${ver//:/%3a}_"*.deb 2>/dev/null | head -n1 || true)
      if [[ -z $f ]]; then
        log "$v: downloading $pkg=$ver"
        (cd "$APTDIR/debs" && apt-get "${APTOPTS[@]}" -qq download "$pkg=$ver" >&2) || die "apt-get download $pkg=$ver failed"
        f=$(ls "$APTDIR/debs/${pkg}_${ver//:/%3a}_"*.deb | head -n1)
      fi
      debs+=("$f")
    done
    tmp="$DEST/$v.tmp.$$"
    rm -rf "$tmp"; mkdir -p "$tmp"
    for f in "${debs[@]}"; do dpkg-deb -x "$f" "$tmp"; done
    # keep only headers (and cmake/pkgconfig metadata is not needed)
    [[ -f $tmp/usr/include/torch/csrc/api/include/torch/torch.h ]] || die "$v: torch/torch.h missing after unpacking ${debs[*]}"
    rm -rf "$DEST/$v"; mv "$tmp" "$DEST/$v"
    stamp_text "$v" >"$DEST/$v/.stamp"
    log "$v: unpacked ${PKGS[$v]} into $DEST/$v"
  done
fi

for v in "${VERSIONS[@]}"; do
  echo "$v $DEST/$v/usr/include $DEST/$v/usr/include/torch/csrc/api/include"
done

if [[ ${TORCHDTYPE_FETCH_VERIFY:-0} == 1 ]]; then
  src=$(mktemp --suffix=.cpp); trap 'rm -f "$src"' EXIT
  echo '#include <torch/torch.h>' >"$src"
  for v in "${VERSIONS[@]}"; do
    std=c++17; [[ $v == 2.14.* ]] && std=c++20
    log "$v: verifying clang++-19 -fsyntax-only -std=$std <torch/torch.h>"
    nice -n 10 clang++-19 -fsyntax-only -std=$std \
      -isystem "$DEST/$v/usr/include/torch/csrc/api/include" -isystem "$DEST/$v/usr/include" "$src" \
      || die "$v: <torch/torch.h> does not parse"
  done
  log "verify OK"
fi
