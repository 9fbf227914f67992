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


# A checker of 4-pixel squares: `a` where the square's row plus column is even, else `b`. Blender's pixel
# row 0 is the image's bottom (the PNG's top row is Blender's last). alpha: the image keeps its alpha
# channel and is written as an RGBA PNG; without it Blender writes RGB and drops the alpha of `a` and `b`.
def checker(name, size, a, b, alpha=False):
    image = bpy.data.images.new(name, size, size, alpha=alpha)
    pixels = []
    for y in range(size):
        for x in range(size):
            pixels += a if (x // 4 + y // 4) % 2 == 0 else b
    image.pixels = pixels
    image.file_format = "PNG"
    image.pack()
    return image


# A greyscale ramp along x (grey x * 8 / 255, exact in a byte): a baked lightmap as the exporter sees it.
def gradient(name, size):
    image = bpy.data.images.new(name, size, size)
    # Data, as Blender's glTF importer marks occlusion; set first: it makes a generated image anew, black.
    image.colorspace_settings.name = "Non-Color"
    pixels = []
    for y in range(size):
        for x in range(size):
            grey = x * 8 / 255
            pixels += [grey, grey, grey, 1]
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

# A skylight: a 2 x 2 plane with a 1.6 x 1.6 pane inset in it (the inset's ring is the frame), lying at
# z = 0 about the origin. The pane's material is see-through: blend_method BLEND is glTF's alphaMode
# BLEND; the exporter takes baseColorFactor's alpha from the Principled BSDF's Alpha input (0.5), and
# with the Color output linked to Base Color the factor's RGB is 1 and the image is written whole,
# alpha included: an RGBA checker whose every other square has alpha 128.
reset()
wood = material("frame", (1, 1, 1, 1), checker("wood", 8, [0.4, 0.25, 0.1, 1], [0.3, 0.2, 0.1, 1]))
glass = material("glass", (1, 1, 1, 1),
                 checker("pane", 16, [0.6, 0.8, 0.9, 1], [0.6, 0.8, 0.9, 128 / 255], alpha=True))
glass.blend_method = "BLEND"
glass.node_tree.nodes["Principled BSDF"].inputs["Alpha"].default_value = 0.5
bpy.ops.mesh.primitive_plane_add(size=2)
window = bpy.context.active_object
window.name = "window"
window.data.name = "window"
window.data.materials.append(wood)
window.data.materials.append(glass)
bpy.ops.object.mode_set(mode="EDIT")
bpy.ops.mesh.select_all(action="SELECT")
bpy.ops.mesh.inset(thickness=0.2)  # leaves the inner face, the pane, selected
window.active_material_index = 1
bpy.ops.object.material_slot_assign()
bpy.ops.object.mode_set(mode="OBJECT")
export("alpha.glb")


# A lit room corner: a 4 x 4 floor at z = 0 and a 4 x 4 wall at y = 2 facing -Y (z 0..4), one mesh with
# two UV maps: "UVMap" (the planes' own) for the base texture and "lightmap", an atlas with the floor on
# its left half and the wall on its right, each inset by 1/16 (Blender's v, up from the bottom):
#   floor (x, y, 0): u = 1/16 + (x + 2) * 3/32,  v = 1/16 + (y + 2) * 7/32
#   wall (x, 2, z):  u = 9/16 + (x + 2) * 3/32,  v = 1/16 + z * 7/32
# The exporter writes glTF's occlusionTexture from the "Occlusion" input of a node group named
# "glTF Material Output" (io_scene_gltf2's get_socket_old), and its texCoord from the UV Map node in
# front of the image: the index of that map among the mesh's UV maps (1, so TEXCOORD_1). The Separate
# Color node's Red is the channel glTF reads occlusion from, as Blender's importer builds it.
reset()
plaster = material("plaster", (1, 1, 1, 1), checker("plaster", 16, [0.8, 0.78, 0.7, 1], [0.7, 0.68, 0.6, 1]))
settings = bpy.data.node_groups.new("glTF Material Output", "ShaderNodeTree")
settings.inputs.new("NodeSocketFloat", "Occlusion")
settings.nodes.new("NodeGroupOutput")
settings.nodes.new("NodeGroupInput")
nodes, links = plaster.node_tree.nodes, plaster.node_tree.links
group = nodes.new("ShaderNodeGroup")
group.node_tree = settings
separate = nodes.new("ShaderNodeSeparateColor")
bake = nodes.new("ShaderNodeTexImage")
bake.image = gradient("bake", 32)
uv_map = nodes.new("ShaderNodeUVMap")
uv_map.uv_map = "lightmap"
links.new(uv_map.outputs["UV"], bake.inputs["Vector"])
links.new(bake.outputs["Color"], separate.inputs["Color"])
links.new(separate.outputs["Red"], group.inputs["Occlusion"])
bpy.ops.mesh.primitive_plane_add(size=4, location=(0, 2, 2), rotation=(math.pi / 2, 0, 0))
wall = bpy.context.active_object
bpy.ops.mesh.primitive_plane_add(size=4)
room = bpy.context.active_object
room.name = "room"
room.data.name = "room"
wall.select_set(True)
bpy.ops.object.join()  # into the active floor, whose origin is the room's
room.data.materials.append(plaster)
lightmap = room.data.uv_layers.new(name="lightmap")
for polygon in room.data.polygons:
    for loop in polygon.loop_indices:
        co = room.data.vertices[room.data.loops[loop].vertex_index].co
        x, y, z = round(co.x), round(co.y), round(co.z)  # the wall's corners carry cos(pi/2) noise
        if polygon.normal.z > 0.5:
            lightmap.data[loop].uv = (1 / 16 + (x + 2) * 3 / 32, 1 / 16 + (y + 2) * 7 / 32)
        else:
            lightmap.data[loop].uv = (9 / 16 + (x + 2) * 3 / 32, 1 / 16 + z * 7 / 32)
export("lightmap.glb")
