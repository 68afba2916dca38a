"""Blog hero images (1600x900, drawn on an 800x450 grid and scaled 2x) and
the neutral placeholder.

    python3 scripts/media/blog.py
"""

from __future__ import annotations

import math

from common import BUILD, C, MEDIA, check_svg, f, lin, rad, render_png, svg_doc, swallow, write
from kit import (BRICK, GRASS, GRASS_DARK, SKIN, STUCCO, R, arrow, backdrop, calendar, check_badge, checklist, circle, coin,
                 coin_stack, ell, g, key, key_tag, line, paper, passport, path, pen, phone, shadow, sparkle, suitcase,
                 terrace_house, tick, tree)
from textpath import text_el

W, H = 800, 450


def doc(title, inner, defs=""):
    return svg_doc(1600, 900, title, f'<g transform="scale(2)">{inner}</g>', defs)


def first_30_days():
    o = [backdrop(W, H, 11, blob_at=(0.48, 0.52), blob_r=0.42)]
    o.append(calendar(140, 86, 300, 290, "FIRST 30 DAYS", done=11, highlight=12))
    o.append(checklist(478, 128, 200, 4, 2, seed=5))
    # keys on a ring
    o.append(shadow(600, 404, 110, 8))
    o.append(key_tag(520, 388, 0.9, 200))
    o.append(circle(528, 388, 14, "none", f' stroke="{C["ink500"]}" stroke-width="5"'))
    o.append(key(560, 388, 0.62, -6))
    o.append(sparkle(110, 70, 12, C["sun500"]))
    o.append(sparkle(712, 96, 9, C["ink300"]))
    o.append(sparkle(700, 400, 10, C["sun500"]))
    return doc("A calendar of the first 30 days with ticks, a checklist and a set of house keys", "".join(o))


def right_to_work():
    o = [backdrop(W, H, 12, blob_at=(0.5, 0.52), blob_r=0.42)]
    # briefcase behind
    o.append(shadow(560, 382, 120, 9))
    o.append(R(520, 196, 76, 36, "none", 12, f' stroke="{C["ink800"]}" stroke-width="10"'))
    o.append(R(450, 222, 216, 158, C["ink700"], 18) + R(450, 280, 216, 10, C["ink800"]) + R(544, 270, 28, 30, C["sun500"], 5))
    # passport, tilted
    o.append(passport(150, 120, 150, -8))
    # phone with a share-code check
    px, py = 328, 100
    o.append(phone(px, py, 150, 290))
    o.append(check_badge(px + 75, py + 86, 32))
    o.append(text_el("RIGHT TO WORK", px + 75, py + 150, 12.5, C["ink900"], "inter", 800, "middle", 0.08))
    o.append(R(px + 28, py + 162, 94, 7, C["ink100"], 3.5))
    for i in range(3):
        o.append(R(px + 22 + i * 37, py + 186, 31, 38, C["ink50"], 7) + R(px + 32 + i * 37, py + 202, 11, 6, C["ink700"], 3))
    o.append(R(px + 22, py + 238, 106, 30, C["veld600"], 15))
    o.append(R(px + 48, py + 250, 54, 6, "#ffffff", 3))
    o.append(sparkle(110, 90, 12, C["sun500"]))
    o.append(sparkle(700, 120, 10, C["ink300"]))
    return doc("A passport, a phone confirming the right to work with a share code, and a briefcase", "".join(o))


def renting():
    o = [backdrop(W, H, 13, blob_at=(0.5, 0.5), blob_r=0.44)]
    base = 380
    o.append(R(120, base, 560, 12, C["ink200"], 6))
    o.append(terrace_house(170, base, 170, 250, BRICK, C["veld600"], 1))
    o.append(terrace_house(340, base, 170, 250, STUCCO, C["ink800"], 2))
    o.append(g("".join(R(170 + i * 12, base - 28, 3, 28, C["ink800"]) for i in range(29)) + R(170, base - 30, 340, 4, C["ink800"])))
    # "to let" board on a post
    o.append(R(574, 200, 8, 182, "#8a6a4a", 3))
    o.append(R(540, 150, 138, 70, "#ffffff", 8) + R(540, 150, 138, 70, "none", 8, f' stroke="{C["ink800"]}" stroke-width="4"'))
    o.append(text_el("TO LET", 609, 196, 26, C["ink900"], "inter", 800, "middle", 0.04))
    o.append(tree(118, base + 2, 0.95))
    # tenancy agreement and key in front
    o.append(g(paper(0, 0, 120, 150, 4, C["veld600"], seed=21), "translate(590 262) rotate(8)"))
    o.append(key(616, 412, 0.6, -10))
    o.append(sparkle(700, 90, 12, C["sun500"]))
    o.append(sparkle(96, 110, 10, C["ink300"]))
    return doc("A British terraced house with a To Let board, a tenancy agreement and a key", "".join(o))


