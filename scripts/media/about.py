"""About page story image (1200x800): a family with suitcases on the way
from Durban to London, a flight path between the two skylines.

    python3 scripts/media/about.py
"""

from __future__ import annotations

from common import BUILD, C, MEDIA, check_svg, f, lin, rad, render_png, svg_doc, write
from kit import SKIN, GRASS, GRASS_DARK, R, circle, ell, g, line, path, person, shadow, sparkle, suitcase, tree
from skyline import big_ben, gherkin, london_eye, mabhida, palm, parliament, place, plane, shard, st_pauls, tower_block
from textpath import text_el

W, H = 1200, 800
HZ = 540


def pin(x, y, label, col):
    return (path(f"M{f(x)} {f(y)}C{f(x - 6)} {f(y - 16)} {f(x - 22)} {f(y - 26)} {f(x - 22)} {f(y - 42)}"
                 f"A22 22 0 0 1 {f(x + 22)} {f(y - 42)}C{f(x + 22)} {f(y - 26)} {f(x + 6)} {f(y - 16)} {f(x)} {f(y)}Z", col)
            + circle(x, y - 42, 8, "#ffffff")
            + R(x - 60, y - 104, 120, 34, "#ffffff", 17, ' opacity="0.95"')
            + text_el(label, x, y - 81, 15, C["ink900"], "inter", 700, "middle", 0.12))


def story():
    defs = (lin("sky", [(0, C["ink100"]), (1, C["sun100"])], 0, 0, 0, HZ, "userSpaceOnUse")
            + rad("sunglow", [(0, C["sun300"], 0.6), (1, C["sun300"], 0)]))
    day = {"body": "#a9bad8", "shade": "#8fa3c8", "lit": "#ffffff", "face": "#ffffff", "line": "#8fa3c8"}
    back = {"body": "#c6d2e6", "shade": "#b7c5de", "lit": None, "face": "#c6d2e6", "line": "#c6d2e6"}
    o = [R(0, 0, W, H, "url(#sky)")]
    o.append(circle(980, 130, 150, "url(#sunglow)") + circle(980, 130, 56, C["sun300"]))
    for cx, cy, s in ((210, 130, 1.0), (760, 90, 0.8), (470, 250, 0.6)):
        o.append(g('<rect x="-90" y="-12" width="180" height="24" rx="12"/><rect x="-50" y="-32" width="96" height="30" rx="15"/>',
                   f"translate({cx} {cy}) scale({s})", ' fill="#ffffff" opacity="0.9"'))
    # Durban, left
    o.append(place(60, HZ, 0.8, tower_block(back, 50, 240, 5)))
    o.append(place(200, HZ, 0.8, tower_block(back, 44, 200, 6)))
    for i, (x, w, h) in enumerate([(40, 46, 250), (90, 40, 190), (140, 52, 300), (196, 40, 220)]):
        o.append(place(x, HZ, 0.8, tower_block(day, w, h, 30 + i, density=0.16)))
    o.append(place(330, HZ, 0.62, mabhida({**day, "body": "#c6d2e6", "face": "#ffffff"}, C["ink500"], C["sun500"])))
    # London, right
    o.append(place(1080, HZ, 0.8, tower_block(back, 60, 220, 7)))
    o.append(place(860, HZ, 0.6, london_eye({**day, "line": C["ink500"], "lit": C["ink500"]}, 120, 4, 28)))
    o.append(place(960, HZ, 0.62, big_ben({**day, "lit": None, "face": "#ffffff"})))
    o.append(place(1040, HZ, 0.55, st_pauls(day)))
    o.append(place(1120, HZ, 0.68, shard(day)))
    o.append(place(1180, HZ, 0.6, gherkin(day, "ag")))
    # ground: the sea at Durban, green fields, and the path the family walks
    o.append(path(f"M0 {HZ}H1200V800H0Z", GRASS))
    o.append(path(f"M0 {HZ}H420C360 {HZ + 30} 250 {HZ + 50} 0 {HZ + 60}Z", "#7fb6d6"))
    o.append(path(f"M0 {HZ + 4}H400", "none", ' stroke="#ffffff" stroke-width="3" opacity="0.7"'))
    o.append(place(40, HZ + 40, 0.7, palm({"body": GRASS_DARK}, 150, 16, 2)) + place(90, HZ + 46, 0.55, palm({"body": GRASS_DARK}, 150, -12, 3)))
    o.append(path(f"M0 {H - 110}C300 {H - 170} 500 {HZ + 110} 800 {HZ + 80}S1100 {HZ + 40} 1200 {HZ + 30}V{HZ + 64}C1100 {HZ + 76} 900 {HZ + 120} 760 {HZ + 140}"
                  f"S360 {H - 40} 0 {H}Z", "#f4e3c1"))
    o.append(path(f"M0 {H}C380 {H - 80} 640 {HZ + 190} 1200 {HZ + 160}V{H}Z", GRASS_DARK, ' opacity="0.5"'))
    o.append(tree(470, HZ + 10, 0.8) + tree(700, HZ + 4, 0.6) + tree(1150, HZ + 100, 0.9))
    # the flight path with the plane at its height
    o.append(path("M230 330Q600 -40 960 300", "none", f' stroke="{C["ink500"]}" stroke-width="4" stroke-dasharray="2 16" stroke-linecap="round"'))
    o.append(g(plane("#ffffff", C["ink200"]), "translate(596 146) rotate(2) scale(1.1)"))
    o.append(pin(230, 330, "DURBAN", C["veld600"]))
    o.append(pin(960, 300, "LONDON", C["ink800"]))
    # the family, walking with their suitcases
    fx, fy = 560, 720
    o.append(shadow(fx + 40, fy + 4, 200, 14))
    o.append(suitcase(fx - 180, fy, 70, 100, C["veld600"]))
    o.append(person(fx - 70, fy, 1.25, SKIN["deep"], C["ink700"], C["ink900"], C["ink950"], "short", facing=1))
    o.append(person(fx + 10, fy, 0.95, SKIN["deep"], C["sun500"], C["ink700"], C["ink950"], "afro", child=True, facing=1))
    o.append(person(fx + 80, fy, 1.18, SKIN["brown"], "#e6896b", C["ink800"], C["ink950"], "bun", facing=1))
    o.append(person(fx + 150, fy, 0.82, SKIN["brown"], C["ink300"], C["ink700"], C["ink950"], "long", child=True, facing=1))
    o.append(suitcase(fx + 190, fy, 84, 120, C["sun500"], C["ink800"]))
    o.append(sparkle(400, 420, 12, C["sun500"]) + sparkle(820, 210, 10, C["sun500"]) + sparkle(120, 280, 9, "#ffffff"))
    return svg_doc(W, H, "A family with suitcases on their way from Durban to London, a flight path joining the two cities",
                   "".join(o), defs)


def main():
    out = write(MEDIA / "about" / "story.svg", story())
    check_svg(out)
    render_png(out, BUILD / "preview" / "about-story.png")
    print(f"  {out.relative_to(MEDIA.parent.parent)}  {out.stat().st_size / 1024:.1f} KB")


if __name__ == "__main__":
    main()
