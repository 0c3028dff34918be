#!/usr/bin/env python3
"""Whole-process benchmarks (JSON output, scene loading, check memory, cores used).

    Scripts/bench-io.py FLOWSIM LAYOUT_PEER OUT.json [RUNS]

Every command is a whole process, run RUNS times (default 5) interleaved with its peer; the
table gives medians of wall time and the largest peak RSS (ru_maxrss of each child). "cores"
is (user + sys CPU) / wall. The C peer (Scripts/bench-layout/layout_peer.c) reads the same
scene and prints the same bytes: they are compared with cmp before anything is timed.
Prints one table (work, FlowSim, peer, ratio, target, met?) and writes it as JSON to OUT.json.
Environment: CHECK_SCENES (default 50) scenes × 3 golden frames for `check`; CHECK_POINTS
(default 1200) golden points of one scene; LONG_FRAMES (default 99000) frames of one render; DIFF_PAIRS
(default 500) for `diff` on folders; RENDER_FRAMES (default 1000) for `render`; CHECK_RENDER_SCENES
(default 100) scenes for `check` against `render` of the same frames; IO_ONLY (a comma-separated
subset of uniform, named, check, points, long, cores, floor, check-render, diff: only those
parts); BEFORE (another flowsim binary, e.g. the previous commit's: measured interleaved with
FlowSim and the peer in the named, floor and check-render rows, as the rows' "before"). The named-item peer
(items_peer) and the render floor (frames_peer, from Scripts/bench-render/build.sh) are looked for
beside LAYOUT_PEER.
"""
import filecmp, json, os, platform, shutil, statistics, subprocess, sys, tempfile, time

flowsim, peer, out_json = sys.argv[1], sys.argv[2], sys.argv[3]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
items_peer = os.path.join(os.path.dirname(peer), "items_peer")  # built beside the layout peer
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
work = tempfile.mkdtemp(prefix="flowsim-bench-io-")
rows = []
only = set(filter(None, os.environ.get("IO_ONLY", "").split(",")))
before_bin = os.environ.get("BEFORE")


def part(name):
    return not only or name in only


def run_once(cmd, stdout=subprocess.DEVNULL):
    # Peak RSS from GNU time (a child of Python reports Python's own RSS as its ru_maxrss).
    peak_file = os.path.join(work, "peak")
    start = time.perf_counter()
    process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", peak_file] + cmd, stdout=stdout,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"failed: {' '.join(cmd)}")
    peak = int(open(peak_file).read().split()[-1]) / 1024
    return wall, usage.ru_utime + usage.ru_stime, peak


def measure(*commands):
    """Interleaved runs of each command: [(median wall, median cores, peak MB)]."""
    samples = [[] for _ in commands]
    for _ in range(runs):
        for i, cmd in enumerate(commands):
            samples[i].append(run_once(cmd))
    return [
        (statistics.median(s[0] for s in rs), statistics.median(s[1] / s[0] for s in rs), max(s[2] for s in rs))
        for rs in samples
    ]


def row(work_name, flowsim_text, peer_text, ratio, target, met):
    rows.append({"work": work_name, "flowsim": flowsim_text, "peer": peer_text, "ratio": ratio, "target": target,
                 "met": met})
    print(f"| {work_name} | {flowsim_text} | {peer_text} | {ratio} | {target} | {'yes' if met else 'no'} |", flush=True)


def uniform_scene(count):
    path = os.path.join(work, f"uniform-{count}.json")
    with open(path, "w") as f:
        f.write('{"viewport": {"width": 375, "height": 667}, "layout": {"itemSize": {"width": 100, "height": 100}}, '
                '"sections": [{"items": [' + ", ".join(["{}"] * count) + "]}]}\n")
    return path


