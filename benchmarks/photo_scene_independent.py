"""The independent render set's scene (issue 31 item 4): the POV-Ray text of the table, the
balls, the lamps and the clutter, and the phone's camera; ``benchmarks.photo_set_independent``
places them.  Written without ``benchmarks.photo_set``'s scene code (see that module).
"""
from __future__ import annotations

import math

import numpy as np

# --- this set's assumptions (no source: plausible club tables and rooms) ---------------------
CUSHION_TOP_RANGE_M = (0.047, 0.053)  # cloth on the cushion's top, nose to rail
NOSE_UNDERCUT_M = 0.012  # the cushion's face slopes back under its nose by this much
RAIL_WIDTH_RANGE_M = (0.10, 0.16)
RAIL_RAISE_RANGE_M = (0.0, 0.004)  # the rail's top above the cushion's nose
FLOOR_Z_M = -0.80  # the floor, below the bed (the cloth at z = 0)
HOLE_RADIUS_M = 0.047  # the black hole through cushion and rail at each pocket
HOLE_OUT_M = 0.020  # its centre beyond the pocket's point, outward
CHALK_SIDE_M = 0.022
CUE_LENGTH_M = 1.45
CUE_RADII_M = (0.0145, 0.0065)  # butt, tip

CLOTH_HUES = {"green": (0.05, 0.36, 0.14), "blue": (0.05, 0.20, 0.42), "teal": (0.03, 0.30, 0.30)}
FONTS = ("timrom.ttf", "cyrvetic.ttf")

# A phone's main camera: a 26 mm equivalent lens sees the 43.27 mm diagonal of a 36 x 24 mm
# frame, 2 atan(21.63 / 26) = 79.5 deg across the diagonal; the sensor is 4:3.
DIAGONAL_FOV_DEG = 2 * math.degrees(math.atan(43.27 / 2 / 26.0))

def basis(cam, look, roll_deg):
    """Right, up, forward unit vectors (table frame) of a camera turned by roll about its axis."""
    f = np.subtract(look, cam).astype(float)
    f /= np.linalg.norm(f)
    r = np.cross(f, [0.0, 0.0, 1.0])
    r /= np.linalg.norm(r)
    u = np.cross(r, f)
    a = math.radians(roll_deg)
    return math.cos(a) * r + math.sin(a) * u, -math.sin(a) * r + math.cos(a) * u, f


def half_tans(width_px, height_px):
    """tan of half the field of view across the width and the height (4:3 or any frame)."""
    t = math.tan(math.radians(DIAGONAL_FOV_DEG) / 2) / math.hypot(width_px, height_px)
    return t * width_px, t * height_px



# --- the scene (POV-Ray, which is left-handed and y up: table (x, y, z) -> <x, z, y>) -------
def _p(v) -> str:
    return f"<{v[0]:.5f}, {v[2]:.5f}, {v[1]:.5f}>"


def _c(rgb) -> str:
    return f"rgb <{rgb[0]:.4f}, {rgb[1]:.4f}, {rgb[2]:.4f}>"


def _jitter(rng, rgb, amount) -> tuple:
    return tuple(float(np.clip(c * (1 + rng.uniform(-amount, amount)), 0, 1)) for c in rgb)


def _camera_pov(cam, look, roll, width_px, height_px) -> str:
    r, u, f = basis(cam, look, roll)
    tw, th = half_tans(width_px, height_px)
    return (f"camera {{ perspective location {_p(cam)} direction {_p(f)}\n"
            f"  right {_p(2 * tw * r)} up {_p(2 * th * u)} }}")


def _cushions(spec, top_m) -> list[str]:
    """Each cushion: a slab between its nose and the rail, the face cut back under the nose."""
    L, W, h, k = spec.length_m, spec.width_m, spec.cushion_height_m, NOSE_UNDERCUT_M
    out = []
    for normal, nose, lo, hi in (((0, -1), 0.0, (-top_m, -top_m - 0.001), (L + top_m, 0.001)),
                                 ((0, 1), W, (-top_m, W - 0.001), (L + top_m, W + top_m)),
                                 ((-1, 0), 0.0, (-top_m, -top_m), (0.001, W + top_m)),
                                 ((1, 0), L, (L - 0.001, -top_m), (L + top_m, W + top_m))):
        o = np.array([normal[0], normal[1], 0.0])
        c = nose if normal[0] + normal[1] > 0 else -nose
        # inside when the distance out from the nose, s = o.p - c, is >= k (1 - z / h)
        n = -o - np.array([0, 0, k / h])
        norm = float(np.linalg.norm(n))
        out.append(f"intersection {{ box {{ {_p((lo[0], lo[1], 0))}, {_p((hi[0], hi[1], h))} }}"
                   f" plane {{ {_p(n / norm)}, {(-c - k) / norm:.6f} }} }}")
    return out


