// glTF accessors, checked (src/import/gltf_accessor.hpp).
#include "import/gltf_accessor.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "parkan/import/codes.hpp"

namespace parkan::importer::detail {

namespace {

struct View {
  const std::uint8_t* data = nullptr;
  std::size_t stride = 0;
  std::size_t count = 0;
};

Error accessor_error(const std::string& what, const std::string& rule) {
  return invalid_rule(codes::kGltfAccessor, fmt::format("{}: {}", what, rule));
}

// The bytes of `count` elements of `element_size`, each `stride` apart, inside the buffer.
Result<View> locate(const tinygltf::Model& model, int index, std::size_t element_size, const std::string& what) {
  if (index < 0 || static_cast<std::size_t>(index) >= model.accessors.size())
    return accessor_error(what, fmt::format("accessor {} does not exist", index));
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(index)];
  if (a.sparse.isSparse) return accessor_error(what, fmt::format("accessor {} is sparse (not supported)", index));
  if (a.bufferView < 0 || static_cast<std::size_t>(a.bufferView) >= model.bufferViews.size())
    return accessor_error(what, fmt::format("accessor {} has no buffer view", index));
  const tinygltf::BufferView& v = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
  if (v.buffer < 0 || static_cast<std::size_t>(v.buffer) >= model.buffers.size())
    return accessor_error(what, fmt::format("buffer view {} names no buffer", a.bufferView));
  const std::vector<unsigned char>& buffer = model.buffers[static_cast<std::size_t>(v.buffer)].data;
  const std::size_t stride = v.byteStride != 0 ? v.byteStride : element_size;
  if (stride < element_size) return accessor_error(what, fmt::format("buffer view {} stride {} is shorter than an element", a.bufferView, stride));
  const std::size_t count = a.count;
  // Every quantity below is bounded by the buffer's size before it is multiplied.
  if (v.byteOffset > buffer.size() || v.byteLength > buffer.size() - v.byteOffset)
    return accessor_error(what, fmt::format("buffer view {} runs past its buffer of {} bytes", a.bufferView, buffer.size()));
  if (a.byteOffset > v.byteLength) return accessor_error(what, fmt::format("accessor {} starts past its view", index));
  const std::size_t room = v.byteLength - a.byteOffset;
  if (count > 0 && (count - 1 > room / stride || (count - 1) * stride + element_size > room))
    return accessor_error(what, fmt::format("accessor {} of {} elements runs past its view of {} bytes", index, count,
                                            v.byteLength));
  return View{buffer.data() + v.byteOffset + a.byteOffset, stride, count};
}

int components_of(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR: return 1;
    case TINYGLTF_TYPE_VEC2: return 2;
    case TINYGLTF_TYPE_VEC3: return 3;
    case TINYGLTF_TYPE_VEC4: return 4;
    default: return 0;
  }
}

}  // namespace

Result<std::vector<std::array<double, 4>>> read_vectors(const tinygltf::Model& model, int accessor, int components,
                                                        bool allow_normalized, const std::string& what) {
  if (accessor < 0 || static_cast<std::size_t>(accessor) >= model.accessors.size())
    return accessor_error(what, fmt::format("accessor {} does not exist", accessor));
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
  if (components_of(a.type) != components)
    return accessor_error(what, fmt::format("accessor {} has {} components, expected {}", accessor, components_of(a.type), components));
  std::size_t component_size = 0;
  const bool is_signed = a.componentType == TINYGLTF_COMPONENT_TYPE_BYTE || a.componentType == TINYGLTF_COMPONENT_TYPE_SHORT;
  if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) component_size = 4;
  else if (allow_normalized && a.normalized &&
           (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE || a.componentType == TINYGLTF_COMPONENT_TYPE_BYTE))
    component_size = 1;
  else if (allow_normalized && a.normalized &&
           (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT || a.componentType == TINYGLTF_COMPONENT_TYPE_SHORT))
    component_size = 2;
  else return accessor_error(what, fmt::format("accessor {} has component type {}, not one this attribute allows", accessor, a.componentType));
  PARKAN_ASSIGN(View view, locate(model, accessor, component_size * static_cast<std::size_t>(components), what));
  std::vector<std::array<double, 4>> out(view.count);
  for (std::size_t i = 0; i < view.count; ++i) {
    const std::uint8_t* p = view.data + i * view.stride;
    for (int c = 0; c < components; ++c) {
      const std::uint8_t* q = p + static_cast<std::size_t>(c) * component_size;
      double value = 0;
      if (component_size == 4) {
        float f;
        std::memcpy(&f, q, 4);
        value = f;
      } else if (component_size == 2) {
        std::uint16_t u;
        std::memcpy(&u, q, 2);
        // glTF 3.11: signed normalized values are max(c / 32767, -1).
        value = is_signed ? std::max(static_cast<std::int16_t>(u) / 32767.0, -1.0) : u / 65535.0;
      } else {
        value = is_signed ? std::max(static_cast<std::int8_t>(*q) / 127.0, -1.0) : *q / 255.0;
      }
      out[i][static_cast<std::size_t>(c)] = value;
    }
  }
  return out;
}

