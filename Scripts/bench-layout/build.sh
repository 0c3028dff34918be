#!/bin/sh
# Builds the C peer of `flowsim layout` / `frames --times 0`: Scripts/bench-layout/build.sh [OUTPUT]
# (default: .build/layout_peer)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/../../.build/layout_peer"}
mkdir -p "$(dirname "$out")"
gcc -O2 -std=c11 -D_DEFAULT_SOURCE -o "$out" "$here/layout_peer.c" -lm
echo "$out"
