// .bas base outlines (include/parkan/objdata/base.hpp, docs/formats/objdata.md 3).
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/objdata/base.hpp"
#include "parkan/objdata/codes.hpp"

namespace parkan::objdata {

namespace {

constexpr std::size_t kPointSize = 12;

// A ByteReader whose failures are bas.size errors naming the field being read.
Result<std::int32_t> word(ByteReader& in, std::string_view what) {
  const std::size_t at = in.offset();
  auto v = in.i32();
  if (!v) return invalid_rule(codes::kBasSize, fmt::format("{}: {}", what, v.error().message), at);
  return *v;
}

// A count of records of at least `least` bytes each: refused when negative or past the bytes left.
Result<std::int32_t> count(ByteReader& in, std::string_view what, std::size_t least) {
  const std::size_t at = in.offset();
  PARKAN_ASSIGN(const std::int32_t n, word(in, what));
  if (n < 0 || std::uint64_t(n) * least > in.remaining())
    return invalid_rule(codes::kBasCount,
                        fmt::format("{} {}: at least {} bytes each, {} left in the file", n, what, least,
                                    in.remaining()),
                        at);
  return n;
}

Result<BaseRing> read_ring(ByteReader& in, bool inner, std::string_view section) {
  BaseRing ring;
  ring.offset = in.offset();
  // n corners: n + 1 points, and for an inner ring n triangles and n corners.
  const std::size_t per_corner = kPointSize + (inner ? 8 : 0);
  PARKAN_ASSIGN(const std::int32_t n, count(in, fmt::format("{} ring corners", section), per_corner));
  ring.points.resize(std::size_t(n) + 1);
  for (auto& p : ring.points)
    for (float& c : p) {
      const std::size_t at = in.offset();
      auto v = in.f32();
      if (!v) return invalid_rule(codes::kBasSize, fmt::format("{} ring point: {}", section, v.error().message), at);
      c = *v;
    }
  if (inner) {
    ring.triangles.resize(std::size_t(n));
    ring.corners.resize(std::size_t(n));
    for (std::int32_t& t : ring.triangles) {
      PARKAN_ASSIGN(t, word(in, "inner ring triangle"));
    }
    for (std::int32_t& c : ring.corners) {
      PARKAN_ASSIGN(c, word(in, "inner ring corner"));
    }
  }
  return ring;
}

Result<std::vector<BaseRing>> read_section(ByteReader& in, bool inner) {
  const char* section = inner ? "inner" : "outer";
  PARKAN_ASSIGN(const std::int32_t rings, count(in, fmt::format("{} rings", section), 4 + kPointSize));
  std::vector<BaseRing> out;
  out.reserve(std::size_t(rings));
  for (std::int32_t r = 0; r < rings; ++r) {
    PARKAN_ASSIGN(out.emplace_back(), read_ring(in, inner, section));
  }
  return out;
}

void put_ring(ByteWriter& out, const BaseRing& ring, bool inner) {
  out.i32(std::int32_t(ring.corner_count()));
  for (const auto& p : ring.points)
    for (float c : p) out.f32(c);
  if (!inner) return;
  for (std::int32_t t : ring.triangles) out.i32(t);
  for (std::int32_t c : ring.corners) out.i32(c);
}

}  // namespace

double base_ring_area(const BaseRing& ring) {
  double twice = 0;
  const std::size_t n = ring.corner_count();
  for (std::size_t i = 0; i < n; ++i) {
    const auto& a = ring.points[i];
    const auto& b = ring.points[(i + 1) % n];
    twice += double(a[0]) * b[1] - double(b[0]) * a[1];
  }
  return twice / 2;
}

Result<Base> read_base(ByteView bytes) {
  ByteReader in(bytes);
  Base base;
  PARKAN_ASSIGN(base.inner, read_section(in, true));
  PARKAN_ASSIGN(base.outer, read_section(in, false));
  if (!in.at_end())
    return invalid_rule(codes::kBasSize, fmt::format("{} bytes after the outer rings", in.remaining()), in.offset());
  return base;
}

std::vector<Diagnostic> check_base(ByteView bytes) {
  std::vector<Diagnostic> out;
  Result<Base> base = read_base(bytes);
  if (!base) {
    out.push_back(to_diagnostic(base.error(), codes::kBasSize));
    return out;
  }
  for (const auto& [rings, section] : {std::pair{&base->inner, "inner"}, std::pair{&base->outer, "outer"}}) {
    if (rings->size() != std::size_t(kBaseRetailRings))
      add_diagnostic(out, Severity::warning, codes::kBasRings,
                     rings->empty() ? std::nullopt : std::optional<std::uint64_t>((*rings)[0].offset),
                     fmt::format("{} {} rings: every retail base has {}", rings->size(), section, kBaseRetailRings));
    for (std::size_t r = 0; r < rings->size(); ++r) {
      const BaseRing& ring = (*rings)[r];
      const auto n = std::int32_t(ring.corner_count());
      if (n < kBaseMinCorners || n > kBaseMaxCorners)
        add_diagnostic(out, Severity::warning, codes::kBasCorners, ring.offset,
                       fmt::format("{} ring {}: {} corners (retail: {} to {})", section, r, n, kBaseMinCorners,
                                   kBaseMaxCorners));
      if (!ring.points.empty() && ring.points.front() != ring.points.back())
        add_diagnostic(out, Severity::warning, codes::kBasClosed, ring.offset + 4 + kPointSize * std::size_t(n),
                       fmt::format("{} ring {}: the last point does not repeat the first", section, r));
      if (n >= kBaseMinCorners && base_ring_area(ring) < 0)
        add_diagnostic(out, Severity::warning, codes::kBasWinding, ring.offset,
                       fmt::format("{} ring {} turns clockwise seen from +z: retail rings are anticlockwise",
                                   section, r));
    }
  }
  if (base->inner.size() == 1 && base->outer.size() == 1) {
    const double inner = std::fabs(base_ring_area(base->inner[0])), outer = std::fabs(base_ring_area(base->outer[0]));
    const double ratio = inner > 0 ? outer / inner : 0;
    if (!(ratio >= kBaseMinClearance && ratio <= kBaseMaxClearance))
      add_diagnostic(out, Severity::warning, codes::kBasClearance, base->outer[0].offset,
                     fmt::format("the outer ring's area is {:.2f} times the inner one's (retail: {} to {})", ratio,
                                 kBaseMinClearance, kBaseMaxClearance));
  }
  return out;
}

ByteBuffer write_base(const Base& base) {
  ByteWriter out;
  out.i32(std::int32_t(base.inner.size()));
  for (const BaseRing& ring : base.inner) put_ring(out, ring, true);
  out.i32(std::int32_t(base.outer.size()));
  for (const BaseRing& ring : base.outer) put_ring(out, ring, false);
  return out.take();
}

nlohmann::json base_json(const Base& base) {
  auto rings = [](const std::vector<BaseRing>& section) {
    nlohmann::json out = nlohmann::json::array();
    for (const BaseRing& ring : section) {
      nlohmann::json points = nlohmann::json::array();
      for (const auto& p : ring.points) points.push_back({p[0], p[1], p[2]});
      out.push_back({{"corners", ring.corner_count()},
                     {"area", base_ring_area(ring)},
                     {"points", std::move(points)},
                     {"triangles", ring.triangles},
                     {"mesh_corners", ring.corners}});
    }
    return out;
  };
  return {{"inner", rings(base.inner)}, {"outer", rings(base.outer)}};
}

}  // namespace parkan::objdata