def named_scene(kind, count):
    """`ids`: one section of `{"id": "s0-i<n>"}`; `named`: ten sections with ids, titles, insets and
    spacings, items with ids, titles, sizes from a small set, an image on every 7th, every 11th selected."""
    path = os.path.join(work, f"{kind}-{count}.json")
    head = ('{"viewport": {"width": 375, "height": 667, "scale": 2}, '
            '"layout": {"itemSize": {"width": 50, "height": 50}, "cellInset": 2}, "sections": [')
    with open(path, "w") as f:
        f.write(head)
        if kind == "ids":
            f.write('{"items": [' + ", ".join('{"id": "s0-i%d"}' % i for i in range(count)) + "]}")
        else:
            per, n, parts = count // 10, 0, []
            for s in range(10):
                items = []
                for _ in range(per):
                    item = '{"id": "p%d", "title": "Park %d", "size": {"width": %d, "height": %d}' % (
                        n, n, (40, 50, 60, 80)[(n * 7) % 4], (40, 50, 70)[(n * 5) % 3])
                    if n % 7 == 0:
                        item += ', "image": "images/p%d.png"' % (n % 20)
                    if n % 11 == 0:
                        item += ', "selected": true'
                    items.append(item + "}")
                    n += 1
                parts.append('{"id": "sec%d", "title": "Section %d", "inset": {"top": 8, "left": 10, "bottom": 8, '
                             '"right": 10}, "minimumLineSpacing": %d, "minimumInteritemSpacing": 5, "items": [%s]}'
                             % (s, s, 6 + s % 3, ", ".join(items)))
            f.write(", ".join(parts))
        f.write("]}\n")
    return path


def same_bytes(a_cmd, b_cmd):
    a, b = os.path.join(work, "a.out"), os.path.join(work, "b.out")
    with open(a, "wb") as fa:
        subprocess.run(a_cmd, stdout=fa, check=True)
    with open(b, "wb") as fb:
        subprocess.run(b_cmd, stdout=fb, check=True)
    if not filecmp.cmp(a, b, shallow=False):
        sys.exit(f"different bytes: {' '.join(a_cmd)} vs {' '.join(b_cmd)}")


def cpu_model():
    try:
        return next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or "unknown CPU"


machine = f"{platform.machine()}, {os.cpu_count()} cores of {cpu_model()}, {platform.system()} {platform.release()}"
load_before = os.getloadavg()[0]
print(f"machine: {machine}, load average before: {load_before:.2f}")
print("| work | FlowSim | peer | ratio | target | met? |")
print("|---|---|---|---|---|---|")

base = json.load(open(os.path.join(root, "docs/examples/parks.json")))


def with_before(commands, ours):
    """`commands` measured interleaved, with `ours` run by BEFORE first when it is set: (before or None, results)."""
    if not before_bin:
        return None, measure(*commands)
    results = measure([before_bin] + ours[1:], *commands)
    return results[0], results[1:]


def before_text(result):
    return f"; before {result[0]:.3f} s, {result[0] * result[1]:.2f} CPU s, {result[2]:.0f} MB" if result else ""


# 1. layout of 10^5 and 10^6 uniform items, and frames --times 0 on 10^6.
if part("uniform"):
    for count in (100_000, 1_000_000):
        scene = uniform_scene(count)
        same_bytes([flowsim, "layout", scene], [peer, "layout", scene])
        (fw, _, fm), (pw, _, pm) = measure([flowsim, "layout", scene], [peer, "layout", scene])
        row(f"`layout`, {count:,} uniform items (same bytes as the peer)", f"{fw:.3f} s, {fm:.0f} MB",
            f"{pw:.3f} s, {pm:.0f} MB", f"{fw / pw:.2f}× time, {fm / pm:.2f}× memory", "≤ 2× time, ≤ 4× memory",
            fw <= 2 * pw and fm <= 4 * pm)
        if count == 1_000_000:
            same_bytes([flowsim, "frames", scene, "--times", "0"], [peer, "frames", scene])
            (fw, _, fm), (pw, _, pm) = measure([flowsim, "frames", scene, "--times", "0"], [peer, "frames", scene])
            row(f"`frames --times 0`, {count:,} items (same bytes)", f"{fw:.3f} s, {fm:.0f} MB", f"{pw:.3f} s, {pm:.0f} MB",
                f"{fw / pw:.2f}×", "≤ 2×", fw <= 2 * pw)
        os.remove(scene)

