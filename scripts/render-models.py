#!/usr/bin/python3
"""Draws the models of a sample game's models.rlb into PNGs, to look at them.

    scripts/render-models.py PARKAN GAME_DIR OUT_DIR

Geometry, batches and slots are read from the model NRes here; the world matrices come from the
library (`parkan anim world MODEL --time T --json`, msh::world_matrices), the textures from
`parkan texm to-png`, the material chain from the model's .wea, Material.lib (MAT0 phase 0) and
Textures.lib. Triangles are drawn with a z-buffer, textured (affine UVs), lit by their winding's
normal; back faces (by winding) are culled, so a face wound the wrong way shows as a hole, and a
triangle whose stored normal points against its winding is drawn red. Needs Pillow and numpy.
"""
import json
import os
import struct
import subprocess
import sys

import numpy as np
from PIL import Image, ImageDraw

MESH, WEAR, MAT0, TEXM = 0x4853454D, 0x52414557, 0x3054414D, 0x6D786554


def nres(data):
    magic, _version, count, total = struct.unpack_from("<4sIiI", data, 0)
    assert magic == b"NRes" and total == len(data)
    entries = []
    for i in range(count):
        row = data[total - 64 * (count - i): total - 64 * (count - i) + 64]
        type_id, attr1, attr2, size = struct.unpack_from("<4I", row, 0)
        name = row[0x14:0x38].split(b"\0")[0].decode("cp1251")
        (offset,) = struct.unpack_from("<I", row, 0x38)
        entries.append({"type": type_id, "attr1": attr1, "attr2": attr2, "name": name,
                        "data": data[offset: offset + size]})
    return entries


def model_streams(data):
    streams = {}
    for e in nres(data):
        streams.setdefault(e["type"], e["data"])
    return streams


