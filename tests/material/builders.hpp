#pragma once
// Builders of synthetic MAT0 models and payloads for the material tests.
#include <cstring>
#include <string>

#include <rapidcheck.h>

#include "parkan/material/model.hpp"

namespace parkan::material::test {

inline Phase make_phase(std::uint8_t base, const std::string& texture) {
  Phase p;
  for (std::size_t i = 0; i < kParamCount; ++i) p.params[i] = static_cast<std::uint8_t>(base + i);
  std::memcpy(p.texture_field.data(), texture.data(), std::min(texture.size(), kTextureFieldSize));
  return p;
}

// Two phases, one block of the given mode/mask with keys (phase, end).
inline Mat0 make_material(std::uint32_t mode, std::uint32_t mask,
                          std::vector<std::pair<std::uint16_t, std::uint16_t>> keys, std::size_t phases = 4) {
  Mat0 m;
  m.attributes = {0x05, 6};
  m.meta_a = 10;
  m.meta_b = 20;
  m.meta_c = 0x40000000;
  m.meta_d = 7;
  for (std::size_t i = 0; i < phases; ++i)
    m.phases.push_back(make_phase(static_cast<std::uint8_t>(i * 40), "TEX" + std::to_string(i) + ".0"));
  AnimBlock b;
  b.header_raw = mode | (mask << 3);
  for (auto [phase, end] : keys) b.keys.push_back({phase, end, static_cast<std::uint16_t>(end ^ 0x5A5A)});
  m.blocks.push_back(b);
  return m;
}

// Float bit patterns with the odd ones well represented: NaNs with payloads (quiet, signalling,
// negative), infinities, -0, denormals, the extremes, and any 32 bits.
inline rc::Gen<std::uint32_t> gen_float_bits() {
  return rc::gen::oneOf(
      rc::gen::arbitrary<std::uint32_t>(),
      rc::gen::element<std::uint32_t>(0x00000000u, 0x80000000u, 0x3F800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                      0x7FC00001u, 0x7F800001u, 0xFFFFFFFFu, 0x00000001u, 0x807FFFFFu, 0x00800000u,
                                      0x7F7FFFFFu, 0xFF7FFFFFu),
      rc::gen::map(rc::gen::inRange<std::uint32_t>(1, 0x1000000u),
                   [](std::uint32_t m) { return (m & 0x7FFFFFu) | (m << 8 & 0x80000000u); }),  // denormals, +-0
      rc::gen::map(rc::gen::inRange<std::uint32_t>(1, 0x1000000u),
                   [](std::uint32_t m) { return 0x7F800000u | (m & 0x7FFFFFu) | (m << 8 & 0x80000000u); }));  // NaNs
}

// Any structurally valid model (not necessarily semantically valid).
inline rc::Gen<Mat0> gen_mat0() {
  return rc::gen::exec([] {
    Mat0 m;
    m.attributes.attr1 = *rc::gen::arbitrary<std::uint32_t>();
    m.attributes.attr2 = *rc::gen::inRange<std::uint32_t>(0, 8);
    if (m.attributes.attr2 >= 2) {
      m.meta_a = *rc::gen::arbitrary<std::uint8_t>();
      m.meta_b = *rc::gen::arbitrary<std::uint8_t>();
    }
    if (m.attributes.attr2 >= 3) m.meta_c = *gen_float_bits();
    if (m.attributes.attr2 >= 4) m.meta_d = *rc::gen::arbitrary<std::uint32_t>();
    std::size_t phases = *rc::gen::inRange<std::size_t>(0, 30);
    for (std::size_t i = 0; i < phases; ++i) {
      Phase p;
      for (auto& b : p.params) b = *rc::gen::arbitrary<std::uint8_t>();
      for (auto& b : p.texture_field) b = *rc::gen::arbitrary<std::uint8_t>();
      m.phases.push_back(p);
    }
    std::size_t blocks = *rc::gen::inRange<std::size_t>(0, kMaxAnimBlocks + 1);
    for (std::size_t i = 0; i < blocks; ++i) {
      AnimBlock b;
      b.header_raw = *rc::gen::arbitrary<std::uint32_t>();
      std::size_t keys = *rc::gen::inRange<std::size_t>(0, 12);
      for (std::size_t k = 0; k < keys; ++k)
        b.keys.push_back({*rc::gen::arbitrary<std::uint16_t>(), *rc::gen::arbitrary<std::uint16_t>(),
                          *rc::gen::arbitrary<std::uint16_t>()});
      m.blocks.push_back(b);
    }
    return m;
  });
}

}  // namespace parkan::material::test
