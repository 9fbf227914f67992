// MAT0 <-> JSON text form (the layout is described in json.hpp). Every field is checked for type and
// range, unknown fields are refused, and errors name the JSON path and carry a rule code.
#include "parkan/material/json.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/material/codes.hpp"
#include "parkan/material/mat0.hpp"
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

// The phase bytes by what they are: a D3DMATERIAL7 (docs/formats/mat0.md 4.1). An array field holds
// `count` bytes from `first`; count 0 is a single value. `older_count`: an array length of the
// earlier text form that build still reads (its "specular" held p8..p11).
struct ParamField {
  std::string_view key;
  std::size_t first;
  std::size_t count;
  bool is_signed = false;
  std::size_t older_count = 0;
};
constexpr std::array<ParamField, 9> kParamFields = {{
    {"ambient", 0, 3},                  // device emissive + scene colour
    {"ambient_alpha", 3, 0},            // percent: runtime p3 * 0.01, the device diffuse alpha
    {"diffuse", 4, 3},                  //
    {"diffuse_alpha_unused", 7, 0},     // never reaches the device
    {"specular", 8, 3, false, 4},       //
    {"specular_alpha_unused", 11, 0},   // never reaches the device (specular alpha is 1)
    {"emissive", 12, 4},                // never reaches the device
    {"power_log2", 16, 0},              // specular power = 1 << p16
    {"page_cell", 17, 0, true},         // Page rectangle c of the texture, -1 the whole texture
}};
// The names of the earlier text form (generic names), still read by build.
constexpr std::array<ParamField, 6> kOlderParamFields = {{
    {"additive_rgb", 0, 3},
    {"opacity", 3, 0},
    {"directional", 4, 4},
    {"extra", 12, 4},
    {"power", 16, 0},
    {"page", 17, 0, true},
}};

// The interpolation groups by name, in kMaskGroups order (sample.hpp, docs/formats/mat0.md 5.4), and
// the earlier names that build still reads.
constexpr std::array<std::string_view, 5> kInterpolateNames = {"ambient", "diffuse", "specular", "emissive[0..2]",
                                                               "ambient_alpha"};
constexpr std::array<std::string_view, 5> kOlderInterpolateNames = {"additive_rgb", "directional[0..2]",
                                                                    "specular[0..2]", "extra[0..2]", "opacity"};
static_assert(kInterpolateNames.size() == kMaskGroups.size());
static_assert(kOlderInterpolateNames.size() == kMaskGroups.size());

// The version prefix (docs/formats/mat0.md 3.2): the ground a material stands for. Each new name
// with the name of the earlier text form that build still reads.
struct PrefixName {
  std::string_view key;
  std::string_view older;
};
constexpr PrefixName kGroundClass{"ground_class", "meta_a"};         // metaA: 0..10, 0xFF unset
constexpr PrefixName kMetaB{"meta_b", "meta_b"};                     // metaB: 0xFF on every retail material
constexpr PrefixName kSpeedFactor{"speed_factor", "meta_c"};         // metaC: f32
constexpr PrefixName kSpeedFactorBits{"speed_factor_bits", "meta_c_bits"};
constexpr PrefixName kDamageRate{"damage_rate", "meta_d"};           // metaD: damage per second

constexpr std::array<std::string_view, 4> kModeNames = {"loop", "ping-pong", "one-shot", "random"};

