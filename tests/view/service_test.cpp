// parkan::view::Service, the API behind `parkan view`, on the sample game with a broken texture and a
// stray file planted in it: every endpoint's answer against the library it wraps, and every refusal
// (unknown routes, files and entries, paths out of the game, bad numbers, wrong kinds, broken bytes)
// with its status and code.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/export/png.hpp"
#include "parkan/sample/sample_game.hpp"
#include "parkan/validate/validate_json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/sample.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/runtime/crt_random.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/json.hpp"
#include "parkan/texm/read.hpp"
#include "parkan/view/service.hpp"
#include "support.hpp"

namespace parkan::view {
namespace {

using nlohmann::json;

// The sample game once for the whole suite, with GRASS.0 cut in half (a texture that does not read).
class ViewService : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new test::TempDir();
    ASSERT_TRUE(sample::write_sample_game(dir_->path(), sample::SampleOptions{}));
    const auto textures = dir_->path() / "Textures.lib";
    ByteBuffer bytes = test::read_bytes(textures);
    auto archive = nres::read(bytes).value();
    nres::Document document = nres::make_document(archive);
    for (std::size_t i = 0; i < archive.entries.size(); ++i)
      if (archive.entries[i].name() == "GRASS.0") {
        ByteView payload = archive.payload(i);
        ASSERT_TRUE(nres::replace_payload(document, i, payload.first(payload.size() / 2)));
      }
    test::write_bytes(textures, nres::write_lossless(document).value());
    auto service = Service::open(dir_->path());
    ASSERT_TRUE(service) << service.error().to_string();
    service_ = service->release();
  }
  static void TearDownTestSuite() {
    delete service_;
    delete dir_;
  }

  static Response get(std::string_view path, const Query& query = {}) { return service_->handle(path, query); }
  static json get_json(std::string_view path, const Query& query = {}, int status = 200) {
    Response r = get(path, query);
    EXPECT_EQ(r.status, status) << path << ": " << r.body.substr(0, 300);
    EXPECT_EQ(r.content_type, "application/json");
    return json::parse(r.body);
  }
  // The error code of a refused request, after checking its status and shape.
  static std::string refusal(std::string_view path, const Query& query, int status) {
    json body = get_json(path, query, status);
    EXPECT_EQ(body["error"]["status"], status);
    EXPECT_FALSE(body["error"]["message"].get<std::string>().empty());
    return body["error"]["code"];
  }
  // The directory index of `name` in `file`, as /api/game lists it.
  static std::string index_of(const std::string& file, const std::string& name) {
    json game = get_json("/api/game");
    for (const json& f : game["files"])
      if (f["file"] == file)
        for (const json& e : f["entries"])
          if (e["name"] == name) return std::to_string(e["index"].get<std::size_t>());
    ADD_FAILURE() << "no " << file << "::" << name;
    return "0";
  }
  static ByteBuffer entry_payload(const std::string& file, const std::string& name) {
    ByteBuffer bytes = test::read_bytes(dir_->path() / file);
    auto archive = nres::read(bytes).value();
    auto index = nres::find(archive, name);
    EXPECT_TRUE(index) << name;
    ByteView payload = archive.payload(index.value_or(0));
    return ByteBuffer(payload.begin(), payload.end());
  }

  static test::TempDir* dir_;
  static Service* service_;
};

test::TempDir* ViewService::dir_ = nullptr;
Service* ViewService::service_ = nullptr;

