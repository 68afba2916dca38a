"""Flat illustration parts shared by the service, blog and about images.

Coordinates are absolute in the caller's viewBox unless a function says
otherwise. Colours come from the site palette plus a few warm neutrals.
"""

from __future__ import annotations

import math

from common import C, f, lin, rad, rng
from textpath import text_el

SKIN = {"deep": "#7b4a2d", "deep_shade": "#623a22", "brown": "#a86b45", "tan": "#d9a27c", "light": "#f1c7a5",
        "light_shade": "#e0ab88"}
BRICK = "#c8775a"
BRICK_DARK = "#a95f46"
STUCCO = "#efe3cc"
GRASS = "#8cc5a0"
GRASS_DARK = "#5fa77c"


def R(x, y, w, h, fill, rx=0, extra=""):
    r = f' rx="{f(rx)}"' if rx else ""
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}"{r} fill="{fill}"{extra}/>'


def circle(cx, cy, r, fill, extra=""):
    return f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}"{extra}/>'


def ell(cx, cy, rx, ry, fill, extra=""):
    return f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{fill}"{extra}/>'


def path(d, fill, extra=""):
    return f'<path d="{d}" fill="{fill}"{extra}/>'


def line(d, stroke, width, extra=""):
    return f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{f(width)}" stroke-linecap="round" stroke-linejoin="round"{extra}/>'


def g(inner, transform="", extra=""):
    t = f' transform="{transform}"' if transform else ""
    return f"<g{t}{extra}>{inner}</g>"


# ------------------------------------------------------------- backdrops


def backdrop(w, h, seed=1, dark=False, blob_at=(0.5, 0.55), blob_r=0.36):
    """A soft background: base colour, one large blob and a few decorations."""
    r = rng(seed)
    if dark:
        base, blob, dot = C["ink900"], C["ink800"], C["ink700"]
    else:
        base, blob, dot = C["ink50"], C["ink100"], C["ink200"]
    bx, by = w * blob_at[0], h * blob_at[1]
    br = min(w, h) * blob_r * 1.25
    pts = []
    n = 8
    for i in range(n):
        a = 2 * math.pi * i / n
        rr = br * r.uniform(0.88, 1.1)
        pts.append((bx + rr * math.cos(a) * 1.18, by + rr * math.sin(a)))
    d = smooth_closed(pts)
    o = [R(0, 0, w, h, base), path(d, blob)]
    # a sun disc and dotted texture
    o.append(circle(w * 0.84, h * 0.2, min(w, h) * 0.07, C["sun100"] if not dark else C["ink700"]))
    dots = []
    for j in range(4):
        for i in range(5):
            dots.append(f'<circle cx="{f(w * 0.06 + i * 14)}" cy="{f(h * 0.12 + j * 14)}" r="2.2"/>')
    o.append(f'<g fill="{dot}">{"".join(dots)}</g>')
    return "".join(o)


def smooth_closed(pts):
    """Catmull-Rom through points, closed, as cubic Beziers."""
    n = len(pts)
    d = f"M{f(pts[0][0])} {f(pts[0][1])}"
    for i in range(n):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d += f"C{f(c1[0])} {f(c1[1])} {f(c2[0])} {f(c2[1])} {f(p2[0])} {f(p2[1])}"
    return d + "Z"


def shadow(cx, cy, rx, ry=None, dark=False):
    return ell(cx, cy, rx, ry or rx * 0.12, C["ink950"] if dark else C["ink900"], ' opacity="0.12"')


def sparkle(x, y, s, fill):
    return path(f"M{f(x)} {f(y - s)}Q{f(x + s * 0.18)} {f(y - s * 0.18)} {f(x + s)} {f(y)}Q{f(x + s * 0.18)} {f(y + s * 0.18)} "
                f"{f(x)} {f(y + s)}Q{f(x - s * 0.18)} {f(y + s * 0.18)} {f(x - s)} {f(y)}Q{f(x - s * 0.18)} {f(y - s * 0.18)} {f(x)} {f(y - s)}Z", fill)


# ------------------------------------------------------------- objects


