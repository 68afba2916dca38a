"""Illustrated portraits of the two directors (480x480), and their intro
videos (960x540, ~11 s) with posters and WebVTT captions.

    python3 scripts/media/people.py            # portraits, posters, videos, captions
    python3 scripts/media/people.py --stills   # portraits and posters only
"""

from __future__ import annotations

import sys

from common import BUILD, C, MEDIA, check_svg, ease, encode, f, lin, png_to_webp, rad, render_frames, render_png, svg_doc, swallow, write
from kit import R, circle, ell, g, line, path
from skyline import big_ben, mabhida, palm, place, shard, silhouette_style, london_eye, tower_block
from textpath import text_el

S = 480


def backdrop(city: str, uid: str) -> str:
    """Soft circle with the person's city drawn faintly inside it."""
    st = silhouette_style(C["ink200"])
    if city == "london":
        sky = (place(120, 330, 0.5, big_ben(st)) + place(360, 330, 0.55, shard(st)) + place(300, 330, 0.42, london_eye(st, 120, 8, 24))
               + place(60, 330, 0.6, tower_block(st, 60, 120, 1)) + place(420, 330, 0.6, tower_block(st, 50, 160, 2)))
    else:
        sky = (place(250, 330, 0.62, mabhida(st, C["ink200"])) + place(70, 330, 0.6, tower_block(st, 50, 260, 3))
               + place(120, 330, 0.6, tower_block(st, 40, 200, 4)) + place(400, 330, 0.7, palm(st, 150, 14, 3))
               + place(436, 330, 0.55, palm(st, 150, -12, 4)))
    return (
        f'<clipPath id="{uid}"><circle cx="240" cy="250" r="206"/></clipPath>'
        + circle(240, 250, 206, f"url(#{uid}-g)")
        + f'<g clip-path="url(#{uid})">{sky}</g>'
        + circle(392, 96, 30, C["sun300"]) + circle(392, 96, 30, C["sun100"], ' opacity="0.4"')
    )


def nomvula_body() -> str:
    skin, shade, lip = "#7a4529", "#61351e", "#5a2a1e"
    hair, hair2 = "#1d1411", "#2f211b"
    o = []
    # hair volume behind the head: a rounded natural afro
    o.append(path("M240 54C312 50 364 96 366 160C368 214 344 254 314 270C298 278 284 272 276 262H204C196 272 182 278 166 270"
                  "C136 254 112 214 114 160C116 96 168 58 240 54Z", hair))
    o.append(line("M146 136Q160 92 206 72", hair2, 10, ' opacity="0.5"'))
    # neck and shoulders
    o.append(path("M208 262H272V318C262 332 218 332 208 318Z", shade))
    o.append(path("M62 480C66 396 110 350 190 330L240 360L290 330C370 350 414 396 418 480Z", C["ink800"]))
    # blouse (gold) in the V of the blazer, and lapels
    o.append(path("M200 326L240 400L280 326L266 322L240 352L214 322Z", C["sun500"]))
    o.append(path("M188 330L240 430L214 480H160L150 420L176 388L168 352Z", C["ink700"]))
    o.append(path("M292 330L240 430L266 480H320L330 420L304 388L312 352Z", C["ink700"]))
    o.append(path("M190 330L240 430L226 350Z", C["ink900"], ' opacity="0.35"'))
    # necklace
    o.append(line("M214 324Q240 356 266 324", C["sun300"], 3))
    o.append(circle(240, 340, 5, C["sun300"]))
    # ears with gold hoops
    o.append(ell(166, 206, 12, 20, shade) + ell(314, 206, 12, 20, shade))
    o.append(circle(164, 236, 10, "none", f' stroke="{C["sun500"]}" stroke-width="4"'))
    o.append(circle(316, 236, 10, "none", f' stroke="{C["sun500"]}" stroke-width="4"'))
    # face
    o.append(path("M170 190C170 126 200 104 240 104C280 104 310 126 310 190C310 252 280 292 240 292C200 292 170 252 170 190Z", skin))
    o.append(path("M252 290C286 282 310 248 310 190C310 160 302 138 290 124C304 180 300 246 252 290Z", shade, ' opacity="0.45"'))
    # hairline: the afro comes down over the forehead
    o.append(path("M164 170C160 112 198 84 240 84C282 84 320 112 316 170C300 130 276 122 240 124C204 122 180 130 164 170Z", hair))
    # brows, eyes, nose, smile
    o.append(line("M194 168Q210 160 226 166", hair, 5) + line("M254 166Q270 160 286 168", hair, 5))
    o.append(ell(210, 190, 9, 6.5, "#1a0f0b") + ell(270, 190, 9, 6.5, "#1a0f0b"))
    o.append(circle(213, 188, 2.2, "#ffffff", ' opacity="0.85"') + circle(273, 188, 2.2, "#ffffff", ' opacity="0.85"'))
    o.append(line("M196 186Q210 178 224 186", "#1a0f0b", 2.4) + line("M256 186Q270 178 284 186", "#1a0f0b", 2.4))
    o.append(path("M236 208Q234 226 228 232Q240 242 252 232Q246 226 244 208Z", shade, ' opacity="0.55"'))
    o.append(path("M212 252Q240 282 268 252Q240 262 212 252Z", "#ffffff"))
    o.append(line("M210 250Q240 284 270 250", lip, 5) + line("M214 251Q240 258 266 251", lip, 3))
    o.append(ell(194, 230, 13, 7, "#a0503a", ' opacity="0.18"') + ell(286, 230, 13, 7, "#a0503a", ' opacity="0.18"'))
    return "".join(o)