TEST_F(ViewService, GameListsEveryFileAndEntryWithItsStatus) {
  json game = get_json("/api/game");
  const validate::ValidationReport& report = service_->report();
  ASSERT_EQ(game["files"].size(), report.files.size());
  for (std::size_t i = 0; i < report.files.size(); ++i) {
    EXPECT_EQ(game["files"][i]["file"], report.files[i].path);
    EXPECT_EQ(game["files"][i]["kind"], report.files[i].kind->file_kind);
  }
  EXPECT_EQ(game["summary"]["errors"], report.totals.errors);
  EXPECT_EQ(game["summary"]["resources"], report.resources);
  json textures;
  for (const json& f : game["files"])
    if (f["file"] == "Textures.lib") textures = f;
  ASSERT_TRUE(textures.is_object());
  EXPECT_EQ(textures["format"], "nres");
  EXPECT_EQ(textures["status"], "error");  // GRASS.0
  std::size_t grass = 0, ok = 0;
  for (const json& e : textures["entries"]) {
    EXPECT_EQ(e["type"], "Texm");
    EXPECT_EQ(e["view"], "texture");
    if (e["name"] == "GRASS.0") {
      EXPECT_EQ(e["status"], "error");
      ++grass;
    } else if (e["status"] == "ok") {
      ++ok;
    }
  }
  EXPECT_EQ(grass, 1u);
  EXPECT_GT(ok, 10u);
  // The RsLi library with the retail quirk: a warning on its last entry.
  for (const json& f : game["files"])
    if (f["file"] == "sprites.lib") {
      EXPECT_EQ(f["format"], "rsli");
      EXPECT_EQ(f["kind"], "library");
      EXPECT_EQ(f["status"], "warning");
    }
}

TEST_F(ViewService, ValidationIsTheReportWithEntryIndices) {
  json validation = get_json("/api/validation");
  json expected = validate::validation_report_json(service_->report());
  ASSERT_EQ(validation["findings"].size(), expected["findings"].size());
  EXPECT_EQ(validation["summary"], expected["summary"]);
  bool seen_grass = false;
  for (std::size_t i = 0; i < expected["findings"].size(); ++i) {
    json finding = validation["findings"][i];
    EXPECT_EQ(finding["code"], expected["findings"][i]["code"]);
    if (finding["file"] == "Textures.lib" && finding["entry"] == "GRASS.0") {
      seen_grass = true;
      EXPECT_EQ(finding["entry_index"].dump(), index_of("Textures.lib", "GRASS.0"));
    }
    if (finding["entry"].is_null()) {
      EXPECT_TRUE(finding["entry_index"].is_null());
    }
  }
  EXPECT_TRUE(seen_grass);
}

TEST_F(ViewService, TextureInfoIsTheLibrarysAndEachLevelDecodesAsTheEngineDecodes) {
  const std::string index = index_of("Textures.lib", "PANEL.A");
  json doc = get_json("/api/texture", {{"file", "Textures.lib"}, {"entry", index}});
  const ByteBuffer payload = entry_payload("Textures.lib", "PANEL.A");
  texm::Texture texture = texm::read(payload).value();
  EXPECT_EQ(doc["name"], "PANEL.A");
  EXPECT_EQ(doc["info"], texm::info_json(texture, payload.size()));
  EXPECT_EQ(doc["info"]["page"].size(), 4u);
  EXPECT_EQ(doc["load"]["rects"].size(), 5u);  // the whole texture, then the four Page rects
  for (std::size_t level = 0; level < texture.levels.size(); ++level) {
    Response r = get("/api/texture.png", {{"file", "Textures.lib"}, {"entry", index}, {"level", std::to_string(level)}});
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(r.content_type, "image/png");
    auto image = png::decode(as_bytes(r.body));
    ASSERT_TRUE(image) << image.error().to_string();
    EXPECT_EQ(*image, texm::decode(texture, level).value()) << "level " << level;
  }
  EXPECT_EQ(refusal("/api/texture.png",
                    {{"file", "Textures.lib"}, {"entry", index}, {"level", std::to_string(texture.levels.size())}}, 400),
            "view.bad_request");
  EXPECT_EQ(refusal("/api/texture.png", {{"file", "Textures.lib"}, {"entry", index}, {"level", "-1"}}, 400),
            "view.bad_request");
}