def coin(cx, cy, r, symbol, scheme="gold"):
    """A coin face-on with a currency symbol."""
    if scheme == "gold":
        rim, face, mark = C["sun600"], C["sun400"], C["sun600"]
        hi = C["sun300"]
    else:
        rim, face, mark = "#8d9bb3", "#d4dbe7", "#6f7f9c"
        hi = "#eef1f6"
    return (
        circle(cx, cy + r * 0.1, r, rim)
        + circle(cx, cy, r, face)
        + circle(cx, cy, r * 0.8, "none", f' stroke="{rim}" stroke-width="{f(r * 0.06)}" opacity="0.6"')
        + path(f"M{f(cx - r * 0.62)} {f(cy - r * 0.5)}A{f(r * 0.8)} {f(r * 0.8)} 0 0 1 {f(cx + r * 0.1)} {f(cy - r * 0.79)}",
               "none", f' stroke="{hi}" stroke-width="{f(r * 0.08)}" stroke-linecap="round"')
        + text_el(symbol, cx, cy + r * 0.36, r * 1.05, mark, "fraunces", 700, anchor="middle")
    )


def coin_stack(cx, base, r, n, scheme="gold"):
    """Coins seen slightly from above, stacked n high; base is the bottom edge."""
    if scheme == "gold":
        edge, edge2, top, ring = C["sun600"], "#b07800", C["sun400"], C["sun300"]
    else:
        edge, edge2, top, ring = "#8d9bb3", "#7888a3", "#d4dbe7", "#eef1f6"
    ry = r * 0.32
    h = r * 0.2
    o = []
    for i in range(n):
        y = base - ry - i * h
        o.append(path(f"M{f(cx - r)} {f(y)}V{f(y - h)}A{f(r)} {f(ry)} 0 0 0 {f(cx + r)} {f(y - h)}V{f(y)}A{f(r)} {f(ry)} 0 0 1 {f(cx - r)} {f(y)}Z",
                      edge if i % 2 == 0 else edge2))
    yt = base - ry - n * h
    o.append(ell(cx, yt, r, ry, top))
    o.append(ell(cx, yt, r * 0.78, ry * 0.78, "none", f' stroke="{ring}" stroke-width="2"'))
    return "".join(o)


def paper(x, y, w, h, lines=5, accent=None, seed=3, title=True, fill="#ffffff", line_col=None):
    """A document with text lines (as bars)."""
    r = rng(seed)
    lc = line_col or C["ink100"]
    o = [R(x + 6, y + 8, w, h, C["ink900"], 10, ' opacity="0.08"'), R(x, y, w, h, fill, 10)]
    yy = y + 28
    if title:
        o.append(R(x + 24, yy, w * 0.45, 12, accent or C["ink700"], 6))
        yy += 32
    for i in range(lines):
        ww = (w - 48) * (r.uniform(0.55, 1.0) if i % 3 != 2 else r.uniform(0.35, 0.6))
        o.append(R(x + 24, yy, ww, 8, lc, 4))
        yy += 20
    return "".join(o)


def check_badge(cx, cy, r, fill=None, tick="#ffffff"):
    fill = fill or C["veld600"]
    return circle(cx, cy, r, fill) + line(
        f"M{f(cx - r * 0.42)} {f(cy + r * 0.02)}L{f(cx - r * 0.1)} {f(cy + r * 0.34)}L{f(cx + r * 0.45)} {f(cy - r * 0.3)}",
        tick, r * 0.2)


def tick(x, y, s, col):
    return line(f"M{f(x)} {f(y)}L{f(x + s * 0.35)} {f(y + s * 0.35)}L{f(x + s)} {f(y - s * 0.4)}", col, s * 0.22)


def key(x, y, s=1.0, rot=0, col=None, dark=None):
    """A house key, bow centred at (x, y), shaft to the right, ~150 long at s=1."""
    col = col or C["sun500"]
    dark = dark or C["sun600"]
    inner = (
        circle(0, 0, 30, col)
        + circle(0, 0, 12, "none", f' stroke="{dark}" stroke-width="0"')
        + circle(-6, 0, 11, C["ink50"])
        + R(24, -9, 120, 18, col, 5)
        + path("M108 9H122V30H112L108 24ZM128 9H140V24L134 30H128Z", col)
        + R(30, -3, 104, 4, dark, 2, ' opacity="0.5"')
        + path("M-18 -18A26 26 0 0 1 14 -24", "none", f' stroke="{C["sun300"]}" stroke-width="5" stroke-linecap="round"')
    )
    return g(inner, f"translate({f(x)} {f(y)}) rotate({f(rot)}) scale({s:.3f})")


def key_tag(x, y, s=1.0, rot=0, col=None):
    col = col or C["veld600"]
    inner = (path("M0 0L26 -14H70V14H26Z", col) + circle(16, 0, 5, C["ink50"]))
    return g(inner, f"translate({f(x)} {f(y)}) rotate({f(rot)}) scale({s:.3f})")


