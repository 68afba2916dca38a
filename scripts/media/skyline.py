"""Building blocks for the Durban and London scenes.

Every element is drawn in local units with its base centre at (0, 0) and
"up" towards negative y; `place()` moves and scales it. A style dict gives
the colours: body (main face), shade (the side in shadow), lit (window light),
and face (clock face, glazing highlights). Passing one colour for everything
gives a flat silhouette.
"""

from __future__ import annotations

import math

from common import C, f, rng


def place(x: float, y: float, s: float, inner: str, extra: str = "") -> str:
    return f'<g transform="translate({f(x)} {f(y)}) scale({s:.4f})"{extra}>{inner}</g>'


def rect(x, y, w, h, fill, extra="") -> str:
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" fill="{fill}"{extra}/>'


def poly(pts, fill, extra="") -> str:
    return f'<path d="M{" L".join(f"{f(a)} {f(b)}" for a, b in pts)}Z" fill="{fill}"{extra}/>'


def silhouette_style(col: str) -> dict:
    return {"body": col, "shade": col, "lit": None, "face": col, "line": col}


# ------------------------------------------------------------------ windows


def windows(x0, y0, w, h, cols, rows, lit, seed, density=0.35, size=(0.45, 0.42), twinkle=None, t=0.0):
    """A grid of lit windows inside a facade. `twinkle(i, t)` may return an
    opacity multiplier per window for animation."""
    if not lit:
        return ""
    r = rng(seed)
    cw, rh = w / cols, h / rows
    ww, wh = cw * size[0], rh * size[1]
    groups: dict[float, list[str]] = {}
    k = 0
    for j in range(rows):
        for i in range(cols):
            on = r.random() < density
            ph = r.random()
            if not on:
                continue
            op = 0.55 + 0.45 * r.random()
            if twinkle:
                op *= twinkle(k, ph, t)
            k += 1
            if op <= 0.02:
                continue
            x, y = x0 + i * cw + (cw - ww) / 2, y0 + j * rh + (rh - wh) / 2
            groups.setdefault(round(op, 1 if not twinkle else 2), []).append(f"M{f(x)} {f(y)}h{f(ww)}v{f(wh)}h{f(-ww)}Z")
    # one path per opacity level keeps the files small
    out = [f'<path fill="{lit}" opacity="{op}" d="{"".join(ds)}"/>' for op, ds in sorted(groups.items())]
    return "".join(out)


# ------------------------------------------------------------------ London


def big_ben(st: dict) -> str:
    b, s, face = st["body"], st["shade"], st["face"]
    o = [
        rect(-17, -215, 34, 215, b),
        rect(0, -215, 17, 215, s),
        rect(-21, -266, 42, 51, b),
        rect(0, -266, 21, 51, s),
        rect(-23, -220, 46, 6, b),
        rect(-23, -268, 46, 5, b),
        rect(-17, -294, 34, 28, b),
        rect(0, -294, 17, 28, s),
        poly([(-20, -294), (0, -356), (20, -294)], b),
        poly([(0, -294), (0, -356), (20, -294)], s),
        poly([(-22, -294), (-19, -316), (-16, -294)], b),
        poly([(16, -294), (19, -316), (22, -294)], s),
        rect(-0.9, -372, 1.8, 18, b),
    ]
    if st.get("lit"):
        o += [
            f'<circle cx="0" cy="-241" r="15" fill="{face}"/>',
            f'<circle cx="0" cy="-241" r="15" fill="none" stroke="{b}" stroke-width="2.2"/>',
            f'<path d="M0 -241V-252M0 -241L7 -237" stroke="{b}" stroke-width="2" stroke-linecap="round"/>',
        ]
        for x in (-11, -3.5, 4):
            o.append(rect(x, -288, 5, 14, face, ' rx="2.5" opacity="0.65"'))
        for x in (-10, -2, 6):
            o.append(rect(x, -205, 1.4, 180, st["line"], ' opacity="0.35"'))
    else:
        o.append(f'<circle cx="0" cy="-241" r="13" fill="{face}"/>')
    return "".join(o)


