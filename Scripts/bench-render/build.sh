#!/bin/sh
# Builds the C baseline: Scripts/bench-render/build.sh [OUTPUT]  (default: .build/cairo_peer)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/../../.build/cairo_peer"}
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2046
gcc -O2 -std=c11 -D_DEFAULT_SOURCE -o "$out" "$here/cairo_peer.c" $(pkg-config --cflags --libs cairo) -lm
echo "$out"