def passport(x, y, w=150, rot=0, fill=None, label=True):
    """A closed UK-style passport (navy, gold crest), top-left at (x, y)."""
    fill = fill or C["ink800"]
    h = w * 1.4
    cx = w / 2
    crest = (
        circle(cx, h * 0.42, w * 0.2, "none", f' stroke="{C["sun400"]}" stroke-width="{f(w * 0.025)}"')
        + path(f"M{f(cx - w * 0.11)} {f(h * 0.45)}L{f(cx - w * 0.13)} {f(h * 0.36)}L{f(cx - w * 0.06)} {f(h * 0.4)}"
               f"L{f(cx)} {f(h * 0.33)}L{f(cx + w * 0.06)} {f(h * 0.4)}L{f(cx + w * 0.13)} {f(h * 0.36)}L{f(cx + w * 0.11)} {f(h * 0.45)}Z",
               C["sun400"])
        + R(cx - w * 0.11, h * 0.465, w * 0.22, w * 0.035, C["sun400"], 1)
    )
    o = [
        R(w * 0.04, h * 0.03, w, h, C["ink950"], w * 0.07, ' opacity="0.18"'),
        R(0, 0, w, h, fill, w * 0.07),
        R(0, 0, w * 0.08, h, C["ink950"], 0, ' opacity="0.25"'),
        crest,
    ]
    if label:
        o.append(text_el("PASSPORT", cx, h * 0.22, w * 0.1, C["sun400"], "inter", 600, "middle", 0.12))
    o.append(R(cx - w * 0.09, h * 0.82, w * 0.18, w * 0.11, "none", w * 0.015,
               f' stroke="{C["sun400"]}" stroke-width="{f(w * 0.015)}"'))
    return g("".join(o), f"translate({f(x)} {f(y)}) rotate({f(rot)})")


def pen(x, y, length=160, rot=-35, body=None):
    body = body or C["ink700"]
    inner = (
        R(0, -7, length, 14, body, 7)
        + R(length * 0.72, -7, length * 0.08, 14, C["sun500"])
        + path(f"M0 -7L-26 0L0 7Z", C["sun100"])
        + path(f"M-26 0L-16 -3V3Z", C["ink900"])
        + R(length * 0.2, -10, length * 0.3, 4, C["sun500"], 2)
    )
    return g(inner, f"translate({f(x)} {f(y)}) rotate({f(rot)})")


def suitcase(x, base, w, h, fill, strap=None, handle=None):
    strap = strap or C["sun500"]
    handle = handle or C["ink900"]
    return (
        R(x + w * 0.32, base - h - 18, w * 0.36, 24, "none", 8, f' stroke="{handle}" stroke-width="7"')
        + R(x, base - h, w, h, fill, 12)
        + R(x + w * 0.22, base - h, 6, h, C["ink950"], 0, ' opacity="0.18"')
        + R(x + w * 0.72, base - h, 6, h, C["ink950"], 0, ' opacity="0.18"')
        + R(x, base - h * 0.55, w, 10, strap)
        + circle(x + 12, base + 4, 6, C["ink900"]) + circle(x + w - 12, base + 4, 6, C["ink900"])
    )


def calendar(x, y, w, h, month="", done=12, highlight=None, seed=2):
    """A month page: header bar, rings, a 7-column grid with ticks on past days."""
    cols, rows = 7, 5
    gx, gy = x + 18, y + 74
    cw, ch = (w - 36) / cols, (h - 92) / rows
    o = [R(x + 8, y + 10, w, h, C["ink900"], 16, ' opacity="0.1"'), R(x, y, w, h, "#ffffff", 16),
         path(f"M{f(x)} {f(y + 16)}A16 16 0 0 1 {f(x + 16)} {f(y)}H{f(x + w - 16)}A16 16 0 0 1 {f(x + w)} {f(y + 16)}V{f(y + 54)}H{f(x)}Z", C["ink800"])]
    for i in (0.25, 0.75):
        o.append(R(x + w * i - 6, y - 14, 12, 30, C["ink500"], 6))
    if month:
        o.append(text_el(month, x + w / 2, y + 38, 20, "#ffffff", "inter", 700, "middle", 0.08))
    k = 0
    for j in range(rows):
        for i in range(cols):
            k += 1
            if k > 30:
                break
            cx, cy = gx + i * cw + cw / 2, gy + j * ch + ch / 2
            if highlight and k == highlight:
                o.append(circle(cx, cy, min(cw, ch) * 0.42, C["sun500"]))
            elif k <= done:
                o.append(tick(cx - cw * 0.2, cy, cw * 0.38, C["veld600"]))
            else:
                o.append(R(cx - cw * 0.18, cy - 3, cw * 0.36, 6, C["ink100"], 3))
    return "".join(o)