Result<std::vector<std::uint32_t>> read_indices(const tinygltf::Model& model, int accessor, const std::string& what) {
  if (accessor < 0 || static_cast<std::size_t>(accessor) >= model.accessors.size())
    return accessor_error(what, fmt::format("accessor {} does not exist", accessor));
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
  std::size_t size = 0;
  switch (a.componentType) {
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: size = 1; break;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: size = 2; break;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: size = 4; break;
    default: return accessor_error(what, fmt::format("index accessor {} has component type {}", accessor, a.componentType));
  }
  if (a.type != TINYGLTF_TYPE_SCALAR) return accessor_error(what, fmt::format("index accessor {} is not SCALAR", accessor));
  PARKAN_ASSIGN(View view, locate(model, accessor, size, what));
  std::vector<std::uint32_t> out(view.count);
  for (std::size_t i = 0; i < view.count; ++i) {
    const std::uint8_t* p = view.data + i * view.stride;
    if (size == 1) out[i] = *p;
    else if (size == 2) {
      std::uint16_t u;
      std::memcpy(&u, p, 2);
      out[i] = u;
    } else std::memcpy(&out[i], p, 4);
  }
  return out;
}

Result<std::vector<std::array<std::uint16_t, 4>>> read_joints(const tinygltf::Model& model, int accessor,
                                                             const std::string& what) {
  if (accessor < 0 || static_cast<std::size_t>(accessor) >= model.accessors.size())
    return accessor_error(what, fmt::format("accessor {} does not exist", accessor));
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
  const std::size_t size = a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE    ? 1
                           : a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ? 2
                                                                                       : 0;
  if (size == 0 || a.type != TINYGLTF_TYPE_VEC4)
    return accessor_error(what, fmt::format("joint accessor {} is not VEC4 of unsigned bytes or shorts", accessor));
  PARKAN_ASSIGN(View view, locate(model, accessor, 4 * size, what));
  std::vector<std::array<std::uint16_t, 4>> out(view.count);
  for (std::size_t i = 0; i < view.count; ++i)
    for (std::size_t c = 0; c < 4; ++c) {
      const std::uint8_t* q = view.data + i * view.stride + c * size;
      std::uint16_t u = *q;
      if (size == 2) std::memcpy(&u, q, 2);
      out[i][c] = u;
    }
  return out;
}

Result<std::vector<Affine>> read_matrices(const tinygltf::Model& model, int accessor, const std::string& what) {
  if (accessor < 0 || static_cast<std::size_t>(accessor) >= model.accessors.size())
    return accessor_error(what, fmt::format("accessor {} does not exist", accessor));
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
  if (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT || a.type != TINYGLTF_TYPE_MAT4)
    return accessor_error(what, fmt::format("matrix accessor {} is not MAT4 of floats", accessor));
  PARKAN_ASSIGN(View view, locate(model, accessor, 64, what));
  std::vector<Affine> out(view.count);
  for (std::size_t i = 0; i < view.count; ++i) {
    std::array<float, 16> f;
    std::memcpy(f.data(), view.data + i * view.stride, 64);
    // Column-major: element (row r, column c) at c * 4 + r.
    for (std::size_t r = 0; r < 3; ++r) {
      for (std::size_t c = 0; c < 3; ++c) out[i].m[r * 3 + c] = f[c * 4 + r];
      out[i].t[r] = f[12 + r];
    }
  }
  return out;
}

}  // namespace parkan::importer::detail
