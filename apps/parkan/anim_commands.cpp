// parkan anim info|sample|blend|check|world|canonical (docs/cli.md 10.4): glue between
// the resource layer, the msh library (anim.hpp, anim_json.hpp) and the terminal.
#include <charconv>
#include <cmath>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "cli.hpp"
#include "model_sources.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/anim_json.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

namespace {

constexpr std::size_t kMaxRangeRows = 1000000;  // --from/--to/--step: refuse runaway tables

// ---- Which models an argument names ----

// A bare file that is a library of models rather than one model: the error says how to name one.
std::optional<Error> library_error(const resource::Payload& payload) {
  if (payload.is_entry()) return std::nullopt;
  auto archive = resource::open_archive(path_from_utf8(payload.file()));
  if (!archive) return std::nullopt;
  const std::vector<resource::Payload> models = model_entries(**archive);
  if (models.empty()) return std::nullopt;
  return payload.locate(invalid_rule(
      msh::codes::kAnimModelLibrary,
      fmt::format("a library of {} model{}, not a model: name one as {}::{}, or check them all with "
                  "`parkan anim check {}`",
                  models.size(), models.size() == 1 ? "" : "s", payload.file(), models.front().entry_name(),
                  payload.file())));
}

struct LoadedModel {
  resource::Payload payload;  // keeps the bytes behind `streams` alive
  msh::AnimStreams streams;
};

Result<LoadedModel> load_model(const std::string& reference) {
  PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(reference));
  PARKAN_TRY(expect_model(payload));
  auto streams = payload.parse([](ByteView bytes) { return msh::read_anim_streams(bytes); });
  if (!streams) {
    if (streams.error().rule == msh::codes::kAnimStreamMissing)
      if (std::optional<Error> library = library_error(payload)) return *std::move(library);
    return std::move(streams).error();
  }
  return LoadedModel{std::move(payload), *std::move(streams)};
}

// ---- Parsing the numbers ----

// Times and weights accept what strtof accepts ("2.5", "nan", "inf"); anything else is a usage error.
Result<float> parse_float(const std::string& text, const char* flag) {
  float value = 0.0f;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end) return usage_error(fmt::format("{}: \"{}\" is not a number", flag, text));
  return value;
}

// A node index: a whole number from 0 (CLI11 would wrap "-1" into an unsigned).
Result<std::uint32_t> parse_node(const std::string& text) {
  std::uint32_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty())
    return usage_error(fmt::format("--node: \"{}\" is not a node index (a whole number from 0)", text));
  return value;
}

// ---- Text output ----

template <std::size_t N>
std::string float_list(const std::array<float, N>& values, const char* separator = " ") {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) out += fmt::format("{}{}", i ? separator : "", values[i]);
  return out;
}

void print_matrix(const msh::Mat4& m) {
  for (int r = 0; r < 4; ++r) fmt::print("{} {} {} {}\n", m[r * 4], m[r * 4 + 1], m[r * 4 + 2], m[r * 4 + 3]);
}


// ---- info ----

int print_info(const LoadedModel& m, bool json) {
  const msh::AnimStreams& s = m.streams;
  if (json) {
    print_json(msh::info_json(s));
    return 0;
  }
  const bool legacy = s.layout == msh::NodeLayout::legacy24;
  fmt::print("nodes {}, frames {}, keys {}, map words {}, node table {}-byte{}\n", s.node_count, s.frame_count,
             s.key_count, s.word_count, legacy ? msh::kLegacyNodeStride : msh::kNodeStride,
             legacy ? " (legacy node table, not sampled)" : "");
  const std::vector<msh::TrackSummary> rows = msh::track_summaries(s);
  if (rows.empty()) return 0;
  fmt::print("{:>4} {:>6} {:>6} {:>8} {:>5} {:>9}\n", "node", "parent", "start", "fallback", "keys", "map start");
  for (const msh::TrackSummary& r : rows)
    fmt::print("{:>4} {:>6} {:>6} {:>8} {:>5} {:>9}\n", r.node, r.parent ? std::to_string(*r.parent) : "-",
               r.start_key, r.fallback_key, r.key_count, r.map_start ? std::to_string(*r.map_start) : "-");
  return 0;
}

// ---- sample ----

struct SampleArgs {
  std::string model;
  std::optional<std::string> node;
  bool all = false;
  std::optional<std::string> time, from, to, step;
  bool json = false;
};