def checklist(x, y, w, rows, done, fill="#ffffff", seed=4):
    r = rng(seed)
    h = 52 + rows * 46
    o = [R(x + 8, y + 10, w, h, C["ink900"], 14, ' opacity="0.1"'), R(x, y, w, h, fill, 14),
         R(x + w / 2 - 40, y - 12, 80, 26, C["ink700"], 8)]
    for i in range(rows):
        yy = y + 40 + i * 46
        if i < done:
            o.append(R(x + 22, yy, 26, 26, C["veld600"], 7))
            o.append(tick(x + 28, yy + 13, 14, "#ffffff"))
        else:
            o.append(R(x + 22, yy, 26, 26, "none", 7, f' stroke="{C["ink200"]}" stroke-width="3"'))
        o.append(R(x + 62, yy + 9, (w - 90) * r.uniform(0.55, 1.0), 9, C["ink100"] if i < done else C["ink200"], 4.5))
    return "".join(o)


def terrace_house(x, base, w, h, wall, door, seed=0, roof=None, bay=True):
    """One London terraced house, daytime, left edge x."""
    roof = roof or C["ink700"]
    o = [R(x, base - h, w, h, wall)]
    o.append(path(f"M{f(x - 4)} {f(base - h)}L{f(x + w * 0.12)} {f(base - h - w * 0.32)}H{f(x + w * 0.88)}L{f(x + w + 4)} {f(base - h)}Z", roof))
    o.append(R(x + w * 0.66, base - h - w * 0.46, w * 0.16, w * 0.2, BRICK_DARK))
    o.append(R(x + w * 0.64, base - h - w * 0.49, w * 0.2, 6, C["ink700"]))
    o.append(R(x, base - h + h * 0.46, w, 5, "#ffffff", 0, ' opacity="0.7"'))
    # upper windows
    for i in (0, 1):
        wx = x + w * (0.14 + i * 0.4)
        o.append(R(wx, base - h + h * 0.1, w * 0.3, h * 0.28, "#ffffff"))
        o.append(R(wx + 4, base - h + h * 0.1 + 4, w * 0.3 - 8, h * 0.28 - 8, C["ink300"]))
        o.append(R(wx + 4, base - h + h * 0.1 + 4, w * 0.3 - 8, (h * 0.28 - 8) * 0.45, C["ink200"]))
    # bay window and door
    if bay:
        bx, bw = x + w * 0.06, w * 0.5
        o.append(R(bx, base - h * 0.42, bw, h * 0.42, "#ffffff"))
        o.append(R(bx + 6, base - h * 0.38, bw - 12, h * 0.26, C["ink300"]))
        o.append(R(bx + bw / 2 - 2, base - h * 0.38, 4, h * 0.26, "#ffffff"))
        o.append(R(bx - 4, base - h * 0.46, bw + 8, 8, "#ffffff"))
    dx = x + w * 0.64
    o.append(R(dx - 4, base - h * 0.4, w * 0.26 + 8, h * 0.4, "#ffffff"))
    o.append(R(dx, base - h * 0.36, w * 0.26, h * 0.36, door, 0))
    o.append(path(f"M{f(dx)} {f(base - h * 0.36)}a{f(w * 0.13)} {f(w * 0.13)} 0 0 1 {f(w * 0.26)} 0Z", C["sun300"]))
    o.append(circle(dx + w * 0.2, base - h * 0.17, 2.6, C["sun500"]))
    o.append(R(x + w * 0.6, base - 8, w * 0.34, 8, C["ink200"]))
    return "".join(o)


def car_side(x, base, s=1.0, body=None, accent=None, flip=False):
    """A family hatchback in profile, nose to the right; ~260 long at s=1."""
    body = body or C["ink700"]
    accent = accent or C["ink800"]
    inner = (
        path("M8 -30C8 -52 20 -62 40 -64L78 -68L112 -104C118 -110 126 -112 136 -112H196C210 -112 220 -106 228 -96L252 -66"
             "C268 -62 276 -54 276 -40V-26C276 -20 272 -16 266 -16H14C10 -16 8 -20 8 -26Z", body)
        + path("M92 -70L120 -100C124 -104 128 -105 134 -105H164V-70Z", C["ink100"])
        + path("M172 -70V-105H196C206 -105 212 -101 218 -94L238 -70Z", C["ink100"])
        + R(8, -44, 268, 6, accent, 0, ' opacity="0.35"')
        + R(160, -62, 16, 4, "#ffffff", 2, ' opacity="0.7"')
        + R(92, -62, 16, 4, "#ffffff", 2, ' opacity="0.7"')
        + path("M258 -58H274V-46H262Z", C["sun300"])
        + R(8, -56, 10, 12, "#e0524a", 3)
        + circle(64, -16, 26, C["ink950"]) + circle(64, -16, 11, C["ink300"])
        + circle(218, -16, 26, C["ink950"]) + circle(218, -16, 11, C["ink300"])
    )
    tr = f"translate({f(x)} {f(base)}) scale({'-' if flip else ''}{s:.3f} {s:.3f})"
    return g(inner, tr)


