// MAT0 <-> JSON text form. Every number is checked for type and range; errors name the JSON path.
#include "parkan/material/json.hpp"

#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/pipeline.hpp"

namespace parkan::material {

using nlohmann::json;

std::string_view mode_name(std::uint32_t mode) {
  switch (mode) {
    case 0: return "loop";
    case 1: return "ping-pong";
    case 2: return "one-shot";
    case 3: return "random";
    default: return "unknown";
  }
}

std::string_view blend_factor_name(BlendFactor factor) {
  switch (factor) {
    case BlendFactor::zero: return "ZERO";
    case BlendFactor::one: return "ONE";
    case BlendFactor::src_alpha: return "SRC_ALPHA";
    case BlendFactor::inv_src_alpha: return "INV_SRC_ALPHA";
    case BlendFactor::src_color: return "SRC_COLOR";
    case BlendFactor::dest_color: return "DEST_COLOR";
  }
  return "?";
}

namespace {

json floats(std::initializer_list<float> values) {
  json out = json::array();
  for (float v : values) out.push_back(float_for_json(v));
  return out;
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
  std::string out;
  for (std::uint8_t b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

json decoded_params(const Phase& phase) {
  const auto& p = phase.params;
  auto u = [&](int i) { return param_unit(p[i]); };
  return {{"additive_rgb", floats({u(0), u(1), u(2)})},
          {"opacity", float_for_json(param_percent(p[3]))},
          {"directional", floats({u(4), u(5), u(6), u(7)})},
          {"specular", floats({u(8), u(9), u(10), u(11)})},
          {"extra", floats({u(12), u(13), u(14), u(15)})},
          {"power", p[16]},
          {"page_index", static_cast<std::int8_t>(p[17])}};
}

json pipeline_json(std::uint32_t category) {
  auto row = pipeline_category(category);
  if (!row) return nullptr;
  return {{"category", row->category},
          {"blending", row->blending},
          {"src", blend_factor_name(row->src)},
          {"dst", blend_factor_name(row->dst)},
          {"alpha_test", row->alpha_test ? json(kAlphaTestCompare) : json(nullptr)}};
}

json interpolated_groups(std::uint32_t mask) {
  static constexpr std::array<std::string_view, 5> names = {"p0..p2", "p4..p6", "p8..p10", "p12..p14", "p3"};
  json out = json::array();
  for (std::size_t i = 0; i < kMaskGroups.size(); ++i)
    if (mask & kMaskGroups[i].bit) out.push_back(names[i]);
  return out;
}

// --- reading -------------------------------------------------------------------------------

Error at(const std::string& path, const std::string& what) { return invalid(path + ": " + what); }

Result<std::uint64_t> get_uint(const json& obj, const char* key, const std::string& path, std::uint64_t max,
                               std::optional<std::uint64_t> fallback = std::nullopt) {
  auto it = obj.find(key);
  std::string where = path.empty() ? std::string(key) : path + "." + key;
  if (it == obj.end()) {
    if (fallback) return *fallback;
    return at(where, "missing");
  }
  if (!it->is_number_integer() || (it->is_number_integer() && !it->is_number_unsigned() && it->get<std::int64_t>() < 0) ||
      it->get<std::uint64_t>() > max)
    return at(where, fmt::format("expected an integer 0..{}", max));
  return it->get<std::uint64_t>();
}

Result<const json*> get_array(const json& obj, const char* key, const std::string& path) {
  auto it = obj.find(key);
  std::string where = path.empty() ? std::string(key) : path + "." + key;
  if (it == obj.end()) return at(where, "missing");
  if (!it->is_array()) return at(where, "expected an array");
  return &*it;
}

Result<std::array<std::uint8_t, kTextureFieldSize>> texture_from_name(const std::string& utf8, const std::string& path) {
  auto bytes = utf8_to_cp1251(utf8);
  if (!bytes) return at(path, fmt::format("\"{}\" has a character cp1251 cannot hold", utf8));
  if (bytes->size() > kTextureFieldSize - 1)
    return at(path, fmt::format("\"{}\" is {} bytes; at most 15 fit with the NUL", utf8, bytes->size()));
  if (bytes->find('\0') != std::string::npos) return at(path, "contains a NUL");
  std::array<std::uint8_t, kTextureFieldSize> field{};
  std::copy(bytes->begin(), bytes->end(), field.begin());
  return field;
}

Result<std::array<std::uint8_t, kTextureFieldSize>> texture_from_hex(const json& value, const std::string& path) {
  if (!value.is_string() || value.get_ref<const std::string&>().size() != 2 * kTextureFieldSize)
    return at(path, "expected 32 hex digits");
  const std::string& hex = value.get_ref<const std::string&>();
  std::array<std::uint8_t, kTextureFieldSize> field{};
  for (std::size_t i = 0; i < kTextureFieldSize; ++i) {
    auto nibble = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return at(path, "expected 32 hex digits");
    field[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return field;
}

Result<Phase> phase_from_json(const json& j, const std::string& path) {
  if (!j.is_object()) return at(path, "expected an object");
  Phase phase;
  PARKAN_ASSIGN(const json* params, get_array(j, "params", path));
  if (params->size() != kParamCount) return at(path + ".params", "expected 18 integers");
  for (std::size_t i = 0; i < kParamCount; ++i) {
    const json& v = (*params)[i];
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 255)
      return at(fmt::format("{}.params[{}]", path, i), "expected an integer 0..255");
    phase.params[i] = static_cast<std::uint8_t>(v.get<std::uint64_t>());
  }
  auto field = j.find("texture_field");
  auto name = j.find("texture");
  if (name != j.end() && !name->is_string()) return at(path + ".texture", "expected a string");
  if (field != j.end()) {
    PARKAN_ASSIGN(phase.texture_field, texture_from_hex(*field, path + ".texture_field"));
    if (name != j.end() && cp1251_to_utf8(phase.texture_name()) != name->get_ref<const std::string&>()) {
      PARKAN_ASSIGN(phase.texture_field, texture_from_name(name->get<std::string>(), path + ".texture"));
    }
  } else if (name != j.end()) {
    PARKAN_ASSIGN(phase.texture_field, texture_from_name(name->get<std::string>(), path + ".texture"));
  }
  return phase;
}

Result<AnimBlock> block_from_json(const json& j, const std::string& path) {
  if (!j.is_object()) return at(path, "expected an object");
  AnimBlock block;
  if (j.contains("mode") || j.contains("mask")) {
    PARKAN_ASSIGN(std::uint64_t mode, get_uint(j, "mode", path, 7));
    PARKAN_ASSIGN(std::uint64_t mask, get_uint(j, "mask", path, 0x1FFFFFFF));
    block.header_raw = static_cast<std::uint32_t>(mode | (mask << 3));
  } else {
    PARKAN_ASSIGN(std::uint64_t raw, get_uint(j, "header_raw", path, 0xFFFFFFFF));
    block.header_raw = static_cast<std::uint32_t>(raw);
  }
  PARKAN_ASSIGN(const json* keys, get_array(j, "keys", path));
  if (keys->size() > 0xFFFF) return at(path + ".keys", "more than 65535 keys");
  for (std::size_t k = 0; k < keys->size(); ++k) {
    std::string kp = fmt::format("{}.keys[{}]", path, k);
    const json& kj = (*keys)[k];
    if (!kj.is_object()) return at(kp, "expected an object");
    Key key;
    PARKAN_ASSIGN(std::uint64_t phase, get_uint(kj, "phase", kp, 0xFFFF));
    PARKAN_ASSIGN(std::uint64_t end, get_uint(kj, "end_time", kp, 0xFFFF));
    PARKAN_ASSIGN(std::uint64_t k2, get_uint(kj, "k2", kp, 0xFFFF, 0));
    key.phase = static_cast<std::uint16_t>(phase);
    key.end_time = static_cast<std::uint16_t>(end);
    key.k2 = static_cast<std::uint16_t>(k2);
    block.keys.push_back(key);
  }
  return block;
}

}  // namespace

json mat0_to_json(const Mat0& mat) {
  RuntimeFlags flags = decode_runtime_flags(mat.attributes.attr1);
  json phases = json::array();
  for (const Phase& p : mat.phases)
    phases.push_back({{"params", p.params},
                      {"texture", cp1251_to_utf8(p.texture_name())},
                      {"texture_field", to_hex(p.texture_field)},
                      {"decoded", decoded_params(p)}});
  json blocks = json::array();
  for (const AnimBlock& b : mat.blocks) {
    json keys = json::array();
    for (const Key& k : b.keys) keys.push_back({{"phase", k.phase}, {"end_time", k.end_time}, {"k2", k.k2}});
    blocks.push_back({{"mode", b.mode()},
                      {"mode_name", mode_name(b.mode())},
                      {"mask", b.mask()},
                      {"header_raw", b.header_raw},
                      {"interpolated", interpolated_groups(b.mask())},
                      {"keys", std::move(keys)}});
  }
  float meta_c_float;
  std::memcpy(&meta_c_float, &mat.meta_c, 4);
  return {{"format", "MAT0"},
          {"attr1", mat.attributes.attr1},
          {"attr2", mat.attributes.attr2},
          {"runtime_flags",
           {{"texture_load_flags", flags.texture_load_flags},
            {"flag_a", flags.flag_a},
            {"category", flags.category},
            {"flag_b", flags.flag_b},
            {"other_bits", flags.other_bits}}},
          {"pipeline", pipeline_json(flags.category)},
          {"prefix",
           {{"stored_bytes", prefix_size(mat.attributes.attr2)},
            {"meta_a", mat.meta_a},
            {"meta_b", mat.meta_b},
            {"meta_c", mat.meta_c},
            {"meta_c_float", std::isfinite(meta_c_float) ? json(float_for_json(meta_c_float)) : json(nullptr)},
            {"meta_d", mat.meta_d}}},
          {"phases", std::move(phases)},
          {"blocks", std::move(blocks)}};
}

Result<Mat0> mat0_from_json(const json& doc) {
  if (!doc.is_object()) return invalid("the MAT0 text form must be a JSON object");
  if (auto f = doc.find("format"); f != doc.end() && *f != "MAT0")
    return at("format", "expected \"MAT0\"");
  Mat0 mat;
  PARKAN_ASSIGN(std::uint64_t attr1, get_uint(doc, "attr1", "", 0xFFFFFFFF));
  PARKAN_ASSIGN(std::uint64_t attr2, get_uint(doc, "attr2", "", 0xFFFFFFFF));
  mat.attributes = {static_cast<std::uint32_t>(attr1), static_cast<std::uint32_t>(attr2)};
  if (auto prefix = doc.find("prefix"); prefix != doc.end()) {
    if (!prefix->is_object()) return at("prefix", "expected an object");
    PARKAN_ASSIGN(std::uint64_t a, get_uint(*prefix, "meta_a", "prefix", 255, kDefaultMetaA));
    PARKAN_ASSIGN(std::uint64_t b, get_uint(*prefix, "meta_b", "prefix", 255, kDefaultMetaB));
    PARKAN_ASSIGN(std::uint64_t c, get_uint(*prefix, "meta_c", "prefix", 0xFFFFFFFF, kDefaultMetaC));
    PARKAN_ASSIGN(std::uint64_t d, get_uint(*prefix, "meta_d", "prefix", 0xFFFFFFFF, kDefaultMetaD));
    mat.meta_a = static_cast<std::uint8_t>(a);
    mat.meta_b = static_cast<std::uint8_t>(b);
    mat.meta_c = static_cast<std::uint32_t>(c);
    mat.meta_d = static_cast<std::uint32_t>(d);
  }
  // Values the version does not store are the engine's defaults (6.2), whatever the text says.
  if (mat.attributes.attr2 < 2) mat.meta_a = kDefaultMetaA, mat.meta_b = kDefaultMetaB;
  if (mat.attributes.attr2 < 3) mat.meta_c = kDefaultMetaC;
  if (mat.attributes.attr2 < 4) mat.meta_d = kDefaultMetaD;

  PARKAN_ASSIGN(const json* phases, get_array(doc, "phases", ""));
  if (phases->size() > 0xFFFF) return at("phases", "more than 65535 phases");
  for (std::size_t i = 0; i < phases->size(); ++i) {
    PARKAN_ASSIGN(Phase p, phase_from_json((*phases)[i], fmt::format("phases[{}]", i)));
    mat.phases.push_back(p);
  }
  PARKAN_ASSIGN(const json* blocks, get_array(doc, "blocks", ""));
  if (blocks->size() > kMaxAnimBlocks)
    return at("blocks", fmt::format("{} ({} animation blocks, at most {})", kTooManyAnimations, blocks->size(),
                                    kMaxAnimBlocks));
  for (std::size_t i = 0; i < blocks->size(); ++i) {
    PARKAN_ASSIGN(AnimBlock b, block_from_json((*blocks)[i], fmt::format("blocks[{}]", i)));
    mat.blocks.push_back(std::move(b));
  }
  return mat;
}

json record_to_json(const PhaseRecord& record, std::string_view texture_name) {
  json f = json::array();
  for (float v : record.f) f.push_back(float_for_json(v));
  return {{"f", std::move(f)}, {"u16", record.u16}, {"i18", record.i18}, {"texture", cp1251_to_utf8(texture_name)}};
}

json sample_to_json(const Selection& s, std::uint32_t start_time, const PhaseRecord& record,
                    std::string_view texture_name) {
  return {{"key", s.key},
          {"next", s.next},
          {"alpha", float_for_json(s.alpha)},
          {"start_time", start_time},
          {"phase", record_to_json(record, texture_name)}};
}

}  // namespace parkan::material
