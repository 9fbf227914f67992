// docs/formats/rsli.md 4, 6.1: the self-inverse XOR stream of RsLi tables and payloads.
#include <cstdint>
#include <span>

#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {

void xor_transform(std::span<std::uint8_t> bytes, std::uint16_t key) {
  // The state lives in registers as unsigned ints; only the low 8 bits matter.
  unsigned lo = key & 0xFFu;
  unsigned hi = key >> 8;
  for (std::uint8_t& byte : bytes) {
    lo = (hi ^ (lo << 1)) & 0xFFu;
    byte = static_cast<std::uint8_t>(byte ^ lo);
    hi = (lo ^ (hi >> 1)) & 0xFFu;
  }
}

}  // namespace parkan::rsli