def parliament(st: dict, width: float = 220, seed: int = 3, t: float = 0.0, twinkle=None) -> str:
    """Houses of Parliament: a long gothic range with pinnacles, base centre at 0."""
    b, s = st["body"], st["shade"]
    x0 = -width / 2
    o = [rect(x0, -64, width, 64, b), rect(x0, -64, width, 8, s, ' opacity="0.6"')]
    n = int(width // 18)
    for i in range(n + 1):
        x = x0 + i * width / n
        o.append(poly([(x - 3, -64), (x, -82), (x + 3, -64)], b))
    # Victoria Tower at the far end
    o += [rect(x0 + 8, -150, 40, 150, b), rect(x0 + 28, -150, 20, 150, s)]
    for dx in (8, 20, 32, 44):
        o.append(poly([(x0 + dx - 3, -150), (x0 + dx, -166), (x0 + dx + 3, -150)], b))
    o.append(windows(x0 + 52, -52, width - 60, 44, int((width - 60) / 9), 3, st.get("lit"), seed, 0.45, twinkle=twinkle, t=t))
    o.append(windows(x0 + 12, -138, 32, 120, 3, 9, st.get("lit"), seed + 1, 0.3, twinkle=twinkle, t=t))
    return "".join(o)


def shard(st: dict, seed: int = 5, t: float = 0.0, twinkle=None) -> str:
    b, s = st["body"], st["shade"]
    o = [
        poly([(-50, 0), (-7, -392), (-2, -376), (1, 0)], b),
        poly([(1, 0), (-2, -376), (5, -404), (8, -386), (11, -372), (50, 0)], s),
        poly([(-7, -392), (-4, -410), (-2, -376)], b),
    ]
    lit = st.get("lit")
    if lit:
        r = rng(seed)
        k = 0
        for j in range(34):
            y = -14 - j * 10.5
            half = 50 * (1 + y / 392)
            for i in range(int(half * 2 / 9)):
                if r.random() < 0.22:
                    x = -half + 5 + i * 9
                    op = 0.5 + 0.5 * r.random()
                    if twinkle:
                        op *= twinkle(k, r.random(), t)
                    k += 1
                    if op > 0.02:
                        o.append(rect(x, y, 4, 3.2, lit, f' opacity="{op:.2f}"'))
        o.append(f'<path d="M-2 -376L1 0" stroke="{st["face"]}" stroke-width="1.2" opacity="0.35"/>')
    return "".join(o)


def gherkin(st: dict, uid: str = "g") -> str:
    b, s = st["body"], st["shade"]
    shape = "M-30 0C-40 -70 -36 -150 0 -190C36 -150 40 -70 30 0Z"
    o = [f'<path d="{shape}" fill="{b}"/>',
         f'<path d="M0 -190C36 -150 40 -70 30 0H2C10 -70 10 -150 0 -190Z" fill="{s}"/>']
    if st.get("lit"):
        o.append(f'<clipPath id="{uid}"><path d="{shape}"/></clipPath><g clip-path="url(#{uid})" '
                 f'stroke="{st["face"]}" stroke-width="1.6" fill="none" opacity="0.35">')
        for k in range(-6, 8):
            y = k * 28
            o.append(f'<path d="M-45 {f(y)}Q0 {f(y - 40)} 45 {f(y - 95)}"/>')
        o.append("</g>")
    return "".join(o)


def london_eye(st: dict, r: float = 120, angle: float = 0.0, n: int = 32) -> str:
    """The wheel; rotating `angle` by 22.5 degrees (one spoke) is one seamless step."""
    b, line = st["body"], st["line"]
    cy = -r - 18
    o = [
        f'<path d="M{f(-r * 0.62)} 0L0 {f(cy)}L{f(r * 0.62)} 0" fill="none" stroke="{b}" stroke-width="7" stroke-linejoin="round"/>',
        f'<circle cy="{f(cy)}" r="{f(r)}" fill="none" stroke="{line}" stroke-width="4"/>',
        f'<circle cy="{f(cy)}" r="{f(r * 0.9)}" fill="none" stroke="{line}" stroke-width="1.5" opacity="0.8"/>',
    ]
    sp = []
    for i in range(16):
        a = math.radians(angle + i * 360 / 16)
        sp.append(f"M0 {f(cy)}L{f(r * math.cos(a))} {f(cy + r * math.sin(a))}")
    o.append(f'<path d="{"".join(sp)}" stroke="{line}" stroke-width="1.1" opacity="0.7"/>')
    caps = []
    for i in range(n):
        a = math.radians(angle + i * 360 / n)
        x, y = (r + 5) * math.cos(a), cy + (r + 5) * math.sin(a)
        caps.append(f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="4.6" ry="3.4"/>')
    fill = st.get("lit") or line
    o.append(f'<g fill="{fill}">{"".join(caps)}</g>')
    o.append(f'<circle cy="{f(cy)}" r="7" fill="{b}"/>')
    return "".join(o)


def st_pauls(st: dict) -> str:
    b, s = st["body"], st["shade"]
    return "".join([
        rect(-70, -46, 140, 46, b),
        rect(-70, -30, 140, 30, s, ' opacity="0.35"'),
        rect(-64, -78, 20, 32, b), poly([(-66, -78), (-54, -98), (-42, -78)], b),
        rect(44, -78, 20, 32, b), poly([(42, -78), (54, -98), (66, -78)], b),
        rect(-36, -82, 72, 36, b),
        rect(-30, -94, 60, 12, b),
        f'<path d="M-32 -94C-32 -136 -14 -150 0 -150C14 -150 32 -136 32 -94Z" fill="{b}"/>',
        f'<path d="M0 -150C14 -150 32 -136 32 -94H10C10 -130 6 -146 0 -150Z" fill="{s}"/>',
        rect(-5, -168, 10, 18, b), f'<circle cy="-172" r="4.5" fill="{b}"/>', rect(-1, -184, 2, 10, b),
    ])


def tower_block(st: dict, w: float, h: float, seed: int, cols: int | None = None, top: str = "flat",
                t: float = 0.0, twinkle=None, density: float = 0.35) -> str:
    """A generic block, base centre at 0. top: flat | slope | step | spire."""
    b, s = st["body"], st["shade"]
    x0 = -w / 2
    o = [rect(x0, -h, w, h, b), rect(0, -h, w / 2, h, s, ' opacity="0.55"')]
    if top == "slope":
        o.append(poly([(x0, -h), (x0 + w, -h - w * 0.4), (x0 + w, -h)], b))
    elif top == "step":
        o.append(rect(x0 + w * 0.2, -h - 14, w * 0.6, 14, b))
        o.append(rect(x0 + w * 0.42, -h - 30, w * 0.16, 16, b))
    elif top == "spire":
        o.append(rect(-1, -h - 40, 2, 40, b))
    cols = cols or max(2, int(w / 11))
    rows = max(2, int(h / 13))
    o.append(windows(x0 + 3, -h + 6, w - 6, h - 12, cols, rows, st.get("lit"), seed, density, twinkle=twinkle, t=t))
    return "".join(o)


def terrace(st: dict, n: int, seed: int = 1, w: float = 34, h: float = 60, t: float = 0.0, twinkle=None) -> str:
    """A row of London terraced houses with chimneys, left edge at 0."""
    b, s = st["body"], st["shade"]
    r = rng(seed)
    o = [rect(0, -h, n * w, h, b)]
    roof = [(0, -h)]
    for i in range(n):
        roof += [(i * w + w / 2, -h - 16), ((i + 1) * w, -h)]
    roof.append((n * w, -h))
    o.append(poly(roof, b))
    for i in range(n):
        x = i * w
        o.append(rect(x + w * 0.62, -h - 24, 6, 14, b))
        o.append(rect(x + w - 1.2, -h, 1.2, h, s, ' opacity="0.5"'))
        if st.get("lit"):
            for j, y in enumerate((-h + 10, -h + 34)):
                on = r.random() < 0.55
                ph = r.random()
                if on:
                    op = 0.9
                    if twinkle:
                        op *= twinkle(seed * 100 + i * 2 + j, ph, t)
                    o.append(rect(x + 7, y, 9, 12, st["lit"], f' opacity="{op:.2f}"'))
    return "".join(o)


# ------------------------------------------------------------------ Durban


def mabhida(st: dict, arch: str, car: str | None = None) -> str:
    """Moses Mabhida Stadium: the bowl and its great arch (base centre at 0)."""
    b, s = st["body"], st["shade"]
    o = [
        f'<path d="M-170 0C-164 -34 -120 -58 0 -62C120 -58 164 -34 170 0Z" fill="{b}"/>',
        f'<path d="M-150 -22C-110 -46 110 -46 150 -22" fill="none" stroke="{st["face"]}" stroke-width="3" opacity="0.55"/>',
        f'<path d="M-162 -10C-120 -36 120 -36 162 -10" fill="none" stroke="{st["face"]}" stroke-width="2" opacity="0.35"/>',
        f'<path d="M0 -62C120 -58 164 -34 170 0H60C60 -30 40 -58 0 -62Z" fill="{s}" opacity="0.5"/>',
        # the arch: one span that splits into two legs at its south end
        f'<path d="M-196 0Q-20 -560 188 0" fill="none" stroke="{arch}" stroke-width="8" stroke-linecap="round"/>',
        f'<path d="M-176 0Q-150 -110 -126 -166" fill="none" stroke="{arch}" stroke-width="5" stroke-linecap="round"/>',
    ]
    if car:
        o.append(f'<rect x="-17" y="-274" width="18" height="10" rx="3" fill="{car}"/>')
    return "".join(o)


def palm(st: dict, h: float = 120, lean: float = 18, seed: int = 0) -> str:
    """A palm tree, base at 0; leaning `lean` units to the right at the top."""
    b = st["body"]
    tx, ty = lean, -h
    o = [f'<path d="M-4 0Q{f(lean * 0.2 - 3)} {f(-h * 0.5)} {f(tx - 2)} {f(ty)}L{f(tx + 2)} {f(ty)}'
         f'Q{f(lean * 0.2 + 3)} {f(-h * 0.5)} 4 0Z" fill="{b}"/>']
    r = rng(seed)
    for k in range(7):
        a = math.radians(-170 + k * 27 + r.uniform(-6, 6))
        L = h * r.uniform(0.38, 0.5)
        ex, ey = tx + L * math.cos(a), ty + L * math.sin(a) + L * 0.35
        mx, my = tx + L * 0.55 * math.cos(a), ty + L * 0.55 * math.sin(a) - L * 0.15
        nx, ny = -math.sin(a) * 8, math.cos(a) * 8
        o.append(
            f'<path d="M{f(tx)} {f(ty)}Q{f(mx + nx)} {f(my + ny)} {f(ex)} {f(ey)}'
            f'Q{f(mx - nx)} {f(my - ny)} {f(tx)} {f(ty)}Z" fill="{b}"/>'
        )
    return "".join(o)


def hills(y: float, w: float, amp: float, seed: int, fill: str, extra: str = "", bumps: int = 5, x0: float = 0) -> str:
    r = rng(seed)
    pts = [f"M{f(x0)} {f(y)}"]
    step = w / bumps
    for i in range(bumps):
        xa = x0 + i * step + step / 2
        ya = y - amp * r.uniform(0.5, 1.0)
        pts.append(f"Q{f(xa)} {f(ya)} {f(x0 + (i + 1) * step)} {f(y - amp * r.uniform(0.1, 0.3))}")
    return f'<path d="{"".join(pts)}V{f(y + 400)}H{f(x0)}Z" fill="{fill}"{extra}/>'


# ------------------------------------------------------------------ transport


def plane(fill: str = "#ffffff", shade: str = "#c3d0e5") -> str:
    """An airliner seen from above, nose towards +x, about 70 units long."""
    return (
        f'<path d="M4 -4L-10 -33L-16 -33L-6 -4ZM-22 -2L-31 -13L-35 -13L-30 -2Z" fill="{shade}"/>'
        f'<path d="M-34 0C-34 -3.4 -30 -4.4 -24 -4.4H24C31 -4.4 36 -2 38 0C36 2 31 4.4 24 4.4H-24C-30 4.4 -34 3.4 -34 0Z" fill="{fill}"/>'
        f'<path d="M4 4L-10 33L-16 33L-6 4ZM-22 2L-31 13L-35 13L-30 2Z" fill="{fill}"/>'
    )


def plane_side(fill: str = "#ffffff", window: str = "#93a9cc", accent: str = "#f2b01e") -> str:
    """An airliner in profile, nose towards +x, about 120 units long."""
    return (
        f'<path d="M-40 -4L-56 -34H-46L-22 -6Z" fill="{accent}"/>'
        f'<path d="M-60 -2C-60 -8 -54 -10 -46 -10H44C54 -10 62 -5 64 2C62 7 56 10 46 10H-40C-52 10 -60 6 -60 -2Z" fill="{fill}"/>'
        f'<path d="M-6 4L-30 30H-20L14 4Z" fill="{window}" opacity="0.9"/>'
        + "".join(f'<circle cx="{x}" cy="-3" r="1.8" fill="{window}"/>' for x in range(-36, 40, 7))
        + f'<path d="M50 -6H57L62 -1H52Z" fill="{window}"/>'
    )


# ------------------------------------------------------------------ silhouettes


def durban_silhouette(x: float, base: float, s: float, col: str) -> str:
    st = silhouette_style(col)
    o = [
        place(x + 60 * s, base, s, tower_block(st, 46, 210, 1)),
        place(x + 110 * s, base, s, tower_block(st, 40, 250, 2, top="step")),
        place(x + 150 * s, base, s, tower_block(st, 36, 180, 3, top="slope")),
        place(x + 22 * s, base, s, tower_block(st, 36, 150, 4)),
        place(x + 330 * s, base, s * 0.62, mabhida(st, col)),
        place(x + 200 * s, base, s * 0.9, palm(st, 120, 16, 2)),
        place(x + 228 * s, base, s * 0.7, palm(st, 120, -14, 5)),
    ]
    return "".join(o)


def london_silhouette(xr: float, base: float, s: float, col: str) -> str:
    st = silhouette_style(col)
    o = [
        place(xr - 400 * s, base, s * 0.55, london_eye(st, 120, 0, 24)),
        place(xr - 300 * s, base, s * 0.7, big_ben(st)),
        place(xr - 220 * s, base, s * 0.7, st_pauls(st)),
        place(xr - 120 * s, base, s * 0.72, shard(st)),
        place(xr - 40 * s, base, s * 0.6, gherkin(st)),
        place(xr - 260 * s, base, s, rect(0, -40, 240, 40, col)),
    ]
    return "".join(o)
