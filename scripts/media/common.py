"""Shared helpers for the media generators (stdlib only).

Everything is drawn as SVG here, rendered with rsvg-convert, and encoded
with ffmpeg. Fonts for raster text (og image, video text cards) come from the
project's own @fontsource-variable packages: the woff2 files are decompressed
to TTF (woff2_decompress, or fontTools) into a private fontconfig folder under
/tmp, so nothing is fetched and nothing outside /tmp is touched.
"""

from __future__ import annotations

import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ROOT / "public"
MEDIA = PUBLIC / "media"
BUILD = Path(tempfile.gettempdir()) / "thula-media-build"  # intermediates, never committed

# Palette (app/app.css).
C = {
    "ink950": "#0a1628",
    "ink900": "#0f2140",
    "ink800": "#172f57",
    "ink700": "#233f6b",
    "ink600": "#34507d",
    "ink500": "#4a6590",
    "ink300": "#93a9cc",
    "ink200": "#c3d0e5",
    "ink100": "#e1e8f3",
    "ink50": "#f2f5fa",
    "sun100": "#fdf0cf",
    "sun300": "#f9d27a",
    "sun400": "#f7c553",
    "sun500": "#f2b01e",
    "sun600": "#c98a00",
    "veld100": "#d8f1e4",
    "veld600": "#0b7a53",
    "veld700": "#08603f",
    "white": "#ffffff",
}

SERIF = "Fraunces, Georgia, serif"
SANS = "Inter, Arial, sans-serif"

# The brand mark: a swallow (the bird that migrates between South Africa and
# the UK every year), drawn in a 100x100 box.
SWALLOW = (
    "M89 38C86 33.5 80 30 74 31.5C64 20 46 11 16 9C36 19 50 31 55 42"
    "C44 48 28 52 6 52C22 56.5 32 59 39 60.5C30 66 20 74 10 84"
    "C28 77 46 68 62 58C74 51 82 44 89 38Z"
)


def swallow(x: float, y: float, size: float, fill: str, rotate: float = -10, extra: str = "") -> str:
    """The swallow mark, its 100-unit box placed at (x, y) scaled to `size`."""
    s = size / 100
    return (
        f'<path transform="translate({f(x)} {f(y)}) scale({s:.4f}) rotate({rotate} 50 50)" '
        f'fill="{fill}"{extra} d="{SWALLOW}"/>'
    )


def f(v: float) -> str:
    """Compact number formatting for SVG output."""
    if abs(v - round(v)) < 0.005:
        return str(int(round(v)))
    return f"{v:.2f}".rstrip("0").rstrip(".")


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg_doc(w: int, h: int, title: str, body: str, defs: str = "", desc: str = "") -> str:
    d = f"<defs>{defs}</defs>" if defs else ""
    ds = f"<desc>{esc(desc)}</desc>" if desc else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" role="img" aria-labelledby="t">'
        f'<title id="t">{esc(title)}</title>{ds}{d}{body}</svg>\n'
    )


def lin(id_: str, stops: list[tuple[float, str]] | list, x1=0, y1=0, x2=0, y2=1, units: str = "") -> str:
    """linearGradient; stops are (offset, colour) or (offset, colour, opacity)."""
    u = f' gradientUnits="{units}"' if units else ""
    s = "".join(
        f'<stop offset="{f(st[0])}" stop-color="{st[1]}"'
        + (f' stop-opacity="{f(st[2])}"' if len(st) > 2 else "")
        + "/>"
        for st in stops
    )
    return f'<linearGradient id="{id_}" x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}"{u}>{s}</linearGradient>'


def rad(id_: str, stops, cx=0.5, cy=0.5, r=0.5, units: str = "", extra: str = "") -> str:
    u = f' gradientUnits="{units}"' if units else ""
    s = "".join(
        f'<stop offset="{f(st[0])}" stop-color="{st[1]}"'
        + (f' stop-opacity="{f(st[2])}"' if len(st) > 2 else "")
        + "/>"
        for st in stops
    )
    return f'<radialGradient id="{id_}" cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}"{u}{extra}>{s}</radialGradient>'


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def check_svg(path: Path, limit_kb: int = 40) -> None:
    """Parse as XML and enforce the house rules (size, title, role, no refs)."""
    import xml.etree.ElementTree as ET

    raw = path.read_text(encoding="utf-8")
    root = ET.fromstring(raw)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == ns + "svg", path
    for a in ("viewBox", "width", "height", "role"):
        assert root.get(a), f"{path}: missing {a}"
    assert root.find(ns + "title") is not None, f"{path}: no title"
    low = raw.lower()
    for bad in ("<script", "<image", "href=\"http", "xlink:href", "@import", "url(http", "data:"):
        assert bad not in low, f"{path}: contains {bad}"
    kb = len(raw.encode()) / 1024
    assert kb <= limit_kb, f"{path}: {kb:.1f} KB"


# ---------------------------------------------------------------- fonts

_FONT_ENV: dict | None = None