# 1b. Named items, as users' scenes have them: `{"id": "s0-i17"}` items (itemSize 50 × 50, cellInset 2),
# and ten sections with their own id, title, inset and spacings of items with ids, titles, mixed
# sizes, some images and some selected. The peer (Scripts/bench-layout/items_peer.c) parses the
# whole file and prints the same bytes.
if part("named"):
    for kind in ("ids", "named"):
        for count in (100_000, 1_000_000):
            scene = named_scene(kind, count)
            megabytes = os.path.getsize(scene) / 1e6
            for command in ("layout", "frames"):
                ours = [flowsim, command, scene] + (["--times", "0"] if command == "frames" else [])
                theirs = [items_peer, command, scene]
                same_bytes(ours, theirs)
                before, ((fw, fc, fm), (pw, pc, pm)) = with_before([ours, theirs], ours)
                what = "`layout`" if command == "layout" else "`frames --times 0`"
                target, met = "≤ 2× time", fw <= 2 * pw
                if count == 1_000_000:
                    target += f", ≤ 4× memory, ≤ 3× the file ({megabytes:.0f} MB)"
                    met = met and fm <= 4 * pm and fm <= 3 * megabytes
                row(f"{what}, {count:,} {'items with ids' if kind == 'ids' else 'named items, mixed sizes, 10 sections'}",
                    f"{fw:.3f} s, {fw * fc:.2f} CPU s, {fm:.0f} MB{before_text(before)}",
                    f"{pw:.3f} s, {pw * pc:.2f} CPU s, {pm:.0f} MB",
                    f"{fw / pw:.2f}× time (CPU {fw * fc / (pw * pc):.2f}×), {fm / pm:.2f}× memory", target, met)
            os.remove(scene)