std::string pipeline_name(const PipelineCategory& row) {
  return fmt::format("{}/{}", blend_factor_name(row.src), blend_factor_name(row.dst));
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
  std::string out;
  for (std::uint8_t b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

// --- writing -------------------------------------------------------------------------------

// The field is its name, zero-filled, and the name survives cp1251 -> UTF-8 -> cp1251.
bool texture_name_is_exact(const Phase& p) {
  std::string_view name = p.texture_name();
  if (name.size() >= kTextureFieldSize) return false;
  auto back = utf8_to_cp1251(cp1251_to_utf8(name));
  return back && *back == name;
}

bool texture_tail_is_zero(const Phase& p) {
  return std::all_of(p.texture_field.begin() + static_cast<std::ptrdiff_t>(p.texture_name().size()),
                     p.texture_field.end(), [](std::uint8_t b) { return b == 0; });
}

json phase_to_json(const Phase& p) {
  json out = json::object();
  for (const ParamField& f : kParamFields) {
    const std::string key(f.key);
    if (f.count == 0) {
      out[key] = f.is_signed ? json(static_cast<std::int8_t>(p.params[f.first])) : json(p.params[f.first]);
      continue;
    }
    json bytes = json::array();
    for (std::size_t i = 0; i < f.count; ++i) bytes.push_back(p.params[f.first + i]);
    out[key] = std::move(bytes);
  }
  bool exact = texture_name_is_exact(p);
  if (exact) out["texture"] = cp1251_to_utf8(p.texture_name());
  if (!exact || !texture_tail_is_zero(p)) out["texture_field"] = to_hex(p.texture_field);
  return out;
}

json runtime_flags_to_json(std::uint32_t attr1) {
  RuntimeFlags flags = decode_runtime_flags(attr1);
  auto row = pipeline_category(flags.category);
  return {{"texture_flag", flags.texture_load_flags != 0},
          {"flag_a", flags.flag_a},
          {"pipeline", row ? json(pipeline_name(*row)) : json(flags.category)},
          {"flag_b", flags.flag_b},
          {"other_bits", flags.other_bits}};
}

// meta_c as the float a person reads, when JSON carries it back to the same bits (finite values,
// -0 and denormals included); nullopt for NaN and infinities.
std::optional<double> meta_c_as_float(std::uint32_t bits) {
  float value = std::bit_cast<float>(bits);
  if (!std::isfinite(value)) return std::nullopt;
  double shown = float_for_json(value);
  if (std::bit_cast<std::uint32_t>(static_cast<float>(shown)) != bits) return std::nullopt;
  return shown;
}

json interpolate_to_json(std::uint32_t mask) {
  json out = json::array();
  for (std::size_t i = 0; i < kMaskGroups.size(); ++i)
    if (mask & kMaskGroups[i].bit) out.push_back(kInterpolateNames[i]);
  return out;
}

json block_to_json(const AnimBlock& b) {
  json keys = json::array();
  for (const Key& k : b.keys) keys.push_back({{"phase", k.phase}, {"end_time", k.end_time}, {"k2", k.k2}});
  json out = {{"mode", b.mode() < kModeNames.size() ? json(kModeNames[b.mode()]) : json(b.mode())},
              {"interpolate", interpolate_to_json(b.mask())},
              {"keys", std::move(keys)}};
  if (b.mask() > kKnownMaskBits) out["mask"] = b.mask();
  return out;
}

// --- reading -------------------------------------------------------------------------------

Error error_at(const char* rule, const std::string& path, const std::string& what) {
  return invalid_rule(rule, path + ": " + what);
}

std::string join_path(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

// Every field of `object` must be one of `known`: a field build does not read is an error, so that
// an edit is never silently ignored.
Status only_known_fields(const json& object, const std::string& path, std::initializer_list<std::string_view> known) {
  for (auto it = object.begin(); it != object.end(); ++it)
    if (std::find(known.begin(), known.end(), it.key()) == known.end())
      return error_at(codes::kMat0TextUnknownField, join_path(path, it.key()),
                      "unknown field (the MAT0 text form has no such field; build would ignore it)");
  return {};
}

Result<const json*> object_at(const json& value, const std::string& path) {
  if (!value.is_object()) return error_at(codes::kMat0TextValue, path, "expected an object");
  return &value;
}

const json* find(const json& object, const char* key) {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

Result<const json*> require(const json& object, const char* key, const std::string& path) {
  if (const json* value = find(object, key)) return value;
  return error_at(codes::kMat0TextMissing, join_path(path, key), "missing");
}

// A JSON integer (1.0 is not one) in [lo, hi].
Result<std::int64_t> to_int(const json& value, const std::string& path, std::int64_t lo, std::int64_t hi) {
  bool ok = false;
  std::int64_t x = 0;
  if (value.is_number_unsigned()) {
    std::uint64_t u = value.get<std::uint64_t>();
    ok = u <= static_cast<std::uint64_t>(hi);
    x = static_cast<std::int64_t>(u);
  } else if (value.is_number_integer()) {
    x = value.get<std::int64_t>();
    ok = x >= lo && x <= hi;
  }
  if (!ok) return error_at(codes::kMat0TextValue, path, fmt::format("expected an integer {}..{}", lo, hi));
  return x;
}

Result<std::uint32_t> to_u32(const json& value, const std::string& path, std::uint32_t max) {
  PARKAN_ASSIGN(std::int64_t x, to_int(value, path, 0, max));
  return static_cast<std::uint32_t>(x);
}

Result<bool> to_bool(const json& value, const std::string& path) {
  if (!value.is_boolean()) return error_at(codes::kMat0TextValue, path, "expected true or false");
  return value.get<bool>();
}

std::string quoted_list(std::span<const std::string_view> names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += fmt::format("{}\"{}\"", i == 0 ? "" : i + 1 == names.size() ? " or " : ", ", names[i]);
  return out;
}

// A name from `names` (its index) or an integer 0..max.
Result<std::uint32_t> name_or_number(const json& value, const std::string& path,
                                     std::span<const std::string_view> names, std::uint32_t max) {
  if (value.is_string()) {
    const std::string& given = value.get_ref<const std::string&>();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (given == names[i]) return static_cast<std::uint32_t>(i);
  } else if (value.is_number_integer()) {
    auto number = to_int(value, path, 0, max);
    if (number) return static_cast<std::uint32_t>(*number);
  }
  return error_at(codes::kMat0TextValue, path, fmt::format("expected {}, or a number 0..{}", quoted_list(names), max));
}

Result<std::uint32_t> runtime_flags_from_json(const json& value, const std::string& path) {
  PARKAN_ASSIGN(const json* flags, object_at(value, path));
  PARKAN_TRY(only_known_fields(*flags, path, {"texture_flag", "flag_a", "pipeline", "flag_b", "other_bits"}));
  auto get_bool = [&](const char* key) -> Result<bool> {
    PARKAN_ASSIGN(const json* v, require(*flags, key, path));
    return to_bool(*v, join_path(path, key));
  };
  PARKAN_ASSIGN(bool texture_flag, get_bool("texture_flag"));
  PARKAN_ASSIGN(bool flag_a, get_bool("flag_a"));
  PARKAN_ASSIGN(bool flag_b, get_bool("flag_b"));
  std::array<std::string, kPipelineCategories.size()> row_names;
  std::array<std::string_view, kPipelineCategories.size()> names;
  for (std::size_t i = 0; i < kPipelineCategories.size(); ++i)
    names[i] = row_names[i] = pipeline_name(kPipelineCategories[i]);
  PARKAN_ASSIGN(const json* pipeline, require(*flags, "pipeline", path));
  PARKAN_ASSIGN(std::uint32_t category, name_or_number(*pipeline, join_path(path, "pipeline"), names, 15));
  PARKAN_ASSIGN(const json* other, require(*flags, "other_bits", path));
  PARKAN_ASSIGN(std::uint32_t other_bits, to_u32(*other, join_path(path, "other_bits"), 0xFFFFFFFF));
  if (other_bits & 0x7Fu)
    return error_at(
        codes::kMat0TextValue, join_path(path, "other_bits"),
        fmt::format("{} has bits 0..6 set; other_bits holds bits 7..31 only (a multiple of 128)", other_bits));
  return static_cast<std::uint32_t>(texture_flag) | (static_cast<std::uint32_t>(flag_a) << 1) | (category << 2) |
         (static_cast<std::uint32_t>(flag_b) << 6) | other_bits;
}

Result<std::array<std::uint8_t, kTextureFieldSize>> texture_from_name(const std::string& utf8,
                                                                      const std::string& path) {
  auto bytes = utf8_to_cp1251(utf8);
  if (!bytes)
    return error_at(codes::kMat0TextTexture, path, fmt::format("\"{}\" has a character cp1251 cannot hold", utf8));
  if (bytes->size() > kTextureFieldSize - 1)
    return error_at(codes::kMat0TextTexture, path,
                    fmt::format("\"{}\" is {} bytes; at most 15 fit with the NUL", utf8, bytes->size()));
  if (bytes->find('\0') != std::string::npos) return error_at(codes::kMat0TextTexture, path, "contains a NUL");
  std::array<std::uint8_t, kTextureFieldSize> field{};
  std::copy(bytes->begin(), bytes->end(), field.begin());
  return field;
}

Result<std::array<std::uint8_t, kTextureFieldSize>> texture_from_hex(const json& value, const std::string& path) {
  if (!value.is_string() || value.get_ref<const std::string&>().size() != 2 * kTextureFieldSize)
    return error_at(codes::kMat0TextValue, path, "expected 32 hex digits");
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
    if (hi < 0 || lo < 0) return error_at(codes::kMat0TextValue, path, "expected 32 hex digits");
    field[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return field;
}

// "texture" and/or "texture_field"; both must name the same texture.
Status texture_from_json(const json& j, const std::string& path, Phase& phase) {
  const json* name = find(j, "texture");
  const json* field = find(j, "texture_field");
  if (!name && !field) return error_at(codes::kMat0TextMissing, path + ".texture", "missing");
  if (name && !name->is_string()) return error_at(codes::kMat0TextValue, path + ".texture", "expected a string");
  if (!field) {
    PARKAN_ASSIGN(phase.texture_field, texture_from_name(name->get<std::string>(), path + ".texture"));
    return {};
  }
  PARKAN_ASSIGN(phase.texture_field, texture_from_hex(*field, path + ".texture_field"));
  if (name) {
    const std::string& given = name->get_ref<const std::string&>();
    auto bytes = utf8_to_cp1251(given);
    if (!bytes || *bytes != phase.texture_name())
      return error_at(codes::kMat0TextConflict, path + ".texture",
                      fmt::format("\"{}\" disagrees with {}.texture_field, which holds \"{}\"; remove texture_field "
                                  "to store the new name zero-filled",
                                  given, path, cp1251_to_utf8(phase.texture_name())));
  }
  return {};
}

// The phase's byte fields under the names of kParamFields and kOlderParamFields. A byte given twice
// (a new and an older name, or a field and "params") must agree.
Result<Phase> phase_from_json(const json& j, const std::string& path) {
  if (!j.is_object()) return error_at(codes::kMat0TextValue, path, "expected an object");
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& key = it.key();
    auto named = [&](const ParamField& f) { return f.key == key; };
    if (key == "texture" || key == "texture_field" || key == "params" ||
        std::any_of(kParamFields.begin(), kParamFields.end(), named) ||
        std::any_of(kOlderParamFields.begin(), kOlderParamFields.end(), named))
      continue;
    return error_at(codes::kMat0TextUnknownField, join_path(path, key),
                    "unknown field (the MAT0 text form has no such field; build would ignore it)");
  }
  Phase phase;
  PARKAN_TRY(texture_from_json(j, path, phase));

  // Each byte with the path and text it was given as, from whichever form gave it first.
  std::array<std::optional<std::uint8_t>, kParamCount> given;
  std::array<std::string, kParamCount> given_path;
  auto set = [&](std::size_t i, std::int64_t value, std::string where) -> Status {
    const auto byte = static_cast<std::uint8_t>(value);
    if (given[i] && *given[i] != byte) {
      const bool is_signed = i == 17;
      const std::int64_t before = is_signed ? std::int64_t(static_cast<std::int8_t>(*given[i])) : *given[i];
      return error_at(codes::kMat0TextConflict, where,
                      fmt::format("{} disagrees with {} = {}; give one of them", value, given_path[i], before));
    }
    if (!given[i]) {
      given[i] = byte;
      given_path[i] = std::move(where);
    }
    return {};
  };
  auto read_field = [&](const ParamField& f) -> Status {
    const json* value = find(j, std::string(f.key).c_str());
    if (!value) return {};
    const std::string where = join_path(path, f.key);
    if (f.count == 0) {
      PARKAN_ASSIGN(std::int64_t v, to_int(*value, where, f.is_signed ? -128 : 0, f.is_signed ? 127 : 255));
      return set(f.first, v, where);
    }
    if (!value->is_array() || (value->size() != f.count && (f.older_count == 0 || value->size() != f.older_count)))
      return error_at(codes::kMat0TextValue, where, fmt::format("expected {} integers 0..255", f.count));
    for (std::size_t i = 0; i < value->size(); ++i) {
      std::string at = fmt::format("{}[{}]", where, i);
      PARKAN_ASSIGN(std::int64_t v, to_int((*value)[i], at, 0, 255));
      PARKAN_TRY(set(f.first + i, v, at));
    }
    return {};
  };
  for (const ParamField& f : kParamFields) PARKAN_TRY(read_field(f));
  for (const ParamField& f : kOlderParamFields) PARKAN_TRY(read_field(f));

  // The raw form last: a named value it contradicts is named in the error.
  if (const json* params = find(j, "params")) {
    if (!params->is_array() || params->size() != kParamCount)
      return error_at(codes::kMat0TextValue, path + ".params", "expected 18 integers");
    for (std::size_t i = 0; i < kParamCount; ++i) {
      std::string at = fmt::format("{}.params[{}]", path, i);
      PARKAN_ASSIGN(std::int64_t v, to_int((*params)[i], at, 0, 255));
      if (given[i] && *given[i] != v)
        return error_at(codes::kMat0TextConflict, given_path[i],
                        fmt::format("{} disagrees with {} = {}; give one of them",
                                    i == 17 ? std::int64_t(static_cast<std::int8_t>(*given[i])) : *given[i], at, v));
      if (!given[i]) given[i] = static_cast<std::uint8_t>(v);
    }
  }
  for (std::size_t i = 0; i < kParamCount; ++i) {
    if (!given[i]) {
      std::string_view key;
      for (const ParamField& f : kParamFields)
        if (i >= f.first && i < f.first + std::max<std::size_t>(f.count, 1)) key = f.key;
      return error_at(codes::kMat0TextMissing, join_path(path, key), "missing");
    }
    phase.params[i] = *given[i];
  }
  return phase;
}

Result<AnimBlock> block_from_json(const json& j, const std::string& path) {
  if (!j.is_object()) return error_at(codes::kMat0TextValue, path, "expected an object");
  PARKAN_TRY(only_known_fields(j, path, {"mode", "interpolate", "mask", "keys"}));
  PARKAN_ASSIGN(const json* mode_json, require(j, "mode", path));
  PARKAN_ASSIGN(std::uint32_t mode, name_or_number(*mode_json, path + ".mode", kModeNames, 7));

  const json* interpolate = find(j, "interpolate");
  const json* mask_json = find(j, "mask");
  if (!interpolate && !mask_json) return error_at(codes::kMat0TextMissing, path + ".interpolate", "missing");
  std::uint32_t bits = 0;
  if (interpolate) {
    if (!interpolate->is_array()) return error_at(codes::kMat0TextValue, path + ".interpolate", "expected an array");
    for (std::size_t i = 0; i < interpolate->size(); ++i) {
      const json& name = (*interpolate)[i];
      std::optional<std::size_t> group;
      if (name.is_string())
        for (std::size_t g = 0; g < kMaskGroups.size() && !group; ++g)
          if (name.get_ref<const std::string&>() == kInterpolateNames[g] ||
              name.get_ref<const std::string&>() == kOlderInterpolateNames[g])
            group = g;
      if (!group)
        return error_at(codes::kMat0TextValue, fmt::format("{}.interpolate[{}]", path, i),
                        fmt::format("expected {}", quoted_list(kInterpolateNames)));
      bits |= kMaskGroups[*group].bit;
    }
  }
  std::uint32_t mask = bits;
  if (mask_json) {
    PARKAN_ASSIGN(mask, to_u32(*mask_json, path + ".mask", 0x1FFFFFFF));
    if (interpolate && (mask & kKnownMaskBits) != bits)
      return error_at(codes::kMat0TextConflict, path + ".interpolate",
                      fmt::format("{} disagrees with {}.mask = 0x{:x} (known bits 0x{:x}, these groups 0x{:x}); give "
                                  "one of them",
                                  interpolate->dump(), path, mask, mask & kKnownMaskBits, bits));
  }

  AnimBlock block;
  block.header_raw = mode | (mask << 3);
  PARKAN_ASSIGN(const json* keys, require(j, "keys", path));
  if (!keys->is_array()) return error_at(codes::kMat0TextValue, path + ".keys", "expected an array");
  if (keys->size() > 0xFFFF)
    return error_at(codes::kMat0BlockKeyCount, path + ".keys", fmt::format("{} keys, at most 65535 fit", keys->size()));
  for (std::size_t k = 0; k < keys->size(); ++k) {
    std::string kp = fmt::format("{}.keys[{}]", path, k);
    const json& kj = (*keys)[k];
    if (!kj.is_object()) return error_at(codes::kMat0TextValue, kp, "expected an object");
    PARKAN_TRY(only_known_fields(kj, kp, {"phase", "end_time", "k2"}));
    Key key;
    PARKAN_ASSIGN(const json* phase, require(kj, "phase", kp));
    PARKAN_ASSIGN(const json* end, require(kj, "end_time", kp));
    PARKAN_ASSIGN(std::uint32_t phase_index, to_u32(*phase, kp + ".phase", 0xFFFF));
    PARKAN_ASSIGN(std::uint32_t end_time, to_u32(*end, kp + ".end_time", 0xFFFF));
    key.phase = static_cast<std::uint16_t>(phase_index);
    key.end_time = static_cast<std::uint16_t>(end_time);
    if (const json* k2 = find(kj, "k2")) {
      PARKAN_ASSIGN(std::uint32_t value, to_u32(*k2, kp + ".k2", 0xFFFF));
      key.k2 = static_cast<std::uint16_t>(value);
    }
    block.keys.push_back(key);
  }
  return block;
}

// The prefix value under its name or the earlier one (nullptr when neither); both given must agree.
Result<const json*> prefix_value(const json& prefix, const PrefixName& name, std::string& used) {
  const json* value = find(prefix, std::string(name.key).c_str());
  const json* older = name.older == name.key ? nullptr : find(prefix, std::string(name.older).c_str());
  if (value && older && *value != *older)
    return error_at(codes::kMat0TextConflict, "prefix." + std::string(name.older),
                    fmt::format("{} disagrees with prefix.{} = {}; give one of them", older->dump(), name.key,
                                value->dump()));
  used = value || !older ? name.key : name.older;
  return value ? value : older;
}

// The version prefix: missing values are the engine's defaults; a value the version does not store
// must be the default (it could not be written).
Status prefix_from_json(const json& value, Mat0& mat) {
  PARKAN_ASSIGN(const json* prefix, object_at(value, "prefix"));
  for (auto it = prefix->begin(); it != prefix->end(); ++it) {
    bool known = false;
    for (const PrefixName& name : {kGroundClass, kMetaB, kSpeedFactor, kSpeedFactorBits, kDamageRate})
      known = known || it.key() == name.key || it.key() == name.older;
    if (!known)
      return error_at(codes::kMat0TextUnknownField, join_path("prefix", it.key()),
                      "unknown field (the MAT0 text form has no such field; build would ignore it)");
  }
  const std::uint32_t version = mat.attributes.attr2;
  auto not_stored = [&](const std::string& key, std::uint32_t from) {
    return error_at(codes::kMat0TextNotStored, "prefix." + key,
                    fmt::format("payload version {} (attr2) does not store {} (versions {} and up do); remove it or "
                                "raise attr2",
                                version, key, from));
  };
  struct Meta {
    const PrefixName* name;
    std::uint32_t from, max, fallback;
  };
  for (const Meta& m : {Meta{&kGroundClass, 2, 0xFF, kDefaultMetaA}, Meta{&kMetaB, 2, 0xFF, kDefaultMetaB},
                        Meta{&kDamageRate, 4, 0xFFFFFFFF, kDefaultMetaD}}) {
    std::string key;
    PARKAN_ASSIGN(const json* given, prefix_value(*prefix, *m.name, key));
    if (!given) continue;
    PARKAN_ASSIGN(std::uint32_t v, to_u32(*given, "prefix." + key, m.max));
    if (version < m.from && v != m.fallback) return not_stored(key, m.from);
    if (version < m.from) continue;
    if (m.name == &kGroundClass)
      mat.meta_a = static_cast<std::uint8_t>(v);
    else if (m.name == &kMetaB)
      mat.meta_b = static_cast<std::uint8_t>(v);
    else
      mat.meta_d = v;
  }

  std::string float_key, bits_key;
  PARKAN_ASSIGN(const json* as_float, prefix_value(*prefix, kSpeedFactor, float_key));
  PARKAN_ASSIGN(const json* as_bits, prefix_value(*prefix, kSpeedFactorBits, bits_key));
  std::optional<std::uint32_t> bits;
  if (as_float) {
    if (!as_float->is_number()) return error_at(codes::kMat0TextValue, "prefix." + float_key, "expected a number");
    // Below the midpoint between FLT_MAX and 2^128 a double rounds to a finite float.
    double given = as_float->get<double>();
    if (!(std::fabs(given) < 0x1.ffffffp+127))
      return error_at(codes::kMat0TextValue, "prefix." + float_key,
                      fmt::format("expected a number in the float range (NaN and infinities are given as {})",
                                  kSpeedFactorBits.key));
    bits = std::bit_cast<std::uint32_t>(static_cast<float>(given));
  }
  if (as_bits) {
    PARKAN_ASSIGN(std::uint32_t raw, to_u32(*as_bits, "prefix." + bits_key, 0xFFFFFFFF));
    if (bits && *bits != raw)
      return error_at(codes::kMat0TextConflict, "prefix." + float_key,
                      fmt::format("{} (bits 0x{:08x}) disagrees with prefix.{} = 0x{:08x}; give one of them",
                                  as_float->dump(), *bits, bits_key, raw));
    bits = raw;
  }
  if (bits) {
    if (version < 3 && *bits != kDefaultMetaC) return not_stored(as_float ? float_key : bits_key, 3);
    if (version >= 3) mat.meta_c = *bits;
  }
  return {};
}

}  // namespace

json mat0_to_json(const Mat0& mat) {
  json phases = json::array();
  for (const Phase& p : mat.phases) phases.push_back(phase_to_json(p));
  json blocks = json::array();
  for (const AnimBlock& b : mat.blocks) blocks.push_back(block_to_json(b));
  json doc = {{"format", "MAT0"},
              {"attr2", mat.attributes.attr2},
              {"runtime_flags", runtime_flags_to_json(mat.attributes.attr1)},
              {"phases", std::move(phases)},
              {"blocks", std::move(blocks)}};
  const std::uint32_t version = mat.attributes.attr2;
  json prefix = json::object();
  if (version >= 2) {
    prefix[std::string(kGroundClass.key)] = mat.meta_a;
    prefix[std::string(kMetaB.key)] = mat.meta_b;
  }
  if (version >= 3) {
    if (auto shown = meta_c_as_float(mat.meta_c))
      prefix[std::string(kSpeedFactor.key)] = *shown;
    else
      prefix[std::string(kSpeedFactorBits.key)] = mat.meta_c;
  }
  if (version >= 4) prefix[std::string(kDamageRate.key)] = mat.meta_d;
  if (!prefix.empty()) doc["prefix"] = std::move(prefix);
  return doc;
}

Result<Mat0> mat0_from_json(const json& doc) {
  if (!doc.is_object()) return invalid_rule(codes::kMat0TextFormat, "the MAT0 text form must be a JSON object");
  PARKAN_TRY(only_known_fields(doc, "", {"format", "attr1", "attr2", "runtime_flags", "prefix", "phases", "blocks"}));
  if (const json* format = find(doc, "format"); format && *format != "MAT0")
    return error_at(codes::kMat0TextFormat, "format", "expected \"MAT0\"");
  Mat0 mat;
  PARKAN_ASSIGN(const json* attr2, require(doc, "attr2", ""));
  PARKAN_ASSIGN(mat.attributes.attr2, to_u32(*attr2, "attr2", 0xFFFFFFFF));

  const json* flags = find(doc, "runtime_flags");
  const json* attr1 = find(doc, "attr1");
  if (!flags && !attr1) return error_at(codes::kMat0TextMissing, "runtime_flags", "missing");
  if (flags) {
    PARKAN_ASSIGN(mat.attributes.attr1, runtime_flags_from_json(*flags, "runtime_flags"));
  }
  if (attr1) {
    PARKAN_ASSIGN(std::uint32_t raw, to_u32(*attr1, "attr1", 0xFFFFFFFF));
    if (flags && raw != mat.attributes.attr1)
      return error_at(codes::kMat0TextConflict, "runtime_flags",
                      fmt::format("these flags make attr1 0x{:x}, which disagrees with attr1 = 0x{:x}; give one of "
                                  "them",
                                  mat.attributes.attr1, raw));
    mat.attributes.attr1 = raw;
  }
  if (const json* prefix = find(doc, "prefix")) PARKAN_TRY(prefix_from_json(*prefix, mat));

  PARKAN_ASSIGN(const json* phases, require(doc, "phases", ""));
  if (!phases->is_array()) return error_at(codes::kMat0TextValue, "phases", "expected an array");
  if (phases->size() > 0xFFFF)
    return error_at(codes::kMat0PhasesCount, "phases", fmt::format("{} phases, at most 65535 fit", phases->size()));
  for (std::size_t i = 0; i < phases->size(); ++i) {
    PARKAN_ASSIGN(Phase p, phase_from_json((*phases)[i], fmt::format("phases[{}]", i)));
    mat.phases.push_back(p);
  }
  PARKAN_ASSIGN(const json* blocks, require(doc, "blocks", ""));
  if (!blocks->is_array()) return error_at(codes::kMat0TextValue, "blocks", "expected an array");
  if (blocks->size() > kMaxAnimBlocks)
    return error_at(
        codes::kMat0HeaderBlockCount, "blocks",
        fmt::format("{} ({} animation blocks, at most {})", kTooManyAnimations, blocks->size(), kMaxAnimBlocks));
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

nlohmann::json wear_to_json(const Wear& wear) {
  auto rows = [](const std::vector<WearRow>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const WearRow& r : list) out.push_back({{"legacy_id", r.legacy_id}, {"name", cp1251_to_utf8(r.name)}});
    return out;
  };
  return {{"materials", rows(wear.materials)}, {"lightmaps", rows(wear.lightmaps)},
          {"has_lightmaps_block", wear.has_lightmaps}};
}

namespace {

bool is_number_array(const nlohmann::json& value) {
  return value.is_array() && !value.empty() &&
         std::all_of(value.begin(), value.end(), [](const nlohmann::json& v) { return v.is_number(); });
}

void append_text(std::string& out, const nlohmann::json& value, std::size_t depth) {
  const auto scalar = [](const nlohmann::json& v) {
    return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  const std::string indent(2 * (depth + 1), ' ');
  const std::string closing(2 * depth, ' ');
  if (value.is_object() && !value.empty()) {
    out += "{\n";
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (!first) out += ",\n";
      first = false;
      out += indent + scalar(nlohmann::json(it.key())) + ": ";
      append_text(out, it.value(), depth + 1);
    }
    out += "\n" + closing + "}";
  } else if (value.is_array() && !value.empty() && !is_number_array(value)) {
    out += "[\n";
    bool first = true;
    for (const nlohmann::json& element : value) {
      if (!first) out += ",\n";
      first = false;
      out += indent;
      append_text(out, element, depth + 1);
    }
    out += "\n" + closing + "]";
  } else if (is_number_array(value)) {
    out += "[";
    for (std::size_t i = 0; i < value.size(); ++i) out += (i ? ", " : "") + scalar(value[i]);
    out += "]";
  } else {
    out += scalar(value);
  }
}

}  // namespace

std::string mat0_text(const nlohmann::json& doc) {
  std::string out;
  append_text(out, doc, 0);
  return out;
}

}  // namespace parkan::material