def pieter_body() -> str:
    skin, shade, lip = "#f0c3a2", "#dba282", "#b8705c"
    hair, hair2 = "#b9bcc3", "#9ea2ab"
    o = []
    # neck and shoulders: navy jacket, light blue open-collar shirt
    o.append(path("M206 262H274V322C262 338 218 338 206 322Z", shade))
    o.append(path("M58 480C62 394 110 350 188 330L240 376L292 330C370 350 418 394 422 480Z", C["ink700"]))
    o.append(path("M196 322L240 380L284 322L298 336L262 420H218L182 336Z", "#cfe0f4"))
    o.append(path("M240 380L212 330L206 322L196 322L190 350L222 372Z", "#ffffff"))
    o.append(path("M240 380L268 330L274 322L284 322L290 350L258 372Z", "#ffffff"))
    o.append(path("M206 322L240 378L274 322L262 318L240 350L218 318Z", shade))
    o.append(path("M184 332L236 430L212 480H150L142 420L170 392L160 352Z", C["ink800"]))
    o.append(path("M296 332L244 430L268 480H330L338 420L310 392L320 352Z", C["ink800"]))
    o.append(R(320, 408, 40, 6, C["sun500"], 3))
    # ears
    o.append(ell(168, 208, 12, 20, shade) + ell(312, 208, 12, 20, shade))
    # face
    o.append(path("M172 184C172 124 200 100 240 100C280 100 308 124 308 184C308 250 282 290 240 290C198 290 172 250 172 184Z", skin))
    o.append(path("M240 290C282 290 308 250 308 184C308 156 300 134 288 120C298 168 292 248 240 290Z", shade, ' opacity="0.4"'))
    # short grey beard and moustache
    o.append(path("M176 214C178 262 206 296 240 296C274 296 302 262 304 214C296 240 286 252 270 256C256 246 224 246 210 256C194 252 184 240 176 214Z", hair))
    o.append(path("M214 246C226 236 254 236 266 246C258 250 250 248 240 248C230 248 222 250 214 246Z", hair2))
    o.append(path("M220 258Q240 272 260 258Q240 264 220 258Z", "#ffffff"))
    o.append(line("M218 257Q240 274 262 257", lip, 4))
    # hair: short, neat, slightly receding
    o.append(path("M170 180C164 118 196 84 240 84C286 84 318 116 310 180C306 160 300 146 292 134C276 124 262 120 240 120"
                  "C218 120 202 124 188 134C180 146 174 160 170 180Z", hair))
    o.append(line("M196 112Q218 96 252 96", "#d3d6dc", 5, ' opacity="0.9"'))
    o.append(path("M170 176L178 176L180 204L172 204Z", hair) + path("M310 176L302 176L300 204L308 204Z", hair))
    # brows, eyes, glasses, nose, laughter lines
    o.append(line("M196 168Q210 162 226 167", hair2, 6) + line("M254 167Q270 162 284 168", hair2, 6))
    o.append(ell(211, 192, 7, 5.5, "#2a2f3a") + ell(269, 192, 7, 5.5, "#2a2f3a"))
    o.append(circle(213, 190, 1.8, "#ffffff", ' opacity="0.9"') + circle(271, 190, 1.8, "#ffffff", ' opacity="0.9"'))
    gl = C["ink800"]
    o.append(R(186, 174, 50, 38, "none", 12, f' stroke="{gl}" stroke-width="4"'))
    o.append(R(244, 174, 50, 38, "none", 12, f' stroke="{gl}" stroke-width="4"'))
    o.append(line("M236 186Q240 182 244 186", gl, 4) + line("M186 186L174 182", gl, 4) + line("M294 186L306 182", gl, 4))
    o.append(path("M236 208Q234 226 228 232Q240 241 252 232Q246 226 244 208Z", shade, ' opacity="0.7"'))
    o.append(line("M182 200L176 196M182 206L175 206", shade, 2) + line("M298 200L304 196M298 206L305 206", shade, 2))
    o.append(line("M214 138Q240 132 266 138", shade, 2, ' opacity="0.6"'))
    o.append(ell(198, 228, 13, 7, "#e58f7b", ' opacity="0.22"') + ell(282, 228, 13, 7, "#e58f7b", ' opacity="0.22"'))
    return "".join(o)


