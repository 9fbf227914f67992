// parkan effect info|check|check-exp (docs/cli.md 5.16): FXID effects (effects.rlb) and the .exp
// explosions that name them. Glue only: the formats live in parkan/effect/effect.hpp.
#include <memory>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/text.hpp"
#include "parkan/effect/effect.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/payload.hpp"

namespace parkan::cli {

namespace {

// The header's time modes by number (docs/formats/effect.md 1.1).
std::string time_mode_name(std::uint32_t mode) {
  switch (mode) {
    case 0: return "manual";
    case 1: return "once";
    case 2: return "loop";
    case 3: return "reverse";
    case 4: return "attach value";
    case 5: case 6: case 7: case 8: return "owner speed";
    case 9: case 10: case 11: case 12: return "spin";
    case 13: return "inverse attach";
    case 14: return "inverse life";
    case 15: return "max(speed, spin)";
    case 16: case 17: return "seen, meaning unknown";
    default: return "unknown";
  }
}

std::string v3_text(const std::array<float, 3>& v) { return fmt::format("({}, {}, {})", v[0], v[1], v[2]); }

std::string pair_text(const effect::ResourcePair& pair) {
  return escape_control(cp1251_to_utf8(pair.archive)) + "::" + escape_control(cp1251_to_utf8(pair.member));
}

void print_effect(const resource::Payload& payload, const effect::Effect& fx) {
  const effect::Header h = fx.fields();
  fmt::print("{}: effect, {}, time mode {} ({}), duration {} s, flags 0x{:08X}\n",
             escape_control(payload.display_name()), count_of(fx.emitters.size(), "emitter"), h.time_mode,
             time_mode_name(h.time_mode), h.duration, h.flags);
  fmt::print("  jitter {}, setting {}, random offset {}, visibility point {}, scale {}\n", h.jitter, h.setting,
             v3_text(h.random_offset), v3_text(h.visibility_point), v3_text(h.scale));
  std::size_t at = effect::kHeaderSize;
  for (std::size_t i = 0; i < fx.emitters.size(); ++i) {
    const effect::Emitter& e = fx.emitters[i];
    const effect::EmitterLayout* layout = effect::emitter_layout(e.type());
    const std::optional<effect::ResourcePair> pair = e.resource();
    fmt::print("{:>4} {:<8} word 0x{:08X}{} {:>3} bytes at 0x{:X}{}\n", i, layout ? layout->name : "?", e.word(),
               e.overlay() ? " over" : "     ", e.raw.size(), at,
               pair ? "  " + pair_text(*pair) : std::string());
    at += e.raw.size();
  }
}

void print_explosion(const resource::Payload& payload, const effect::Explosion& x) {
  static constexpr const char* kKinds[] = {"none", "direct", "area"};
  fmt::print("{}: explosion, kind {} ({}), damage {}, radius {}, values {} {}, placement {}\n",
             escape_control(payload.display_name()), x.kind, x.kind >= 1 && x.kind <= 3 ? kKinds[x.kind - 1] : "unknown",
             x.damage, x.radius, x.value3, x.value4, x.placement);
  for (std::size_t s = 0; s < x.slots.size(); ++s) {
    if (x.slots[s].archive.empty() && x.slots[s].member.empty()) continue;
    fmt::print("{:>4} {:<10} {}\n", s, s == 0 ? "effect" : fmt::format("ground {}", s - 1), pair_text(x.slots[s]));
  }
}

}  // namespace

void add_effect_commands(CLI::App& app) {
  CLI::App* group =
      app.add_subcommand("effect", "effects (FXID in effects.rlb) and the explosions (.exp) that name them");
  group->require_subcommand(1);
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "info", "an effect's header and emitters with the resources they name, or an explosion's slots",
        [=]() -> Result<int> {
          PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(*src));
          if (resource::kind_of(payload).key == "explosion") {
            PARKAN_ASSIGN(effect::Explosion x, payload.parse(effect::read_explosion));
            if (*as_json)
              print_json(effect::explosion_json(x));
            else
              print_explosion(payload, x);
            return 0;
          }
          PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("effect")));
          PARKAN_ASSIGN(effect::Effect fx, payload.parse(effect::read_effect));
          if (*as_json)
            print_json(effect::effect_json(fx));
          else
            print_effect(payload, fx);
          return 0;
        });
    cmd->add_option("SRC", *src, "ARCHIVE::NAME of an FXID entry (effects.rlb) or of a .exp, or a bare file")
        ->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check",
        "every rule of docs/formats/effect.md 1.3 on each SRC's FXID effects: framing, counts, time modes, names. "
        "Findings on stderr, a line per SRC and a total on stdout; exit 1 on errors",
        [=]() -> Result<int> { return run_payload_check(*srcs, *resource::find_kind("effect"), {}, *as_json); });
    cmd->add_option("SRC", *srcs, "effects.rlb (its FXID entries), ARCHIVE::NAME, files, folders or patterns")
        ->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check-exp",
        "every rule of docs/formats/effect.md 2.2 on each SRC's .exp explosions: size, kind, values, names. "
        "Findings on stderr, a line per SRC and a total on stdout; exit 1 on errors",
        [=]() -> Result<int> { return run_payload_check(*srcs, *resource::find_kind("explosion"), {}, *as_json); });
    cmd->add_option("SRC", *srcs, "weapon.rlb (its EXPL entries), ARCHIVE::NAME, .exp files, folders or patterns")
        ->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
  }
}

}  // namespace parkan::cli
