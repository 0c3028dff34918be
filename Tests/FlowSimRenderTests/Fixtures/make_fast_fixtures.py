#!/usr/bin/env python3
"""Generates the fixtures of PNGFastDecoderTests into fastpath/.

A hand-rolled PNG writer (zlib only) so that each row's filter type is chosen explicitly
(0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth, cycling), which Pillow and pypng do not allow, and
so that chunks can be added, split or damaged at will. Plus one Pillow-written file
(adaptive filters, compress_level 6). Deterministic output.
Run from anywhere: python3 Tests/FlowSimRenderTests/Fixtures/make_fast_fixtures.py
"""
import os
import random
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fastpath")
SIG = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_rows(rows, bpp, filters):
    out = bytearray()
    prev = bytes(len(rows[0]))
    for y, row in enumerate(rows):
        f = filters[y % len(filters)]
        out.append(f)
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][f]
            out.append((x - pred) & 0xFF)
        prev = row
    return bytes(out)


def png(width, height, colour_type, rows, before=(), after=(), idat_split=None,
        filters=(0, 1, 2, 3, 4), level=6, bit_depth=8, interlace=0):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    raw = filter_rows(rows, max(1, channels * bit_depth // 8), list(filters))
    z = zlib.compress(raw, level)
    parts = [SIG, chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth,
                                               colour_type, 0, 0, interlace))]
    parts += [chunk(k, d) for k, d in before]
    if idat_split:
        for i in range(0, len(z), idat_split):
            parts.append(chunk(b"IDAT", z[i:i + idat_split]))
    else:
        parts.append(chunk(b"IDAT", z))
    parts += [chunk(k, d) for k, d in after]
    parts.append(chunk(b"IEND", b""))
    return b"".join(parts)


def save(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def noise_rows(rnd, width, height, channels, smooth):
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            for ch in range(channels):
                if smooth:
                    v = (x * 7 + y * 5 + ch * 40 + rnd.randrange(12)) & 0xFF
                else:
                    v = rnd.randrange(256)
                row.append(v)
        rows.append(bytes(row))
    return rows


os.makedirs(OUT, exist_ok=True)
rnd = random.Random(2024)
W, H = 37, 23  # odd sizes; 23 rows cycle every filter type several times
# Every colour type the fast path takes, noisy and smooth, every filter type.
for ct, channels in [(0, 1), (2, 3), (4, 2), (6, 4)]:
    for smooth in (False, True):
        rows = noise_rows(rnd, W, H, channels, smooth)
        save(f"ct{ct}_{'smooth' if smooth else 'noise'}.png", png(W, H, ct, rows))
    # One filter type for the whole image, including the first row (prev row = zeros).
    for f in range(5):
        rows = noise_rows(rnd, W, H, channels, True)
        save(f"ct{ct}_filter{f}.png", png(W, H, ct, rows, filters=(f,)))
# 1-pixel-wide and 1-row images (rows shorter than or equal to one pixel's bytes).
save("rgba_1x9.png", png(1, 9, 6, noise_rows(rnd, 1, 9, 4, False)))
save("rgb_9x1.png", png(9, 1, 2, noise_rows(rnd, 9, 1, 3, False), filters=(4,)))
save("grey_1x1.png", png(1, 1, 0, [b"\x80"], filters=(3,)))

# Palette: 5 entries, tRNS for the first 3; indices 0..4.
PLTE = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 8, 7, 200, 100, 50])
TRNS = bytes([0, 128, 255])
prow = [bytes(rnd.randrange(5) for _ in range(W)) for _ in range(H)]
save("palette_trns.png", png(W, H, 3, prow, before=[(b"PLTE", PLTE), (b"tRNS", TRNS)]))
save("palette_opaque.png", png(W, H, 3, prow, before=[(b"PLTE", PLTE)]))
# Index 7 is past the 5-entry palette: left to libpng.
bad_rows = list(prow)
bad_rows[3] = bytes([7]) + bad_rows[3][1:]
save("palette_index_out_of_range.png", png(W, H, 3, bad_rows, before=[(b"PLTE", PLTE)]))

rgba = noise_rows(rnd, W, H, 4, True)
rgb = noise_rows(rnd, W, H, 3, True)
# Many small IDAT chunks, zero-length IDATs, an empty-looking stored stream (level 0).
save("rgba_split_idat.png", png(W, H, 6, rgba, idat_split=97))
save("rgba_split_idat1.png", png(W, H, 6, rgba, idat_split=1))
save("rgba_stored.png", png(W, H, 6, rgba, level=0))
# Harmless ancillary chunks (samples unchanged by libpng for RGBA output).
srgb_profile_stub = b"sRGB IEC61966-2.1\x00\x00" + zlib.compress(b"\x00" * 64)
harmless = [
    (b"gAMA", struct.pack(">I", 45455)),
    (b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)),
    (b"sRGB", b"\x00"),
    (b"pHYs", struct.pack(">IIB", 3780, 3780, 1)),
    (b"tEXt", b"Software\x00make_fast_fixtures.py"),
    (b"tIME", struct.pack(">HBBBBB", 2024, 1, 2, 3, 4, 5)),
    (b"iDOT", bytes(28)),  # Apple's unknown ancillary chunk
]
save("rgb_ancillary.png", png(W, H, 2, rgb, before=harmless,
                              after=[(b"tEXt", b"Comment\x00after IDAT")]))