def _holes(spec) -> list[tuple[float, float]]:
    L, W = spec.length_m, spec.width_m
    out = []
    for pid in ("NR", "MR", "FR", "FL", "ML", "NL"):
        px, py = spec.pocket_position(pid)
        d = np.array([-1.0 if px == 0 else (1.0 if px == L else 0.0), -1.0 if py == 0 else 1.0])
        d /= np.linalg.norm(d)
        out.append((px + HOLE_OUT_M * d[0], py + HOLE_OUT_M * d[1]))
    return out


def table_pov(rng, spec, top_m, rail_m, cloth_rgb) -> str:
    L, W, h = spec.length_m, spec.width_m, spec.cushion_height_m
    e = top_m + rail_m
    raise_m = rng.uniform(*RAIL_RAISE_RANGE_M)
    cloth = (f"texture {{ pigment {{ granite scale 0.004 color_map {{ [0 {_c(cloth_rgb)}] "
             f"[1 {_c(tuple(0.82 * c for c in cloth_rgb))}] }} }} "
             f"normal {{ bumps 0.15 scale 0.002 }} finish {{ diffuse 0.85 specular 0.02 "
             f"roughness 0.1 }} }}")
    wood_rgb = _jitter(rng, (0.30, 0.14, 0.06), 0.3)
    wood = (f"texture {{ pigment {{ wood turbulence 0.08 scale 0.05 rotate <5, 90, 0> "
            f"color_map {{ [0 {_c(wood_rgb)}] [1 {_c(tuple(0.6 * c for c in wood_rgb))}] }} }} "
            f"finish {{ specular 0.4 roughness 0.02 reflection 0.04 }} }}")
    holes = " ".join(f"cylinder {{ {_p((x, y, -0.3))}, {_p((x, y, 0.1))}, {HOLE_RADIUS_M} }}"
                     for x, y in _holes(spec))
    rail = (f"difference {{ box {{ {_p((-e, -e, -0.22))}, {_p((L + e, W + e, h + raise_m))} }} "
            f"box {{ {_p((-top_m, -top_m, -0.3))}, {_p((L + top_m, W + top_m, 0.2))} }} }}")
    parts = [f"difference {{ union {{ box {{ {_p((-top_m, -top_m, -0.03))}, "
             f"{_p((L + top_m, W + top_m, 0))} }} {' '.join(_cushions(spec, top_m))} }} "
             f"{holes} {cloth} }}",
             f"difference {{ {rail} {holes} {wood} }}",
             f"box {{ {_p((-e + 0.05, -e + 0.05, FLOOR_Z_M))}, {_p((L + e - 0.05, W + e - 0.05, -0.2))}"
             f" }} {wood} }}".replace("box {", "object { box {", 1)]
    for x, y in _holes(spec):  # the pockets' dark insides
        parts.append(f"cylinder {{ {_p((x, y, -0.18))}, {_p((x, y, -0.17))}, {HOLE_RADIUS_M} "
                     f"pigment {{ rgb 0.02 }} }}")
        parts.append(f"cylinder {{ {_p((x, y, -0.18))}, {_p((x, y, -0.001))}, "
                     f"{HOLE_RADIUS_M - 0.0005} open pigment {{ rgb 0.02 }} }}")
    for x, y in spec.diamonds():  # pearl sights, mid-rail
        ox = -1 if x == 0 else (1 if x == L else 0)
        oy = 0 if ox else (-1 if y == 0 else 1)
        d = top_m + rail_m / 2
        parts.append(f"cylinder {{ {_p((x + ox * d, y + oy * d, h + raise_m - 0.0005))}, "
                     f"{_p((x + ox * d, y + oy * d, h + raise_m + 0.0005))}, 0.006 "
                     f"pigment {{ rgb <0.92, 0.92, 0.88> }} finish {{ phong 0.6 }} }}")
    return "\n".join(parts), h + raise_m


def ball_pov(rng, spec, ident, xy, cue_colour) -> str:
    R = spec.ball_radius_m
    finish = "finish { phong 0.9 phong_size 80 reflection 0.03 diffuse 0.8 }"
    if ident == "cue":
        rgb = (0.74, 0.06, 0.05) if cue_colour == "red" else (0.93, 0.74, 0.10)
        rgb = _jitter(rng, rgb, 0.06)
        marks = [f"cylinder {{ <0,0,0>, <0,0,{z * (R + 0.001):.4f}>, 0.006 }}" for z in (1, -1)] \
            if cue_colour == "red" else []
    else:
        rgb = (rng.uniform(0.86, 0.96), rng.uniform(0.83, 0.92), rng.uniform(0.70, 0.84))
        font = FONTS[int(rng.integers(len(FONTS)))]
        w = 0.0033 * len(ident)
        marks = [f"text {{ ttf \"{font}\" \"{ident}\" 1, 0 scale <0.013, 0.013, 0.02> "
                 f"translate <{-w:.4f}, -0.0045, {R - 0.01:.4f}> rotate y*{a} }}"
                 for a in (0, 180)]
    decal = (f"intersection {{ sphere {{ <0,0,0>, {R + 0.0002:.5f} }} union {{ {' '.join(marks)} }}"
             f" pigment {{ rgb 0.03 }} {finish} }}") if marks else ""
    rot = rng.uniform(0, 360, 3)
    return (f"union {{ sphere {{ <0,0,0>, {R} pigment {{ {_c(rgb)} }} {finish} }} {decal} "
            f"rotate <{rot[0]:.1f}, {rot[1]:.1f}, {rot[2]:.1f}> translate {_p((xy[0], xy[1], R))} }}")


