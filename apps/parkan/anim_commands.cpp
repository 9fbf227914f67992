// parkan anim info|sample|blend|check|world|canonical (cli.md "anim: MSH animation").
#include <charconv>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/game/resource.hpp"
#include "parkan/msh/anim.hpp"

namespace parkan::cli {

namespace {

constexpr std::size_t kMaxRangeRows = 1000000;  // --from/--to/--step: refuse runaway tables

struct LoadedModel {
  game::Resource resource;
  msh::AnimStreams streams;
};

Result<LoadedModel> load_model(const std::string& reference) {
  PARKAN_ASSIGN(game::Resource resource, game::open_resource(reference));
  auto streams = msh::read_anim_streams(resource.bytes);
  if (!streams) return resource.locate(std::move(streams).error());
  return LoadedModel{std::move(resource), *streams};
}

// Times and weights accept what strtof accepts ("2.5", "nan", "inf"); anything else is a usage error.
Result<float> parse_float(const std::string& text, const char* flag) {
  float value = 0.0f;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end) return usage_error(fmt::format("{}: \"{}\" is not a number", flag, text));
  return value;
}

const char* path_name(msh::SamplePath path) {
  switch (path) {
    case msh::SamplePath::fallback: return "fallback";
    case msh::SamplePath::key0: return "key0";
    case msh::SamplePath::key1: return "key1";
    default: return "interp";
  }
}

template <std::size_t N>
nlohmann::json float_array(const std::array<float, N>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (float v : values) out.push_back(float_for_json(v));
  return out;
}

template <std::size_t N>
std::string float_list(const std::array<float, N>& values, const char* separator = " ") {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) out += fmt::format("{}{}", i ? separator : "", values[i]);
  return out;
}

nlohmann::json pose_json(const msh::NodePose& pose) {
  return {{"frame", pose.frame}, {"key", pose.key}, {"path", path_name(pose.path)},
          {"quat", float_array(pose.quat)}, {"pos", float_array(pose.pos)}};
}

// ---- info ----

struct TrackRow {
  std::uint32_t node;
  std::optional<std::uint16_t> parent;
  std::uint64_t start;
  std::uint16_t fallback;
  std::uint64_t keys;
  std::optional<std::uint16_t> map_start;
};

std::vector<TrackRow> track_rows(const msh::AnimStreams& s) {
  std::vector<TrackRow> rows;
  if (s.layout != msh::NodeLayout::node38) return rows;
  std::uint64_t start = 0;
  for (std::uint32_t i = 0; i < s.node_count; ++i) {
    TrackRow r{i, std::nullopt, start, s.node_fallback(i), 0, std::nullopt};
    if (s.node_parent(i) != msh::kNoParent) r.parent = s.node_parent(i);
    if (s.node_map_start(i) != msh::kNoMap) r.map_start = s.node_map_start(i);
    r.keys = r.fallback >= start ? r.fallback - start + 1 : 0;  // msh-animation.md 5.1
    start = std::uint64_t(r.fallback) + 1;
    rows.push_back(r);
  }
  return rows;
}

int print_info(const LoadedModel& m, bool json) {
  const msh::AnimStreams& s = m.streams;
  const bool legacy = s.layout == msh::NodeLayout::legacy24;
  std::vector<TrackRow> rows = track_rows(s);
  if (json) {
    nlohmann::json nodes = nlohmann::json::array();
    for (const TrackRow& r : rows)
      nodes.push_back({{"index", r.node}, {"parent", r.parent ? nlohmann::json(*r.parent) : nlohmann::json(nullptr)},
                       {"start_key", r.start}, {"fallback_key", r.fallback}, {"key_count", r.keys},
                       {"has_map", r.map_start.has_value()},
                       {"map_start", r.map_start ? nlohmann::json(*r.map_start) : nlohmann::json(nullptr)}});
    nlohmann::json doc = {{"node_count", s.node_count}, {"frame_count", s.frame_count}, {"key_count", s.key_count},
                          {"map_word_count", s.word_count},
                          {"node_stride", legacy ? msh::kLegacyNodeStride : msh::kNodeStride},
                          {"legacy", legacy}, {"nodes", nodes}};
    if (legacy) doc["message"] = "legacy node table, not sampled";
    print_json(doc);
    return 0;
  }
  fmt::print("nodes {}, frames {}, keys {}, map words {}, node table {}-byte{}\n", s.node_count, s.frame_count,
             s.key_count, s.word_count, legacy ? msh::kLegacyNodeStride : msh::kNodeStride,
             legacy ? " (legacy node table, not sampled)" : "");
  if (rows.empty()) return 0;
  fmt::print("{:>4} {:>6} {:>6} {:>8} {:>5} {:>9}\n", "node", "parent", "start", "fallback", "keys", "map start");
  for (const TrackRow& r : rows)
    fmt::print("{:>4} {:>6} {:>6} {:>8} {:>5} {:>9}\n", r.node, r.parent ? std::to_string(*r.parent) : "-", r.start,
               r.fallback, r.keys, r.map_start ? std::to_string(*r.map_start) : "-");
  return 0;
}

