// .ndp node damage (include/parkan/objdata/objdata.hpp, docs/formats/objdata.md 1).
#include <cmath>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "objdata/name_field.hpp"
#include "parkan/core/text.hpp"
#include "parkan/objdata/codes.hpp"
#include "parkan/objdata/objdata.hpp"

namespace parkan::objdata {

namespace {

using detail::field_terminated;
using detail::field_text;

// Record offsets (docs/formats/objdata.md 1).
constexpr std::size_t kFlags = 0, kHitPoints = 4, kDensity = 8, kArchive = 12, kEffect = 44;

float load_f32(const std::uint8_t* p) {
  float f;
  std::memcpy(&f, p, 4);
  return f;
}

}  // namespace

Result<std::vector<NodeDamage>> read_ndp(ByteView bytes) {
  if (bytes.size() < kCountSize)
    return invalid_rule(codes::kNdpSize, fmt::format("{} bytes: shorter than the record count", bytes.size()));
  const std::uint32_t n = load_u32(bytes.data());
  const std::size_t body = bytes.size() - kCountSize;
  if (body % kNdpRecordSize != 0 || body / kNdpRecordSize != n)
    return invalid_rule(codes::kNdpSize, fmt::format("{} records need {} bytes of {}; the file has {}", n,
                                                     kCountSize + std::uint64_t{n} * kNdpRecordSize, kNdpRecordSize,
                                                     bytes.size()),
                        0);
  std::vector<NodeDamage> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t* r = bytes.data() + kCountSize + i * kNdpRecordSize;
    NodeDamage& d = out[i];
    d.raw = bytes.subspan(kCountSize + i * kNdpRecordSize, kNdpRecordSize);
    d.flags = static_cast<std::int32_t>(load_u32(r + kFlags));
    d.hit_points = load_f32(r + kHitPoints);
    d.density = load_f32(r + kDensity);
    d.archive = field_text(r + kArchive);
    d.effect = field_text(r + kEffect);
  }
  return out;
}

std::vector<Diagnostic> check_ndp(ByteView bytes) {
  std::vector<Diagnostic> out;
  Result<std::vector<NodeDamage>> records = read_ndp(bytes);
  if (!records) {
    out.push_back(to_diagnostic(records.error(), codes::kNdpSize));
    return out;
  }
  for (std::size_t i = 0; i < records->size(); ++i) {
    const NodeDamage& d = (*records)[i];
    const std::size_t at = kCountSize + i * kNdpRecordSize;
    if (!std::isfinite(d.hit_points) || d.hit_points < 0)
      add_diagnostic(out, Severity::warning, codes::kNdpValue, at + kHitPoints,
                     fmt::format("node {}: hit points {} (a finite number, 1e6 for indestructible)", i, d.hit_points));
    if (!std::isfinite(d.density) || d.density < 0)
      add_diagnostic(out, Severity::warning, codes::kNdpValue, at + kDensity,
                     fmt::format("node {}: density {} (a finite number, at least 0)", i, d.density));
    for (const auto& [offset, field] : {std::pair{kArchive, "archive"}, std::pair{kEffect, "effect"}})
      if (!field_terminated(d.raw.data() + offset))
        add_diagnostic(out, Severity::warning, codes::kNdpNameNul, at + offset,
                       fmt::format("node {}: the {} field has no NUL in its {} bytes", i, field, kNameField));
  }
  return out;
}

Result<ByteBuffer> write_ndp(const std::vector<NodeDamage>& records) {
  ByteBuffer out(kCountSize + records.size() * kNdpRecordSize, 0);
  const auto n = static_cast<std::uint32_t>(records.size());
  std::memcpy(out.data(), &n, 4);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const NodeDamage& d = records[i];
    std::uint8_t* r = out.data() + kCountSize + i * kNdpRecordSize;
    if (d.raw.size() == kNdpRecordSize) std::memcpy(r, d.raw.data(), kNdpRecordSize);
    std::memcpy(r + kFlags, &d.flags, 4);
    std::memcpy(r + kHitPoints, &d.hit_points, 4);
    std::memcpy(r + kDensity, &d.density, 4);
    PARKAN_TRY(detail::put_name(r + kArchive, d.archive, fmt::format("node {} archive", i)));
    PARKAN_TRY(detail::put_name(r + kEffect, d.effect, fmt::format("node {} effect", i)));
  }
  return out;
}

nlohmann::json ndp_json(const std::vector<NodeDamage>& records) {
  nlohmann::json nodes = nlohmann::json::array();
  for (std::size_t i = 0; i < records.size(); ++i) {
    const NodeDamage& d = records[i];
    nodes.push_back({{"node", i},
                     {"flags", d.flags},
                     {"hit_points", d.hit_points},
                     {"density", d.density},
                     {"archive", cp1251_to_utf8(d.archive)},
                     {"effect", cp1251_to_utf8(d.effect)}});
  }
  return {{"nodes", std::move(nodes)}};
}

}  // namespace parkan::objdata
