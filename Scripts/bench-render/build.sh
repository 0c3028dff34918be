#!/bin/sh
# Builds the C baselines: Scripts/bench-render/build.sh [OUTPUT]  (default: .build/cairo_peer);
# the two-process peer frames_peer is built beside it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/../../.build/cairo_peer"}
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2046
gcc -O2 -std=c11 -D_DEFAULT_SOURCE -o "$out" "$here/cairo_peer.c" $(pkg-config --cflags --libs cairo) -lm
# shellcheck disable=SC2046
gcc -O2 -std=c11 -D_DEFAULT_SOURCE -o "$(dirname "$out")/frames_peer" "$here/frames_peer.c" \
    $(pkg-config --cflags --libs cairo libpng) -lm
echo "$out"
