// Both WEAR parsers, the validator and the writers.
#include <cstdint>
#include <cstdlib>

#include "parkan/material/wear.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteView text(data, size);
  auto file = material::parse_wear(text, material::WearParser::file);
  auto buffer = material::parse_wear(text, material::WearParser::buffer);
  for (const auto* parsed : {&file, &buffer})
    if (!*parsed && !parsed->error().rule.starts_with("wear.")) std::abort();  // every parse error names its rule
  for (const Diagnostic& d : material::check_wear(text))
    if (!d.code.starts_with("wear.") || (d.location.offset && *d.location.offset > size)) std::abort();
  if (!file) return 0;
  if (material::write_wear(*file, text) != ByteBuffer(text.begin(), text.end())) std::abort();  // lossless
  ByteBuffer canonical = material::write_wear_canonical(*file);
  for (auto parser : {material::WearParser::file, material::WearParser::buffer}) {
    auto again = material::parse_wear(canonical, parser);
    if (!again || !(*again == *file)) std::abort();  // the canonical text reads back with both parsers
  }
  return 0;
}
