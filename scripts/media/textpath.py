"""Set short strings as SVG paths from the site's own fonts (Inter, Fraunces),
so logos and labels look the same wherever the SVG is shown.

Needs fontTools (Debian: python3-fonttools python3-brotli).
"""

from __future__ import annotations

from functools import lru_cache

from common import f, ttf_path

FONTS = {"inter": "inter-latin-wght-normal", "fraunces": "fraunces-latin-wght-normal"}


@lru_cache(maxsize=None)
def _font(name: str, weight: int):
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    font = TTFont(str(ttf_path(FONTS[name])))
    if "fvar" in font:
        font = instancer.instantiateVariableFont(font, {"wght": weight})
    return font


def _kern(font):
    """Pair kerning from GPOS PairPos format 1 (what Inter/Fraunces mostly use)."""
    pairs = {}
    if "GPOS" not in font:
        return pairs
    for lookup in font["GPOS"].table.LookupList.Lookup:
        if lookup.LookupType not in (2, 9):
            continue
        for st in lookup.SubTable:
            if lookup.LookupType == 9:
                st = st.ExtSubTable
            if getattr(st, "Format", None) == 1 and hasattr(st, "PairSet"):
                cov = st.Coverage.glyphs
                for i, ps in enumerate(st.PairSet):
                    for rec in ps.PairValueRecord:
                        v = getattr(rec.Value1, "XAdvance", 0) if rec.Value1 else 0
                        if v:
                            pairs[(cov[i], rec.SecondGlyph)] = v
            elif getattr(st, "Format", None) == 2:
                cov = st.Coverage.glyphs
                cd1 = st.ClassDef1.classDefs
                cd2 = st.ClassDef2.classDefs
                for g1 in cov:
                    c1 = cd1.get(g1, 0)
                    row = st.Class1Record[c1].Class2Record
                    for g2, c2 in list(cd2.items()):
                        v = getattr(row[c2].Value1, "XAdvance", 0) if row[c2].Value1 else 0
                        if v and (g1, g2) not in pairs:
                            pairs[(g1, g2)] = v
    return pairs


_KERN: dict = {}


def _num(v: float) -> str:
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def text_path(text: str, x: float, y: float, size: float, font: str = "inter", weight: int = 600,
              anchor: str = "start", tracking: float = 0.0) -> tuple[str, float]:
    """Path data for `text` with its baseline at y. Returns (d, width).
    tracking is extra space between letters, in em."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    ft = _font(font, weight)
    key = (font, weight)
    if key not in _KERN:
        try:
            _KERN[key] = _kern(ft)
        except Exception:
            _KERN[key] = {}
    kern = _KERN[key]
    upm = ft["head"].unitsPerEm
    cmap = ft.getBestCmap()
    gs = ft.getGlyphSet()
    hmtx = ft["hmtx"]
    s = size / upm
    names = [cmap.get(ord(ch), ".notdef") for ch in text]
    adv = []
    for i, g in enumerate(names):
        a = hmtx[g][0]
        if i + 1 < len(names):
            a += kern.get((g, names[i + 1]), 0)
            a += tracking * upm
        adv.append(a)
    width = sum(adv) * s
    x0 = x - (width if anchor == "end" else width / 2 if anchor == "middle" else 0)
    pen = SVGPathPen(gs, ntos=_num)
    cx = 0.0
    for g, a in zip(names, adv):
        tp = TransformPen(pen, (s, 0, 0, -s, x0 + cx * s, y))
        gs[g].draw(tp)
        cx += a
    return pen.getCommands(), width


def text_el(text: str, x: float, y: float, size: float, fill: str, font: str = "inter", weight: int = 600,
            anchor: str = "start", tracking: float = 0.0, extra: str = "") -> str:
    d, _ = text_path(text, x, y, size, font, weight, anchor, tracking)
    return f'<path fill="{fill}"{extra} d="{d}"/>'
