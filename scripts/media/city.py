"""City background: a London street on an autumn evening, skyline behind,
a double-decker and a black cab passing. Dark on purpose: white text sits on it.

    python3 scripts/media/city.py            # poster + loop
    python3 scripts/media/city.py --poster   # poster only
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

from common import BUILD, C, MEDIA, encode, f, lin, rad, render_frames, rng, svg_doc, wave
from skyline import gherkin, place, poly, rect, shard, st_pauls, tower_block

FPS = 24
SECONDS = 8
W, H = 1600, 900
STREET = 712  # kerb line
RED = "#b8323a"
RED_DARK = "#8e2530"


def twinkle(k, ph, t):
    if k % 4:
        return 1.0
    return 0.3 + 0.7 * (0.5 + 0.5 * math.cos(2 * math.pi * (t + ph)))


def facade(x, w, floors, seed, t, tone, roof="parapet", shop=None):
    """A Victorian terrace building standing on the pavement, left edge x."""
    r = rng(seed)
    fh = 66
    h = floors * fh + 100
    top = STREET - h
    o = [rect(x, top, w, h, tone)]
    # cornice and string courses
    o.append(rect(x - 4, top - 8, w + 8, 10, C["ink800"]))
    for k in range(1, floors):
        o.append(rect(x, top + k * fh + 8, w, 3, C["ink800"], ' opacity="0.8"'))
    if roof == "parapet":
        o.append(rect(x + w * 0.15, top - 34, 22, 26, C["ink900"]))
        o.append(rect(x + w * 0.7, top - 28, 18, 20, C["ink900"]))
    elif roof == "gable":
        o.append(poly([(x - 2, top - 8), (x + w / 2, top - 70), (x + w + 2, top - 8)], tone))
        o.append(f'<circle cx="{f(x + w / 2)}" cy="{f(top - 32)}" r="10" fill="{C["sun400"]}" opacity="0.5"/>')
    # sash windows
    cols = max(2, int(w / 58))
    cw = w / cols
    for k in range(floors):
        for i in range(cols):
            wx, wy = x + i * cw + cw * 0.28, top + 22 + k * fh
            ww, wh = cw * 0.44, fh * 0.62
            lit = r.random() < 0.5
            ph = r.random()
            o.append(rect(wx - 3, wy - 3, ww + 6, wh + 6, C["ink800"]))
            if lit:
                op = 0.92 * twinkle(seed * 10 + k * cols + i, ph, t)
                o.append(rect(wx, wy, ww, wh, C["ink900"]))
                o.append(rect(wx, wy, ww, wh, C["sun400"] if r.random() < 0.7 else C["sun300"], f' opacity="{op:.2f}"'))
            else:
                o.append(rect(wx, wy, ww, wh, C["ink950"]))
            o.append(rect(wx, wy + wh / 2 - 1, ww, 2.4, C["ink800"]))
    # ground floor shopfront
    gy = STREET - 96
    o.append(rect(x, gy - 6, w, 102, C["ink900"]))
    if shop:
        o.append(rect(x + 6, gy - 2, w - 12, 20, shop))
        o.append(rect(x + 14, gy + 26, w - 62, 64, C["sun300"], ' opacity="0.85"'))
        o.append(rect(x + 14, gy + 26, w - 62, 64, C["sun500"], ' opacity="0.35"'))
        for k in range(1, 4):
            o.append(rect(x + 14 + k * (w - 62) / 4, gy + 26, 2.5, 64, C["ink900"], ' opacity="0.5"'))
        o.append(rect(x + w - 40, gy + 26, 26, 70, C["ink800"]))
    else:
        o.append(rect(x + w / 2 - 16, gy + 20, 32, 76, C["ink800"]))
        o.append(f'<path d="M{f(x + w / 2 - 16)} {f(gy + 20)}a16 16 0 0 1 32 0Z" fill="{C["sun400"]}" opacity="0.8"/>')
    return "".join(o)


def lamp(x, t, i):
    flick = 0.92 + 0.08 * wave(t, 2, i * 0.37)
    return (
        f'<circle cx="{f(x)}" cy="{STREET - 214}" r="{f(150 * flick)}" fill="url(#lampglow)"/>'
        f'<rect x="{f(x - 3.5)}" y="{STREET - 200}" width="7" height="200" fill="{C["ink950"]}"/>'
        f'<rect x="{f(x - 8)}" y="{STREET - 18}" width="16" height="18" fill="{C["ink950"]}"/>'
        f'<path d="M{f(x - 13)} {STREET - 236}H{f(x + 13)}L{f(x + 9)} {STREET - 204}H{f(x - 9)}Z" fill="{C["sun100"]}"/>'
        f'<path d="M{f(x - 16)} {STREET - 236}L{f(x)} {STREET - 252}L{f(x + 16)} {STREET - 236}Z" fill="{C["ink950"]}"/>'
        f'<rect x="{f(x - 10)}" y="{STREET - 204}" width="20" height="5" fill="{C["ink950"]}"/>'
    )


def bus(x, y):
    """A red double-decker, nose to the left, left edge x, wheels on y."""
    win = []
    for row, wy in ((0, y - 156), (1, y - 88)):
        for k in range(7):
            wx = x + 34 + k * 40 + (18 if row else 0)
            if row and k == 6:
                continue
            win.append(rect(wx, wy, 32, 34, C["sun300"], ' rx="4" opacity="0.9"'))
    return (
        f'<path d="M{f(x + 4)} {f(y - 30)}L{f(x - 260)} {f(y - 66)}V{f(y + 6)}L{f(x + 4)} {f(y - 20)}Z" fill="url(#beamL)"/>'
        f'<rect x="{f(x)}" y="{f(y - 176)}" width="330" height="166" rx="18" fill="{RED}"/>'
        f'<rect x="{f(x)}" y="{f(y - 40)}" width="330" height="30" rx="6" fill="{RED_DARK}"/>'
        f'<rect x="{f(x)}" y="{f(y - 108)}" width="330" height="8" fill="{RED_DARK}"/>'
        + "".join(win)
        + f'<rect x="{f(x + 8)}" y="{f(y - 92)}" width="22" height="52" rx="3" fill="{C["sun100"]}" opacity="0.9"/>'
        f'<rect x="{f(x + 12)}" y="{f(y - 170)}" width="60" height="12" rx="2" fill="{C["sun500"]}"/>'
        f'<circle cx="{f(x + 6)}" cy="{f(y - 28)}" r="5" fill="{C["sun100"]}"/>'
        f'<circle cx="{f(x + 62)}" cy="{f(y - 8)}" r="20" fill="{C["ink950"]}"/><circle cx="{f(x + 62)}" cy="{f(y - 8)}" r="8" fill="{C["ink500"]}"/>'
        f'<circle cx="{f(x + 262)}" cy="{f(y - 8)}" r="20" fill="{C["ink950"]}"/><circle cx="{f(x + 262)}" cy="{f(y - 8)}" r="8" fill="{C["ink500"]}"/>'
    )


def cab(x, y):
    """A black cab, nose to the right, left edge x, wheels on y."""
    return (
        f'<path d="M{f(x + 200)} {f(y - 30)}L{f(x + 420)} {f(y - 60)}V{f(y)}L{f(x + 200)} {f(y - 12)}Z" fill="url(#beam)"/>'
        f'<path d="M{f(x)} {f(y - 20)}V{f(y - 50)}Q{f(x)} {f(y - 62)} {f(x + 14)} {f(y - 64)}L{f(x + 46)} {f(y - 70)}'
        f'Q{f(x + 62)} {f(y - 100)} {f(x + 82)} {f(y - 102)}H{f(x + 146)}Q{f(x + 164)} {f(y - 100)} {f(x + 176)} {f(y - 70)}'
        f'L{f(x + 196)} {f(y - 64)}Q{f(x + 206)} {f(y - 60)} {f(x + 206)} {f(y - 46)}V{f(y - 20)}Z" fill="#1b2233"/>'
        f'<path d="M{f(x + 56)} {f(y - 70)}Q{f(x + 68)} {f(y - 92)} {f(x + 84)} {f(y - 94)}H{f(x + 110)}V{f(y - 70)}Z" fill="{C["ink300"]}" opacity="0.55"/>'
        f'<path d="M{f(x + 118)} {f(y - 70)}V{f(y - 94)}H{f(x + 144)}Q{f(x + 158)} {f(y - 92)} {f(x + 166)} {f(y - 70)}Z" fill="{C["ink300"]}" opacity="0.55"/>'
        f'<rect x="{f(x + 92)}" y="{f(y - 112)}" width="30" height="10" rx="2" fill="{C["sun400"]}"/>'
        f'<circle cx="{f(x + 200)}" cy="{f(y - 44)}" r="5" fill="{C["sun100"]}"/>'
        f'<rect x="{f(x - 2)}" y="{f(y - 44)}" width="6" height="8" fill="#e0524a"/>'
        f'<circle cx="{f(x + 44)}" cy="{f(y - 16)}" r="17" fill="{C["ink950"]}"/><circle cx="{f(x + 44)}" cy="{f(y - 16)}" r="7" fill="{C["ink500"]}"/>'
        f'<circle cx="{f(x + 162)}" cy="{f(y - 16)}" r="17" fill="{C["ink950"]}"/><circle cx="{f(x + 162)}" cy="{f(y - 16)}" r="7" fill="{C["ink500"]}"/>'
    )


def person(x, h, col, bag=False, umbrella=False):
    y = STREET + 6
    o = [
        f'<circle cx="{f(x)}" cy="{f(y - h + 9)}" r="9" fill="{col}"/>',
        f'<path d="M{f(x - 12)} {f(y - h * 0.45)}Q{f(x - 12)} {f(y - h + 20)} {f(x)} {f(y - h + 20)}Q{f(x + 12)} {f(y - h + 20)} {f(x + 12)} {f(y - h * 0.45)}Z" fill="{col}"/>',
        f'<rect x="{f(x - 9)}" y="{f(y - h * 0.47)}" width="7" height="{f(h * 0.47)}" fill="{col}"/>',
        f'<rect x="{f(x + 2)}" y="{f(y - h * 0.47)}" width="7" height="{f(h * 0.47)}" fill="{col}"/>',
    ]
    if bag:
        o.append(f'<rect x="{f(x + 12)}" y="{f(y - h * 0.42)}" width="18" height="26" rx="3" fill="{col}"/>')
    if umbrella:
        o.append(f'<path d="M{f(x - 30)} {f(y - h - 6)}Q{f(x)} {f(y - h - 42)} {f(x + 30)} {f(y - h - 6)}Z" fill="{col}"/>'
                 f'<rect x="{f(x - 1)}" y="{f(y - h - 14)}" width="2" height="30" fill="{col}"/>')
    return "".join(o)


def scene(t=0.0, out_w=None, out_h=None):
    defs = (
        lin("sky", [(0, C["ink950"]), (0.55, C["ink900"]), (0.85, C["ink700"]), (1, "#4b4f7e")], 0, 0, 0, 560, "userSpaceOnUse")
        + rad("lampglow", [(0, C["sun300"], 0.55), (0.25, C["sun400"], 0.18), (1, C["sun400"], 0)])
        + rad("moonglow", [(0, C["ink100"], 0.25), (1, C["ink100"], 0)])
        + lin("road", [(0, "#16233c"), (1, C["ink950"])], 0, STREET + 20, 0, H, "userSpaceOnUse")
        + lin("beam", [(0, C["sun100"], 0.45), (1, C["sun100"], 0)], 0, 0, 1, 0)
        + lin("beamL", [(0, C["sun100"], 0), (1, C["sun100"], 0.4)], 0, 0, 1, 0)
        + lin("refl", [(0, C["sun400"], 0.5), (1, C["sun400"], 0)])
    )
    o = [f'<rect width="{W}" height="{H}" fill="url(#sky)"/>']
    r = rng(31)
    stars = []
    for i in range(60):
        x, y = r.uniform(0, W), r.uniform(0, 330)
        op = r.uniform(0.2, 0.7) * (0.6 + 0.4 * wave(t, r.choice((1, 2)), r.random()))
        stars.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{r.choice((1, 1.4))}" opacity="{op:.2f}"/>')
    o.append(f'<g fill="#ffffff">{"".join(stars)}</g>')
    o.append(f'<circle cx="1330" cy="140" r="160" fill="url(#moonglow)"/>')
    o.append(f'<circle cx="1330" cy="140" r="42" fill="{C["ink50"]}"/>')
    o.append(f'<g fill="{C["ink200"]}" opacity="0.3"><circle cx="1316" cy="128" r="8"/><circle cx="1342" cy="156" r="6"/><circle cx="1344" cy="122" r="4"/></g>')

    # distant skyline
    far = {"body": "#2d4068", "shade": "#26385d", "lit": C["sun300"], "face": C["ink300"], "line": "#2d4068"}
    base = 560
    for i, (x, w, h, top) in enumerate([(100, 60, 210, "flat"), (200, 44, 160, "step"), (470, 70, 190, "slope"),
                                         (560, 40, 250, "spire"), (660, 50, 170, "flat"), (960, 60, 200, "flat"),
                                         (1060, 50, 160, "step"), (1440, 56, 230, "flat"), (1530, 70, 180, "slope")]):
        o.append(place(x, base, 1, tower_block(far, w, h, 80 + i, top=top, t=t, twinkle=twinkle, density=0.18)))
    o.append(place(800, base, 1.05, shard(far, 9, t, twinkle)))
    o.append(place(340, base, 1.2, st_pauls(far)))
    o.append(place(1210, base, 1.15, gherkin(far, "cg")))
    o.append(rect(0, base, W, 200, "#2d4068"))

    # the street: a terrace of shops and flats
    tones = ["#213a63", "#1d345b", "#223c66", "#1b3258", "#213a63", "#1e365e", "#223c66"]
    shops = [C["veld700"], None, RED_DARK, C["sun600"], None, C["veld700"], C["ink500"]]
    x = -40
    specs = [(250, 3, "parapet"), (210, 2, "gable"), (260, 3, "parapet"), (230, 3, "parapet"), (210, 2, "gable"),
             (260, 3, "parapet"), (260, 3, "parapet")]
    for i, (w, fl, roof) in enumerate(specs):
        o.append(facade(x, w, fl, 50 + i, t, tones[i], roof, shops[i]))
        x += w
    # pavement, kerb, road
    o.append(rect(0, STREET, W, 26, "#22355a"))
    o.append(rect(0, STREET + 24, W, 6, C["ink500"]))
    o.append(rect(0, STREET + 30, W, H - STREET - 30, "url(#road)"))
    # wet-road reflections under the shopfronts and lamps
    rr = rng(7)
    for i in range(22):
        x = rr.uniform(0, W)
        w = rr.uniform(14, 60)
        o.append(f'<rect x="{f(x)}" y="{STREET + 34}" width="{f(w)}" height="{f(rr.uniform(60, 140))}" fill="url(#refl)" '
                 f'opacity="{0.35 + 0.15 * wave(t, 1, rr.random()):.2f}"/>')
    # lane markings
    o.append(f'<path d="M0 {STREET + 110}H{W}" stroke="{C["ink300"]}" stroke-width="4" stroke-dasharray="70 60" opacity="0.35"/>')
    o.append(f'<path d="M0 {H - 28}H{W}" stroke="{C["sun500"]}" stroke-width="4" opacity="0.5"/>')
    o.append(f'<path d="M0 {H - 20}H{W}" stroke="{C["sun500"]}" stroke-width="4" opacity="0.5"/>')

    # people on the pavement
    ppl = C["ink950"]
    o.append(person(330, 92, ppl, bag=True))
    o.append(person(362, 84, ppl))
    o.append(person(905, 96, ppl, umbrella=True))
    o.append(person(1190, 88, ppl, bag=True))

    for i, x in enumerate((150, 620, 1080, 1520)):
        o.append(lamp(x, t, i))

    # traffic: one bus and one cab per loop, each wrapping round off-screen
    # (each starts and ends clear of the frame, headlight beams included)
    span = W + 640
    bx = W + 300 - ((t * span) % span)
    o.append(bus(bx, STREET + 100))
    cx = -460 + ((t + 0.45) % 1.0) * (W + 700)
    o.append(cab(cx, H - 40))

    doc = svg_doc(W, H, "Illustration: a London street in the evening, lit shopfronts, a red bus and a black cab, skyline beyond",
                  "".join(o), defs)
    if out_w and out_h:
        doc = doc.replace(f'width="{W}" height="{H}" viewBox', f'width="{out_w}" height="{out_h}" viewBox', 1)
    return doc


def poster():
    # Drawn from scene(0.3) by posters.mjs (sharp): several widths, AVIF and WebP.
    subprocess.run(["node", str(Path(__file__).with_name("posters.mjs")), "city"], check=True)


def video():
    n = FPS * SECONDS
    work = BUILD / "frames-city"
    render_frames((scene(i / n, 1280, 720) for i in range(n)), work)
    encode(work, FPS, MEDIA / "city" / "loop.mp4", MEDIA / "city" / "loop.webm")


if __name__ == "__main__":
    poster()
    if "--poster" not in sys.argv:
        video()
