#!/usr/bin/python3
"""Draws a .glb as parkan exports it into a PNG, to look at it without a viewer (pure Python).

    scripts/render-glb.py MODEL.glb OUT.png [FRAME] [YAW_DEGREES] [SIZE]

Reads the JSON and BIN chunks, composes the node world matrices (the animation's keyframe FRAME when
given, else the rest pose), and rasterizes every triangle in glTF world space (Y up) seen from the
front-right, with a z-buffer, flat shading from the winding's normal and back faces culled (a face
wound the wrong way shows as a hole). Colour: the material's baseColorFactor times the mean colour of
its texture is not decoded here; materials get distinct hues instead.
"""
import json
import math
import struct
import sys
import zlib

COMPONENT = {5126: ("f", 4), 5123: ("H", 2), 5125: ("I", 4)}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}


def read_glb(path):
    data = open(path, "rb").read()
    magic, _version, _length = struct.unpack_from("<4sII", data, 0)
    assert magic == b"glTF"
    size, _kind = struct.unpack_from("<II", data, 12)
    document = json.loads(data[20:20 + size])
    offset = 20 + size
    binary = b""
    if offset < len(data):
        bin_size, _ = struct.unpack_from("<II", data, offset)
        binary = data[offset + 8: offset + 8 + bin_size]
    return document, binary


def accessor(document, binary, index):
    a = document["accessors"][index]
    view = document["bufferViews"][a["bufferView"]]
    code, size = COMPONENT[a["componentType"]]
    width = WIDTH[a["type"]]
    start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
    values = struct.unpack_from("<%d%s" % (a["count"] * width, code), binary, start)
    return [values[i * width:(i + 1) * width] for i in range(a["count"])] if width > 1 else list(values)


def trs(t, q, s=(1, 1, 1)):
    x, y, z, w = q
    m = [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), t[0]],
         [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x), t[1]],
         [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y), t[2]],
         [0, 0, 0, 1]]
    for i in range(3):
        for j in range(3):
            m[i][j] *= s[j]
    return m


def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def apply(m, p):
    return [m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2] + m[i][3] for i in range(3)]


def main():
    path, out = sys.argv[1], sys.argv[2]
    frame = int(sys.argv[3]) if len(sys.argv) > 3 else -1
    yaw = math.radians(float(sys.argv[4]) if len(sys.argv) > 4 else 35.0)
    document, binary = read_glb(path)
    nodes = document["nodes"]
    t = [n.get("translation", [0, 0, 0]) for n in nodes]
    r = [n.get("rotation", [0, 0, 0, 1]) for n in nodes]
    sc = [n.get("scale", [1, 1, 1]) for n in nodes]
    if frame >= 0 and document.get("animations"):
        animation = document["animations"][0]
        for channel in animation["channels"]:
            values = accessor(document, binary, animation["samplers"][channel["sampler"]]["output"])
            target = channel["target"]
            (t if target["path"] == "translation" else r)[target["node"]] = values[frame]
    world = [None] * len(nodes)
    stack = [(root, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]) for root in document["scenes"][0]["nodes"]]
    while stack:
        node, parent = stack.pop()
        world[node] = mul(parent, trs(t[node], r[node], sc[node]))
        stack.extend((c, world[node]) for c in nodes[node].get("children", []))
    triangles = []
    for n, node in enumerate(nodes):
        if "mesh" not in node:
            continue
        for primitive in document["meshes"][node["mesh"]]["primitives"]:
            if primitive.get("mode", 4) != 4 or "indices" not in primitive:
                continue  # lines (a mission's routes) and unindexed primitives are not drawn
            positions = [apply(world[n], p) for p in accessor(document, binary, primitive["attributes"]["POSITION"])]
            indices = accessor(document, binary, primitive["indices"])
            material = primitive.get("material", 0)
            for k in range(0, len(indices), 3):
                triangles.append(([positions[i] for i in indices[k:k + 3]], material))
    # View: turn about Y by yaw, tilt 20 degrees down, orthographic.
    cy, sy, cx, sx = math.cos(yaw), math.sin(yaw), math.cos(math.radians(20)), math.sin(math.radians(20))

    def view(p):
        x, z = cy * p[0] + sy * p[2], -sy * p[0] + cy * p[2]
        y, z = cx * p[1] - sx * z, sx * p[1] + cx * z
        return x, y, z

    projected = [([view(p) for p in tri], m) for tri, m in triangles]
    xs = [p[0] for tri, _ in projected for p in tri]
    ys = [p[1] for tri, _ in projected for p in tri]
    size = int(sys.argv[5]) if len(sys.argv) > 5 else 480
    scale = 0.9 * size / max(max(xs) - min(xs), max(ys) - min(ys), 1e-6)
    cx0, cy0 = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    image = bytearray([30, 30, 38] * size * size)
    depth = [-1e30] * (size * size)
    light = (0.4, 0.8, 0.45)
    for tri, material in projected:
        (ax, ay, az), (bx, by, bz), (qx, qy, qz) = tri
        u, v = (bx - ax, by - ay, bz - az), (qx - ax, qy - ay, qz - az)
        normal = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        length = math.sqrt(sum(c * c for c in normal))
        if length == 0 or normal[2] <= 0:  # back face (counter-clockwise is front) or degenerate
            continue
        shade = 0.25 + 0.75 * max(0.0, sum(normal[i] / length * light[i] for i in range(3)))
        hue = [(200, 120, 60), (80, 160, 210), (120, 200, 90), (210, 190, 80), (190, 90, 190)][material % 5]
        colour = bytes(int(c * shade) for c in hue)
        pts = [((p[0] - cx0) * scale + size / 2, size / 2 - (p[1] - cy0) * scale, p[2]) for p in tri]
        x0, x1 = max(0, int(min(p[0] for p in pts))), min(size - 1, int(max(p[0] for p in pts)) + 1)
        y0, y1 = max(0, int(min(p[1] for p in pts))), min(size - 1, int(max(p[1] for p in pts)) + 1)
        (px, py, pz), (qx2, qy2, qz2), (rx, ry, rz) = pts
        area = (qx2 - px) * (ry - py) - (qy2 - py) * (rx - px)
        if area == 0:
            continue
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                w0 = ((qx2 - x) * (ry - y) - (qy2 - y) * (rx - x)) / area
                w1 = ((rx - x) * (py - y) - (ry - y) * (px - x)) / area
                w2 = 1 - w0 - w1
                if w0 < 0 or w1 < 0 or w2 < 0:
                    continue
                z = w0 * pz + w1 * qz2 + w2 * rz
                if z > depth[y * size + x]:
                    depth[y * size + x] = z
                    image[(y * size + x) * 3:(y * size + x) * 3 + 3] = colour
    rows = b"".join(b"\0" + bytes(image[y * size * 3:(y + 1) * size * 3]) for y in range(size))
    chunk = lambda kind, body: struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")
    open(out, "wb").write(png)


main()
