#!/usr/bin/env python3
"""Generates the small PNG fixtures of the PNGDecoder and Compare tests.

Requires: pip install pypng pillow pybind11-pixelmatch (the last two only for the reference
diff images and for cross-checking the hand-made counts, which the tests state by hand).
Run from anywhere: python3 Tests/FlowSimRenderTests/Fixtures/make_fixtures.py
Output is deterministic; the pixelmatch/ folder (pixelmatch 5.3.0's own pairs) is copied, not
generated.
"""
import os
import random

import png

HERE = os.path.dirname(os.path.abspath(__file__))
DEC = os.path.join(HERE, "decoder")
CMP = os.path.join(HERE, "compare")


def write(folder, name, rows, **info):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    if "greyscale" not in info and "palette" not in info:
        info["greyscale"] = False  # pypng would otherwise guess from the row length
    with open(path, "wb") as f:
        png.Writer(**info).write(f, rows)
    return path


# ---- decoder fixtures: 3x2 images; the tests spell out the expected RGBA bytes ----
RGBA = [[(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0)],
        [(10, 20, 30, 40), (200, 100, 50, 255), (1, 2, 3, 4)]]


def flat(rows, n):
    return [[c for px in row for c in px[:n]] for row in rows]


write(DEC, "rgba8.png", flat(RGBA, 4), width=3, height=2, alpha=True, bitdepth=8)
write(DEC, "rgba8_interlaced.png", flat(RGBA, 4), width=3, height=2, alpha=True,
      bitdepth=8, interlace=True)
write(DEC, "rgb8.png", flat(RGBA, 3), width=3, height=2, bitdepth=8)
write(DEC, "rgb8_trns.png", flat(RGBA, 3), width=3, height=2, bitdepth=8,
      transparent=(200, 100, 50))
write(DEC, "grey8.png", [[0, 128, 255], [17, 34, 51]], width=3, height=2, greyscale=True)
write(DEC, "grey8_trns.png", [[0, 128, 255], [17, 34, 51]], width=3, height=2,
      greyscale=True, transparent=128)
write(DEC, "greyalpha8.png", [[0, 255, 128, 128, 255, 0], [17, 1, 34, 2, 51, 3]],
      width=3, height=2, greyscale=True, alpha=True)
write(DEC, "grey1.png", [[0, 1, 0], [1, 0, 1]], width=3, height=2, greyscale=True, bitdepth=1)
write(DEC, "grey4.png", [[0, 5, 15], [1, 8, 10]], width=3, height=2, greyscale=True,
      bitdepth=4)
PALETTE = [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0), (9, 8, 7, 255)]
write(DEC, "palette8_trns.png", [[0, 1, 2], [3, 1, 0]], width=3, height=2, palette=PALETTE,
      bitdepth=8)
write(DEC, "palette2.png", [[0, 1, 2], [3, 1, 0]], width=3, height=2,
      palette=[p[:3] for p in PALETTE], bitdepth=2)
# 16-bit samples chosen where round(v / 257) and "keep the high byte" disagree.
R16 = [[0x00FF, 0x8100, 0xFFFF], [0x0080, 0x0081, 0x7F80]]
write(DEC, "rgb16.png", [[c for v in row for c in (v, 0x8000, 0xFFFF)] for row in R16],
      width=3, height=2, bitdepth=16)
write(DEC, "rgba16.png", [[c for v in row for c in (v, 0, 0x4000, 0x8000)] for row in R16],
      width=3, height=2, alpha=True, bitdepth=16)
write(DEC, "grey16.png", R16, width=3, height=2, greyscale=True, bitdepth=16)
# gAMA chunks: 1/2.2 counts as sRGB (samples kept); 1.0 (linear) is converted by libpng.
write(DEC, "grey8_gamma045.png", [[0, 128, 255], [17, 34, 51]], width=3, height=2,
      greyscale=True, gamma=0.45455)
write(DEC, "grey8_gamma1.png", [[0, 128, 255], [17, 34, 51]], width=3, height=2,
      greyscale=True, gamma=1.0)

