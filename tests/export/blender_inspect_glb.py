# A manual check of parkan's glTF export in Blender's own importer (docs/formats/msh.md 13.10), not run
# by ctest (Blender is optional):
#   blender -b --factory-startup -P tests/export/blender_inspect_glb.py -- FILE.glb...
# Imports each .glb and prints the objects (node names, parents, UV map count of each mesh) and the
# materials (emissive colour or the factor it is multiplied with, strength, back-face culling, whether
# the importer made its glTF occlusion group, i.e. the lightmap arrived).
import sys
import bpy
import numpy

# Debian pairs Blender 3.4 with a NumPy that dropped the np.bool alias its glTF importer still uses.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

files = sys.argv[sys.argv.index("--") + 1:]
for path in files:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=path)
    print(f"== {path}")
    for o in sorted(bpy.data.objects, key=lambda o: o.name):
        uv = len(o.data.uv_layers) if o.type == "MESH" else "-"
        print(f"  object {o.name!r} type {o.type} parent {o.parent.name if o.parent else None!r} uv_maps {uv}"
              + (f" ({', '.join(l.name for l in o.data.uv_layers)})" if o.type == 'MESH' else ""))
    for m in bpy.data.materials:
        if not m.use_nodes:
            continue
        bsdf = next((n for n in m.node_tree.nodes if n.type == "BSDF_PRINCIPLED"), None)
        if bsdf is None:
            print(f"  material {m.name!r}: no principled BSDF")
            continue
        emission = bsdf.inputs.get("Emission") or bsdf.inputs.get("Emission Color")
        strength = bsdf.inputs.get("Emission Strength")
        linked = emission.is_linked if emission else False
        colour = tuple(round(c, 4) for c in emission.default_value[:3]) if emission and not linked else "texture"
        if emission and linked:
            # emissiveFactor sits in a Mix/Multiply node before the socket when a texture is linked
            src = emission.links[0].from_node
            colour = f"linked from {src.type}"
            for n in m.node_tree.nodes:
                if n.type in ("MIX", "MIX_RGB"):
                    colour += f" factor {tuple(round(c,4) for c in n.inputs[-1].default_value[:3])}" if hasattr(n.inputs[-1], 'default_value') and hasattr(n.inputs[-1].default_value, '__len__') else ""
        occlusion = [n for n in m.node_tree.nodes if n.type == "GROUP" and "glTF" in (n.node_tree.name if n.node_tree else "")]
        print(f"  material {m.name!r}: emission {colour} strength {strength.default_value if strength else None}"
              f" backface_culling {m.use_backface_culling} occlusion_group {bool(occlusion)}")
