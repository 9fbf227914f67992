// The Windows build's TinyGLTF::TinyGLTF (cmake/WindowsDependencies.cmake): Debian's libtinygltf is a
// Linux shared library, so tinygltf and the stb code it uses are compiled here, once, from the headers
// scripts/windows-deps copied (tiny_gltf.h, stb_image.h, stb_image_write.h).
#define TINYGLTF_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <tiny_gltf.h>