# ---- corrupt / foreign files ----
rnd = random.Random(5)
noise = [[rnd.randrange(256) for _ in range(64 * 4)] for _ in range(64)]
good = write(DEC, "noise64.png", noise, width=64, height=64, alpha=True)
data = open(good, "rb").read()
open(os.path.join(DEC, "truncated.png"), "wb").write(data[: len(data) * 6 // 10])
idat = data.index(b"IDAT")
idat_length = int.from_bytes(data[idat - 4:idat], "big")
bad = bytearray(data)
bad[idat + 4 + idat_length] ^= 0xFF  # the IDAT chunk's CRC, the data is intact
open(os.path.join(DEC, "bad_crc.png"), "wb").write(bytes(bad))
bad = bytearray(data)
bad[idat + 40] ^= 0xFF  # inside the compressed data: zlib's Adler-32 check fails
open(os.path.join(DEC, "bad_zlib.png"), "wb").write(bytes(bad))
open(os.path.join(DEC, "not_a_png.png"), "wb").write(b"GIF89a this is not a PNG\n")
open(os.path.join(DEC, "empty.png"), "wb").write(b"")

# ---- hand-made comparison pairs (counts derived by hand in the tests) ----
def solid(w, h, px):
    return [[px for _ in range(w)] for _ in range(h)]


def save_rgba(name, grid):
    write(CMP, name, flat(grid, 4), width=len(grid[0]), height=len(grid), alpha=True)


a = solid(16, 16, (255, 255, 255, 255))
b = solid(16, 16, (255, 255, 255, 255))
b[8][8] = (0, 0, 0, 255)
save_rgba("one_pixel_a.png", a)
save_rgba("one_pixel_b.png", b)


def edge(at):
    """20x20: black left of column `at`, a 50% grey column at `at`, white right of it."""
    return [[(0, 0, 0, 255) if x < at else (128, 128, 128, 255) if x == at
             else (255, 255, 255, 255) for x in range(20)] for _ in range(20)]


save_rgba("aa_edge_a.png", edge(10))
save_rgba("aa_edge_b.png", edge(11))

a = solid(8, 8, (255, 0, 0, 255))
b = solid(8, 8, (255, 0, 0, 255))
for y in (3, 4):
    for x in (3, 4):
        b[y][x] = (255, 0, 0, 128)
save_rgba("alpha_a.png", a)
save_rgba("alpha_b.png", b)
save_rgba("transparent_black.png", solid(8, 8, (0, 0, 0, 0)))
save_rgba("transparent_white.png", solid(8, 8, (255, 255, 255, 0)))

a16 = [[0x4000] * 24 for _ in range(8)]
b16 = [[0x4040] * 24 for _ in range(8)]
b16[5][6:9] = [0xC000, 0xC000, 0xC000]  # pixel (2, 5)
write(CMP, "rgb16_a.png", a16, width=8, height=8, bitdepth=16)
write(CMP, "rgb16_b.png", b16, width=8, height=8, bitdepth=16)
write(CMP, "rgb8_64.png", [[64] * 24 for _ in range(8)], width=8, height=8)

PAL = [(30, 60, 90), (200, 10, 10), (10, 200, 10), (250, 250, 250)]
idx = [[(x + y) % 3 for x in range(8)] for y in range(8)]
write(CMP, "palette_a.png", idx, width=8, height=8, palette=PAL, bitdepth=8)
idx_b = [row[:] for row in idx]
idx_b[0][7] = 3  # corner pixel (7, 0)
write(CMP, "palette_b.png", idx_b, width=8, height=8, palette=PAL, bitdepth=8)
write(CMP, "palette_a_as_rgb.png", [[c for i in row for c in PAL[i]] for row in idx],
      width=8, height=8)
greys = [[(x * 32 + y * 3) % 256 for x in range(8)] for y in range(8)]
write(CMP, "grey_a.png", greys, width=8, height=8, greyscale=True)
write(CMP, "grey_a_as_rgb.png", [[g for v in row for g in (v, v, v)] for row in greys],
      width=8, height=8)
save_rgba("size_10x5.png", solid(10, 5, (0, 0, 0, 255)))
save_rgba("size_5x10.png", solid(5, 10, (0, 0, 0, 255)))

# ---- reference diff images drawn by pybind11-pixelmatch (C++ port of pixelmatch 5.3) ----
try:
    import numpy as np
    import pybind11_pixelmatch as pm
    from PIL import Image
except ImportError:
    print("skipping reference diffs and cross-checks: pillow/pybind11-pixelmatch missing")
else:
    def read(path):
        return np.array(Image.open(path).convert("RGBA"))

    PM = os.path.join(HERE, "pixelmatch")
    for a_name, b_name, threshold, out in [("1a", "1b", 0.05, "1diff"),
                                           ("4a", "4b", 0.05, "4diff")]:
        i1, i2 = read(os.path.join(PM, a_name + ".png")), read(os.path.join(PM, b_name + ".png"))
        output = np.zeros_like(i1)
        options = pm.Options()
        options.threshold = threshold
        n = pm.pixelmatch(i1, i2, output=output, options=options)
        Image.fromarray(output, "RGBA").save(os.path.join(CMP, out + "_reference.png"))
        print(f"{out}: {n} differing pixels")
    for a_name, b_name, aa in [("one_pixel_a", "one_pixel_b", False),
                               ("aa_edge_a", "aa_edge_b", False),
                               ("aa_edge_a", "aa_edge_b", True),
                               ("alpha_a", "alpha_b", False),
                               ("transparent_black", "transparent_white", False),
                               ("palette_a", "palette_b", False)]:
        options = pm.Options()
        options.includeAA = aa
        n = pm.pixelmatch(read(os.path.join(CMP, a_name + ".png")),
                          read(os.path.join(CMP, b_name + ".png")), options=options)
        print(f"cross-check {a_name} / {b_name} includeAA={aa}: {n}")