// A material's phase points at its texture with the flags the engine loads it with for that
// material (docs/runtime.md 6.3: 0x200000 for attr1 bit 0, 0x80000 for bit 1, 0x400000 always), and
// /api/texture.png decodes with them when asked: bit 1 makes even an 8888 texture opaque (the exact
// bytes over stored alpha are GltfExport.AttrOneBitOneLoadsTheMaterialsTextureOpaque's). Without
// `load_flags` the PNG is the texture as stored (the previous test).
TEST_F(ViewService, MaterialThumbnailsDecodeWithTheMaterialsLoadFlags) {
  const ByteBuffer library = test::read_bytes(dir_->path() / "Material.lib");
  const nres::Archive materials = nres::read(library).value();
  bool seen_opaque = false, seen_plain = false;
  for (std::size_t i = 0; i < materials.entries.size(); ++i) {
    const std::uint32_t attr1 = materials.entries[i].attr1;
    json doc = get_json("/api/material", {{"file", "Material.lib"}, {"entry", std::to_string(i)}});
    for (const json& phase : doc["phases"]) {
      const json& ref = phase["texture_ref"];
      if (ref.is_null()) continue;
      const std::uint32_t expected = 0x400000u | ((attr1 & 1u) ? 0x200000u : 0u) | ((attr1 & 2u) ? 0x80000u : 0u);
      ASSERT_EQ(ref["load_flags"], expected) << materials.entries[i].name();
      const std::string entry = std::to_string(ref["entry"].get<int>());
      const ByteBuffer payload = entry_payload("Textures.lib", phase["texture"]);  // the texture views it
      const texm::Texture texture = texm::read(payload).value();
      if (!texm::has_alpha_surface(texture.format, texture.header.flags5)) continue;
      Response r = get("/api/texture.png", {{"file", "Textures.lib"}, {"entry", entry}, {"level", "0"},
                                            {"load_flags", std::to_string(expected)}});
      ASSERT_EQ(r.status, 200);
      const texm::Image image = png::decode(as_bytes(r.body)).value();
      texm::DecodeOptions options;
      options.load_flags = expected;
      EXPECT_EQ(image, texm::decode(texture, 0, options).value())
          << materials.entries[i].name() << " " << phase["texture"];
      bool opaque = true;
      for (std::size_t p = 3; p < image.rgba.size(); p += 4) opaque = opaque && image.rgba[p] == 255;
      if (attr1 & 2u) {
        EXPECT_TRUE(opaque) << materials.entries[i].name();
        seen_opaque = true;
      } else {
        EXPECT_EQ(image, texm::decode(texture, 0).value()) << materials.entries[i].name();
        seen_plain = true;
      }
    }
  }
  EXPECT_TRUE(seen_opaque) << "no bit-1 material over an alpha-surface texture";
  EXPECT_TRUE(seen_plain) << "no material without bit 1 over an alpha-surface texture";
  EXPECT_EQ(refusal("/api/texture.png",
                    {{"file", "Textures.lib"}, {"entry", index_of("Textures.lib", "PANEL.A")}, {"load_flags", "4294967296"}},
                    400),
            "view.bad_request");
}

TEST_F(ViewService, AnIndexedTextureShowsItsPaletteAsTheDecoderReadsIt) {
  json game = get_json("/api/game");
  // Find an indexed (format 0) texture in Textures.lib.
  for (const json& f : game["files"]) {
    if (f["file"] != "Textures.lib") continue;
    for (const json& e : f["entries"]) {
      if (e["name"] == "GRASS.0") continue;
      json doc = get_json("/api/texture", {{"file", "Textures.lib"}, {"entry", std::to_string(e["index"].get<int>())}});
      if (doc["info"]["format"] != 0) {
        EXPECT_TRUE(doc["palette"].is_null());
        continue;
      }
      ASSERT_EQ(doc["palette"].size(), 256u);
      const ByteBuffer payload = entry_payload("Textures.lib", e["name"]);
      texm::Texture texture = texm::read(payload).value();
      std::uint8_t index = 7, rgba[4];
      texm::decode_pixels(texm::pixel_rule(texture).value(), &index, 1, rgba);
      EXPECT_EQ(doc["palette"][7], json::array({rgba[0], rgba[1], rgba[2], rgba[3]}));
      return;
    }
  }
  FAIL() << "the sample game has no indexed texture";
}

