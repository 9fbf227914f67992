// Storage methods (docs/formats/rsli.md 6): the flag bits, their CLI names (docs/cli.md) and which ones XOR.
#include <array>
#include <utility>

#include "parkan/rsli/archive.hpp"

namespace parkan::rsli {

namespace {

constexpr std::array<std::pair<Method, const char*>, 7> kMethodNames{{
    {Method::stored, "stored"},
    {Method::xor_only, "xor"},
    {Method::lzss, "lzss"},
    {Method::xor_lzss, "xor-lzss"},
    {Method::lzhuf, "lzhuf"},
    {Method::xor_lzhuf, "xor-lzhuf"},
    {Method::deflate, "deflate"},
}};

}  // namespace

std::optional<Method> method_of(std::int16_t flags) {
  // flags is sign-extended in the engine; the method bits 5..8 are the same either way.
  const auto bits = static_cast<std::uint16_t>(static_cast<std::uint16_t>(flags) & kMethodMask);
  for (const auto& [method, name] : kMethodNames)
    if (static_cast<std::uint16_t>(method) == bits) return method;
  return std::nullopt;
}

const char* method_name(Method method) {
  for (const auto& [known, name] : kMethodNames)
    if (known == method) return name;
  return "unknown";
}

std::optional<Method> parse_method(std::string_view name) {
  for (const auto& [method, known] : kMethodNames)
    if (name == known) return method;
  return std::nullopt;
}

bool method_uses_xor(Method method) {
  return method == Method::xor_only || method == Method::xor_lzss || method == Method::xor_lzhuf;
}

}  // namespace parkan::rsli
