"""Service illustrations, 640x480.

    python3 scripts/media/services.py
"""

from __future__ import annotations

from common import BUILD, C, MEDIA, check_svg, f, render_png, svg_doc, swallow, write
from kit import (BRICK, GRASS, GRASS_DARK, SKIN, STUCCO, R, arrow, backdrop, car_side, check_badge, circle, coin, coin_stack,
                 ell, g, key, key_tag, line, paper, passport, path, pen, person, shadow, sparkle, suitcase, terrace_house, tree)
from textpath import text_el

W, H = 640, 480


def funding():
    o = [backdrop(W, H, 1, blob_at=(0.52, 0.55))]
    # the plan: a document with a rising chart and ticks
    px, py, pw, ph = 318, 82, 236, 300
    o.append(g(
        R(px + 8, py + 10, pw, ph, C["ink900"], 14, ' opacity="0.1"') + R(px, py, pw, ph, "#ffffff", 14)
        + R(px + 24, py + 26, 110, 14, C["ink800"], 7) + R(px + 24, py + 50, 70, 8, C["ink200"], 4)
        + "".join(R(px + 30 + i * 40, py + 190 - hgt, 26, hgt, col, 5) for i, (hgt, col) in
                  enumerate([(40, C["ink200"]), (64, C["ink300"]), (92, C["ink500"]), (124, C["sun500"])]))
        + line(f"M{px + 40} {py + 140}L{px + 82} {py + 120}L{px + 122} {py + 98}L{px + 168} {py + 60}", C["veld600"], 4)
        + circle(px + 168, py + 60, 7, C["veld600"])
        + R(px + 24, py + 196, pw - 48, 3, C["ink100"])
        + "".join(R(px + 56, py + 220 + i * 24, (pw - 100) * w, 8, C["ink100"], 4) for i, w in enumerate((0.9, 0.7, 0.8)))
        + "".join(check_badge(px + 36, py + 224 + i * 24, 9) for i in range(3)),
        "rotate(4 436 232)"))
    # coins: a rand stack, a pound stack, and one of each face-on
    o.append(shadow(200, 392, 170, 22))
    o.append(coin_stack(130, 392, 50, 7, "gold"))
    o.append(coin_stack(244, 392, 50, 4, "silver"))
    o.append(coin(190, 320, 52, "R", "gold"))
    o.append(coin(292, 352, 44, "£", "gold"))
    o.append(sparkle(96, 150, 14, C["sun500"]))
    o.append(sparkle(586, 96, 10, C["ink300"]))
    o.append(sparkle(580, 400, 12, C["sun500"]))
    return svg_doc(W, H, "Rand and pound coins stacked beside a travel plan", "".join(o))


def stroke(x0, y0, x1, y1, w, col, cap="round"):
    return (f'<path d="M{f(x0)} {f(y0)}L{f(x1)} {f(y1)}" stroke="{col}" stroke-width="{f(w)}" '
            f'stroke-linecap="{cap}" fill="none"/>')


def handshake(cx, cy, s=1.0):
    """Two hands meeting: a navy sleeve from the left, a green one from the right."""
    dk, dks, lt, lts = SKIN["deep"], SKIN["deep_shade"], SKIN["light"], SKIN["light_shade"]
    inner = (
        # forearms in sleeves, with white cuffs
        stroke(-250, 96, -120, 20, 64, C["ink800"], "butt")
        + stroke(-132, 27, -112, 15, 68, "#ffffff", "butt")
        + stroke(250, 96, 120, 14, 64, C["veld600"], "butt")
        + stroke(132, 22, 112, 9, 68, "#ffffff", "butt")
        # the left person's hand (deep), reaching right
        + stroke(-112, 12, 20, -4, 58, dk)
        # the right person's hand (light), reaching left, on top
        + stroke(112, 6, 40, -6, 58, lt)
        # its fingers curl over the back of the other hand
        + "".join(stroke(34 - i * 20, -22, 20 - i * 20, 26, 19, lt) for i in range(4))
        + "".join(stroke(44 - i * 20, -24, 30 - i * 20, 24, 2, lts) for i in range(1, 4))
        # the other thumb lies along the top
        + stroke(-64, -20, 10, -36, 20, dks)
        + stroke(-64, -23, 8, -38, 15, dk)
    )
    return g(inner, f"translate({f(cx)} {f(cy)}) scale({s:.3f})")