Result<std::vector<float>> sample_times(const SampleArgs& a) {
  if (a.time) {
    if (a.from || a.to || a.step) return usage_error("--time excludes --from/--to/--step");
    PARKAN_ASSIGN(float t, parse_float(*a.time, "--time"));
    return std::vector<float>{t};
  }
  if (!a.from || !a.to || !a.step) return usage_error("give --time T, or all of --from A --to B --step S");
  PARKAN_ASSIGN(float from, parse_float(*a.from, "--from"));
  PARKAN_ASSIGN(float to, parse_float(*a.to, "--to"));
  PARKAN_ASSIGN(float step, parse_float(*a.step, "--step"));
  if (!std::isfinite(from) || !std::isfinite(to) || !(step > 0.0f) || !std::isfinite(step) || to < from)
    return usage_error("--from and --to must be finite with from <= to, --step finite and > 0");
  double rows = std::floor((double(to) - double(from)) / double(step)) + 1.0;
  if (rows > double(kMaxRangeRows))
    return usage_error(fmt::format("the range has {} times, at most {} are printed", rows, kMaxRangeRows));
  std::vector<float> times;
  // Each time is from + i * step computed in double, then rounded once to float.
  for (std::size_t i = 0; i < static_cast<std::size_t>(rows); ++i)
    times.push_back(static_cast<float>(double(from) + double(i) * double(step)));
  return times;
}

Result<int> run_sample(const SampleArgs& a) {
  if (a.node.has_value() == a.all) return usage_error("give exactly one of --node N and --all");
  std::optional<std::uint32_t> node;
  if (a.node) {
    PARKAN_ASSIGN(node, parse_node(*a.node));
  }
  PARKAN_ASSIGN(std::vector<float> times, sample_times(a));
  PARKAN_ASSIGN(LoadedModel m, load_model(a.model));
  std::vector<std::uint32_t> nodes;
  if (node) nodes.push_back(*node);
  else
    for (std::uint32_t i = 0; i < m.streams.node_count; ++i) nodes.push_back(i);
  std::vector<msh::NodeSample> rows;
  for (float t : times)
    for (std::uint32_t n : nodes) {
      auto pose = msh::sample_node(m.streams, n, t);
      if (!pose) return m.payload.locate(std::move(pose).error());
      rows.push_back({t, n, *pose});
    }

  const bool range = !a.time.has_value();
  if (a.json) {
    if (!range && !a.all) print_json(msh::pose_json(rows[0].pose));
    else if (!range) print_json(msh::samples_at_time_json(times[0], rows));
    else print_json(msh::sample_range_json(rows));
    return 0;
  }
  if (range) {  // CSV for plotting
    fmt::print("time,node,frame,key,path,qw,qx,qy,qz,px,py,pz\n");
    for (const msh::NodeSample& r : rows)
      fmt::print("{},{},{},{},{},{},{}\n", r.time, r.node, r.pose.signed_frame(), r.pose.key,
                 msh::sample_path_name(r.pose.path), float_list(r.pose.quat, ","), float_list(r.pose.pos, ","));
    return 0;
  }
  for (const msh::NodeSample& r : rows)
    fmt::print("node {} t {}: frame {} key {} {} quat [{}] pos [{}]\n", r.node, r.time, r.pose.signed_frame(),
               r.pose.key, msh::sample_path_name(r.pose.path), float_list(r.pose.quat), float_list(r.pose.pos));
  return 0;
}

// ---- check ----

// ---- help ----

constexpr const char* kModelHelp = "a model: an .msh file, or ARCHIVE::NAME (ARCHIVE::#N) for a model in a library";
constexpr const char* kNodeHelp = "node index, from 0 (`parkan anim info MODEL` lists the nodes)";

}  // namespace

