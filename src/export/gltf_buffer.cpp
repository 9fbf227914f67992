// glTF export: the one binary buffer and its views and accessors (gltf_internal.hpp).
#include <algorithm>
#include <cstring>
#include <limits>

#include "export/gltf_internal.hpp"

namespace parkan::gltf::detail {

namespace {

constexpr std::size_t kAlignment = 4;  // vertex attribute views start on 4 bytes (glTF 3.6.2.4)

template <std::size_t N, class Array>
void add_bounds(tinygltf::Accessor& accessor, const std::vector<Array>& values) {
  if (values.empty()) return;
  accessor.minValues.assign(N, std::numeric_limits<double>::infinity());
  accessor.maxValues.assign(N, -std::numeric_limits<double>::infinity());
  for (const Array& v : values)
    for (std::size_t k = 0; k < N; ++k) {
      accessor.minValues[k] = std::min(accessor.minValues[k], double(v[k]));
      accessor.maxValues[k] = std::max(accessor.maxValues[k], double(v[k]));
    }
}

int push_accessor(tinygltf::Model& model, int view, int component, std::size_t count, int type) {
  tinygltf::Accessor accessor;
  accessor.bufferView = view;
  accessor.componentType = component;
  accessor.count = count;
  accessor.type = type;
  model.accessors.push_back(std::move(accessor));
  return int(model.accessors.size() - 1);
}

}  // namespace

BufferBuilder::BufferBuilder(tinygltf::Model& model) : model_(model) {
  if (model_.buffers.empty()) model_.buffers.emplace_back();
}

int BufferBuilder::append(const void* data, std::size_t size, int target) {
  std::vector<unsigned char>& bytes = model_.buffers[0].data;
  bytes.resize((bytes.size() + kAlignment - 1) / kAlignment * kAlignment, 0);
  tinygltf::BufferView view;
  view.buffer = 0;
  view.byteOffset = bytes.size();
  view.byteLength = size;
  view.target = target;
  const auto* first = static_cast<const unsigned char*>(data);
  bytes.insert(bytes.end(), first, first + size);
  model_.bufferViews.push_back(std::move(view));
  return int(model_.bufferViews.size() - 1);
}

int BufferBuilder::add_vec3(const std::vector<msh::Vec3>& values, int target) {
  int view = append(values.data(), values.size() * sizeof(msh::Vec3), target);
  int index = push_accessor(model_, view, TINYGLTF_COMPONENT_TYPE_FLOAT, values.size(), TINYGLTF_TYPE_VEC3);
  add_bounds<3>(model_.accessors[std::size_t(index)], values);
  return index;
}

int BufferBuilder::add_vec2(const std::vector<std::array<float, 2>>& values, int target) {
  int view = append(values.data(), values.size() * sizeof(values[0]), target);
  return push_accessor(model_, view, TINYGLTF_COMPONENT_TYPE_FLOAT, values.size(), TINYGLTF_TYPE_VEC2);
}

int BufferBuilder::add_vec4(const std::vector<std::array<float, 4>>& values, int target) {
  int view = append(values.data(), values.size() * sizeof(values[0]), target);
  return push_accessor(model_, view, TINYGLTF_COMPONENT_TYPE_FLOAT, values.size(), TINYGLTF_TYPE_VEC4);
}

int BufferBuilder::add_scalars(const std::vector<float>& values) {
  int view = append(values.data(), values.size() * sizeof(float), 0);
  int index = push_accessor(model_, view, TINYGLTF_COMPONENT_TYPE_FLOAT, values.size(), TINYGLTF_TYPE_SCALAR);
  std::vector<std::array<float, 1>> wrapped(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) wrapped[i][0] = values[i];
  add_bounds<1>(model_.accessors[std::size_t(index)], wrapped);
  return index;
}

int BufferBuilder::add_indices(const std::vector<std::uint32_t>& indices, std::uint32_t vertex_count) {
  int view;
  int component;
  if (vertex_count <= std::numeric_limits<std::uint16_t>::max()) {  // 65535 is primitive restart: not reached
    std::vector<std::uint16_t> narrow(indices.begin(), indices.end());
    view = append(narrow.data(), narrow.size() * 2, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    component = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
  } else {
    view = append(indices.data(), indices.size() * 4, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    component = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
  }
  return push_accessor(model_, view, component, indices.size(), TINYGLTF_TYPE_SCALAR);
}

int BufferBuilder::add_view(ByteView bytes) { return append(bytes.data(), bytes.size(), 0); }

}  // namespace parkan::gltf::detail