def employment():
    o = [backdrop(W, H, 2, blob_at=(0.5, 0.5))]
    # the job offer letter
    lx, ly, lw, lh = 196, 54, 248, 300
    o.append(R(lx + 8, ly + 10, lw, lh, C["ink900"], 14, ' opacity="0.1"') + R(lx, ly, lw, lh, "#ffffff", 14))
    o.append(R(lx, ly, lw, 64, C["ink800"], 14) + R(lx, ly + 40, lw, 24, C["ink800"]))
    o.append(swallow(lx + 18, ly + 12, 40, C["sun500"]))
    o.append(text_el("JOB OFFER", lx + 66, ly + 40, 18, "#ffffff", "inter", 700, tracking=0.12))
    for i, w in enumerate((0.8, 0.95, 0.6, 0.85, 0.7)):
        o.append(R(lx + 24, ly + 90 + i * 22, (lw - 48) * w, 8, C["ink100"], 4))
    o.append(line(f"M{lx + 24} {ly + 232}c14 -18 24 -16 20 0s12 14 22 -6 14 -6 30 4", C["ink700"], 3))
    o.append(R(lx + 24, ly + 246, 100, 3, C["ink200"]))
    o.append(circle(lx + lw - 52, ly + 232, 30, C["sun500"]))
    o.append(circle(lx + lw - 52, ly + 232, 22, "none", f' stroke="{C["sun100"]}" stroke-width="3"'))
    o.append(path(f"M{lx + lw - 66} {ly + 258}l-8 34 22 -10 8 12 6 -32Z", C["sun600"]))
    o.append(check_badge(lx + lw - 52, ly + 232, 14, C["sun600"]))
    o.append(handshake(320, 372, 1.0))
    o.append(sparkle(120, 120, 14, C["sun500"]))
    o.append(sparkle(540, 300, 10, C["ink300"]))
    return svg_doc(W, H, "A handshake across a desk with a UK job offer", "".join(o))


def accommodation():
    o = [backdrop(W, H, 3, blob_at=(0.5, 0.5))]
    base = 372
    o.append(R(40, base, 560, 14, C["ink200"], 7))
    houses = [(BRICK, C["veld600"]), (STUCCO, C["ink800"]), ("#d98c6c", C["sun500"]), (STUCCO, "#b8323a")]
    for i, (wall, door) in enumerate(houses):
        o.append(terrace_house(78 + i * 122, base, 122, 196, wall, door, i))
    # railings
    o.append(g("".join(R(78 + i * 12, base - 26, 3, 26, C["ink800"]) for i in range(41)) + R(78, base - 28, 490, 4, C["ink800"])))
    o.append(tree(58, base + 4, 0.9))
    # key and tag in front
    o.append(shadow(420, 446, 130, 12))
    o.append(key_tag(486, 418, 1.1, 28, C["veld600"]))
    o.append(key(330, 408, 1.05, -12))
    o.append(sparkle(560, 110, 14, C["sun500"]))
    o.append(sparkle(110, 90, 10, C["ink300"]))
    return svg_doc(W, H, "A row of British terraced houses with a key", "".join(o))


def uk_speed_sign(x, y, r, n="30"):
    return (R(x - 4, y, 8, 150, C["ink500"], 3) + circle(x, y, r, "#ffffff") + circle(x, y, r * 0.84, "none", f' stroke="#d64545" stroke-width="{f(r * 0.2)}"')
            + text_el(n, x, y + r * 0.32, r * 0.9, C["ink950"], "inter", 700, "middle"))


def vehicle():
    o = [R(0, 0, W, H, C["ink50"]), circle(520, 104, 44, C["sun100"]), circle(520, 104, 28, C["sun300"])]
    # rolling hills, hedgerows, and a country road keeping left
    o.append(path("M0 262C90 220 180 214 290 246S500 270 640 222V480H0Z", "#bfe0c9"))
    o.append(path("M0 300C120 262 260 270 380 292S560 300 640 276V480H0Z", GRASS))
    o.append(path("M0 334C160 312 300 320 420 330S580 326 640 316V480H0Z", GRASS_DARK))
    o.append(tree(90, 300, 0.7) + tree(560, 296, 0.6) + tree(470, 304, 0.45))
    o.append(path("M0 360C200 346 440 350 640 340V440C440 430 200 432 0 444Z", C["ink700"]))
    o.append(path("M0 402C200 392 440 392 640 388", "none", f' stroke="#ffffff" stroke-width="5" stroke-dasharray="34 26" opacity="0.85"'))
    o.append(path("M0 444C200 432 440 430 640 440V480H0Z", GRASS_DARK))
    o.append(uk_speed_sign(560, 226, 30))
    # the car, with a roof box for the family's things
    o.append(shadow(300, 392, 150, 10))
    o.append(g(R(122, -138, 104, 24, C["sun500"], 11) + R(138, -116, 7, 6, C["ink900"]) + R(204, -116, 7, 6, C["ink900"]),
               "translate(160 392)"))
    o.append(car_side(160, 392, 1.0, C["ink800"]))
    o.append(sparkle(100, 120, 12, C["sun500"]))
    return svg_doc(W, H, "A family car on a British country road", "".join(o))


