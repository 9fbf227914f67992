// The effects' chain (the world specification 10.3 from .ndp onward; docs/formats/effect.md, docs/formats/objdata.md):
// a .ndp record names a .exp in an archive, the .exp's slots name FXID effects (in effects.rlb), an
// effect's emitters name materials (Material.lib) and sounds (sounds.lib). Each name is looked up among
// the game's archives (else the base game's) by the archive's file name, members folded as the engine
// folds them. A missing link is a warning: the engine skips an effect it cannot find (2,189 of 2,203
// retail .ndp records resolve the whole way).
#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/effect/effect.hpp"
#include "parkan/objdata/objdata.hpp"
#include "parkan/validate/codes.hpp"
#include "validate/validate_internal.hpp"

namespace parkan::validate::detail {

namespace {

constexpr std::size_t kFxNdpArchive = 12;  // docs/formats/objdata.md 1: the archive field of a record
constexpr std::size_t kFxExpSlots = 24;    // docs/formats/effect.md 2: the first slot

std::string fx_base_name(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// The archive a reference names: by its path from the top, else the first with that file name; the
// game's own first, then the base game's.
const ArchiveNames* fx_find_archive(const GameFacts& facts, std::string_view name) {
  std::string folded = fold_name(name);
  for (char& c : folded)
    if (c == '\\') c = '/';
  for (const auto* set : {&facts.archives, &facts.base_archives}) {
    if (auto it = set->find(folded); it != set->end()) return &it->second;
    for (const auto& [path, names] : *set)
      if (fx_base_name(path) == fx_base_name(folded)) return &names;
  }
  return nullptr;
}

void fx_add(CheckedResource& out, const char* code, std::vector<std::string> archives, std::string member,
            std::uint64_t offset, std::string what) {
  if (member.empty() && archives.front().empty()) return;  // an unused slot
  out.facts.named_refs.push_back({code, std::move(archives), std::move(member), offset, std::move(what)});
}

}  // namespace

void note_effect_uses(const resource::Kind& k, ByteView bytes, CheckedResource& out) {
  if (k.key == "ndp") {
    auto records = objdata::read_ndp(bytes);
    if (!records) return;
    for (std::size_t i = 0; i < records->size(); ++i) {
      const objdata::NodeDamage& d = (*records)[i];
      fx_add(out, codes::kNdpExplosionMissing, {d.archive}, d.effect,
             objdata::kCountSize + i * objdata::kNdpRecordSize + kFxNdpArchive, fmt::format("node {}'s explosion", i));
    }
  } else if (k.key == "explosion") {
    auto x = effect::read_explosion(bytes);
    if (!x) return;
    for (std::size_t s = 0; s < x->slots.size(); ++s)
      fx_add(out, codes::kExpEffectMissing, {x->slots[s].archive}, x->slots[s].member,
             kFxExpSlots + s * effect::kPairSize,
             s == 0 ? std::string("the explosion's effect") : fmt::format("slot {}'s effect (ground class {})", s, s - 1));
  } else if (k.key == "effect") {
    auto fx = effect::read_effect(bytes);
    if (!fx) return;
    std::size_t at = effect::kHeaderSize;
    for (std::size_t i = 0; i < fx->emitters.size(); ++i) {
      const effect::Emitter& e = fx->emitters[i];
      if (auto pair = e.resource())
        fx_add(out, codes::kFxidResourceMissing, {pair->archive}, pair->member,
               at + effect::emitter_layout(e.type())->pair_offset,
               fmt::format("emitter {}'s {}", i, e.type() == 2 ? "sound" : "material"));
      at += e.raw.size();
    }
  }
}

void check_named_references(GameFacts& facts) {
  for (CheckedResource& r : facts.resources) {
    for (const NamedReference& ref : r.facts.named_refs) {
      bool found = false;
      std::vector<std::string> present, absent;
      for (const std::string& archive : ref.archives) {
        const ArchiveNames* names = fx_find_archive(facts, archive);
        if (!names) {
          absent.push_back(archive);
          continue;
        }
        present.push_back(names->file);
        // An archive whose directory could not be read is not searched: its own error covers it.
        if (!names->readable || names->folded.count(fold_name(ref.member))) found = true;
      }
      if (found) continue;
      const std::string member = escape_control(cp1251_to_utf8(ref.member));
      std::string message;
      if (present.empty())
        message = fmt::format("{} \"{}\" names {}, which the game folder lacks", ref.what, member,
                              escape_control(cp1251_to_utf8(ref.archives.front())));
      else {
        std::string where;
        for (const std::string& p : present) where += (where.empty() ? "" : " or ") + p;
        message = fmt::format("{} \"{}\" is not in {}", ref.what, member, escape_control(where));
      }
      r.findings.push_back({ref.code, Severity::warning, {r.file, r.entry, ref.offset}, std::move(message)});
    }
  }
}

}  // namespace parkan::validate::detail