TEST_F(ViewService, MaterialPhasesPointAtTheirTexturesAndSamplesAreTheEnginesSelection) {
  const std::string index = index_of("Material.lib", "ANIM_PINGPONG");
  json doc = get_json("/api/material", {{"file", "Material.lib"}, {"entry", index}});
  const ByteBuffer payload = entry_payload("Material.lib", "ANIM_PINGPONG");
  material::Mat0 mat = material::read_mat0(payload, {0, 6}).value();
  ASSERT_EQ(doc["phases"].size(), mat.phases.size());
  for (std::size_t i = 0; i < mat.phases.size(); ++i) {
    const json& phase = doc["phases"][i];
    EXPECT_EQ(phase["texture"], std::string(mat.phases[i].texture_name()));
    if (!phase["texture_ref"].is_null()) {
      json texture = get_json("/api/entry", {{"file", phase["texture_ref"]["file"]},
                                             {"entry", std::to_string(phase["texture_ref"]["entry"].get<int>())}});
      EXPECT_EQ(texture["entry"]["name"], phase["texture"]);
    }
    const auto& p = mat.phases[i].params;
    EXPECT_EQ(phase["colour"], fmt::format("#{:02x}{:02x}{:02x}", p[0], p[1], p[2]));
  }
  ASSERT_EQ(doc["blocks"].size(), mat.blocks.size());
  EXPECT_EQ(doc["blocks"][0]["mode_name"], "ping-pong");

  json samples = get_json("/api/material/samples", {{"file", "Material.lib"}, {"entry", index}, {"block", "0"},
                                                    {"start", "5"}, {"step", "37"}, {"count", "200"}});
  ASSERT_EQ(samples["samples"].size(), 200u);
  auto timeline = material::Timeline::make(mat, 0).value();
  EXPECT_EQ(samples["cycle_ms"], timeline.cycle());
  std::uint32_t start_time = 0;
  runtime::CrtRandom random;
  std::set<int> phases;
  for (std::size_t i = 0; i < 200; ++i) {
    const auto time = static_cast<std::uint32_t>(5 + 37 * i);
    material::Selection s = timeline.select_by_time(time, start_time, [&] { return random.next(); });
    const json& got = samples["samples"][i];
    EXPECT_EQ(got["time"], time);
    EXPECT_EQ(got["key"], s.key);
    EXPECT_EQ(got["next"], s.next);
    EXPECT_EQ(got["alpha"].get<float>(), s.alpha);
    phases.insert(got["phase"].get<int>());
  }
  EXPECT_GT(phases.size(), 1u);  // the material animates

  EXPECT_EQ(refusal("/api/material/samples", {{"file", "Material.lib"}, {"entry", index}, {"count", "4097"}}, 400),
            "view.bad_request");
  EXPECT_EQ(refusal("/api/material/samples", {{"file", "Material.lib"}, {"entry", index}, {"block", "9"}}, 400),
            "view.bad_request");
}

TEST_F(ViewService, ModelInfoAndItsGlbExport) {
  const std::string index = index_of("animated.rlb", "walker.msh");
  json doc = get_json("/api/model", {{"file", "animated.rlb"}, {"entry", index}});
  EXPECT_EQ(doc["name"], "walker.msh");
  EXPECT_EQ(doc["info"]["model"], "animated.rlb::walker.msh");
  EXPECT_EQ(doc["info"]["wear"]["found"], true);
  EXPECT_EQ(doc["nodes"].size(), doc["info"]["nodes"].size());
  EXPECT_EQ(doc["states"], json::array({0}));
  ASSERT_TRUE(doc["cockpit"].is_boolean());
  for (const json& lod : doc["lods"]) EXPECT_LT(lod.get<int>(), 4);  // level 4 is the cockpit, not a LOD
  for (const json& node : doc["nodes"]) EXPECT_TRUE(node["cockpit"].is_boolean());
  ASSERT_TRUE(doc["animation"].is_object());
  EXPECT_GT(doc["animation"]["frames"].get<int>(), 1);

  Response glb = get("/api/model.glb", {{"file", "animated.rlb"}, {"entry", index}});
  ASSERT_EQ(glb.status, 200);
  EXPECT_EQ(glb.content_type, "model/gltf-binary");
  ASSERT_GE(glb.body.size(), 12u);
  EXPECT_EQ(glb.body.substr(0, 4), "glTF");
  EXPECT_EQ(load_u32(reinterpret_cast<const std::uint8_t*>(glb.body.data()) + 8), glb.body.size());
  EXPECT_EQ(refusal("/api/model.glb", {{"file", "animated.rlb"}, {"entry", index}, {"state", "3"}}, 400),
            "view.bad_request");
  EXPECT_EQ(refusal("/api/model.glb", {{"file", "animated.rlb"}, {"entry", index}, {"lod", "4"}}, 400),
            "view.bad_request");
  EXPECT_EQ(refusal("/api/model.glb", {{"file", "animated.rlb"}, {"entry", index}, {"cockpit", "2"}}, 400),
            "view.bad_request");
  Response inside = get("/api/model.glb", {{"file", "animated.rlb"}, {"entry", index}, {"cockpit", "1"}});
  EXPECT_EQ(inside.status, 200);
  EXPECT_EQ(inside.body.substr(0, 4), "glTF");
}