PEOPLE = {
    "nomvula-mthembu": {
        "name": "Nomvula Mthembu", "role": "Managing Director", "office": "London", "city": "london",
        "body": nomvula_body,
        "title": "Illustrated portrait of Nomvula Mthembu, Managing Director, smiling, in a navy blazer",
        "cards": [
            ("Meet|Nomvula Mthembu", "serif"),
            ("Managing Director, London office", "sans"),
            ("Moved from Durban to London in 2008", "sans"),
            ("Still meets many families at the airport herself", "sans"),
            ("Thula Relocations", "brand"),
        ],
    },
    "pieter-botha": {
        "name": "Pieter Botha", "role": "Director", "office": "Durban", "city": "durban",
        "body": pieter_body,
        "title": "Illustrated portrait of Pieter Botha, Director, smiling, with grey hair, glasses and a short beard",
        "cards": [
            ("Meet|Pieter Botha", "serif"),
            ("Director, Durban office", "sans"),
            ("Runs our seminars across South Africa", "sans"),
            ("Five years in Manchester, home to KwaZulu-Natal in 2016", "sans"),
            ("Thula Relocations", "brand"),
        ],
    },
}


def portrait_inner(slug: str) -> tuple[str, str]:
    p = PEOPLE[slug]
    uid = slug.split("-")[0]
    defs = lin(f"{uid}-g", [(0, C["ink100"]), (1, C["sun100"])], 0, 0, 0.6, 1)
    return defs, backdrop(p["city"], uid) + p["body"]()


def portrait(slug: str) -> str:
    defs, body = portrait_inner(slug)
    return svg_doc(S, S, PEOPLE[slug]["title"], R(0, 0, S, S, C["ink50"]) + body, defs)


# ------------------------------------------------------------------ video

FPS = 24
VW, VH = 960, 540
CARD_T = [(0.6, 2.8), (2.8, 5.0), (5.0, 7.2), (7.2, 9.4), (9.4, 11.2)]
DURATION = 11.5


TEXT_X, TEXT_W = 530, 380


def wrap(text: str, size: float, font: str, weight: int, max_w: float) -> list[str]:
    from textpath import text_path
    words, lines, cur = text.split(), [], ""
    for w in words:
        trial = (cur + " " + w).strip()
        if cur and text_path(trial, 0, 0, size, font, weight)[1] > max_w:
            lines.append(cur)
            cur = w
        else:
            cur = trial
    lines.append(cur)
    return lines


