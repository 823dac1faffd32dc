#!/usr/bin/env bash
# Builds the Ollama server docqa's integration tests run against, from the
# Go module proxy (design.md), and prints the path of the binary. The build
# (about 5 minutes on 2 cores) is cached outside the checkout, keyed by
# version: DOCQA_CACHE (default $XDG_CACHE_HOME/docqa or ~/.cache/docqa)
# /ollama/VERSION/ollama. A warm cache makes this a no-op.
#
# Needs gcc/g++ and two Debian header packages (nlohmann-json3-dev,
# libstb-dev), which it installs with apt-get when they are missing.
set -euo pipefail
version=${OLLAMA_VERSION:-0.17.4}
cache=${DOCQA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/docqa}
out=$cache/ollama/$version
bin=$out/ollama
if [ -x "$bin" ] && "$bin" --version >/dev/null 2>&1; then
  echo "$bin"
  exit 0
fi
log() { echo "build-ollama: $*" >&2; }

missing=()
[ -f /usr/include/nlohmann/json.hpp ] || missing+=(nlohmann-json3-dev)
[ -f /usr/include/stb/stb_image.h ] || missing+=(libstb-dev)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The module zip drops vendored headers; miniaudio.h comes from malgo's module.
malgo=$(cd "$work" && go mod download -json github.com/gen2brain/malgo@v0.11.24 | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
mkdir -p "$work/include/miniaudio"
cp "$malgo/miniaudio.h" "$work/include/miniaudio/"

log "building ollama v$version (about 5 minutes)"
mkdir -p "$out"
start=$(date +%s)
(
  cd "$work"
  CGO_ENABLED=1 \
  CGO_CPPFLAGS="-I$work/include -I/usr/include/stb" \
  CGO_CFLAGS="-O3 -march=x86-64-v3" CGO_CXXFLAGS="-O3 -march=x86-64-v3" \
  GOBIN="$work/bin" GOFLAGS=-mod=mod \
    go install -ldflags "-X github.com/ollama/ollama/version.Version=$version" "github.com/ollama/ollama@v$version"
)
mv "$work/bin/ollama" "$bin.tmp" && mv "$bin.tmp" "$bin"
log "built in $(( $(date +%s) - start ))s: $bin"
echo "$bin"
