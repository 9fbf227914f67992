# Makes the Blender fixtures of tests/import (docs/import.md 5): models built with Blender's own
# operators and written by Blender's own glTF exporter, so that the import is tested on what a
# modder's Blender writes, not on parkan's export. Run from the repository root:
#   blender -b --factory-startup --python tests/import/blender/make_fixtures.py -- tests/import/blender
# Blender's frame is the game's (Z up, +Y north): its exporter turns it to glTF's Y-up, the import
# turns it back, so the coordinates below are the ones the tests expect in the game.
import math
import os
import sys

import bpy

out = sys.argv[sys.argv.index("--") + 1]


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.context.scene.render.fps = 30


def material(name, rgba, image=None):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    bsdf = m.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = rgba
    if image is not None:
        tex = m.node_tree.nodes.new("ShaderNodeTexImage")
        tex.image = image
        m.node_tree.links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    return m


def checker(name, size, a, b):
    image = bpy.data.images.new(name, size, size)
    pixels = []
    for y in range(size):
        for x in range(size):
            pixels += a if (x // 4 + y // 4) % 2 == 0 else b
    image.pixels = pixels
    image.file_format = "PNG"
    image.pack()
    return image


def box(name, size, location, mat=None, parent=None):
    bpy.ops.mesh.primitive_cube_add(size=1, location=location)
    obj = bpy.context.active_object
    obj.name = name
    obj.data.name = name
    obj.scale = size
    bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    if mat is not None:
        obj.data.materials.append(mat)
    if parent is not None:
        obj.parent = parent
        obj.matrix_parent_inverse = parent.matrix_world.inverted()
    return obj


def export(file_name):
    bpy.ops.export_scene.gltf(filepath=os.path.join(out, file_name), export_format="GLB", export_animations=True,
                              export_apply=True)


# A building: the tower, a coarser level of detail, a damage stage, and a socket (an empty) on its roof.
reset()
concrete = material("concrete", (0.55, 0.55, 0.5, 1.0))
rubble = material("rubble", (0.35, 0.3, 0.25, 1.0))
tower = box("tower", (4, 4, 6), (0, 0, 3), concrete)
box("tower_LOD1", (4, 4, 6), (0, 0, 3), concrete)
box("tower_STAGE1", (4, 4, 2), (0, 0, 1), rubble)
bpy.ops.object.empty_add(location=(0, 0, 6))
flag = bpy.context.active_object
flag.name = "Base_flag"
flag.parent = tower
flag.matrix_parent_inverse = tower.matrix_world.inverted()
export("building.glb")

# A vehicle: a textured hull, a turret that turns 90 degrees about Z over one second (frames 1 to 31
# at 30 frames a second), a gun on the turret, and a cockpit for the first-person view.
reset()
camo = material("camo", (1, 1, 1, 1), checker("camo", 16, [0.2, 0.3, 0.1, 1], [0.4, 0.45, 0.2, 1]))
steel = material("steel", (0.5, 0.5, 0.55, 1.0))
hull = box("hull", (3, 5, 1), (0, 0, 0.5), camo)
turret = box("turret", (2, 2, 0.8), (0, 0, 1.4), steel, hull)
gun = box("gun", (0.3, 3, 0.3), (0, 2.5, 1.4), steel, turret)
box("CP_m1o1", (1, 1, 0.5), (0, 1, 1), steel, hull)
turret.rotation_mode = "XYZ"
turret.rotation_euler = (0, 0, 0)
turret.keyframe_insert("rotation_euler", frame=1)
turret.rotation_euler = (0, 0, math.pi / 2)
turret.keyframe_insert("rotation_euler", frame=31)
for fcurve in turret.animation_data.action.fcurves:
    for point in fcurve.keyframe_points:
        point.interpolation = "LINEAR"
turret.animation_data.action.name = "traverse"
bpy.context.scene.frame_start = 1
bpy.context.scene.frame_end = 31
export("vehicle.glb")