def uk_cv():
    o = [backdrop(W, H, 14, blob_at=(0.5, 0.52), blob_r=0.42)]
    x, y, w, h = 270, 50, 260, 350
    o.append(R(x + 8, y + 10, w, h, C["ink900"], 14, ' opacity="0.1"') + R(x, y, w, h, "#ffffff", 14))
    o.append(circle(x + 52, y + 56, 28, C["ink100"]))
    o.append(circle(x + 52, y + 48, 11, C["ink300"]) + path(f"M{x + 32} {y + 78}C{x + 34} {y + 62} {x + 70} {y + 62} {x + 72} {y + 78}Z", C["ink300"]))
    o.append(text_el("CV", x + 94, y + 52, 26, C["ink900"], "fraunces", 700))
    o.append(R(x + 94, y + 64, 120, 8, C["ink200"], 4))
    for sec, yy in enumerate((y + 112, y + 206)):
        o.append(R(x + 24, yy, 90, 10, C["sun500"] if sec == 0 else C["veld600"], 5))
        for i, ww in enumerate((0.92, 0.8, 0.96, 0.6)):
            o.append(R(x + 24, yy + 22 + i * 16, (w - 48) * ww, 7, C["ink100"], 3.5))
    for i in range(4):
        o.append(R(x + 24 + i * 54, y + 300, 46, 22, C["ink50"], 11))
    # magnifier
    o.append(g(circle(0, 0, 54, "#ffffff", ' opacity="0.35"') + circle(0, 0, 54, "none", f' stroke="{C["ink800"]}" stroke-width="12"')
               + R(50, -10, 80, 20, C["ink800"], 10, ' transform="rotate(40)"') + tick(-22, 2, 44, C["veld600"]),
               "translate(520 250)"))
    # star badge
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        r = 34 if i % 2 == 0 else 15
        pts.append(f"{f(190 + r * math.cos(a))} {f(150 + r * math.sin(a))}")
    o.append(circle(190, 150, 46, C["sun100"]) + path("M" + "L".join(pts) + "Z", C["sun500"]))
    o.append(pen(188, 360, 150, -32))
    o.append(sparkle(660, 100, 12, C["sun500"]))
    o.append(sparkle(120, 300, 10, C["ink300"]))
    return doc("A CV for UK employers under a magnifying glass, with a gold star", "".join(o))


def car_top(x, y, s, body, rot=0):
    inner = (R(-34, -72, 68, 144, body, 22)
             + R(-40, -50, 8, 24, C["ink950"], 3) + R(32, -50, 8, 24, C["ink950"], 3)
             + R(-40, 28, 8, 24, C["ink950"], 3) + R(32, 28, 8, 24, C["ink950"], 3)
             + path("M-26 -34Q0 -46 26 -34L22 -14H-22Z", C["ink100"])
             + R(-22, -12, 44, 46, "#ffffff", 8, ' opacity="0.18"')
             + path("M-22 40H22L26 52Q0 58 -26 52Z", C["ink100"])
             + R(-28, -72, 14, 6, C["sun300"], 3) + R(14, -72, 14, 6, C["sun300"], 3))
    return g(inner, f"translate({f(x)} {f(y)}) rotate({f(rot)}) scale({s:.3f})")


def driving():
    o = [backdrop(W, H, 15, blob_at=(0.62, 0.5), blob_r=0.38)]
    # a road seen from above; traffic keeps left
    o.append(path("M150 0H380L430 450H100Z", C["ink700"]))
    o.append(path("M150 0H160L110 450H100Z M370 0H380L430 450H420Z", "#ffffff", ' opacity="0.6"'))
    o.append(path("M265 0L265 450", "none", f' stroke="#ffffff" stroke-width="6" stroke-dasharray="30 24"'))
    o.append(path("M0 0H150L100 450H0Z", GRASS))
    o.append(path("M380 0H470L520 450H430Z", GRASS))
    o.append(tree(50, 150, 0.6) + tree(40, 380, 0.75) + tree(470, 120, 0.5))
    o.append(car_top(205, 280, 0.9, C["sun500"]))
    o.append(car_top(325, 110, 0.8, C["ink300"], 180))
    o.append(arrow(205, 190, 205, 130, "#ffffff", 7, 18))
    # keep-left sign
    o.append(R(452, 250, 8, 120, C["ink500"], 3))
    o.append(circle(456, 236, 34, "#2563b8") + circle(456, 236, 34, "none", ' stroke="#ffffff" stroke-width="4"'))
    o.append(arrow(470, 222, 444, 250, "#ffffff", 8, 16))
    # the licence card
    cx, cy = 560, 150
    card = (R(6, 8, 220, 140, C["ink900"], 14, ' opacity="0.12"') + R(0, 0, 220, 140, "#ffffff", 14)
            + R(0, 0, 220, 34, C["veld600"], 14) + R(0, 20, 220, 14, C["veld600"])
            + text_el("DRIVING LICENCE", 16, 23, 12, "#ffffff", "inter", 800, tracking=0.1)
            + R(16, 48, 56, 72, C["ink100"], 6) + circle(44, 74, 13, C["ink300"]) + path("M24 112C26 94 62 94 64 112Z", C["ink300"])
            + R(86, 52, 110, 9, C["ink700"], 4.5) + R(86, 72, 90, 7, C["ink200"], 3.5) + R(86, 88, 104, 7, C["ink200"], 3.5)
            + R(86, 104, 60, 7, C["ink200"], 3.5) + circle(190, 116, 12, C["sun500"]))
    o.append(g(card, f"translate({cx} {cy}) rotate(-6)"))
    o.append(sparkle(720, 80, 12, C["sun500"]))
    return doc("A car keeping left on a UK road, a keep-left sign and a driving licence card", "".join(o))


