"""Partner logos (fictional companies), 240x80, two colours each.

    python3 scripts/media/logos.py
"""

from __future__ import annotations

from common import BUILD, C, MEDIA, check_svg, f, render_png, svg_doc, write
from textpath import text_path

TEXT = C["ink700"]
MARK = C["ink500"]
W, H = 240, 80


def wordmark(name, sub, font, weight, max_w=158, size=24, tracking=0.0):
    x = 72
    d, w = text_path(name, x, 0, size, font, weight, tracking=tracking)
    if w > max_w:
        size *= max_w / w
    d, w = text_path(name, x, 44, size, font, weight, tracking=tracking)
    d2, _ = text_path(sub, x + 1, 60, 9.5, "inter", 600, tracking=0.2)
    return f'<path fill="{TEXT}" d="{d}"/><path fill="{MARK}" d="{d2}"/>'


def stroke(d, w=3.2, col=MARK):
    return f'<path d="{d}" fill="none" stroke="{col}" stroke-width="{w}" stroke-linecap="round" stroke-linejoin="round"/>'


def albion():
    mark = (stroke("M12 20H60V38C60 52 48 60 36 64C24 60 12 52 12 38Z")
            + f'<path fill="{TEXT}" d="M22 28L36 21L50 28ZM23 30H27V48H23ZM34 30H38V48H34ZM45 30H49V48H45ZM21 50H51V54H21Z"/>')
    return mark + wordmark("Albion", "BANK", "fraunces", 600, size=28)


def harbour():
    mark = (stroke("M14 38L36 20L58 38") + stroke("M20 33V44H52V33")
            + f'<rect x="32" y="35" width="8" height="9" fill="{TEXT}"/>'
            + stroke("M12 52Q18 47 24 52T36 52T48 52T60 52") + stroke("M18 60Q24 55 30 60T42 60T54 60", 2.6))
    return mark + wordmark("Harbour", "LETTINGS", "inter", 700, size=25)


def meridian():
    mark = (stroke("M36 16A24 24 0 1 1 35.9 16Z") + stroke("M36 16C26 24 26 56 36 64C46 56 46 24 36 16Z", 2.4)
            + stroke("M14 44C26 36 46 36 58 28", 3.2, TEXT) + f'<circle cx="58" cy="28" r="4" fill="{TEXT}"/>')
    return mark + wordmark("Meridian", "MOTOR FINANCE", "inter", 500, size=25, tracking=0.02)


def northgate():
    mark = (f'<path fill="{MARK}" d="M14 64V36A22 22 0 0 1 58 36V64H50V37A14 14 0 0 0 22 37V64Z"/>'
            + f'<path fill="{TEXT}" d="M36 28L46 50L36 45L26 50Z"/>')
    return mark + wordmark("Northgate", "RECRUITMENT", "inter", 800, size=24, tracking=-0.01)


def cape_to_crown():
    mark = (f'<path fill="{MARK}" d="M8 64L22 46L27 44H45L50 46L64 64Z"/>'
            + f'<path fill="{TEXT}" d="M23 38L21 22L29 28L36 17L43 28L51 22L49 38Z"/>')
    return mark + wordmark("Cape to Crown", "LEGAL", "fraunces", 600, size=24)


ITEMS = {
    "albion-bank": ("Albion Bank", albion),
    "harbour-lettings": ("Harbour Lettings", harbour),
    "meridian-motor-finance": ("Meridian Motor Finance", meridian),
    "northgate-recruitment": ("Northgate Recruitment", northgate),
    "cape-to-crown-legal": ("Cape to Crown Legal", cape_to_crown),
}


def main():
    for slug, (title, fn) in ITEMS.items():
        out = write(MEDIA / "partners" / f"{slug}.svg", svg_doc(W, H, f"{title} logo", fn()))
        check_svg(out)
        render_png(out, BUILD / "preview" / f"logo-{slug}.png", W * 2, H * 2)
        print(f"  {out.relative_to(MEDIA.parent.parent)}  {out.stat().st_size / 1024:.1f} KB")


if __name__ == "__main__":
    main()
