#!/usr/bin/env bash
# Times a 1170x2532 PNG comparison, whole process each, median of RUNS runs:
#   flowsim diff --json (the binary in $FLOWSIM, else a release build made here),
#   ImageMagick `compare -metric AE -fuzz 10%`,
#   pixelmatch's C++ port (pip package pybind11-pixelmatch, Pillow decode included);
#   then flowsim diff with --metric exact, --perceptual-precision 0.98 and --metric ssim, and
#   FlowSimBench compare-metrics (each metric in process, decoding excluded) when built beside it.
# Needs: python3 with pillow, numpy, pybind11-pixelmatch; ImageMagick. The pair is drawn by the
# embedded Python (rounded cards, discs and text, a third of the text lines shifted by 1 px,
# one disc recoloured) into $WORK (default: a temporary folder).
# Usage: Scripts/bench-compare.sh [RUNS]
set -euo pipefail
RUNS="${1:-5}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${WORK:-$(mktemp -d)}"
A="$WORK/a.png"
B="$WORK/b.png"

python3 - "$A" "$B" <<'PY'
import random, sys
from PIL import Image, ImageDraw, ImageFont

def make(shift, recolor):
    rnd = random.Random(7)
    im = Image.new("RGBA", (1170, 2532), (242, 242, 247, 255))
    d = ImageDraw.Draw(im)
    font = ImageFont.load_default(size=34)
    for row in range(24):
        y = 120 + row * 100
        col = (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256), 255)
        if recolor and row == 5:
            col = (col[0] ^ 0x40, col[1], col[2], 255)
        d.rounded_rectangle([40, y, 1130, y + 86], radius=18, fill=(255, 255, 255, 255))
        d.ellipse([60, y + 13, 120, y + 73], fill=col)
        dx = shift if row % 3 == 0 else 0
        d.text((150 + dx, y + 22), f"Item {row}  Lorem ipsum dolor sit amet {rnd.random():.4f}",
               font=font, fill=(20, 20, 20, 255))
    return im.resize((2340, 5064)).resize((1170, 2532), Image.LANCZOS)

make(0, False).save(sys.argv[1])
make(1, True).save(sys.argv[2])
PY

cat > "$WORK/pixelmatch_cli.py" <<'PY'
import sys
import numpy as np
import pybind11_pixelmatch as pm
from PIL import Image
a = np.array(Image.open(sys.argv[1]).convert("RGBA"))
b = np.array(Image.open(sys.argv[2]).convert("RGBA"))
options = pm.Options()
options.threshold = 0.1
print(pm.pixelmatch(a, b, options=options))
PY

# median wall time in ms of RUNS runs of "$@" (output discarded, exit status ignored)
median_ms() {
    local times=() start end
    for _ in $(seq "$RUNS"); do
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p"
}

echo "pair: $A $B (1170x2532), $RUNS runs each, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
pm_count=$(python3 "$WORK/pixelmatch_cli.py" "$A" "$B")
pm_ms=$(median_ms python3 "$WORK/pixelmatch_cli.py" "$A" "$B")
im_count=$(compare -metric AE -fuzz 10% "$A" "$B" null: 2>&1 || true)
im_ms=$(median_ms compare -metric AE -fuzz 10% "$A" "$B" null:)
echo "pixelmatch (pybind11-pixelmatch, threshold 0.1): ${pm_ms} ms, ${pm_count} differing pixels"
echo "ImageMagick compare -metric AE -fuzz 10%:        ${im_ms} ms, ${im_count} differing pixels"

# FLOWSIM: a flowsim binary (Scripts/bench passes its release build); else build one here.
if [[ -z "${FLOWSIM:-}" ]]; then
    (cd "$ROOT" && swift build -c release --product flowsim >/dev/null 2>&1)
    FLOWSIM="$(cd "$ROOT" && swift build -c release --show-bin-path)/flowsim"
fi
fs_out=$("$FLOWSIM" diff "$A" "$B" --threshold 0.1 --json 2>/dev/null || true)
if [[ "$fs_out" == *diffPixels* ]]; then
    fs_ms=$(median_ms "$FLOWSIM" diff "$A" "$B" --threshold 0.1 --json)
    fs_count=$(printf '%s' "$fs_out" | python3 -c 'import json, sys; print(json.load(sys.stdin)["diffPixels"])')
    echo "flowsim diff --threshold 0.1 --json:             ${fs_ms} ms, ${fs_count} differing pixels  ${fs_out}"
    if [[ "$fs_count" == "$pm_count" ]]; then
        echo "count: flowsim and pixelmatch agree (${fs_count})"
    else
        echo "count: MISMATCH flowsim ${fs_count} vs pixelmatch ${pm_count}"
    fi
    awk -v f="$fs_ms" -v i="$im_ms" -v p="$pm_ms" 'BEGIN {
        printf "ratios: %.2f x ImageMagick (target <= 0.25), %.2f x pixelmatch (target <= 0.5)\n",
            f / i, f / p }'
else
    echo "flowsim diff: no JSON from $FLOWSIM (skipped): $fs_out"
fi

# The metrics of issue 30 against the exact metric on the same pair: whole processes (decoding
# included, as a CI job runs them) and, with FlowSimBench, the comparison alone.
exact_ms=$(median_ms "$FLOWSIM" diff "$A" "$B" --metric exact --json)
perceptual_ms=$(median_ms "$FLOWSIM" diff "$A" "$B" --perceptual-precision 0.98 --json)
ssim_ms=$(median_ms "$FLOWSIM" diff "$A" "$B" --metric ssim --json)
echo "flowsim diff --metric exact:                     ${exact_ms} ms  $("$FLOWSIM" diff "$A" "$B" --metric exact --json 2>/dev/null || true)"
echo "flowsim diff --perceptual-precision 0.98:        ${perceptual_ms} ms  $("$FLOWSIM" diff "$A" "$B" --perceptual-precision 0.98 --json 2>/dev/null || true)"
echo "flowsim diff --metric ssim:                      ${ssim_ms} ms  $("$FLOWSIM" diff "$A" "$B" --metric ssim --json 2>/dev/null || true)"
awk -v e="$exact_ms" -v p="$perceptual_ms" -v s="$ssim_ms" 'BEGIN {
    printf "ratios (whole process): perceptual %.2f x exact (target <= 2), SSIM %.2f x exact (target <= 4)\n",
        p / e, s / e }'
BENCH="$(dirname "$FLOWSIM")/FlowSimBench"
if [[ -x "$BENCH" ]]; then
    "$BENCH" compare-metrics "$A" "$B"
fi