def font_env() -> dict:
    """Environment for rsvg-convert with Inter and Fraunces available."""
    global _FONT_ENV
    if _FONT_ENV is not None:
        return _FONT_ENV
    base = Path(tempfile.gettempdir()) / "thula-media-fonts"
    fonts = base / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    srcs = {
        "inter-latin-wght-normal": ROOT / "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
        "fraunces-latin-wght-normal": ROOT / "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    }
    for name, src in srcs.items():
        ttf = fonts / f"{name}.ttf"
        if ttf.exists():
            continue
        if not src.exists():
            print(f"warning: {src} missing; text falls back to system fonts", file=sys.stderr)
            continue
        tmp = fonts / f"{name}.woff2"
        shutil.copy(src, tmp)
        if shutil.which("woff2_decompress"):
            subprocess.run(["woff2_decompress", str(tmp)], check=True, capture_output=True)
        else:
            try:
                from fontTools.ttLib import TTFont  # type: ignore

                ft = TTFont(str(tmp))
                ft.flavor = None
                ft.save(str(ttf))
            except ImportError:
                print("warning: need woff2_decompress or fontTools+brotli for brand fonts", file=sys.stderr)
        tmp.unlink(missing_ok=True)
    conf = base / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        f"<dir>{fonts}</dir><cachedir>{base / 'cache'}</cachedir></fontconfig>"
    )
    env = dict(os.environ)
    env["FONTCONFIG_FILE"] = str(conf)
    _FONT_ENV = env
    return env


def ttf_path(name: str) -> Path:
    font_env()
    return Path(tempfile.gettempdir()) / "thula-media-fonts" / "fonts" / f"{name}.ttf"


# ---------------------------------------------------------------- rendering


def render_png(svg: Path | str, out: Path, w: int | None = None, h: int | None = None) -> Path:
    """Render an SVG file (or SVG text) to PNG with rsvg-convert."""
    out.parent.mkdir(parents=True, exist_ok=True)
    args = ["rsvg-convert"]
    if w:
        args += ["-w", str(w)]
    if h:
        args += ["-h", str(h)]
    args += ["-o", str(out)]
    if isinstance(svg, Path):
        subprocess.run(args + [str(svg)], check=True, env=font_env())
    else:
        subprocess.run(args, input=svg.encode(), check=True, env=font_env())
    return out


def png_to_webp(png: Path, webp: Path, quality: int = 80) -> Path:
    webp.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["ffmpeg", "-y", "-loglevel", "error", "-i", str(png), "-c:v", "libwebp",
         "-quality", str(quality), "-compression_level", "6", "-preset", "drawing", str(webp)],
        check=True,
    )
    return webp


def render_frames(frame_svgs, workdir: Path, jobs: int | None = None) -> int:
    """Render an iterable of SVG strings to workdir/f%04d.png. Returns count."""
    workdir.mkdir(parents=True, exist_ok=True)
    for old in workdir.glob("f*.png"):
        old.unlink()
    env = font_env()

    def one(item):
        i, svg = item
        subprocess.run(["rsvg-convert", "-o", str(workdir / f"f{i:04d}.png")],
                       input=svg.encode(), check=True, env=env)

    items = list(enumerate(frame_svgs))
    with ThreadPoolExecutor(max_workers=jobs or max(2, os.cpu_count() or 2)) as ex:
        list(ex.map(one, items))
    return len(items)


def encode(workdir: Path, fps: int, mp4: Path | None, webm: Path | None,
           crf_mp4: int = 20, crf_webm: int = 32, loops: int = 1,
           limit_bytes: int = 1_200_000) -> None:
    """Encode workdir/f%04d.png to H.264 mp4 and VP9 webm, no audio.

    If a file comes out over `limit_bytes`, the CRF is raised until it fits.
    """
    src = ["-framerate", str(fps), "-i", str(workdir / "f%04d.png")]
    if mp4:
        crf = crf_mp4
        while True:
            subprocess.run(
                ["ffmpeg", "-y", "-loglevel", "error", *src, "-c:v", "libx264", "-preset", "slow",
                 "-tune", "animation", "-crf", str(crf), "-pix_fmt", "yuv420p",
                 "-g", str(fps * 2), "-movflags", "+faststart", "-an", str(mp4)],
                check=True,
            )
            if mp4.stat().st_size <= limit_bytes or crf >= 40:
                break
            crf += 2
        print(f"  {mp4.relative_to(ROOT)}  crf {crf}  {mp4.stat().st_size / 1024:.0f} KB")
    if webm:
        crf = crf_webm
        while True:
            subprocess.run(
                ["ffmpeg", "-y", "-loglevel", "error", *src, "-c:v", "libvpx-vp9", "-b:v", "0",
                 "-crf", str(crf), "-row-mt", "1", "-deadline", "good", "-cpu-used", "2",
                 "-pix_fmt", "yuv420p", "-g", str(fps * 2), "-an", str(webm)],
                check=True,
            )
            if webm.stat().st_size <= limit_bytes or crf >= 56:
                break
            crf += 3
        print(f"  {webm.relative_to(ROOT)}  crf {crf}  {webm.stat().st_size / 1024:.0f} KB")


def ease(t: float) -> float:
    """Smoothstep 0..1."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def wave(t: float, cycles: int = 1, phase: float = 0.0) -> float:
    """A loop-safe oscillation in [-1, 1]: integer cycles per loop."""
    return math.sin(2 * math.pi * (cycles * t + phase))


def rng(seed: int) -> random.Random:
    return random.Random(seed)