def person(x, base, s=1.0, skin=None, top=None, legs=None, hair=None, hair_style="short", child=False, facing=0):
    """A simple standing figure (no face), base centre at (x, base); ~170 tall at s=1."""
    skin = skin or SKIN["tan"]
    top = top or C["veld600"]
    legs = legs or C["ink800"]
    hair = hair or C["ink950"]
    o = [
        R(-17, -84, 15, 84, legs, 7),
        R(2, -84, 15, 84, legs, 7),
        R(-21, -5, 20, 9, C["ink950"], 4), R(1, -5, 20, 9, C["ink950"], 4),
        path("M-26 -70V-118C-26 -134 -16 -142 0 -142C16 -142 26 -134 26 -118V-70Z", top),
        R(-35, -136, 14, 62, top, 7), R(21, -136, 14, 62, top, 7),
        circle(-28, -72, 7, skin), circle(28, -72, 7, skin),
        R(-6, -152, 12, 14, skin, 3),
        ell(0, -166, 17, 19, skin),
    ]
    if hair_style == "short":
        o.append(path("M-17 -168C-18 -184 -8 -188 0 -188C10 -188 19 -183 17 -166C12 -176 -6 -178 -17 -168Z", hair))
    elif hair_style == "long":
        o.append(path("M-18 -162C-20 -186 -8 -188 0 -188C10 -188 21 -184 19 -162L22 -132H12L12 -168C4 -176 -8 -176 -12 -168V-132H-22Z", hair))
    elif hair_style == "afro":
        o.append(path("M-22 -166C-30 -190 -10 -200 0 -198C14 -200 30 -190 22 -166C18 -174 -18 -174 -22 -166Z", hair))
    elif hair_style == "bun":
        o.append(circle(0, -192, 9, hair))
        o.append(path("M-17 -166C-19 -184 -8 -188 0 -188C10 -188 19 -184 17 -166C12 -176 -6 -178 -17 -166Z", hair))
    if facing:
        o.append(ell(facing * 7, -166, 3, 2.4, skin))
    sc = s * (0.66 if child else 1)
    return g("".join(o), f"translate({f(x)} {f(base)}) scale({sc:.3f})")


def phone(x, y, w, h, screen=None, body=None):
    body = body or C["ink900"]
    screen = screen or "#ffffff"
    return (R(x + 6, y + 8, w, h, C["ink900"], w * 0.16, ' opacity="0.12"') + R(x, y, w, h, body, w * 0.16)
            + R(x + w * 0.07, y + w * 0.07, w * 0.86, h - w * 0.14, screen, w * 0.1)
            + R(x + w * 0.38, y + w * 0.1, w * 0.24, 5, body, 2.5))


def tree(x, base, s=1.0, col=None):
    col = col or GRASS_DARK
    return g(R(-5, -60, 10, 60, "#8a6a4a", 3) + circle(0, -84, 34, col) + circle(-20, -66, 22, col) + circle(20, -64, 24, col)
             + circle(10, -96, 18, GRASS, ' opacity="0.6"'),
             f"translate({f(x)} {f(base)}) scale({s:.3f})")


def arrow(x1, y1, x2, y2, col, width=8, head=18, dash=None):
    a = math.atan2(y2 - y1, x2 - x1)
    hx, hy = x2 - head * math.cos(a), y2 - head * math.sin(a)
    da = f' stroke-dasharray="{dash}"' if dash else ""
    return (line(f"M{f(x1)} {f(y1)}L{f(hx)} {f(hy)}", col, width, da)
            + path(f"M{f(x2)} {f(y2)}L{f(hx - head * 0.6 * math.sin(a))} {f(hy + head * 0.6 * math.cos(a))}"
                   f"L{f(hx + head * 0.6 * math.sin(a))} {f(hy - head * 0.6 * math.cos(a))}Z", col))