def budget():
    o = [backdrop(W, H, 16, blob_at=(0.5, 0.55), blob_r=0.42)]
    o.append(shadow(300, 372, 210, 14))
    o.append(coin_stack(150, 372, 46, 6, "gold"))
    o.append(coin(200, 280, 62, "R", "gold"))
    o.append(arrow(290, 250, 400, 250, C["ink700"], 9, 24, "1 18"))
    o.append(coin_stack(510, 372, 46, 5, "silver"))
    o.append(coin(460, 280, 62, "£", "silver"))
    # calculator
    cx, cy = 580, 120
    keys = "".join(R(cx + 16 + i * 34, cy + 96 + j * 34, 26, 26, C["sun500"] if (i == 2 and j == 3) else C["ink700"], 6)
                   for j in range(4) for i in range(3))
    o.append(R(cx + 8, cy + 10, 134, 240, C["ink900"], 16, ' opacity="0.12"') + R(cx, cy, 134, 240, C["ink800"], 16)
             + R(cx + 14, cy + 16, 106, 60, C["veld100"], 8) + R(cx + 60, cy + 50, 50, 12, C["veld700"], 4) + keys)
    # a small plan bar chart
    o.append(R(126, 68, 180, 120, C["ink900"], 12, ' opacity="0.08"') + R(120, 60, 180, 120, "#ffffff", 12)
             + "".join(R(140 + i * 36, 160 - hh, 24, hh, c, 4) for i, (hh, c) in
                       enumerate([(40, C["ink200"]), (62, C["ink300"]), (50, C["ink300"]), (84, C["veld600"])])))
    o.append(sparkle(380, 120, 12, C["sun500"]))
    o.append(sparkle(740, 400, 10, C["ink300"]))
    return doc("Budgeting the move: rand coins becoming pounds, a calculator and a savings chart", "".join(o))


def placeholder():
    defs = lin("pbg", [(0, C["ink900"]), (1, C["ink700"])], 0, 0, 1, 1) + rad("pglow", [(0, C["sun500"], 0.22), (1, C["sun500"], 0)])
    o = [R(0, 0, W, H, "url(#pbg)"), circle(400, 225, 260, "url(#pglow)")]
    for i, r in enumerate((120, 180, 240, 300)):
        o.append(circle(400, 225, r, "none", f' stroke="#ffffff" stroke-width="1.5" opacity="{0.1 - i * 0.02:.2f}"'))
    o.append(path("M120 360Q400 40 680 360", "none", f' stroke="{C["sun400"]}" stroke-width="3" stroke-dasharray="2 12" stroke-linecap="round" opacity="0.7"'))
    o.append(circle(120, 360, 7, C["sun500"]) + circle(680, 360, 7, C["sun500"]))
    o.append(swallow(336, 146, 130, C["sun500"]))
    return doc("Thula Relocations", "".join(o), defs)


ITEMS = {"first-30-days": first_30_days, "right-to-work": right_to_work, "renting": renting, "uk-cv": uk_cv,
         "driving": driving, "budget": budget, "placeholder": placeholder}


def main():
    for name, fn in ITEMS.items():
        out = write(MEDIA / "blog" / f"{name}.svg", fn())
        check_svg(out)
        render_png(out, BUILD / "preview" / f"blog-{name}.png", 800, 450)
        print(f"  {out.relative_to(MEDIA.parent.parent)}  {out.stat().st_size / 1024:.1f} KB")


if __name__ == "__main__":
    main()