def lights_pov(rng, spec, kind) -> str:
    L, W = spec.length_m, spec.width_m
    z = rng.uniform(0.9, 1.2)
    warm = _jitter(rng, (1.0, 0.95, 0.85), 0.05)
    out = [f"light_source {{ {_p((L / 2, W / 2, 2.6))} {_c(tuple(0.18 * c for c in warm))} "
           f"shadowless }}"]
    if kind == "pendants":
        for dx in (-1.0, 0.0, 1.0):
            x = L / 2 + dx * rng.uniform(0.95, 1.15)
            y = W / 2 + rng.uniform(-0.05, 0.05)
            out.append(f"light_source {{ {_p((x, y, z))} {_c(tuple(0.55 * c for c in warm))} "
                       f"area_light <0.12,0,0>, <0,0,0.12>, 3, 3 adaptive 0 jitter "
                       f"fade_distance 1.2 fade_power 1 }}")
            out.append(f"cone {{ {_p((x, y, z + 0.16))}, 0.05, {_p((x, y, z - 0.04))}, 0.21 open "
                       f"texture {{ pigment {{ rgb <0.05, 0.22, 0.08> }} finish {{ specular 0.5 }} }}"
                       f" interior_texture {{ pigment {{ rgb 0.9 }} }} no_shadow }}")
    else:
        for dy in (-0.3, 0.3):
            y = W / 2 + dy + rng.uniform(-0.05, 0.05)
            out.append(f"light_source {{ {_p((L / 2 - 0.75, y, z))} "
                       f"{_c(tuple(0.75 * c for c in warm))} area_light <1.5,0,0>, <0,0,0.03>, 6, 1 "
                       f"adaptive 0 jitter fade_distance 1.3 fade_power 1 }}")
            out.append(f"cylinder {{ {_p((L / 2 - 0.75, y, z + 0.02))}, {_p((L / 2 + 0.75, y, z + 0.02))},"
                       f" 0.013 pigment {{ rgb 1 }} finish {{ emission 1 }} no_shadow }}")
        out.append(f"box {{ {_p((L / 2 - 0.85, W / 2 - 0.45, z + 0.04))}, "
                   f"{_p((L / 2 + 0.85, W / 2 + 0.45, z + 0.08))} pigment {{ rgb 0.7 }} }}")
    return "\n".join(out)


def clutter_pov(rng, spec, top_m, rail_m, rail_top_m, cue_on_rail) -> str:
    L, W = spec.length_m, spec.width_m
    d = top_m + rail_m / 2
    side = int(rng.integers(4))
    t = rng.uniform(0.15, 0.85)
    along = [(t * L, -d), (t * L, W + d), (-d, t * W), (L + d, t * W)][side]
    out = [f"box {{ <-0.5,0,-0.5>, <0.5,1,0.5> scale {CHALK_SIDE_M} rotate y*{rng.uniform(0, 90):.1f}"
           f" translate {_p((along[0], along[1], rail_top_m))} pigment {{ rgb <0.15, 0.35, 0.75> }} }}"]
    if cue_on_rail:
        side = int(rng.integers(4))
        t = rng.uniform(0.2, 0.8)
        on = [(t * L, -d, 0, 1), (t * L, W + d, 0, -1), (-d, t * W, 1, 0), (L + d, t * W, -1, 0)][side]
        ang = math.radians(rng.uniform(-55, 55))
        inward = np.array([on[2], on[3]])
        dirn = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]]) @ inward
        over = rng.uniform(0.08, 0.35)  # the tip's part over the cloth, beyond the rail's middle
        tip = np.array(on[:2]) + dirn * over
        butt = tip - dirn * CUE_LENGTH_M
        zc = rail_top_m + CUE_RADII_M[1]
        wood = _jitter(rng, (0.80, 0.62, 0.38), 0.1)
        out.append(f"cone {{ {_p((butt[0], butt[1], zc + 0.008))}, {CUE_RADII_M[0]}, "
                   f"{_p((tip[0], tip[1], zc))}, {CUE_RADII_M[1]} pigment {{ gradient "
                   f"{_p((dirn[0], dirn[1], 0))} color_map {{ [0 rgb <0.12,0.05,0.03>] "
                   f"[0.45 rgb <0.12,0.05,0.03>] [0.46 {_c(wood)}] [1 {_c(wood)}] }} scale "
                   f"{CUE_LENGTH_M} translate {_p((butt[0], butt[1], 0))} }} "
                   f"finish {{ specular 0.5 roughness 0.02 }} }}")
    return "\n".join(out)


