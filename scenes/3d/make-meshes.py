#!/usr/bin/env python3
"""Writes the small OBJ meshes the bundled 3D scenes use (run from this directory).

rock.obj: an icosphere subdivided twice (162 vertices), each vertex pushed in or out by a
smooth bumpy function and the whole squashed, so the mesh is not convex and its convex hull
drops the dents. gem.obj: a brilliant-cut gem (25 vertices) with an octagonal table, a 16-point
girdle and a pointed culet, convex as cut.
"""
import math


def icosphere(subdivisions):
    t = (1 + 5 ** 0.5) / 2
    verts = [(-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0), (0, -1, t), (0, 1, t),
             (0, -1, -t), (0, 1, -t), (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)]
    verts = [normalise(v) for v in verts]
    faces = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4),
             (11, 10, 2), (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8),
             (3, 8, 9), (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    for _ in range(subdivisions):
        middle = {}

        def mid(i, j):
            key = (min(i, j), max(i, j))
            if key not in middle:
                a, b = verts[i], verts[j]
                verts.append(normalise(tuple((p + q) / 2 for p, q in zip(a, b))))
                middle[key] = len(verts) - 1
            return middle[key]

        new_faces = []
        for a, b, c in faces:
            ab, bc, ca = mid(a, b), mid(b, c), mid(c, a)
            new_faces += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
        faces = new_faces
    return verts, faces


def normalise(v):
    n = math.sqrt(sum(x * x for x in v))
    return tuple(x / n for x in v)


def write(name, comment, verts, faces):
    with open(name, "w") as f:
        f.write(comment)
        for x, y, z in verts:
            f.write(f"v {x:.4f} {y:.4f} {z:.4f}\n")
        for face in faces:
            f.write("f " + " ".join(str(i + 1) for i in face) + "\n")


def rock():
    verts, faces = icosphere(2)
    bumpy = []
    for x, y, z in verts:
        r = 1 + 0.12 * math.sin(3 * x + 1) * math.cos(2 * y) + 0.08 * math.sin(5 * z + 2 * x)
        bumpy.append((0.9 * r * x, 0.6 * r * y, 0.75 * r * z))
    write("rock.obj", "# A bumpy rock, written by make-meshes.py\no rock\n", bumpy, faces)


def gem():
    table = [(0.5 * math.cos(k * math.pi / 4), 0.3, 0.5 * math.sin(k * math.pi / 4)) for k in range(8)]
    girdle = [(math.cos(k * math.pi / 8), 0.0, math.sin(k * math.pi / 8)) for k in range(16)]
    culet = [(0.0, -0.9, 0.0)]
    verts = table + girdle + culet
    faces = [tuple(reversed(range(8)))]  # the table, facing up
    for k in range(8):
        t0, t1 = k, (k + 1) % 8
        g0, g1, g2 = 8 + 2 * k, 8 + 2 * k + 1, 8 + (2 * k + 2) % 16
        faces += [(t0, g1, g0), (t0, t1, g1), (t1, g2, g1)]
    for k in range(16):
        faces.append((8 + k, 8 + (k + 1) % 16, 24))
    write("gem.obj", "# A brilliant-cut gem, written by make-meshes.py\no gem\n", verts, faces)


rock()
gem()