void add_anim_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand(
      "anim", "MSH animation: inspect, sample and blend node animation exactly as the game does");
  group->footer(
      "Times are in frames of the model's timeline (0 .. frame count - 1; `anim info` prints the frame count); "
      "a fractional time lies between two keys.");
  group->require_subcommand(1);

  {  // info
    auto model = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "info", "node, frame and key counts; the track of every node",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(LoadedModel m, load_model(*model));
      return print_info(m, *json);
    });
    c->add_option("MODEL", *model, kModelHelp)->required()->type_name("");
    c->add_flag("--json", *json, "print JSON");
  }
  {  // sample
    auto a = std::make_shared<SampleArgs>();
    CLI::App* c = add_command(
        *group, "sample",
        "node poses (quaternion [w, x, y, z] and position) at a time, or over a range as CSV, as the game computes "
        "them",
        [=]() -> Result<int> { return run_sample(*a); });
    c->footer(
        "Each pose names its frame (the frame the time falls in; negative before time 0), its key, and how the "
        "game got it: fallback (the node's rest key: no frame map, or past its last key), key0/key1 (a key's "
        "exact time), interp (between two keys).");
    c->add_option("MODEL", a->model, kModelHelp)->required()->type_name("");
    c->add_option("--node", a->node, kNodeHelp)->type_name("N");
    c->add_flag("--all", a->all, "every node");
    c->add_option("--time", a->time, "sample time, in frames of the model's timeline (e.g. 2.5)")->type_name("T");
    c->add_option("--from", a->from, "first sample time of a range, in frames (prints CSV)")->type_name("A");
    c->add_option("--to", a->to, "last sample time of the range, in frames (included when a step lands on it)")
        ->type_name("B");
    c->add_option("--step", a->step, "distance between the sample times of the range, in frames (> 0)")
        ->type_name("S");
    c->add_flag("--json", a->json, "print JSON");
  }
  {  // blend
    auto model = std::make_shared<std::string>();
    auto node = std::make_shared<std::string>();
    auto ta = std::make_shared<std::string>(), tb = std::make_shared<std::string>(),
         w = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "blend",
                              "the 4x4 matrix the game builds from two samples of one node (e.g. two animations "
                              "crossfading)",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(std::uint32_t n, parse_node(*node));
      PARKAN_ASSIGN(float a, parse_float(*ta, "--ta"));
      PARKAN_ASSIGN(float b, parse_float(*tb, "--tb"));
      PARKAN_ASSIGN(float weight, parse_float(*w, "--blend"));
      PARKAN_ASSIGN(LoadedModel m, load_model(*model));
      auto matrix = msh::blend_node(m.streams, n, a, b, weight);
      if (!matrix) return m.payload.locate(std::move(matrix).error());
      if (*json)
        print_json(msh::blend_json(*matrix));
      else
        print_matrix(*matrix);
      return 0;
    });
    c->footer("The matrix is row-major with the translation in the last column (elements 3, 7, 11).");
    c->add_option("MODEL", *model, kModelHelp)->required()->type_name("");
    c->add_option("--node", *node, kNodeHelp)->required()->type_name("N");
    c->add_option("--ta", *ta, "time of sample A, in frames of the model's timeline (a negative time leaves A out)")
        ->required()
        ->type_name("A");
    c->add_option("--tb", *tb, "time of sample B, in frames of the model's timeline (a negative time leaves B out)")
        ->required()
        ->type_name("B");
    c->add_option("--blend", *w, "weight of sample B, 0..1 (0: A only, 1: B only)")->required()->type_name("W");
    c->add_flag("--json", *json, "print JSON");
  }
  {  // check
    auto models = std::make_shared<std::vector<std::string>>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "check",
                              "the rules every model must follow (errors) and the canonical form (warnings)",
                              [=]() -> Result<int> {
                                CheckOne check = [](const resource::Payload& p) { return msh::check_anim(p.bytes()); };
                                return run_payload_check(*models, *resource::find_kind("msh"), check, *json, {{}, true, {}});
                              });
    c->footer(
        "Prints each finding, a line per model and a total. Exit 0 when no model has errors, 1 when one has, "
        "3 when a file cannot be read.");
    c->add_option("MODEL", *models,
                  "models to check: .msh files, ARCHIVE::NAME, an ARCHIVE (every model in it), a folder (every "
                  "file in it) or a pattern (models/*.msh, A.rlb::*.msh)")
        ->required()
        ->type_name("");
    c->add_flag("--json", *json, "print JSON");
  }
  {  // world
    auto model = std::make_shared<std::string>();
    auto time = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "world", "the world matrix of every node at a time (parent * local)",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(float t, parse_float(*time, "--time"));
      PARKAN_ASSIGN(LoadedModel m, load_model(*model));
      auto matrices = msh::world_matrices(m.streams, t);
      if (!matrices) return m.payload.locate(std::move(matrices).error());
      if (*json) {
        print_json(msh::world_json(t, *matrices));
      } else {
        for (std::size_t i = 0; i < matrices->size(); ++i) {
          fmt::print("node {}\n", i);
          print_matrix((*matrices)[i]);
        }
      }
      return 0;
    });
    c->add_option("MODEL", *model, kModelHelp)->required()->type_name("");
    c->add_option("--time", *time, "sample time, in frames of the model's timeline (e.g. 2.5)")
        ->required()
        ->type_name("T");
    c->add_flag("--json", *json, "print JSON");
  }
  {  // canonical
    auto model = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    CLI::App* c = add_command(*group, "canonical",
                              "rewrite a model's animation in the canonical form (the rest of the model unchanged)",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(LoadedModel m, load_model(*model));
      auto tracks = msh::read_anim_tracks(m.streams);
      if (!tracks) return m.payload.locate(std::move(tracks).error());
      auto streams = msh::write_anim_canonical(*tracks);
      if (!streams) return m.payload.locate(std::move(streams).error());
      auto bytes = msh::replace_anim_streams(m.payload.bytes(), *streams);
      if (!bytes) return m.payload.locate(std::move(bytes).error());
      PARKAN_TRY(write_file_atomic(path_from_utf8(*out), *bytes, {path_from_utf8(m.payload.file())}));
      return 0;
    });
    c->add_option("MODEL", *model, kModelHelp)->required()->type_name("");
    c->add_option("OUT", *out, "the new model file")->required()->type_name("");
  }
}

}  // namespace parkan::cli
