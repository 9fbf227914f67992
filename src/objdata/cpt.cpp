// .cpt control points (include/parkan/objdata/objdata.hpp, docs/formats/objdata.md 2).
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

// The n value blocks come first, then the n names (docs/formats/objdata.md 2).
std::size_t values_offset(std::size_t i) { return kCountSize + i * kCptValuesSize; }
std::size_t name_offset(std::size_t n, std::size_t i) { return kCountSize + n * kCptValuesSize + i * kNameField; }

}  // namespace

Result<std::vector<ControlPoint>> read_cpt(ByteView bytes) {
  if (bytes.size() < kCountSize)
    return invalid_rule(codes::kCptSize, fmt::format("{} bytes: shorter than the point count", bytes.size()));
  const std::uint32_t n = load_u32(bytes.data());
  const std::size_t body = bytes.size() - kCountSize;
  if (body % kCptRecordSize != 0 || body / kCptRecordSize != n)
    return invalid_rule(codes::kCptSize, fmt::format("{} points need {} bytes ({} of values and a {}-byte name each); "
                                                     "the file has {}", n,
                                                     kCountSize + std::uint64_t{n} * kCptRecordSize, kCptValuesSize,
                                                     kNameField, bytes.size()),
                        0);
  std::vector<ControlPoint> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    ControlPoint& p = out[i];
    p.raw_values = bytes.subspan(values_offset(i), kCptValuesSize);
    p.raw_name = bytes.subspan(name_offset(n, i), kNameField);
    std::memcpy(p.nodes.data(), p.raw_values.data(), 12);
    std::memcpy(p.position.data(), p.raw_values.data() + 12, 12);
    std::memcpy(p.direction.data(), p.raw_values.data() + 24, 12);
    p.name = detail::field_text(p.raw_name.data());
  }
  return out;
}

std::vector<Diagnostic> check_cpt(ByteView bytes) {
  std::vector<Diagnostic> out;
  Result<std::vector<ControlPoint>> points = read_cpt(bytes);
  if (!points) {
    out.push_back(to_diagnostic(points.error(), codes::kCptSize));
    return out;
  }
  const std::size_t n = points->size();
  for (std::size_t i = 0; i < n; ++i) {
    const ControlPoint& p = (*points)[i];
    const std::string what = fmt::format("point {} \"{}\"", i, cp1251_to_utf8(p.name));
    for (std::size_t k = 0; k < 3; ++k) {
      if (!std::isfinite(p.position[k]))
        add_diagnostic(out, Severity::warning, codes::kCptValue, values_offset(i) + 12 + 4 * k,
                       fmt::format("{}: position component {} is not finite", what, k));
      if (!std::isfinite(p.direction[k]))
        add_diagnostic(out, Severity::warning, codes::kCptValue, values_offset(i) + 24 + 4 * k,
                       fmt::format("{}: direction component {} is not finite", what, k));
    }
    if (!detail::field_terminated(p.raw_name.data()))
      add_diagnostic(out, Severity::warning, codes::kCptNameNul, name_offset(n, i),
                     fmt::format("point {}: the name has no NUL in its {} bytes", i, kNameField));
  }
  return out;
}

Result<ByteBuffer> write_cpt(const std::vector<ControlPoint>& points) {
  const std::size_t n = points.size();
  ByteBuffer out(kCountSize + n * kCptRecordSize, 0);
  const auto count = static_cast<std::uint32_t>(n);
  std::memcpy(out.data(), &count, 4);
  for (std::size_t i = 0; i < n; ++i) {
    const ControlPoint& p = points[i];
    std::uint8_t* values = out.data() + values_offset(i);
    std::uint8_t* name = out.data() + name_offset(n, i);
    if (p.raw_values.size() == kCptValuesSize) std::memcpy(values, p.raw_values.data(), kCptValuesSize);
    if (p.raw_name.size() == kNameField) std::memcpy(name, p.raw_name.data(), kNameField);
    std::memcpy(values, p.nodes.data(), 12);
    std::memcpy(values + 12, p.position.data(), 12);
    std::memcpy(values + 24, p.direction.data(), 12);
    PARKAN_TRY(detail::put_name(name, p.name, fmt::format("point {} name", i)));
  }
  return out;
}

nlohmann::json cpt_json(const std::vector<ControlPoint>& points) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ControlPoint& p = points[i];
    out.push_back({{"index", i},
                   {"name", cp1251_to_utf8(p.name)},
                   {"nodes", p.nodes},
                   {"position", p.position},
                   {"direction", p.direction}});
  }
  return {{"points", std::move(out)}};
}

}  // namespace parkan::objdata