TEST_F(ViewService, EntryShowsEachKindsInfo) {
  json wear = get_json("/api/entry", {{"file", "animated.rlb"}, {"entry", index_of("animated.rlb", "walker.wea")}});
  EXPECT_EQ(wear["view"], "wear");
  EXPECT_EQ(wear["entry"]["type"], "WEAR");
  EXPECT_FALSE(wear["info"]["materials"].empty());
  json material = get_json("/api/entry", {{"file", "Material.lib"}, {"entry", index_of("Material.lib", "DEFAULT")}});
  EXPECT_EQ(material["view"], "material");
  EXPECT_EQ(material["info"]["format"], "MAT0");
  json archive = get_json("/api/entry", {{"file", "Textures.lib"}});
  EXPECT_EQ(archive["view"], "none");
  EXPECT_TRUE(archive["entry"].is_null());
}

// The page names kinds and Texm formats from here: every format of docs/formats/texm.md 3 (LA88 included).
TEST_F(ViewService, KindsAreTheRegistryAndEveryTextureFormatIsNamed) {
  json kinds = get_json("/api/kinds");
  const json formats = {{"0", "indexed8 (palette)"}, {"2", "indexed8 (external palette)"}, {"565", "RGB565"},
                        {"556", "RGB556"},           {"4444", "ARGB4444"},  {"88", "LA88 (luminance, alpha)"},
                        {"888", "RGB888 (32-bit)"},  {"8888", "ARGB8888"}};
  EXPECT_EQ(kinds["texture_formats"], formats);
  ASSERT_EQ(kinds["kinds"].size(), resource::kinds().size());
  EXPECT_EQ(kinds["kinds"].back()["key"], "other");
  EXPECT_EQ(kinds["kinds"][2], json({{"key", "texm"}, {"name", "Texm"}, {"item", "texture"}, {"type", "Texm"},
                                     {"extensions", json::array()}, {"view", "texture"}, {"file_kind", "texture"}}));
  EXPECT_EQ(kinds["kinds"][0]["type"], nullptr);
  EXPECT_EQ(kinds["kinds"][4]["extensions"], json({".wea"}));
}

TEST_F(ViewService, ABrokenResourceAnswersWithItsDiagnostics) {
  const std::string grass = index_of("Textures.lib", "GRASS.0");
  json texture = get_json("/api/texture", {{"file", "Textures.lib"}, {"entry", grass}}, 422);
  EXPECT_EQ(texture["error"]["code"], "view.broken");
  ASSERT_GE(texture["diagnostics"].size(), 2u);  // the parse error, then validate's finding
  EXPECT_EQ(texture["diagnostics"][0]["file"], "Textures.lib");
  EXPECT_EQ(texture["diagnostics"][0]["entry"], "GRASS.0");
  EXPECT_EQ(texture["diagnostics"][1]["code"], "texm.size.truncated");
  // /api/entry still answers: no info, the error first.
  json entry = get_json("/api/entry", {{"file", "Textures.lib"}, {"entry", grass}});
  EXPECT_TRUE(entry["info"].is_null());
  EXPECT_EQ(entry["diagnostics"][0]["code"], "texm.size.truncated");
  EXPECT_EQ(refusal("/api/texture.png", {{"file", "Textures.lib"}, {"entry", grass}}, 422), "view.broken");
}