def card(text: str, kind: str, a: float) -> str:
    """One text card; `a` in 0..1 is its visibility (it slides up and fades)."""
    if a <= 0.01:
        return ""
    dy = (1 - a) * 18
    if kind in ("serif", "brand"):
        size, font, weight, col = 46, "fraunces", 600, C["ink900"]
    else:
        size, font, weight, col = 31, "inter", 600, C["ink800"]
    x = TEXT_X + (66 if kind == "brand" else 0)
    max_w = TEXT_W - (x - TEXT_X)
    lines = text.split("|") if "|" in text else wrap(text, size, font, weight, max_w)
    from textpath import text_path
    widest = max(text_path(ln, 0, 0, size, font, weight)[1] for ln in lines)
    if widest > max_w:
        size *= max_w / widest
    lh = size * 1.22
    y0 = 282 - (len(lines) - 1) * lh / 2
    inner = "".join(text_el(ln, x, y0 + i * lh, size, col, font, weight) for i, ln in enumerate(lines))
    if kind == "brand":
        inner += swallow(TEXT_X - 4, y0 - 46, 58, C["sun500"])
    else:
        inner += R(TEXT_X, y0 + (len(lines) - 1) * lh + 24, 64, 6, C["sun500"], 3)
    return f'<g opacity="{a:.3f}" transform="translate(0 {dy:.2f})">{inner}</g>'


def frame(slug: str, t: float) -> str:
    """t in seconds."""
    p = PEOPLE[slug]
    defs, body = portrait_inner(slug)
    defs += lin("vbg", [(0, C["ink50"]), (1, C["ink100"])], 0, 0, 1, 1)
    # the portrait pushes in slowly; its bust runs off the bottom edge
    k = ease(t / DURATION)
    z = 1.1 + 0.05 * k
    px = 10 - 12 * k
    py = VH - S * z + 2
    o = [R(0, 0, VW, VH, "url(#vbg)"), circle(930, 40, 120, C["sun100"], ' opacity="0.6"'),
         g(body, f"translate({f(px)} {f(py)}) scale({z:.4f})"),
         text_el("MEET THE TEAM", TEXT_X, 120, 14, C["ink500"], "inter", 700, tracking=0.2)]
    for (text, kind), (t0, t1) in zip(p["cards"], CARD_T):
        if kind == "brand":
            a = ease((t - t0) / 0.6)
        else:
            a = min(ease((t - t0) / 0.5), 1 - ease((t - (t1 - 0.45)) / 0.45))
        o.append(card(text, kind, a))
    # progress line
    o.append(R(TEXT_X, 452, 360, 4, C["ink200"], 2) + R(TEXT_X, 452, 360 * min(1, t / DURATION), 4, C["sun500"], 2))
    return svg_doc(VW, VH, f"{p['name']} introduction", "".join(o), defs)


def vtt(slug: str) -> str:
    p = PEOPLE[slug]

    def ts(s):
        m, s = divmod(s, 60)
        return f"00:{int(m):02d}:{s:06.3f}"

    out = ["WEBVTT", ""]
    for i, ((text, kind), (t0, t1)) in enumerate(zip(p["cards"], CARD_T), 1):
        end = DURATION if kind == "brand" else t1
        out += [str(i), f"{ts(t0)} --> {ts(end)}", text.replace("|", " "), ""]
    return "\n".join(out)


def main():
    stills_only = "--stills" in sys.argv
    for slug in PEOPLE:
        out = write(MEDIA / "people" / f"{slug}.svg", portrait(slug))
        check_svg(out)
        render_png(out, BUILD / "preview" / f"person-{slug}.png")
        print(f"  {out.relative_to(MEDIA.parent.parent)}  {out.stat().st_size / 1024:.1f} KB")
        # poster: the frame where the name card is fully shown
        psvg = write(BUILD / f"{slug}-poster.svg", frame(slug, 1.6))
        png = render_png(psvg, BUILD / f"{slug}-poster.png", VW, VH)
        wp = png_to_webp(png, MEDIA / "people" / f"{slug}-poster.webp", 82)
        print(f"  {wp.relative_to(MEDIA.parent.parent)}  {wp.stat().st_size / 1024:.0f} KB")
        write(MEDIA / "people" / f"{slug}-intro.vtt", vtt(slug))
        if stills_only:
            continue
        n = int(DURATION * FPS)
        work = BUILD / f"frames-{slug}"
        render_frames((frame(slug, i / FPS) for i in range(n)), work)
        encode(work, FPS, MEDIA / "people" / f"{slug}-intro.mp4", MEDIA / "people" / f"{slug}-intro.webm",
               limit_bytes=1_500_000)


if __name__ == "__main__":
    main()
