#!/usr/bin/env python3
"""Every PNG colour type x bit depth x interlace combination (30 files, Fixtures/matrix) and the
pixels an independent decoder gives for each: pypng (pure Python, `pip install pypng`) writes
the files and decodes them again with `asRGBA8()` (16-bit samples reduced as round(v / 257),
low bit depths scaled by v * 255 / (2^d - 1), palettes and tRNS expanded). The expected pixels
are stored as NAME.rgba (width * height * 4 bytes) beside NAME.png, so the Swift test
(PNGMatrixTests) needs no Python. Run once; commit the output.
    python3 Tests/FlowSimRenderTests/Fixtures/make_matrix_fixtures.py
"""
import os
import random

import png

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "matrix")
os.makedirs(here, exist_ok=True)
depths = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
width, height = 13, 11  # odd sizes: every Adam7 pass is partial
rng = random.Random(17)
for colour, bit_depths in depths.items():
    for depth in bit_depths:
        for interlace in (False, True):
            name = "c%d_d%d_%s" % (colour, depth, "adam7" if interlace else "plain")
            top = (1 << depth) - 1
            kwargs = dict(bitdepth=depth, interlace=interlace)
            if colour == 3:
                entries = 1 << depth
                palette = [tuple(rng.randrange(256) for _ in range(3)) + (rng.randrange(256),)
                           for _ in range(entries)]
                kwargs["palette"] = palette
                top = entries - 1
            else:
                kwargs["greyscale"] = colour in (0, 4)
                kwargs["alpha"] = colour in (4, 6)
            rows = [[rng.randrange(top + 1) for _ in range(width * channels[colour])] for _ in range(height)]
            path = os.path.join(here, name + ".png")
            with open(path, "wb") as f:
                png.Writer(width, height, **kwargs).write(f, rows)
            w, h, pixels, info = png.Reader(filename=path).asRGBA8()
            assert (w, h) == (width, height)
            data = bytearray()
            for row in pixels:
                data.extend(row)
            assert len(data) == width * height * 4
            with open(os.path.join(here, name + ".rgba"), "wb") as f:
                f.write(bytes(data))
print("wrote", len(os.listdir(here)), "files to", here)
