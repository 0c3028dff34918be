#!/bin/sh
# Builds the C peers of `flowsim layout` / `frames --times 0`: Scripts/bench-layout/build.sh [OUTPUT]
# (default: .build/layout_peer, for uniform `{}` items; items_peer, for named items, beside it)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/../../.build/layout_peer"}
mkdir -p "$(dirname "$out")"
gcc -O2 -std=c11 -D_DEFAULT_SOURCE -o "$out" "$here/layout_peer.c" -lm
gcc -O2 -std=c11 -D_DEFAULT_SOURCE -o "$(dirname "$out")/items_peer" "$here/items_peer.c" -lm
echo "$out"
