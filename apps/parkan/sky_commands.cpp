// parkan sky info|check (docs/cli.md 5.17): a mission's sky.ske. Glue only: the format lives in
// parkan/sky/sky.hpp.
#include <memory>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/text.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/sky/sky.hpp"

namespace parkan::cli {

namespace {

std::string quoted_list(const auto& names) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += ' ';
    out += '"' + escape_control(cp1251_to_utf8(n)) + '"';
  }
  return out;
}

// A section's header line, then per keyframe: time, version, opcode, the first name, the sky's apex and
// horizon colours, and the effects a version-3 keyframe names.
void print_sky(const resource::Payload& payload, const sky::Sky& s) {
  fmt::print("{}: sky, {}, starts at {:02}:{:02}, flag {}\n", escape_control(payload.display_name()),
             count_of(s.sections.size(), "section"), s.start.hour(), s.start.minute(), s.flag);
  for (std::size_t i = 0; i < s.sections.size(); ++i) {
    const sky::Section& section = s.sections[i];
    fmt::print("  section {}: {}, a day of {} h {} min ({} s)\n", i, count_of(section.keyframes.size(), "keyframe"),
               section.day_length.hour(), section.day_length.minute(), section.day_seconds());
    for (std::size_t k = 0; k < section.keyframes.size(); ++k) {
      const sky::Keyframe& f = section.keyframes[k];
      const auto apex = f.colour(sky::kApexSlot), horizon = f.colour(sky::kHorizonSlots[0]);
      std::string line = fmt::format("{:>6} {:02}:{:02} v{} {:<15} apex #{:02x}{:02x}{:02x} horizon #{:02x}{:02x}{:02x}",
                                     k, f.time.hour(), f.time.minute(), f.version, sky::opcode_name(f.opcode), apex[0],
                                     apex[1], apex[2], horizon[0], horizon[1], horizon[2]);
      if (!f.names[0].empty()) line += " " + quoted_list(std::array<std::string, 1>{f.names[0]});
      if (!f.effects.empty()) line += " effects " + quoted_list(f.effects);
      fmt::print("{}\n", line);
    }
  }
}

}  // namespace

void add_sky_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("sky", "a mission's atmosphere (MISSIONS/**/sky.ske): day cycles of keyframes");
  group->require_subcommand(1);
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "info", "the sections and every keyframe", [=]() -> Result<int> {
      PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(*src));
      PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("sky")));
      PARKAN_ASSIGN(sky::Sky s, payload.parse(sky::read_sky));
      if (*as_json)
        print_json(sky::sky_json(s));
      else
        print_sky(payload, s);
      return 0;
    });
    cmd->add_option("FILE", *src, "a sky.ske")->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check",
        "every rule of docs/formats/sky.md 4 on each FILE: header, framing, times, opcodes, trailer. "
        "Findings on stderr, a line per FILE and a total on stdout; exit 1 on errors",
        [=]() -> Result<int> { return run_payload_check(*srcs, *resource::find_kind("sky"), {}, *as_json); });
    cmd->add_option("FILE", *srcs, "sky.ske files, folders (every file in them) or patterns")->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per FILE its counts");
  }
}

}  // namespace parkan::cli
