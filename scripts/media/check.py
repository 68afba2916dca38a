"""Check the generated media: SVG rules, raster and video dimensions, file
size limits, and that each looping video's last frame leads back into its first.

    python3 scripts/media/check.py
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys

from common import MEDIA, PUBLIC, check_svg

KB = 1024
problems: list[str] = []


def probe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", str(path)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def png_size(path):
    with open(path, "rb") as fh:
        head = fh.read(24)
    return struct.unpack(">II", head[16:24])


def expect(cond, msg):
    if not cond:
        problems.append(msg)


def frame_gray(path, index, w=160, h=90):
    """One frame, downscaled to grey bytes."""
    out = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-vf", f"select=eq(n\\,{index}),scale={w}:{h}", "-frames:v", "1",
         "-f", "rawvideo", "-pix_fmt", "gray", "-"], capture_output=True, check=True).stdout
    return out


def mad(a, b):
    return sum(abs(x - y) for x, y in zip(a, b)) / max(1, len(a))


def main():
    svgs = sorted(MEDIA.rglob("*.svg"))
    for s in svgs:
        try:
            check_svg(s)
        except AssertionError as e:
            problems.append(str(e))
        print(f"svg   {s.relative_to(PUBLIC)}  {s.stat().st_size / KB:.1f} KB")

    for name, (w, h) in {"apple-touch-icon.png": (180, 180), "media/og-default.png": (1200, 630)}.items():
        got = png_size(PUBLIC / name)
        expect(got == (w, h), f"{name}: {got} != {(w, h)}")
        print(f"png   {name}  {got[0]}x{got[1]}  {(PUBLIC / name).stat().st_size / KB:.0f} KB")

    # Posters (posters.mjs): each width in WebP here, and beside it in AVIF; and the partner logos
    # and the phone cards' service thumbnails, five to an image (illustrations.mjs).
    webps = {"people/nomvula-mthembu-poster.webp": (960, 540), "people/pieter-botha-poster.webp": (960, 540),
             "partners/logos.webp": (480, 800), "services/thumbs.webp": (1120, 400)}  # thumbs.avif beside it
    for stem, (w, h), widths in (("hero/poster-tall", (900, 1200), (480, 720, 900)),
                                 ("hero/poster-wide", (1600, 900), (1024, 1280, 1600)),
                                 ("city/poster", (1600, 900), (800, 1200, 1600))):
        for width in widths:
            webps[f"{stem}-{width}.webp"] = (width, round(h * width / w))
            expect((MEDIA / f"{stem}-{width}.avif").exists(), f"{stem}-{width}.avif is missing")
    for name, (w, h) in webps.items():
        st = probe(MEDIA / name)["streams"][0]
        size = (MEDIA / name).stat().st_size
        expect((st["width"], st["height"]) == (w, h), f"{name}: {st['width']}x{st['height']}")
        if name.startswith("hero/"):
            expect(size < 150 * KB, f"{name}: {size / KB:.0f} KB >= 150 KB")
        print(f"webp  media/{name}  {st['width']}x{st['height']}  {size / KB:.0f} KB")

    videos = {
        "hero/intro-wide": ((1280, 720), 1_200_000, True), "hero/intro-tall": ((720, 960), 1_200_000, True),
        "city/loop": ((1280, 720), 1_200_000, True),
        "people/nomvula-mthembu-intro": ((960, 540), 1_500_000, False),
        "people/pieter-botha-intro": ((960, 540), 1_500_000, False),
    }
    for stem, ((w, h), limit, loop) in videos.items():
        for ext in ("mp4", "webm"):
            p = MEDIA / f"{stem}.{ext}"
            info = probe(p)
            vs = [s for s in info["streams"] if s["codec_type"] == "video"][0]
            aud = [s for s in info["streams"] if s["codec_type"] == "audio"]
            dur = float(info["format"]["duration"])
            size = p.stat().st_size
            num, den = map(int, vs["avg_frame_rate"].split("/")) if vs["avg_frame_rate"] != "0/0" else (0, 1)
            fps = num / den if den else 0
            expect((vs["width"], vs["height"]) == (w, h), f"{p.name}: {vs['width']}x{vs['height']}")
            expect(size <= limit, f"{p.name}: {size} bytes > {limit}")
            expect(not aud, f"{p.name}: has audio")
            seam = ""
            if loop and ext == "mp4":
                n = int(round(dur * fps))
                f0, f1, fl = frame_gray(p, 0), frame_gray(p, 1), frame_gray(p, n - 1)
                step, wrap = mad(f0, f1), mad(fl, f0)
                seam = f"  seam last->first {wrap:.2f} vs step {step:.2f}"
                expect(wrap <= max(1.0, step * 2.5), f"{p.name}: loop seam {wrap:.2f} vs {step:.2f}")
            print(f"video media/{stem}.{ext}  {vs['codec_name']} {w}x{h} {fps:.0f}fps {dur:.2f}s "
                  f"{'no audio' if not aud else 'AUDIO'}  {size / KB:.0f} KB{seam}")

    total = sum(p.stat().st_size for p in MEDIA.rglob("*") if p.is_file())
    print(f"total public/media: {total / KB / KB:.2f} MB")
    expect(total < 15 * KB * KB, "public/media over 15 MB")
    if problems:
        print("\nPROBLEMS:\n  " + "\n  ".join(problems))
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
