# Imports a .glb in Blender's own glTF importer and prints "objects N meshes M" (tests/export/world_test.cpp):
#   blender -b --factory-startup -P tests/export/blender_count_glb.py -- FILE.glb
import sys
import bpy
import numpy

# Debian pairs Blender 3.4 with a NumPy that dropped the np.bool alias its glTF importer still uses.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

path = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=path)
print(f"objects {len(bpy.data.objects)} meshes {len(bpy.data.meshes)}")