// ---- sample ----

struct SampleArgs {
  std::string model;
  std::optional<std::uint32_t> node;
  bool all = false;
  std::optional<std::string> time, from, to, step;
  bool json = false;
};

struct SampleRow {
  float time;
  std::uint32_t node;
  msh::NodePose pose;
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
  PARKAN_ASSIGN(std::vector<float> times, sample_times(a));
  PARKAN_ASSIGN(LoadedModel m, load_model(a.model));
  std::vector<std::uint32_t> nodes;
  if (a.node) nodes.push_back(*a.node);
  else
    for (std::uint32_t i = 0; i < m.streams.node_count; ++i) nodes.push_back(i);
  std::vector<SampleRow> rows;
  for (float t : times)
    for (std::uint32_t n : nodes) {
      auto pose = msh::sample_node(m.streams, n, t);
      if (!pose) return m.resource.locate(std::move(pose).error());
      rows.push_back({t, n, *pose});
    }

  const bool range = !a.time.has_value();
  if (a.json) {
    if (!range && !a.all) {
      print_json(pose_json(rows[0].pose));
    } else if (!range) {
      nlohmann::json list = nlohmann::json::array();
      for (const SampleRow& r : rows) {
        nlohmann::json j = pose_json(r.pose);
        j["node"] = r.node;
        list.push_back(j);
      }
      print_json({{"time", float_for_json(times[0])}, {"nodes", list}});
    } else {
      nlohmann::json list = nlohmann::json::array();
      for (const SampleRow& r : rows) {
        nlohmann::json j = pose_json(r.pose);
        j["node"] = r.node;
        j["time"] = float_for_json(r.time);
        list.push_back(j);
      }
      print_json({{"samples", list}});
    }
    return 0;
  }
  if (range) {  // CSV for plotting
    fmt::print("time,node,frame,key,path,qw,qx,qy,qz,px,py,pz\n");
    for (const SampleRow& r : rows)
      fmt::print("{},{},{},{},{},{},{}\n", r.time, r.node, r.pose.frame, r.pose.key, path_name(r.pose.path),
                 float_list(r.pose.quat, ","), float_list(r.pose.pos, ","));
    return 0;
  }
  for (const SampleRow& r : rows)
    fmt::print("node {} t {}: frame {} key {} {} quat [{}] pos [{}]\n", r.node, r.time, r.pose.frame, r.pose.key,
               path_name(r.pose.path), float_list(r.pose.quat), float_list(r.pose.pos));
  return 0;
}

void print_matrix(const msh::Mat4& m) {
  for (int r = 0; r < 4; ++r)
    fmt::print("{} {} {} {}\n", m[r * 4], m[r * 4 + 1], m[r * 4 + 2], m[r * 4 + 3]);
}

const char* severity_name(msh::Severity s) {
  switch (s) {
    case msh::Severity::error: return "error";
    case msh::Severity::warning: return "warning";
    default: return "note";
  }
}

}  // namespace

