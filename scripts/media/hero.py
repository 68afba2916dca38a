"""Home hero: Durban at dusk on the left, London on the right, a plane on
the arc between them. Posters (AVIF + WebP, via posters.mjs) and seamless loops (mp4 + webm).

    python3 scripts/media/hero.py            # posters + videos
    python3 scripts/media/hero.py --posters  # posters only (fast)
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

from common import BUILD, C, MEDIA, encode, ease, f, lin, rad, render_frames, rng, svg_doc, wave
from skyline import (big_ben, gherkin, hills, london_eye, mabhida, palm, parliament, place, plane, rect, shard,
                     st_pauls, terrace, tower_block)

FPS = 24
SECONDS = 8

DUSK = {
    "violet": "#5d5487",
    "rose": "#b9708a",
    "coral": "#ec8f6a",
    "haze": "#8a6f96",
    "far": "#4e5f8c",
    "mid": "#2c4470",
    "sand": "#e9b77a",
}

LAYOUTS = {
    "wide": {
        "W": 1600, "H": 900, "horizon": 706, "sun": (800, 660, 96),
        "arc": ((210, 706), (800, -150), (1400, 706)),
        "durban_towers": [(34, 46, 300, "step"), (86, 40, 236, "flat"), (134, 52, 330, "flat"), (186, 42, 262, "slope"),
                          (232, 36, 196, "flat"), (270, 44, 226, "step")],
        "mabhida": (480, 0.96), "palms": [(46, 190, 22), (104, 160, -16), (410, 140, 14)],
        "beach": 560,
        "eye": (1010, 0.98), "big_ben": (1126, 1.0), "parliament": (1240, 196), "st_pauls": (1360, 0.85),
        "shard": (1462, 1.04), "gherkin": (1566, 0.82),
        "back_london": [(1180, 40, 150), (1300, 50, 200), (1395, 38, 170), (1530, 46, 220), (1600, 44, 160), (1260, 30, 120)],
        "terrace": (1330, 8), "scale": 1.0, "stars": 70, "clouds": [(260, 250, 1.0), (1230, 190, 1.2), (700, 330, 0.8)],
    },
    "tall": {
        "W": 900, "H": 1200, "horizon": 946, "sun": (450, 900, 84),
        "arc": ((110, 946), (450, -40), (800, 946)),
        "durban_towers": [(20, 40, 260, "step"), (62, 36, 206, "flat"), (104, 46, 286, "flat"), (146, 38, 222, "slope"),
                          (186, 34, 170, "flat")],
        "mabhida": (300, 0.7), "palms": [(40, 160, 20), (92, 130, -14)],
        "beach": 400,
        "eye": (530, 0.62), "big_ben": (616, 0.86), "parliament": (700, 130), "st_pauls": (740, 0.6),
        "shard": (812, 0.92), "gherkin": (884, 0.66),
        "back_london": [(660, 34, 130), (740, 40, 170), (850, 40, 190), (900, 40, 140)],
        "terrace": (720, 5), "scale": 0.8, "stars": 60, "clouds": [(160, 330, 0.8), (700, 260, 0.9), (420, 520, 0.6)],
    },
}


def twinkle(k: int, ph: float, t: float) -> float:
    """One window in five breathes once or twice per loop; the rest are steady."""
    if k % 5:
        return 1.0
    cyc = 1 + (k // 5) % 2
    return 0.35 + 0.65 * (0.5 + 0.5 * math.cos(2 * math.pi * (cyc * t + ph)))


def qpoint(p0, p1, p2, u):
    a = (1 - u) ** 2
    b = 2 * (1 - u) * u
    c = u * u
    return (a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1])


def qangle(p0, p1, p2, u):
    dx = 2 * (1 - u) * (p1[0] - p0[0]) + 2 * u * (p2[0] - p1[0])
    dy = 2 * (1 - u) * (p1[1] - p0[1]) + 2 * u * (p2[1] - p1[1])
    return math.degrees(math.atan2(dy, dx))


def cloud(x, y, s, fill, op):
    return (
        f'<g transform="translate({f(x)} {f(y)}) scale({s:.3f})" fill="{fill}" opacity="{op:.2f}">'
        '<rect x="-120" y="-14" width="240" height="28" rx="14"/>'
        '<rect x="-70" y="-34" width="130" height="30" rx="15"/>'
        '<rect x="-190" y="8" width="170" height="16" rx="8"/></g>'
    )


def scene(name: str, t: float = 0.0, out_w: int | None = None, out_h: int | None = None) -> str:
    L = LAYOUTS[name]
    W, H, hz = L["W"], L["H"], L["horizon"]
    sc = L["scale"]
    sx, sy, sr = L["sun"]
    breathe = wave(t)

    front = {"body": C["ink800"], "shade": C["ink900"], "lit": C["sun400"], "face": C["sun300"], "line": C["ink800"]}
    mid = {"body": DUSK["mid"], "shade": C["ink800"], "lit": C["sun300"], "face": C["sun300"], "line": DUSK["mid"]}
    far = {"body": DUSK["far"], "shade": DUSK["far"], "lit": None, "face": DUSK["far"], "line": DUSK["far"]}

    sh = 0.015 * breathe  # the sky's stops drift a little, once per loop
    defs = (
        lin("sky", [(0, C["ink900"]), (0.28 + sh, C["ink800"]), (0.5 + sh, DUSK["violet"]), (0.64 + sh, DUSK["rose"]),
                    (0.74 + sh, DUSK["coral"]), (hz / H - 0.005, C["sun400"])], 0, 0, 0, hz, "userSpaceOnUse")
        + rad("glow", [(0, C["sun300"], 0.85), (0.35, C["sun400"], 0.35), (1, DUSK["coral"], 0)], sx, sy,
              sr * (5.2 + 0.25 * breathe), "userSpaceOnUse")
        + lin("sunfill", [(0, C["sun100"]), (1, C["sun400"])])
        + lin("water", [(0, DUSK["rose"]), (0.25, DUSK["violet"]), (1, C["ink900"])], 0, hz, 0, H, "userSpaceOnUse")
        + lin("sand", [(0, DUSK["sand"]), (1, "#c98d5e")])
        + lin("trail", [(0, C["sun300"], 0), (1, C["sun100"], 1)], units="objectBoundingBox", x2=1, y2=0)
    )
    o = [f'<rect width="{W}" height="{H}" fill="url(#sky)"/>']

    # stars in the upper sky
    r = rng(11)
    stars = []
    for i in range(L["stars"]):
        x, y = r.uniform(0, W), r.uniform(0, hz * 0.42) ** 1.0
        base = r.uniform(0.25, 0.8) * (1 - y / (hz * 0.5))
        cyc, ph = r.choice((1, 2)), r.random()
        op = base * (0.55 + 0.45 * wave(t, cyc, ph))
        rr = r.choice((1.0, 1.3, 1.7))
        if op > 0.03:
            stars.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{rr}" opacity="{op:.2f}"/>')
    o.append(f'<g fill="#ffffff">{"".join(stars)}</g>')

    # sun and glow
    o.append(f'<circle cx="{f(sx)}" cy="{f(sy)}" r="{f(sr * 5.5)}" fill="url(#glow)"/>')
    o.append(f'<circle cx="{f(sx)}" cy="{f(sy)}" r="{f(sr)}" fill="url(#sunfill)"/>')

    # clouds drift gently back and forth
    for i, (cx, cy, cs) in enumerate(L["clouds"]):
        dx = 18 * wave(t, 1, i * 0.3)
        o.append(cloud(cx + dx, cy, cs * sc, DUSK["rose"] if cy > hz * 0.4 else DUSK["violet"], 0.55))
        o.append(cloud(cx + dx + 40, cy + 10, cs * sc * 0.9, DUSK["coral"], 0.25))

    # far layer: Durban's Berea ridge and London's haze
    o.append(hills(hz, W * 0.55, 70 * sc, 4, DUSK["haze"], ' opacity="0.55"', 4))
    o.append(hills(hz, W * 0.5, 40 * sc, 8, DUSK["haze"], ' opacity="0.45"', 5, x0=W * 0.5))

    # mid layer: background blocks on both sides
    for i, (x, w, h) in enumerate(L["back_london"]):
        o.append(place(x, hz, sc, tower_block(mid, w, h, 40 + i, t=t, twinkle=twinkle, density=0.2)))
    for i, (x, w, h, top) in enumerate(L["durban_towers"][::2]):
        o.append(place(x + 26 * sc, hz, sc * 0.9, tower_block(mid, w, h * 0.8, 60 + i, t=t, twinkle=twinkle, density=0.2)))
    xs, n = L["terrace"]
    o.append(place(xs, hz, sc, terrace(mid, n, 7, t=t, twinkle=twinkle)))
    x, s = L["st_pauls"]
    o.append(place(x, hz, s, st_pauls(mid)))

    # flight path and plane
    p0, p1, p2 = L["arc"]
    o.append(f'<path d="M{f(p0[0])} {f(p0[1])}Q{f(p1[0])} {f(p1[1])} {f(p2[0])} {f(p2[1])}" fill="none" '
             f'stroke="{C["sun100"]}" stroke-width="{f(3 * sc)}" stroke-dasharray="2 {f(14 * sc)}" stroke-linecap="round" opacity="0.7"/>')
    # the plane flies 0.05..0.85 of the loop; the trail fades out before the loop restarts
    u = ease((t - 0.05) / 0.8)
    fade_in = ease((t - 0.03) / 0.06)
    fade_out = 1 - ease((t - 0.84) / 0.06)
    trail_op = 1 - ease((t - 0.84) / 0.14)
    if u > 0.002 and trail_op > 0.01:
        pts = [qpoint(p0, p1, p2, u * k / 40) for k in range(41)]
        d = "M" + "L".join(f"{f(a)} {f(b)}" for a, b in pts)
        o.append(f'<path d="{d}" fill="none" stroke="{C["sun300"]}" stroke-width="{f(3.2 * sc)}" stroke-linecap="round" '
                 f'opacity="{0.9 * trail_op:.2f}"/>')
    pop = min(fade_in, fade_out)
    if pop > 0.01:
        px, py = qpoint(p0, p1, p2, u)
        ang = qangle(p0, p1, p2, u)
        o.append(f'<g transform="translate({f(px)} {f(py)}) rotate({ang:.1f}) scale({0.75 * sc:.3f})" opacity="{pop:.2f}">'
                 f'{plane()}</g>')

    # Durban front: beachfront towers and the stadium arch
    for i, (x, w, h, top) in enumerate(L["durban_towers"]):
        o.append(place(x, hz, sc, tower_block(front, w, h, 20 + i, top=top, t=t, twinkle=twinkle)))
    x, s = L["mabhida"]
    o.append(place(x, hz, s, mabhida({**front, "body": C["ink700"], "face": C["ink100"]}, C["ink200"], C["sun500"])))

    # London front (the Eye turns one spoke-step per loop, so it lines up again)
    x, s = L["eye"]
    o.append(place(x, hz, s, london_eye({**front, "line": C["ink100"], "lit": C["sun400"]}, 120, 360 / 16 * t, 32)))
    x, w = L["parliament"]
    o.append(place(x, hz, sc, parliament(front, w, 3, t, twinkle)))
    x, s = L["big_ben"]
    o.append(place(x, hz, s, big_ben(front)))
    x, s = L["shard"]
    o.append(place(x, hz, s, shard(front, 5, t, twinkle)))
    x, s = L["gherkin"]
    o.append(place(x, hz, s, gherkin(front, "gk-" + name)))

    # embankment and water
    o.append(rect(0, hz - 2, W, 12, C["ink900"]))
    o.append(rect(0, hz + 10, W, H - hz - 10, "url(#water)"))
    # sun reflection: shimmering dashes under the sun
    rr = rng(21)
    refl = []
    for j in range(14):
        y = hz + 18 + j * (H - hz - 30) / 14 * (1 + j * 0.04)
        if y > H - 6:
            break
        wj = sr * (1.5 - j * 0.08) * rr.uniform(0.6, 1.1)
        dx = 10 * wave(t, 2, rr.random())
        op = (0.75 - j * 0.045) * (0.8 + 0.2 * wave(t, 1, rr.random()))
        refl.append(f'<rect x="{f(sx - wj / 2 + dx)}" y="{f(y)}" width="{f(wj)}" height="3" rx="1.5" opacity="{op:.2f}"/>')
    o.append(f'<g fill="{C["sun300"]}">{"".join(refl)}</g>')
    # window reflections on the Thames side
    rl = []
    for j in range(26):
        x = rr.uniform(W * 0.6, W)
        y = rr.uniform(hz + 16, hz + (H - hz) * 0.6)
        w = rr.uniform(10, 40)
        op = 0.25 + 0.2 * wave(t, rr.choice((1, 2)), rr.random())
        rl.append(f'<rect x="{f(x + 6 * wave(t, 1, j / 26))}" y="{f(y)}" width="{f(w)}" height="2" rx="1" opacity="{op:.2f}"/>')
    o.append(f'<g fill="{C["sun400"]}">{"".join(rl)}</g>')

    # Durban beach with rolling foam and palms
    bx = L["beach"]
    shore = (f"M0 {f(hz + 8)}H{f(bx * 0.72)}C{f(bx * 0.98)} {f(hz + 8)} {f(bx * 0.92)} {f(hz + 52)} {f(bx * 0.6)} {f(hz + 96)}"
             f"C{f(bx * 0.36)} {f(hz + 130)} {f(bx * 0.12)} {f(hz + 150)} 0 {f(hz + 156)}")
    o.append(f'<path d="{shore}Z" fill="url(#sand)"/>')
    for k in range(2):
        ph = (t + k / 2) % 1.0
        reach = 14 * math.sin(math.pi * ph)
        op = 0.6 * math.sin(math.pi * ph)
        o.append(
            f'<path d="M{f(bx * 0.74 + reach)} {f(hz + 11)}C{f(bx * 1.0 + reach)} {f(hz + 11)} {f(bx * 0.95 + reach)} {f(hz + 56 + reach)} '
            f'{f(bx * 0.62 + reach)} {f(hz + 100 + reach)}C{f(bx * 0.38 + reach)} {f(hz + 134 + reach)} {f(bx * 0.14)} {f(hz + 156 + reach)} '
            f'0 {f(hz + 162 + reach)}" fill="none" stroke="#ffffff" stroke-width="{f(2.5 * sc)}" stroke-linecap="round" '
            f'opacity="{op:.2f}"/>'
        )
    for i, (x, h, lean) in enumerate(L["palms"]):
        sway = 3 * wave(t, 1, i * 0.27)
        o.append(place(x, hz + (34 + 14 * (i % 2)) * sc, sc, palm({"body": C["ink900"]}, h, lean + sway, i + 2)))

    title = "Illustration: Durban's beachfront and stadium arch at dusk, joined by a flight path to London's skyline"
    doc = svg_doc(W, H, title, "".join(o), defs)
    if out_w and out_h:
        doc = doc.replace(f'width="{W}" height="{H}" viewBox', f'width="{out_w}" height="{out_h}" viewBox', 1)
    return doc


def posters() -> None:
    # Drawn from scene(name, 0.5) by posters.mjs (sharp): several widths, AVIF and WebP.
    subprocess.run(["node", str(Path(__file__).with_name("posters.mjs")), "hero"], check=True)


def videos() -> None:
    n = FPS * SECONDS
    for name, (w, h) in {"wide": (1280, 720), "tall": (720, 960)}.items():
        work = BUILD / f"frames-hero-{name}"
        render_frames((scene(name, i / n, w, h) for i in range(n)), work)
        encode(work, FPS, MEDIA / "hero" / f"intro-{name}.mp4", MEDIA / "hero" / f"intro-{name}.webm")


if __name__ == "__main__":
    posters()
    if "--posters" not in sys.argv:
        videos()