# 2. check: N scenes × 3 golden frames, peak memory (recorded first, then checked).
if part("check"):
    for scenes in sorted({10, int(os.environ.get("CHECK_SCENES", "50"))}):
        folder = os.path.join(work, f"check-{scenes}")
        os.makedirs(os.path.join(folder, "scenes"))
        for i in range(scenes):
            scene = dict(base, name=f"c{i}", golden={"frames": [0, 45, 90]})
            with open(os.path.join(folder, "scenes", f"c{i}.json"), "w") as f:
                json.dump(scene, f)
        goldens = os.path.join(folder, "goldens")
        subprocess.run([flowsim, "check", os.path.join(folder, "scenes"), "--goldens", goldens, "--record", "missing",
                        "--quiet"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        (fw, fc, fm), = measure([flowsim, "check", os.path.join(folder, "scenes"), "--goldens", goldens, "--quiet"])
        (rw, rc, rm), = measure([flowsim, "check", os.path.join(folder, "scenes"), "--goldens", goldens, "--quiet",
                                 "--report", os.path.join(folder, "report")])
        row(f"`check`, {scenes} scenes × 3 golden frames (750×1334)", f"{fw:.2f} s, {fm:.0f} MB peak, {fc:.2f} cores; "
            f"with --report {rw:.2f} s, {rm:.0f} MB", "–", "–", "bounded (not ~12 MB per golden frame), ≥ 1.8 cores",
            max(fm, rm) < 60 + 2 * scenes and fc >= 1.8)
        shutil.rmtree(folder)

# 2b. check: one scene with CHECK_POINTS golden times (750×1334 px each): memory must not grow
# with the points (they are rendered and compared a batch at a time; a report's images are
# staged on disk). One run each: these take tens of seconds.
if part("points"):
    points = int(os.environ.get("CHECK_POINTS", "1200"))
    folder = os.path.join(work, "check-points")
    os.makedirs(folder)
    scene_path = os.path.join(folder, "points.json")
    with open(scene_path, "w") as f:
        json.dump(dict(base, name="points", golden={"times": [round(i * 1.5 / points, 4) for i in range(points)]}), f)
    goldens = os.path.join(folder, "goldens")
    peaks = []
    for extra in (["--record", "all"], [], ["--report", os.path.join(folder, "report")]):
        wall, _, peak = run_once([flowsim, "check", scene_path, "--goldens", goldens, "--quiet"] + extra)
        peaks.append((wall, peak))
    row(f"`check`, one scene with {points:,} golden points (750×1334)",
        f"record {peaks[0][0]:.1f} s, {peaks[0][1]:.0f} MB; compare {peaks[1][0]:.1f} s, {peaks[1][1]:.0f} MB; "
        f"with --report {peaks[2][0]:.1f} s, {peaks[2][1]:.0f} MB", "–", "–", "each < 250 MB (pixels alone: 4.8 GB)",
        max(p for _, p in peaks) < 250)
    shutil.rmtree(folder)

# 2c. render: LONG_FRAMES frames of a small viewport: memory must not grow with the frames.
if part("long"):
    long_frames = int(os.environ.get("LONG_FRAMES", "99000"))
    long_scene = os.path.join(work, "long.json")
    with open(long_scene, "w") as f:
        json.dump(dict(base, name="long", updates=[{"at": 0, "insert": [{"section": 0, "item": 1, "id": "n"}],
                                                     "timing": {"curve": "linear", "duration": long_frames / 1000 - 0.001}}]),
                  f)
    wall, cores, peak = run_once([flowsim, "render", long_scene, "--quiet", "--fps", "1000", "--scale", "0.1",
                                  "--out", os.path.join(work, "long-render")])
    row(f"`render`, {long_frames:,} frames at 1000 fps, 38×67 px", f"{wall:.1f} s, {peak:.0f} MB, {cores:.2f} cores", "–",
        "–", "< 150 MB (frames streamed, not materialised)", peak < 150)
    shutil.rmtree(os.path.join(work, "long-render"))

# 3. render: RENDER_FRAMES frames of the default scene; cores used.
if part("cores"):
    frames = int(os.environ.get("RENDER_FRAMES", "1000"))
    fps = str(round(frames / 1.5))
    (fw, fc, fm), = measure([flowsim, "render", "--quiet", "--fps", fps, "--out", os.path.join(work, "render")])
    row(f"`render`, default scene at {fps} fps (≈{frames} frames)", f"{fw:.2f} s, {fc:.2f} cores used, {fm:.0f} MB",
        "–", "–", "both cores busy", fc >= 1.6)

# 3b. render at the floor: two C processes drawing the same elements per frame (`flowsim frames`)
# with Cairo and writing them with libpng level 3, no filter (Scripts/bench-render/frames_peer.c);
# FlowSim's side also writes the contact sheet and the APNG.
if part("floor"):
    frames_peer = os.path.join(os.path.dirname(peer), "frames_peer")
    for fps in (60, round(1000 / 1.5)):
        frames_json = os.path.join(work, f"frames-{fps}.json")
        with open(frames_json, "w") as f:
            subprocess.run([flowsim, "frames", "--fps", str(fps)], stdout=f, check=True)
        count = len(json.load(open(frames_json))["frames"])
        ours_out, peer_out = os.path.join(work, "render-ours"), os.path.join(work, "render-peer")
        os.makedirs(peer_out, exist_ok=True)
        ours = [flowsim, "render", "--quiet", "--fps", str(fps), "--out", ours_out]
        before, ((fw, fc, fm), (pw, pc, pm)) = with_before([ours, [frames_peer, frames_json, peer_out, "2"]], ours)
        row(f"`render`, default scene, {count} frames (750×1334; FlowSim also writes contact sheet and APNG)",
            f"{fw:.3f} s, {fw * fc:.2f} CPU s, {fm:.0f} MB{before_text(before)}",
            f"{pw:.3f} s, {pw * pc:.2f} CPU s (two processes)",
            f"{fw / pw:.2f}× (CPU {fw * fc / (pw * pc):.2f}×)" + (f"; before {before[0] / pw:.2f}×" if before else ""),
            "≤ 1.2×", fw <= 1.2 * pw)
        shutil.rmtree(ours_out, ignore_errors=True)
        shutil.rmtree(peer_out, ignore_errors=True)

# 3c. check against render of the same frames: 100 scenes × 3 goldens compared (no report), and with
# --report, against `render --frames 0,45,90` of the same 100 scenes.
if part("check-render"):
    check_scenes = int(os.environ.get("CHECK_RENDER_SCENES", "100"))
    folder = os.path.join(work, "check-render")
    os.makedirs(os.path.join(folder, "scenes"))
    for i in range(check_scenes):
        with open(os.path.join(folder, "scenes", f"c{i}.json"), "w") as f:
            json.dump(dict(base, name=f"c{i}", golden={"frames": [0, 45, 90]}), f)
    goldens = os.path.join(folder, "goldens")
    subprocess.run([flowsim, "check", os.path.join(folder, "scenes"), "--goldens", goldens, "--record", "missing",
                    "--quiet"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    def render_script(binary, name):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write("#!/bin/sh\nset -e\n")
            for i in range(check_scenes):
                f.write(f"{binary} render {os.path.join(folder, 'scenes', f'c{i}.json')} --frames 0,45,90 --quiet "
                        f"--out {os.path.join(folder, 'render', f'c{i}')}\n")
        os.chmod(path, 0o755)
        return [path]

    def checks(binary, name):
        compare = [binary, "check", os.path.join(folder, "scenes"), "--goldens", goldens, "--quiet"]
        return [compare, compare + ["--report", os.path.join(folder, "report")], render_script(binary, f"render-{name}.sh")]

    commands = checks(flowsim, "after") + (checks(before_bin, "before") if before_bin else [])
    results = measure(*commands)
    (cw, cc, cm), (rw, rc, rm), (ww, wc, wm) = results[:3]
    was = ["", "", ""]
    if before_bin:
        (bcw, _, _), (brw, _, _), (bww, _, _) = results[3:]
        was = [f"; before {bcw:.2f} s", f"; before {brw:.2f} s", f"; before: render {bww:.2f} s",
               f" (before {bcw / bww:.2f}×)", f" (before {brw / bww:.2f}×)"]
    row(f"`check`, {check_scenes} scenes × 3 goldens (compare, no report) against `render` of the same frames",
        f"{cw:.2f} s, {cc:.2f} cores{was[0]}", f"render {ww:.2f} s{was[2]}",
        f"{cw / ww:.2f}×" + (was[3] if before_bin else ""), "≤ 0.8×", cw <= 0.8 * ww)
    row(f"`check --report`, {check_scenes} scenes × 3 goldens, against `render` of the same frames",
        f"{rw:.2f} s, {rc:.2f} cores{was[1]}", f"render {ww:.2f} s{was[2]}",
        f"{rw / ww:.2f}×" + (was[4] if before_bin else ""), "≤ 1.5×", rw <= 1.5 * ww)
    shutil.rmtree(folder)

# 4. diff on two folders of DIFF_PAIRS pairs; cores used.
if part("diff"):
    pairs = int(os.environ.get("DIFF_PAIRS", "500"))
    a, b = os.path.join(work, "diff-a"), os.path.join(work, "diff-b")
    subprocess.run([flowsim, "render", "--quiet", "--fps", str(round(pairs / 1.5)), "--out", a], check=True)
    for name in os.listdir(a):
        if not name.startswith("frame_"):
            os.remove(os.path.join(a, name))
    shutil.copytree(a, b)
    (fw, fc, fm), = measure([flowsim, "diff", a, b])
    row(f"`diff` on folders of {len(os.listdir(a))} pairs (750×1334)", f"{fw:.2f} s, {fc:.2f} cores used, {fm:.0f} MB",
        "–", "–", "≥ 1.8 cores", fc >= 1.8)

load_after = os.getloadavg()[0]
print(f"load average after: {load_after:.2f}")
with open(out_json, "w") as f:
    json.dump({"machine": machine, "load average": [round(load_before, 2), round(load_after, 2)], "runs": runs,
               "rows": rows}, f, indent=2)
shutil.rmtree(work)
