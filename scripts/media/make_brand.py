"""Favicon, touch icon and the default Open Graph image (no web app manifest: ADR 047).

    python3 scripts/media/make_brand.py
"""

from __future__ import annotations

import struct
from pathlib import Path

from common import BUILD, C, MEDIA, PUBLIC, SANS, SERIF, check_svg, f, lin, rad, render_png, svg_doc, swallow, write
import skyline


def favicon() -> str:
    body = (
        f'<rect width="100" height="100" rx="22" fill="{C["ink900"]}"/>'
        + swallow(2, 4, 100, C["sun500"])
    )
    doc = svg_doc(100, 100, "Thula Relocations", body)
    return doc.replace('width="100" height="100" viewBox', 'width="64" height="64" viewBox', 1)


# The tab icon's sizes: 16 and 32 px for tabs and bookmarks at 1x and 2x, 48 px for a desktop
# shortcut and for search results (which ask for a multiple of 48).
FAVICON_SIZES = (16, 32, 48)


def ico(pngs: list[tuple[int, bytes]]) -> bytes:
    """A .ico file holding each (size, PNG bytes): the ICONDIR header, one ICONDIRENTRY per image
    (0 in a size byte means 256), then the PNGs, which every browser since IE9 reads inside an ICO."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, data = b"", b""
    for size, png in pngs:
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def favicon_ico(svg: Path) -> Path:
    """public/favicon.ico from the favicon SVG. A raster tab icon, not an SVG one: Chromium draws an
    SVG icon as a whole SVG document on the page's main thread after load (docs/decisions/044)."""
    pngs = [(size, render_png(svg, BUILD / f"favicon-{size}.png", size, size).read_bytes()) for size in FAVICON_SIZES]
    out = PUBLIC / "favicon.ico"
    out.write_bytes(ico(pngs))
    return out


def app_icon() -> str:
    """Full-bleed square (iOS and Android round the corners themselves);
    the bird sits inside the maskable safe zone."""
    defs = lin("bg", [(0, C["ink800"]), (1, C["ink900"])], 0, 0, 1, 1)
    body = (
        '<rect width="100" height="100" fill="url(#bg)"/>'
        + swallow(15, 17, 72, C["sun500"])
    )
    return svg_doc(100, 100, "Thula Relocations", body, defs)


def og_image() -> str:
    W, H = 1200, 630
    defs = (
        lin("bg", [(0, C["ink900"]), (1, C["ink800"])], 0, 0, 1, 1)
        + rad("glow", [(0, C["ink500"], 0.55), (1, C["ink500"], 0)], 0.5, 0.5, 0.5)
        + lin("fade", [(0, C["ink900"], 0), (1, C["ink950"], 0.9)])
    )
    parts = [
        f'<rect width="{W}" height="{H}" fill="url(#bg)"/>',
        f'<circle cx="1000" cy="180" r="420" fill="url(#glow)"/>',
        f'<circle cx="1030" cy="150" r="40" fill="{C["sun500"]}"/>',
        # skyline silhouettes along the bottom: Durban left, London right
        skyline.durban_silhouette(10, 630, 0.72, C["ink700"]),
        skyline.london_silhouette(1190, 630, 0.72, C["ink700"]),
        f'<rect y="470" width="{W}" height="160" fill="url(#fade)"/>',
        # flight path
        f'<path d="M150 530 Q600 380 1050 510" fill="none" stroke="{C["sun400"]}" stroke-width="4" '
        f'stroke-linecap="round" stroke-dasharray="2 16" opacity="0.9"/>',
        f'<circle cx="150" cy="530" r="11" fill="{C["sun500"]}"/>',
        f'<circle cx="150" cy="530" r="22" fill="none" stroke="{C["sun500"]}" stroke-width="3" opacity="0.45"/>',
        f'<circle cx="1050" cy="510" r="11" fill="{C["sun500"]}"/>',
        f'<circle cx="1050" cy="510" r="22" fill="none" stroke="{C["sun500"]}" stroke-width="3" opacity="0.45"/>',
        f'<text x="150" y="588" text-anchor="middle" font-family="{SANS}" font-size="22" font-weight="600" '
        f'letter-spacing="2" fill="{C["ink100"]}">DURBAN</text>',
        f'<text x="1050" y="568" text-anchor="middle" font-family="{SANS}" font-size="22" font-weight="600" '
        f'letter-spacing="2" fill="{C["ink100"]}">LONDON</text>',
        swallow(575, 418, 52, C["sun400"], rotate=-4),
        # wordmark
        swallow(80, 74, 76, C["sun500"]),
        f'<text x="172" y="128" font-family="{SANS}" font-size="22" font-weight="600" letter-spacing="4" '
        f'fill="{C["sun400"]}">SOUTH AFRICA \u2192 UNITED KINGDOM</text>',
        f'<text x="80" y="250" font-family="{SERIF}" font-size="92" font-weight="600" '
        f'fill="{C["white"]}" letter-spacing="-1">Thula Relocations</text>',
        f'<rect x="82" y="282" width="96" height="6" rx="3" fill="{C["sun500"]}"/>',
        f'<text x="80" y="348" font-family="{SANS}" font-size="36" font-weight="500" '
        f'fill="{C["ink100"]}">From South Africa to the UK, every step handled</text>',
    ]
    return svg_doc(W, H, "Thula Relocations: from South Africa to the UK, every step handled", "".join(parts), defs)


def main() -> None:
    fav = write(BUILD / "favicon.svg", favicon())
    check_svg(fav)
    favicon_ico(fav)
    icon_svg = write(BUILD / "app-icon.svg", app_icon())
    render_png(icon_svg, PUBLIC / "apple-touch-icon.png", 180, 180)
    og_svg = write(BUILD / "og-default.svg", og_image())
    render_png(og_svg, MEDIA / "og-default.png", 1200, 630)
    print("brand: favicon.ico, apple-touch-icon.png, og image")


if __name__ == "__main__":
    main()