def parse_model(data):
    s = model_streams(data)
    nodes = [struct.unpack_from("<4H15H", s[1], 38 * i) for i in range(len(s[1]) // 38)]
    slots = []
    for i in range((len(s[2]) - 0x8C) // 68):
        tri_start, tri_count, batch_start, batch_count = struct.unpack_from("<4H", s[2], 0x8C + 68 * i)
        slots.append((batch_start, batch_count))
    pos = np.frombuffer(s[3], dtype="<f4").reshape(-1, 3)
    nrm = np.frombuffer(s[4], dtype="i1").reshape(-1, 4)[:, :3].astype(np.float32) / 127.0
    uv = np.frombuffer(s[5], dtype="<i2").reshape(-1, 2).astype(np.float32) / 1024.0
    idx = np.frombuffer(s[6], dtype="<u2")
    batches = []
    for i in range(len(s[13]) // 20):
        flags, material, _w4, _w6, count, start, _we, base = struct.unpack_from("<5HIHI", s[13], 20 * i)
        batches.append((material, start, count, base))
    return {"nodes": nodes, "slots": slots, "pos": pos, "nrm": nrm, "uv": uv, "idx": idx, "batches": batches}


def textures_of(parkan, game, library, stem, tmp):
    wear = next(e for e in library if e["name"].lower() == stem + ".wea")["data"].decode("cp1251").split("\n")
    names = [line.split()[1] for line in wear[1: 1 + int(wear[0])]]
    materials = {e["name"]: e for e in nres(open(os.path.join(game, "Material.lib"), "rb").read())}
    out = []
    for name in names:
        mat = materials[name]
        prefix = (2 if mat["attr2"] >= 2 else 0) + (4 if mat["attr2"] >= 3 else 0) + (4 if mat["attr2"] >= 4 else 0)
        field = mat["data"][4 + prefix + 18: 4 + prefix + 34]
        texture = field.split(b"\0")[0].decode("cp1251")
        png = os.path.join(tmp, texture + ".png")
        if not os.path.exists(png):
            subprocess.run([parkan, "texm", "to-png", os.path.join(game, "Textures.lib") + "::" + texture, png],
                           check=True, stdout=subprocess.DEVNULL)
        out.append(np.asarray(Image.open(png).convert("RGB"), dtype=np.float32))
    return out


def world(parkan, ref, t):
    r = subprocess.run([parkan, "anim", "world", ref, "--time", str(t), "--json"], check=True,
                       capture_output=True, text=True)
    return [np.array(m, dtype=np.float32).reshape(4, 4) for m in json.loads(r.stdout)["matrices"]]


def camera(direction):
    c = np.array(direction, dtype=np.float32)
    c /= np.linalg.norm(c)
    view = -c
    right = np.cross(view, [0, 0, 1])
    right /= np.linalg.norm(right)
    up = np.cross(right, view)
    return right, up, view


def draw(model, textures, matrices, state, lod, direction, size, bounds):
    """One view: triangles of slot[state][lod] of every node in world space, z-buffered."""
    right, up, view = camera(direction)
    light = np.array([0.35, -0.55, 0.75], dtype=np.float32)
    light /= np.linalg.norm(light)
    image = np.full((size, size, 3), 235.0, dtype=np.float32)
    depth = np.full((size, size), np.inf, dtype=np.float32)
    lo, hi = bounds
    centre = (lo + hi) / 2
    extent = float(np.linalg.norm(hi - lo)) * 0.55
    scale = size / (2 * extent)
    for n, node in enumerate(model["nodes"]):
        slot = node[4 + 5 * state + lod]
        if slot == 0xFFFF:
            continue
        m = matrices[n]
        batch_start, batch_count = model["slots"][slot]
        for material, start, count, base in model["batches"][batch_start: batch_start + batch_count]:
            tex = textures[material]
            th, tw = tex.shape[:2]
            tri = model["idx"][start: start + count].astype(np.int64).reshape(-1, 3) + base
            p = model["pos"][tri] @ m[:3, :3].T + m[:3, 3]
            stored_n = model["nrm"][tri].sum(axis=1) @ m[:3, :3].T
            geo = np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0])
            uvs = model["uv"][tri]
            for k in range(len(tri)):
                g = geo[k]
                length = np.linalg.norm(g)
                if length == 0 or np.dot(g, view) >= 0:
                    continue  # degenerate, or facing away by its winding
                g = g / length
                bad = np.dot(g, stored_n[k]) < 0
                q = p[k] - centre
                sx = (q @ right) * scale + size / 2
                sy = size / 2 - (q @ up) * scale
                sz = q @ view
                x0, x1 = max(int(np.floor(sx.min())), 0), min(int(np.ceil(sx.max())), size - 1)
                y0, y1 = max(int(np.floor(sy.min())), 0), min(int(np.ceil(sy.max())), size - 1)
                if x0 > x1 or y0 > y1:
                    continue
                xs, ys = np.meshgrid(np.arange(x0, x1 + 1) + 0.5, np.arange(y0, y1 + 1) + 0.5)
                d = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0])
                if abs(d) < 1e-9:
                    continue
                w1 = ((xs - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (ys - sy[0])) / d
                w2 = ((sx[1] - sx[0]) * (ys - sy[0]) - (xs - sx[0]) * (sy[1] - sy[0])) / d
                w0 = 1 - w1 - w2
                inside = (w0 >= 0) & (w1 >= 0) & (w2 >= 0)
                z = w0 * sz[0] + w1 * sz[1] + w2 * sz[2]
                region = depth[y0: y1 + 1, x0: x1 + 1]
                hit = inside & (z < region)
                if not hit.any():
                    continue
                region[hit] = z[hit]
                u = w0 * uvs[k, 0, 0] + w1 * uvs[k, 1, 0] + w2 * uvs[k, 2, 0]
                v = w0 * uvs[k, 0, 1] + w1 * uvs[k, 1, 1] + w2 * uvs[k, 2, 1]
                tx = (np.floor(u * tw).astype(np.int64)) % tw
                ty = (np.floor(v * th).astype(np.int64)) % th
                colour = tex[ty, tx]
                shade = 0.45 + 0.55 * max(float(np.dot(g, light)), 0.0)
                if bad:
                    colour = np.broadcast_to(np.array([255.0, 0, 0]), colour.shape)
                image[y0: y1 + 1, x0: x1 + 1][hit] = colour[hit] * shade
    return Image.fromarray(np.clip(image, 0, 255).astype(np.uint8))


def model_bounds(data):
    s = model_streams(data)
    corners = np.frombuffer(s[2][:96], dtype="<f4").reshape(8, 3)
    return corners.min(axis=0), corners.max(axis=0)


def sheet(images, labels):
    w, h = images[0].size
    out = Image.new("RGB", (w * len(images), h + 18), (255, 255, 255))
    d = ImageDraw.Draw(out)
    for i, (im, label) in enumerate(zip(images, labels)):
        out.paste(im, (i * w, 18))
        d.text((i * w + 4, 3), label, fill=(0, 0, 0))
    return out


def main():
    parkan, game, out_dir = sys.argv[1:4]
    frames = [0, 8, 16, 24]
    os.makedirs(out_dir, exist_ok=True)
    tmp = os.path.join(out_dir, "textures")
    os.makedirs(tmp, exist_ok=True)
    lib_path = os.path.join(game, "models.rlb")
    library = nres(open(lib_path, "rb").read())
    front = (-1.0, -1.7, 0.9)  # the front is -Y: seen from the front left, above
    side = (-1.0, -0.05, 0.12)
    back = (1.2, 1.5, 0.8)
    for entry in library:
        if entry["type"] != MESH:
            continue
        stem = entry["name"][:-4]
        ref = lib_path + "::" + entry["name"]
        model = parse_model(entry["data"])
        textures = textures_of(parkan, game, library, stem, tmp)
        bounds = model_bounds(entry["data"])
        rest = world(parkan, ref, 0)
        size = 360
        if stem == "building":
            views = [draw(model, textures, rest, 0, lod, front, size, bounds) for lod in range(3)]
            views.append(draw(model, textures, rest, 1, 0, front, size, bounds))
            views.append(draw(model, textures, rest, 0, 0, back, size, bounds))
            sheet(views, ["LOD 0", "LOD 1", "LOD 2", "destroyed", "LOD 0 from the back"]).save(
                os.path.join(out_dir, stem + ".png"))
            continue
        views = [draw(model, textures, rest, 0, 0, d, size, bounds) for d in (front, side, back)]
        sheet(views, ["front left", "left side", "back right"]).save(os.path.join(out_dir, stem + ".png"))
        anim_frames = [0, 30, 60, 90] if stem == "tank" else frames
        view = (-0.3, -0.4, 1.6) if stem == "tank" else side  # the tank's turret from above
        poses = [draw(model, textures, world(parkan, ref, t), 0, 0, view, size, bounds) for t in anim_frames]
        sheet(poses, ["frame %d" % t for t in anim_frames]).save(os.path.join(out_dir, stem + "-frames.png"))
        if stem == "walker":
            lods = [draw(model, textures, rest, 0, lod, front, size, bounds) for lod in (0, 1)]
            sheet(lods, ["LOD 0", "LOD 1"]).save(os.path.join(out_dir, stem + "-lods.png"))
            poses = [draw(model, textures, world(parkan, ref, t), 0, 0, front, size, bounds) for t in anim_frames]
            sheet(poses, ["frame %d" % t for t in anim_frames]).save(os.path.join(out_dir, stem + "-frames-front.png"))


if __name__ == "__main__":
    main()
