// Sample NRes archives with the edge cases of the real corpus (docs/formats/nres.md 3, 5, 8): an unindexed
// non-zero region before the first payload (Part 2 Textures.lib), zero and non-zero gaps, file
// order unlike directory order, duplicate and mixed-case names, names with '_' and '[' (where the
// two case folds disagree), junk after a name's NUL, empty payloads. All of them pass the strict
// reader (the non-zero gaps are its warnings). The payloads are random bytes, so the entries carry
// opaque type ids (the container is what these archives exercise; `parkan validate` checks the
// resources of a type, and random bytes are no Texm).
#include <algorithm>
#include <deque>

#include <fmt/format.h>

#include "parkan/sample/sample_game.hpp"
#include "sample/sample_random.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::sample {

namespace {

// Opaque FourCCs standing where a game library has Texm, MAT0, WEAR and MESH.
constexpr std::uint32_t kDataType = 0x41544144;  // "DATA"
constexpr std::uint32_t kTextType = 0x54584554;  // "TEXT"
constexpr std::uint32_t kTableType = 0x4C424154;  // "TABL"
constexpr std::uint32_t kBlockType = 0x4B4C4F42;  // "BOLK"

ByteBuffer random_bytes(SampleRandom& rng, std::size_t size, bool nonzero = false) {
  ByteBuffer out(size);
  for (auto& b : out) b = nonzero ? static_cast<std::uint8_t>(1 + rng.below(255)) : rng.byte();
  return out;
}

struct EdgeEntry {
  const char* name;
  std::uint32_t type_id;
  std::size_t size;
  const char* tail;  // junk after the NUL (retail files have it, docs/formats/nres.md 3)
};

// Directory order. Sizes are deliberately not multiples of 8.
constexpr EdgeEntry kEdgeEntries[] = {
    {"Grass.0", kDataType, 173, ""},          {"GRASS.0", kDataType, 64, ""},        {"grass.0", kDataType, 9, "\x01\x02\x03\x04"},
    {"b_x.tex", kDataType, 40, ""},           {"ba.tex", kDataType, 33, ""},         {"[menu].txt", kTableType, 21, "old"},
    {"ui_panel[1].0", kDataType, 100, ""},    {"Zebra_2.msh", kBlockType, 250, ""},   {"zebra.msh", kBlockType, 7, ""},
    {"DEFAULT", kTextType, 74, "\xff\xff\xff\xff\xff\xff\xff\xff"}, {"empty", kTableType, 0, ""}, {"B^hat", kDataType, 12, ""},
    {"a`quote", kDataType, 5, ""},
};

// File order of the payloads (indices into kEdgeEntries) and what lies between them.
ByteBuffer edge_archive(SampleRandom& rng) {
  std::deque<ByteBuffer> storage;
  nres::Document document;
  for (const EdgeEntry& e : kEdgeEntries) {
    nres::EntrySpec spec{e.type_id, static_cast<std::uint32_t>(e.size % 7), 6, e.type_id == kBlockType ? 38u : 0u, e.name,
                         {}};
    nres::Entry entry = nres::make_entry(spec).value();
    std::string_view tail = e.tail;
    std::copy(tail.begin(), tail.end(), entry.name_field.begin() + std::string_view(e.name).size() + 1);
    document.entries.push_back(entry);
  }
  auto filler = [&](ByteBuffer bytes) {
    document.chunks.push_back(nres::Chunk{nres::Chunk::kFiller, storage.emplace_back(std::move(bytes))});
  };
  auto payload = [&](std::size_t index, bool padded = true) {
    ByteView bytes = storage.emplace_back(random_bytes(rng, kEdgeEntries[index].size));
    document.chunks.push_back(nres::Chunk{index, bytes, padded});
  };
  filler(random_bytes(rng, 4096, true));  // the unindexed region of Part 2 Textures.lib
  const std::size_t order[] = {9, 0, 3, 4, 1, 2, 10, 5, 6, 7, 8, 11, 12};
  for (std::size_t k = 0; k < std::size(order); ++k) {
    payload(order[k], order[k] != 5);  // [menu].txt is followed by non-zero bytes instead of padding
    if (order[k] == 5) filler(ByteBuffer{'J', 'U', 'N', 'K', 'J', 'U', 'N', 'K', 'J', 'U', 'N'});
    if (order[k] == 4) filler(ByteBuffer(24, 0));  // a zero gap wider than padding
  }
  document.rebuild_sort_table = true;
  return nres::write_lossless(document).value();
}

// A clean archive as the engine's writer makes it, with the FourCC types of a top-level library.
ByteBuffer canonical_archive(SampleRandom& rng, std::size_t count) {
  std::deque<ByteBuffer> storage;
  std::vector<nres::EntrySpec> specs;
  const std::uint32_t types[] = {kDataType, kTextType, kTableType, kBlockType};
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t type = types[i % 4];
    std::string name = fmt::format("{}_{:03}.{}", type == kDataType ? "TEX" : type == kTextType ? "Mat" : type == kTableType ? "wear" : "Unit", i,
                                   type == kBlockType ? "msh" : "0");
    specs.push_back(nres::EntrySpec{type, static_cast<std::uint32_t>(i), 6, 0, name,
                                    storage.emplace_back(random_bytes(rng, rng.below(601)))});
  }
  for (std::size_t i = specs.size(); i > 1; --i)  // Fisher-Yates: the same order on every platform
    std::swap(specs[i - 1], specs[rng.below(static_cast<std::uint32_t>(i))]);
  return nres::build(specs).value();
}

}  // namespace

std::vector<SampleFile> sample_archives(const SampleOptions& options) {
  SampleRandom rng{options.seed};
  std::vector<SampleFile> files;
  files.push_back({"archives/edge_cases.lib", edge_archive(rng)});
  files.push_back({"archives/canonical.lib", canonical_archive(rng, options.retail ? 1200 : 40)});
  return files;
}

}  // namespace parkan::sample