TEST_F(ViewService, RefusesWhatIsNotInTheGame) {
  EXPECT_EQ(refusal("/api/nothing", {}, 404), "view.not_found");
  EXPECT_EQ(refusal("/api/texture", {}, 400), "view.bad_request");
  for (const char* path : {"../Textures.lib", "/etc/passwd", "Textures.lib/../Textures.lib", "./Textures.lib",
                           "textures.lib", "", "archives/../Textures.lib", "C:\\Windows\\win.ini"})
    EXPECT_EQ(refusal("/api/entry", {{"file", path}}, 404), "view.not_found") << path;
  EXPECT_EQ(refusal("/api/entry", {{"file", "Textures.lib"}, {"entry", "100000"}}, 404), "view.not_found");
  EXPECT_EQ(refusal("/api/entry", {{"file", "Textures.lib"}, {"entry", "GRASS.0"}}, 400), "view.bad_request");
  EXPECT_EQ(refusal("/api/entry", {{"file", "Textures.lib"}, {"entry", "0x1"}}, 400), "view.bad_request");
  EXPECT_EQ(refusal("/api/entry", {{"file", "Textures.lib"}, {"entry", ""}}, 400), "view.bad_request");
  EXPECT_EQ(refusal("/api/entry", {{"file", "Textures.lib"}, {"entry", "99999999999999999999"}}, 400),
            "view.bad_request");
  EXPECT_EQ(refusal("/api/entry", {{"file", "wear/walker.wea"}, {"entry", "0"}}, 404), "view.not_found");
  EXPECT_EQ(refusal("/api/entry", {{"file", std::string(2000, 'a')}}, 400), "view.bad_request");
  // The right kind for the endpoint.
  const std::string material = index_of("Material.lib", "DEFAULT");
  EXPECT_EQ(refusal("/api/texture", {{"file", "Material.lib"}, {"entry", material}}, 422), "view.kind");
  // Messages name the resource by its place in the game, never by the user's folders.
  EXPECT_EQ(get_json("/api/texture", {{"file", "Material.lib"}, {"entry", material}}, 422)["error"]["message"],
            "Material.lib::DEFAULT is not a texture (it shows as material)");
  EXPECT_EQ(refusal("/api/model", {{"file", "Material.lib"}, {"entry", material}}, 422), "view.kind");
  EXPECT_EQ(refusal("/api/material", {{"file", "Textures.lib"}, {"entry", "0"}}, 422), "view.kind");
  EXPECT_EQ(refusal("/api/model.glb", {{"file", "Textures.lib"}}, 422), "view.kind");
}

TEST_F(ViewService, TheGameIsNotWritten) {
  // Every file's bytes before and after a round of every endpoint.
  std::map<std::string, ByteBuffer> before;
  for (const validate::FoundFile& f : service_->report().files) before[f.path] = test::read_bytes(dir_->path() / f.path);
  const std::string walker = index_of("animated.rlb", "walker.msh");
  get("/api/model.glb", {{"file", "animated.rlb"}, {"entry", walker}});
  get("/api/texture.png", {{"file", "Textures.lib"}, {"entry", "0"}});
  get("/api/material/samples", {{"file", "Material.lib"}, {"entry", "1"}});
  for (const auto& [path, bytes] : before) EXPECT_EQ(test::read_bytes(dir_->path() / path), bytes) << path;
  std::size_t files = 0;
  for (auto it = std::filesystem::recursive_directory_iterator(dir_->path()); it != decltype(it)(); ++it)
    files += it->is_regular_file();
  EXPECT_EQ(files, before.size());
}

// The sound panel (docs/view.md 3.3): the info of `sound info --json`, and the sound decoded to 16-bit
// PCM for the audio element, ended at the fact chunk's frame count.
TEST_F(ViewService, SoundInfoAndDecodedWav) {
  const std::string index = index_of("sounds.lib", "gun_shot.wav");
  json doc = get_json("/api/sound", {{"file", "sounds.lib"}, {"entry", index}});
  EXPECT_EQ(doc["name"], "gun_shot.wav");
  EXPECT_EQ(doc["info"]["format"]["tag"], 2);
  EXPECT_EQ(doc["info"]["format"]["rate"], 22050);
  Response wav = get("/api/sound.wav", {{"file", "sounds.lib"}, {"entry", index}});
  ASSERT_EQ(wav.status, 200);
  EXPECT_EQ(wav.content_type, "audio/wav");
  ASSERT_GE(wav.body.size(), 44u);
  EXPECT_EQ(wav.body.substr(0, 4), "RIFF");
  EXPECT_EQ(wav.body.substr(8, 8), "WAVEfmt ");
  EXPECT_EQ(wav.body[20], 1);  // PCM
  EXPECT_EQ(wav.body[34], 16);
  // "samples" counts the padded blocks; the WAV ends at the fact chunk's count, inside the last block.
  const std::size_t padded_frames = doc["info"]["samples"].get<std::size_t>();
  const std::uint32_t data_size = std::uint8_t(wav.body[40]) | std::uint8_t(wav.body[41]) << 8 |
                                  std::uint8_t(wav.body[42]) << 16 | std::uint32_t(std::uint8_t(wav.body[43])) << 24;
  EXPECT_LE(data_size, padded_frames * 2);  // at most the padded blocks' frames
  EXPECT_GT(data_size, (padded_frames - 1012) * 2);  // less than one block short of them
  EXPECT_EQ(refusal("/api/sound", {{"file", "Textures.lib"}, {"entry", "0"}}, 422), "view.kind");
}

