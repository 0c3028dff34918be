#!/usr/bin/env python3
"""Reference values for FlowSim's perceptual and SSIM metrics, computed independently with
scikit-image (pip install scikit-image numpy; made with scikit-image 0.26.0, numpy 2.4).

Writes, beside this script:
- deltae94.json: sRGB colour pairs and their CIE ΔE 1994 (skimage.color.rgb2lab, D65 / 2°,
  then skimage.color.deltaE_ciede94 with the graphic-arts weights, the first colour the
  reference), including a just-noticeable shift (ΔE < 2) and a visible one (ΔE > 2).
- ssim_*.png pairs and ssim.json: mean SSIM of their luminance
  Y = 0.2989 R + 0.5870 G + 0.1140 B (float64) by skimage.metrics.structural_similarity with
  gaussian_weights=True, sigma=1.5, use_sample_covariance=False, data_range=255; for the masked
  case the mean of the full SSIM map over the pixels at least 5 px from the edges, masked
  pixels (whose actual values are replaced by the expected ones first) left out.

Run: python3 make_perceptual_fixtures.py   (read by PerceptualMetricTests and SSIMMetricTests)
"""
import json
import os
import random
import struct
import zlib

import numpy as np
from skimage.color import deltaE_ciede94, rgb2lab
from skimage.metrics import structural_similarity

HERE = os.path.dirname(os.path.abspath(__file__))


def delta_e(c1, c2):
    lab = rgb2lab(np.array([[c1, c2]], dtype=np.uint8))
    return float(deltaE_ciede94(lab[0, 0], lab[0, 1]))


def write_png(path, rgb):
    """8-bit RGBA PNG, no filter (no imaging library needed)."""
    h, w, _ = rgb.shape
    rgba = np.concatenate([rgb, np.full((h, w, 1), 255, np.uint8)], axis=2)
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def luminance(rgb):
    rgb = rgb.astype(np.float64)
    return 0.2989 * rgb[..., 0] + 0.5870 * rgb[..., 1] + 0.1140 * rgb[..., 2]


def ssim_map(a, b):
    return structural_similarity(
        luminance(a), luminance(b), gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
        data_range=255, full=True)


def main():
    rnd = random.Random(30)
    pairs = []
    # Named pairs: the tests' just-noticeable and visible shifts of a UI blue and a grey.
    named = {
        "jnd_blue": ((0, 122, 255), (0, 118, 248)),
        "visible_blue": ((0, 122, 255), (0, 110, 240)),
        "jnd_grey": ((242, 242, 247), (237, 237, 242)),
        "visible_grey": ((242, 242, 247), (230, 230, 236)),
        "black_white": ((0, 0, 0), (255, 255, 255)),
    }
    for name, (c1, c2) in named.items():
        pairs.append({"name": name, "expected": list(c1), "actual": list(c2), "deltaE94": delta_e(c1, c2)})
    for i in range(60):
        c1 = tuple(rnd.randrange(256) for _ in range(3))
        step = rnd.choice([1, 2, 4, 16, 64])
        c2 = tuple(max(0, min(255, v + rnd.randint(-step, step))) for v in c1)
        pairs.append({"name": f"random_{i}", "expected": list(c1), "actual": list(c2), "deltaE94": delta_e(c1, c2)})
    with open(os.path.join(HERE, "deltae94.json"), "w") as f:
        f.write('{"generator": "make_perceptual_fixtures.py", "pairs": [\n')
        f.write(",\n".join(json.dumps(p) for p in pairs))
        f.write("\n]}\n")

    rng = np.random.default_rng(30)
    cases = []

    def add(name, a, b, mask=None):
        write_png(os.path.join(HERE, f"ssim_{name}_a.png"), a)
        write_png(os.path.join(HERE, f"ssim_{name}_b.png"), b)
        entry = {"name": name}
        if mask is None:
            mean, _ = ssim_map(a, b)
            entry["ssim"] = float(mean)
        else:
            x, y, w, h = mask
            covered = b.copy()
            covered[y:y + h, x:x + w] = a[y:y + h, x:x + w]
            _, s = ssim_map(a, covered)
            keep = np.ones(s.shape, bool)
            keep[y:y + h, x:x + w] = False
            keep[:5, :] = keep[-5:, :] = False
            keep[:, :5] = keep[:, -5:] = False
            entry["mask"] = [x, y, w, h]
            entry["ssim"] = float(s[keep].mean())
        cases.append(entry)

    noise = rng.integers(0, 256, (40, 48, 3), dtype=np.uint8)
    noisy = np.clip(noise.astype(int) + rng.integers(-20, 21, noise.shape), 0, 255).astype(np.uint8)
    add("noise", noise, noisy)
    # A UI-like picture: background, cards, a disc-ish block, text-like strokes; b shifts the strokes by 1 px.
    ui = np.full((64, 56, 3), (242, 242, 247), np.uint8)
    ui[6:30, 4:52] = (255, 255, 255)
    ui[34:58, 4:52] = (255, 255, 255)
    ui[10:26, 8:20] = (0, 122, 255)
    shifted = ui.copy()
    for row in range(12, 24, 3):
        ui[row, 24:48] = (20, 20, 20)
        shifted[row, 25:49] = (20, 20, 20)
    ui[40:52, 8:20] = (52, 199, 89)
    shifted[40:52, 8:20] = (48, 190, 85)
    add("ui", ui, shifted)
    add("ui_masked", ui, shifted, mask=(22, 10, 30, 16))
    gradient = np.tile(np.linspace(0, 255, 30).astype(np.uint8)[None, :, None], (24, 1, 3))
    add("gradient_equal", gradient, gradient.copy())
    with open(os.path.join(HERE, "ssim.json"), "w") as f:
        json.dump({"generator": "make_perceptual_fixtures.py", "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