save("rgb_iccp_stub.png", png(W, H, 2, rgb, before=[(b"iCCP", srgb_profile_stub)]))
save("rgb_gamma_44000.png", png(W, H, 2, rgb, before=[(b"gAMA", struct.pack(">I", 44000))]))
# Left to libpng: colour-changing chunks, other formats.
save("rgb_gamma_100000.png", png(W, H, 2, rgb, before=[(b"gAMA", struct.pack(">I", 100000))]))
save("rgb_gamma_40000.png", png(W, H, 2, rgb, before=[(b"gAMA", struct.pack(">I", 40000))]))
save("grey_gamma_100000.png", png(W, H, 0, noise_rows(rnd, W, H, 1, True),
                                  before=[(b"gAMA", struct.pack(">I", 100000))]))
save("palette_gamma_100000.png", png(W, H, 3, prow, before=[
    (b"gAMA", struct.pack(">I", 100000)), (b"PLTE", PLTE)]))
save("rgb_trns.png", png(W, H, 2, rgb, before=[(b"tRNS", bytes([0, rgb[0][0], 0, rgb[0][1],
                                                                    0, rgb[0][2]]))]))
save("rgb_sbit.png", png(W, H, 2, rgb, before=[(b"sBIT", bytes([5, 6, 5]))]))
save("rgba_bkgd.png", png(W, H, 6, rgba, before=[(b"bKGD", struct.pack(">HHH", 1, 2, 3))]))
rgb16 = [bytes(rnd.randrange(256) for _ in range(W * 6)) for _ in range(H)]
save("rgb16.png", png(W, H, 2, rgb16, bit_depth=16))
# Damaged ancillary chunk CRC (libpng warns and decodes), bad filter byte (libpng fails).
good = png(W, H, 2, rgb, before=[(b"tEXt", b"Title\x00x")])
pos = good.index(b"tEXt") + 4 + len(b"Title\x00x")
damaged = bytearray(good)
damaged[pos] ^= 0x55
save("rgb_text_bad_crc.png", bytes(damaged))
raw = bytearray(filter_rows(rgb, 3, [0]))
raw[(3 * W + 1) * 5] = 9  # row 5's filter byte
z = zlib.compress(bytes(raw), 6)
save("rgb_bad_filter.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
     + chunk(b"IDAT", z) + chunk(b"IEND", b""))
# Too little / too much image data in a valid zlib stream.
short = zlib.compress(filter_rows(rgb, 3, [1])[: -(3 * W + 1)], 6)
save("rgb_short_stream.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
     + chunk(b"IDAT", short) + chunk(b"IEND", b""))
long_ = zlib.compress(filter_rows(rgb, 3, [1]) + bytes(10), 6)
save("rgb_long_stream.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
     + chunk(b"IDAT", long_) + chunk(b"IEND", b""))
# No IEND at all (libpng never reads past the image data).
save("rgb_no_iend.png", png(W, H, 2, rgb)[:-12])

# The edges of the accepted gAMA band (libpng's own no-transform band is 43182...47727),
# a gamma-neutral palette and grey image with sRGB.
save("rgb_gamma_43500.png", png(W, H, 2, rgb, before=[(b"gAMA", struct.pack(">I", 43500))]))
save("rgb_gamma_47500.png", png(W, H, 2, rgb, before=[(b"gAMA", struct.pack(">I", 47500))]))
save("palette_srgb_gamma.png", png(W, H, 3, prow, before=[
    (b"sRGB", b"\x01"), (b"gAMA", struct.pack(">I", 45455)), (b"PLTE", PLTE), (b"tRNS", TRNS)]))
save("greyalpha_srgb.png", png(W, H, 4, noise_rows(rnd, W, H, 2, False), before=[(b"sRGB", b"\x00")]))
# Just outside the band: left to libpng.
save("rgb_gamma_48000.png", png(W, H, 2, rgb, before=[(b"gAMA", struct.pack(">I", 48000))]))

# Pillow, adaptive filtering, compress_level 6 (how screenshots are usually written).
try:
    from PIL import Image
    im = Image.new("RGBA", (160, 90))
    im.putdata([((x * 3) & 255, (y * 5) & 255, (x ^ y) & 255, 255 - ((x + y) & 127))
                for y in range(90) for x in range(160)])
    im.save(os.path.join(OUT, "pillow_rgba.png"), compress_level=6)
    im.convert("RGB").save(os.path.join(OUT, "pillow_rgb.png"), compress_level=6)
except ImportError:
    pass