TEST(ViewServiceOpen, AFolderThatIsNotThereIsAnError) {
  auto service = Service::open("/nonexistent/parkan-view-test");
  ASSERT_FALSE(service);
  EXPECT_EQ(service.error().code, ErrorCode::io);
}

// A mod holding only its Material.lib, viewed over the game it modifies (--base): the page lists the
// mod's files alone, a material's texture is found in the base game's Textures.lib and served from it.
TEST(ViewServiceBase, AModIsViewedOverItsBaseGame) {
  test::TempDir dir;
  ASSERT_TRUE(sample::write_sample_game(dir / "game", sample::SampleOptions{}));
  std::filesystem::create_directory(dir / "mod");
  std::filesystem::copy_file(dir / "game" / "Material.lib", dir / "mod" / "Material.lib");
  const Query rock_material{{"file", "Material.lib"}, {"entry", "1"}};

  auto alone = Service::open(dir / "mod");
  ASSERT_TRUE(alone) << alone.error().to_string();
  Response phases = (*alone)->handle("/api/material", rock_material);
  ASSERT_EQ(phases.status, 200) << phases.body;
  EXPECT_TRUE(json::parse(phases.body)["phases"][0]["texture_ref"].is_null());
  EXPECT_EQ((*alone)->handle("/api/texture.png", {{"file", "Textures.lib"}, {"entry", "0"}}).status, 404);

  auto over = Service::open(dir / "mod", dir / "game");
  ASSERT_TRUE(over) << over.error().to_string();
  const json game = json::parse((*over)->handle("/api/game", {}).body);
  ASSERT_EQ(game["files"].size(), 1u);
  EXPECT_EQ(game["files"][0]["file"], "Material.lib");
  EXPECT_EQ(game["summary"]["errors"], 0);  // the textures its materials name are in the base game
  const json material = json::parse((*over)->handle("/api/material", rock_material).body);
  const json& ref = material["phases"][0]["texture_ref"];
  ASSERT_TRUE(ref.is_object()) << material.dump();
  EXPECT_EQ(ref["file"], "Textures.lib");
  const Query texture{{"file", "Textures.lib"}, {"entry", std::to_string(ref["entry"].get<int>())}};
  const json entry = json::parse((*over)->handle("/api/entry", texture).body);
  EXPECT_EQ(entry["entry"]["name"], material["phases"][0]["texture"]);
  EXPECT_EQ(entry["view"], "texture");
  Response png = (*over)->handle("/api/texture.png", texture);
  EXPECT_EQ(png.status, 200);
  EXPECT_EQ(png.content_type, "image/png");
  // Still nothing outside the base folder.
  EXPECT_EQ((*over)->handle("/api/texture.png", {{"file", "../game/Textures.lib"}, {"entry", "0"}}).status, 404);
}

TEST(ViewServiceBase, ABaseThatIsNotThereIsAnError) {
  test::TempDir dir;
  ASSERT_TRUE(sample::write_sample_game(dir / "game", sample::SampleOptions{}));
  auto service = Service::open(dir / "game", "/nonexistent/parkan-view-base");
  ASSERT_FALSE(service);
  EXPECT_EQ(service.error().code, ErrorCode::io);
  EXPECT_EQ(service.error().file, "/nonexistent/parkan-view-base");
}

}  // namespace
}  // namespace parkan::view