def legal():
    o = [backdrop(W, H, 5, blob_at=(0.5, 0.52))]
    o.append(shadow(330, 420, 210, 18))
    o.append(g(paper(0, 0, 230, 290, 7, seed=8), "translate(300 86) rotate(8)"))
    doc = (paper(0, 0, 230, 290, 5, C["veld600"], seed=9)
           + line("M24 224c16 -22 28 -20 22 0s14 14 26 -8 16 -6 34 6", C["ink700"], 3)
           + R(24, 240, 110, 3, C["ink200"])
           + circle(184, 232, 30, "none", f' stroke="{C["veld600"]}" stroke-width="4"')
           + circle(184, 232, 22, "none", f' stroke="{C["veld600"]}" stroke-width="2"')
           + check_badge(184, 232, 14))
    o.append(g(doc, "translate(262 92) rotate(-3)"))
    o.append(passport(110, 150, 150, -10))
    o.append(pen(420, 420, 170, -28))
    o.append(sparkle(560, 90, 14, C["sun500"]))
    o.append(sparkle(90, 110, 10, C["ink300"]))
    return svg_doc(W, H, "A British passport beside signed documents", "".join(o))


def concierge():
    o = [backdrop(W, H, 6, dark=True, blob_at=(0.5, 0.62), blob_r=0.4)]
    # arrivals board
    bx, by, bw = 40, 30, 280
    rows = "".join(
        R(bx + 20, by + 54 + i * 26, 40, 10, C["sun400"], 3) + R(bx + 72, by + 54 + i * 26, 120 - i * 14, 10, C["ink300"], 3)
        + R(bx + bw - 64, by + 54 + i * 26, 44, 10, C["veld600"] if i == 0 else C["ink500"], 3)
        for i in range(4))
    o.append(R(bx, by, bw, 160, C["ink950"], 14) + R(bx, by, bw, 40, C["ink700"], 14) + R(bx, by + 26, bw, 14, C["ink700"]) + rows)
    o.append(text_el("ARRIVALS", bx + 20, by + 27, 15, "#ffffff", "inter", 700, tracking=0.14))
    o.append(g(path("M0 0l-9 -20h-5l4 20h-10l-4 -6h-4l2 9 -2 9h4l4 -6h10l-4 20h5l9 -20h10c3 0 5 -1.5 5 -3s-2 -3 -5 -3z", C["sun400"]),
               f"translate({bx + bw - 34} {by + 20}) scale(0.62) rotate(-90)"))
    # window with a plane climbing away
    o.append(R(410, 48, 180, 120, C["ink700"], 14) + R(420, 58, 160, 100, "#3e5a88", 8))
    o.append(path("M420 140C470 126 520 128 580 118V158H420Z", C["ink500"]))
    o.append(g(path("M-34 0C-34 -3.4 -30 -4.4 -24 -4.4H24C31 -4.4 36 -2 38 0C36 2 31 4.4 24 4.4H-24C-30 4.4 -34 3.4 -34 0Z"
                    "M4 -4L-10 -26H-16L-6 -4ZM4 4L-10 26H-16L-6 4ZM-22 -2L-31 -12H-35L-30 -2ZM-22 2L-31 12H-35L-30 2Z", "#ffffff"),
               "translate(500 98) rotate(-18) scale(0.9)"))
    # floor
    o.append(R(0, 430, W, 50, C["ink950"], 0, ' opacity="0.5"'))
    # the concierge holding a welcome sign
    o.append(shadow(170, 432, 54, 8, dark=True))
    o.append(person(170, 430, 1.1, SKIN["brown"], C["sun500"], C["ink950"], C["ink950"], "bun", facing=1))
    o.append(R(100, 280, 150, 76, "#ffffff", 8) + swallow(108, 290, 34, C["sun500"])
             + text_el("WELCOME", 146, 314, 16, C["ink900"], "inter", 800, tracking=0.04)
             + R(146, 326, 84, 7, C["ink200"], 3.5) + R(146, 339, 58, 7, C["ink200"], 3.5))
    # the family with their suitcases
    o.append(shadow(440, 432, 150, 10, dark=True))
    o.append(suitcase(296, 430, 60, 86, C["veld600"]))
    o.append(person(390, 430, 1.15, SKIN["deep"], C["ink300"], C["ink700"], C["ink950"], "afro", facing=-1))
    o.append(person(452, 430, 1.0, SKIN["tan"], "#e6896b", C["ink700"], "#3a2418", "long", facing=-1))
    o.append(person(506, 430, 1.0, SKIN["brown"], C["sun300"], C["ink700"], C["ink950"], "short", child=True, facing=-1))
    o.append(suitcase(540, 430, 70, 110, C["ink300"], C["sun500"]))
    o.append(sparkle(300, 210, 10, C["sun400"]))
    o.append(sparkle(600, 226, 8, C["ink300"]))
    return svg_doc(W, H, "A concierge welcoming a family at a London airport", "".join(o))


ITEMS = {"funding": funding, "employment": employment, "accommodation": accommodation,
         "vehicle": vehicle, "legal": legal, "concierge": concierge}


def main():
    for name, fn in ITEMS.items():
        out = write(MEDIA / "services" / f"{name}.svg", fn())
        check_svg(out)
        render_png(out, BUILD / "preview" / f"service-{name}.png")
        print(f"  {out.relative_to(MEDIA.parent.parent)}  {out.stat().st_size / 1024:.1f} KB")


if __name__ == "__main__":
    main()