void add_anim_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("anim", "MSH animation: inspect, sample and blend as the engine does");
  group->require_subcommand(1);

  {  // info
    auto model = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "info", "node, frame and key counts; per-node tracks", [=]() -> Result<int> {
      PARKAN_ASSIGN(LoadedModel m, load_model(*model));
      return print_info(m, *json);
    });
    c->add_option("MODEL", *model, "an .msh NRes file or ARCHIVE::NAME.msh")->required();
    c->add_flag("--json", *json, "print JSON");
  }
  {  // sample
    auto a = std::make_shared<SampleArgs>();
    CLI::App* c = add_command(*group, "sample", "node poses at a time or over a range, the engine's exact path",
                              [=]() -> Result<int> { return run_sample(*a); });
    c->add_option("MODEL", a->model, "an .msh NRes file or ARCHIVE::NAME.msh")->required();
    c->add_option("--node", a->node, "node index");
    c->add_flag("--all", a->all, "every node");
    c->add_option("--time", a->time, "sample time T");
    c->add_option("--from", a->from, "first time of a range (prints CSV)");
    c->add_option("--to", a->to, "last time of the range");
    c->add_option("--step", a->step, "step of the range");
    c->add_flag("--json", a->json, "print JSON");
  }
  {  // blend
    auto model = std::make_shared<std::string>();
    auto node = std::make_shared<std::uint32_t>(0);
    auto ta = std::make_shared<std::string>(), tb = std::make_shared<std::string>(),
         w = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "blend", "the 4x4 matrix the engine builds from two samples", [=]() -> Result<int> {
      PARKAN_ASSIGN(float a, parse_float(*ta, "--ta"));
      PARKAN_ASSIGN(float b, parse_float(*tb, "--tb"));
      PARKAN_ASSIGN(float weight, parse_float(*w, "--blend"));
      PARKAN_ASSIGN(LoadedModel m, load_model(*model));
      auto matrix = msh::blend_node(m.streams, *node, a, b, weight);
      if (!matrix) return m.resource.locate(std::move(matrix).error());
      if (*json)
        print_json({{"matrix", float_array(*matrix)}});
      else
        print_matrix(*matrix);
      return 0;
    });
    c->add_option("MODEL", *model, "an .msh NRes file or ARCHIVE::NAME.msh")->required();
    c->add_option("--node", *node, "node index")->required();
    c->add_option("--ta", *ta, "time of sample A")->required();
    c->add_option("--tb", *tb, "time of sample B")->required();
    c->add_option("--blend", *w, "weight of B, 0..1")->required();
    c->add_flag("--json", *json, "print JSON");
  }
  {  // check
    auto model = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "check", "mandatory (errors) and canonical (warnings) checks; exit 1 on errors",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(game::Resource resource, game::open_resource(*model));
      std::vector<msh::Finding> findings = msh::check_anim(resource.bytes);
      std::size_t counts[3] = {0, 0, 0};
      for (const msh::Finding& f : findings) ++counts[static_cast<int>(f.severity)];
      if (*json) {
        nlohmann::json list = nlohmann::json::array();
        for (const msh::Finding& f : findings)
          list.push_back({{"severity", severity_name(f.severity)}, {"message", f.message},
                          {"offset", f.offset ? nlohmann::json(*f.offset) : nlohmann::json(nullptr)}});
        print_json({{"ok", counts[0] == 0}, {"errors", counts[0]}, {"warnings", counts[1]}, {"findings", list}});
      } else {
        for (const msh::Finding& f : findings) {
          Error located = resource.locate(invalid(f.message, f.offset));
          print_finding(severity_name(f.severity), located);
        }
        fmt::print("{}: {} errors, {} warnings\n", *model, counts[0], counts[1]);
      }
      return counts[0] == 0 ? 0 : 1;
    });
    c->add_option("MODEL", *model, "an .msh NRes file or ARCHIVE::NAME.msh")->required();
    c->add_flag("--json", *json, "print JSON");
  }
  {  // world
    auto model = std::make_shared<std::string>();
    auto time = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "world", "world matrices of every node at time T (parent * local)",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(float t, parse_float(*time, "--time"));
      PARKAN_ASSIGN(LoadedModel m, load_model(*model));
      auto matrices = msh::world_matrices(m.streams, t);
      if (!matrices) return m.resource.locate(std::move(matrices).error());
      if (*json) {
        nlohmann::json list = nlohmann::json::array();
        for (const msh::Mat4& w : *matrices) list.push_back(float_array(w));
        print_json({{"time", float_for_json(t)}, {"matrices", list}});
      } else {
        for (std::size_t i = 0; i < matrices->size(); ++i) {
          fmt::print("node {}\n", i);
          print_matrix((*matrices)[i]);
        }
      }
      return 0;
    });
    c->add_option("MODEL", *model, "an .msh NRes file or ARCHIVE::NAME.msh")->required();
    c->add_option("--time", *time, "sample time T")->required();
    c->add_flag("--json", *json, "print JSON");
  }
  {  // canonical
    auto model = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    CLI::App* c = add_command(*group, "canonical", "rewrite the animation streams with the canonical writer",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(LoadedModel m, load_model(*model));
      auto ir = msh::read_anim_model(m.streams);
      if (!ir) return m.resource.locate(std::move(ir).error());
      auto streams = msh::write_anim_canonical(*ir);
      if (!streams) return m.resource.locate(std::move(streams).error());
      auto bytes = msh::replace_anim_streams(m.resource.bytes, *streams);
      if (!bytes) return m.resource.locate(std::move(bytes).error());
      PARKAN_TRY(write_file_atomic(*out, *bytes, {m.resource.path}));
      return 0;
    });
    c->add_option("MODEL", *model, "an .msh NRes file or ARCHIVE::NAME.msh")->required();
    c->add_option("OUT", *out, "the new model file")->required();
  }
}

}  // namespace parkan::cli
