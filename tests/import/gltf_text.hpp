#pragma once
// glTF documents written by hand for the import's tests: JSON assembled node by node and accessor by
// accessor over one base64 buffer of known floats (not parkan's exporter), so that every expected
// value comes from the test's own numbers.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace parkan::importer::test {

using nlohmann::json;

inline std::string base64(const std::vector<std::uint8_t>& bytes) {
  static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t(bytes[i]) << 16) | (i + 1 < bytes.size() ? std::uint32_t(bytes[i + 1]) << 8 : 0) |
                            (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += table[(n >> 18) & 63];
    out += table[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? table[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? table[n & 63] : '=';
  }
  return out;
}

// A glTF document assembled accessor by accessor into one buffer.
class Gltf {
 public:
  Gltf() {
    doc_["asset"] = {{"version", "2.0"}};
    doc_["scenes"] = json::array({json{{"nodes", json::array()}}});
    doc_["scene"] = 0;
    doc_["nodes"] = json::array();
    doc_["meshes"] = json::array();
    doc_["accessors"] = json::array();
    doc_["bufferViews"] = json::array();
  }
  int floats(const std::vector<float>& values, int components) {
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + values.size() * 4);
    std::memcpy(bytes_.data() + offset, values.data(), values.size() * 4);
    return view_and_accessor(offset, values.size() * 4, 5126, values.size() / std::size_t(components),
                             components == 2 ? "VEC2" : "VEC3");
  }
  int indices(const std::vector<std::uint16_t>& values) {
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + values.size() * 2 + (values.size() % 2) * 2);  // keep 4-byte alignment
    std::memcpy(bytes_.data() + offset, values.data(), values.size() * 2);
    return view_and_accessor(offset, values.size() * 2, 5123, values.size(), "SCALAR");
  }
  // An accessor of `count` elements of `type` over `values` (component 5126 float, 5123 u16, ...), no bounds.
  template <typename T>
  int typed(const std::vector<T>& values, int component, std::size_t count, const char* type) {
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + (values.size() * sizeof(T) + 3) / 4 * 4);  // keep 4-byte alignment
    std::memcpy(bytes_.data() + offset, values.data(), values.size() * sizeof(T));
    return view_and_accessor(offset, values.size() * sizeof(T), component, count, type, false);
  }
  // A mesh of one primitive: positions (VEC3), optional UVs, indices; material -1 for none.
  int mesh(const std::vector<float>& positions, const std::vector<std::uint16_t>& index_list, int material = -1,
           const std::vector<float>& uvs = {}, const std::vector<float>& normals = {}) {
    json primitive = {{"attributes", {{"POSITION", floats(positions, 3)}}}, {"indices", indices(index_list)}};
    if (!uvs.empty()) primitive["attributes"]["TEXCOORD_0"] = floats(uvs, 2);
    if (!normals.empty()) primitive["attributes"]["NORMAL"] = floats(normals, 3);
    if (material >= 0) primitive["material"] = material;
    doc_["meshes"].push_back({{"name", fmt::format("mesh{}", doc_["meshes"].size())}, {"primitives", json::array({primitive})}});
    return int(doc_["meshes"].size()) - 1;
  }
  void add_primitive(int mesh, const std::vector<float>& positions, const std::vector<std::uint16_t>& index_list,
                     int material) {
    json primitive = {{"attributes", {{"POSITION", floats(positions, 3)}}}, {"indices", indices(index_list)}};
    if (material >= 0) primitive["material"] = material;
    doc_["meshes"][std::size_t(mesh)]["primitives"].push_back(primitive);
  }
  // An animation with one channel: `times` (SCALAR) and `values` (VEC3 or VEC4) on `path` of `node`.
  void channel(const std::string& animation, int node, const std::string& path, const std::vector<float>& times,
               const std::vector<float>& values, const std::string& interpolation = "LINEAR") {
    const int input = scalars(times);
    const int components = path == "rotation" ? 4 : 3;
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + values.size() * 4);
    std::memcpy(bytes_.data() + offset, values.data(), values.size() * 4);
    const int output = view_and_accessor(offset, values.size() * 4, 5126, values.size() / std::size_t(components),
                                         components == 4 ? "VEC4" : "VEC3", false);
    json* a = nullptr;
    for (json& existing : doc_["animations"])
      if (existing["name"] == animation) a = &existing;
    if (!a) {
      doc_["animations"].push_back({{"name", animation}, {"channels", json::array()}, {"samplers", json::array()}});
      a = &doc_["animations"].back();
    }
    (*a)["samplers"].push_back({{"input", input}, {"output", output}, {"interpolation", interpolation}});
    (*a)["channels"].push_back({{"sampler", (*a)["samplers"].size() - 1}, {"target", {{"node", node}, {"path", path}}}});
  }
  int material_json(json fields) {
    doc_["materials"].push_back(std::move(fields));
    return int(doc_["materials"].size()) - 1;
  }
  // A texture whose image is the PNG file `png`, embedded as a data URI.
  int texture_png(const std::vector<std::uint8_t>& png, const std::string& name) {
    doc_["images"].push_back({{"name", name}, {"uri", "data:image/png;base64," + base64(png)}});
    doc_["textures"].push_back({{"source", doc_["images"].size() - 1}});
    return int(doc_["textures"].size()) - 1;
  }
  int material(const std::string& name) {
    doc_["materials"].push_back({{"name", name}});
    return int(doc_["materials"].size()) - 1;
  }
  int node(json fields, bool scene_root = true) {
    doc_["nodes"].push_back(std::move(fields));
    const int index = int(doc_["nodes"].size()) - 1;
    if (scene_root) doc_["scenes"][0]["nodes"].push_back(index);
    return index;
  }
  void child(int parent, int child) { doc_["nodes"][std::size_t(parent)]["children"].push_back(child); }
  json& doc() { return doc_; }
  std::string text() {
    json d = doc_;
    if (!bytes_.empty())
      d["buffers"] = json::array({{{"byteLength", bytes_.size()},
                                   {"uri", "data:application/octet-stream;base64," + base64(bytes_)}}});
    if (d["meshes"].empty()) d.erase("meshes");
    if (d["accessors"].empty()) d.erase("accessors"), d.erase("bufferViews");
    return d.dump();
  }

 private:
  int scalars(const std::vector<float>& values) {
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + values.size() * 4);
    std::memcpy(bytes_.data() + offset, values.data(), values.size() * 4);
    const int index = view_and_accessor(offset, values.size() * 4, 5126, values.size(), "SCALAR", false);
    doc_["accessors"][std::size_t(index)]["min"] = {*std::min_element(values.begin(), values.end())};
    doc_["accessors"][std::size_t(index)]["max"] = {*std::max_element(values.begin(), values.end())};
    return index;
  }
  int view_and_accessor(std::size_t offset, std::size_t length, int component, std::size_t count, const char* type,
                        bool position_bounds = true) {
    doc_["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}});
    json accessor = {{"bufferView", doc_["bufferViews"].size() - 1}, {"componentType", component}, {"count", count},
                     {"type", type}};
    if (position_bounds && std::string(type) == "VEC3" && component == 5126) {  // glTF requires min and max on POSITION
      std::array<float, 3> lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
      for (std::size_t i = 0; i < count; ++i)
        for (std::size_t k = 0; k < 3; ++k) {
          float v;
          std::memcpy(&v, bytes_.data() + offset + (i * 3 + k) * 4, 4);
          lo[k] = std::min(lo[k], v), hi[k] = std::max(hi[k], v);
        }
      accessor["min"] = lo;
      accessor["max"] = hi;
    }
    doc_["accessors"].push_back(accessor);
    return int(doc_["accessors"].size()) - 1;
  }
  json doc_;
  std::vector<std::uint8_t> bytes_;
};

}  // namespace parkan::importer::test
