// objects.rlb, the prototype registry (docs/formats/objects.md), and the system.rlb its non-geometric prototypes
// point into. Entry types are the retail FourCCs, each payload padded with unused (all-zero) slots to
// its type's size (docs/formats/objects.md 1.1): STAT for s_ props, whose sixth slot stays empty as on
// every retail STAT entry; BTLU for u_ units; EXTO for r_ buildings; FORT for the c_ classes; SUNO for
// the sun. Each model gets
// a prototype under its key: (library, <stem>.msh), (library, <stem>.wea); a model marked via_parent
// instead gets (objects.rlb, c_<family>), (library, <stem>.bas), (library, <stem>.wea): the parent
// class prototype has no mesh, so the resolver takes <stem>.msh beside the .bas. The class prototypes
// (c_<family>: (system.rlb, <family>.ctl)) and `sun` ((system.rlb, sun.sun)) have no geometry. No
// record names anything absent, and no prototype refers back to itself.
#include <algorithm>
#include <set>

#include "sample/sample_model_catalog.hpp"
#include "parkan/objects/objects.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::sample {

namespace {

constexpr const char* kSystemArchive = "system.rlb";

// The sample's choice of retail type per key prefix (see the file comment).
const objects::PrototypeType& sample_prototype_type(std::string_view key) {
  auto named = [](std::string_view fourcc) -> const objects::PrototypeType& {
    for (const objects::PrototypeType& type : objects::kPrototypeTypes)
      if (type.fourcc == fourcc) return type;
    return objects::kPrototypeTypes.front();
  };
  if (key.starts_with("s_")) return named("STAT");
  if (key.starts_with("u_")) return named("BTLU");
  if (key.starts_with("c_")) return named("FORT");
  if (key == "sun") return named("SUNO");
  return named("EXTO");
}

objects::ObjectRef objects_ref(std::string archive, std::string resource) {
  objects::ObjectRef ref;
  ref.archive = std::move(archive);
  ref.resource = std::move(resource);
  return ref;
}

}  // namespace

std::vector<SampleFile> sample_objects(const std::vector<ObjectModel>& models, const SampleOptions& /*options*/) {
  std::vector<std::pair<std::string, std::vector<objects::ObjectRef>>> prototypes;
  std::set<std::string> classes;
  for (const ObjectModel& m : models) {
    std::vector<objects::ObjectRef> refs;
    if (m.via_parent) {
      classes.insert(m.family);
      refs.push_back(objects_ref(std::string(objects::kObjectsArchive), "c_" + m.family));
      refs.push_back(objects_ref(m.library, m.stem + ".bas"));
    } else {
      refs.push_back(objects_ref(m.library, m.stem + ".msh"));
    }
    refs.push_back(objects_ref(m.library, m.stem + ".wea"));
    if (m.object_data) {
      refs.push_back(objects_ref(m.library, m.stem + ".ndp"));
      refs.push_back(objects_ref(m.library, m.stem + ".cpt"));
    }
    prototypes.emplace_back(m.key, std::move(refs));
  }
  std::vector<std::pair<std::string, std::string>> system_entries = {{"sun.sun", "SUN 1.0 0.95 0.8\n"}};
  for (const std::string& family : classes) {
    prototypes.emplace_back("c_" + family, std::vector<objects::ObjectRef>{objects_ref(kSystemArchive, family + ".ctl")});
    system_entries.emplace_back(family + ".ctl", "CONTROL " + family + "\n");
  }
  prototypes.emplace_back("sun", std::vector<objects::ObjectRef>{objects_ref(kSystemArchive, "sun.sun")});

  std::vector<ByteBuffer> payloads;
  payloads.reserve(prototypes.size());
  std::vector<nres::EntrySpec> specs;
  for (auto& [key, refs] : prototypes) {
    const objects::PrototypeType& type = sample_prototype_type(key);
    // Unused slots: both names empty, written as zeros (never fewer slots than records).
    refs.resize(std::max(refs.size(), type.sizes[0] / objects::kObjectRefSize));
    payloads.push_back(objects::write_object_refs(refs).value());  // names well under 32 bytes
    specs.push_back({type.type_id(), 0, 0, 0, key, payloads.back()});
  }
  std::vector<nres::EntrySpec> system;
  for (const auto& [name, text] : system_entries) system.push_back({0, 0, 0, 0, name, as_bytes(text)});
  return {{std::string(objects::kObjectsArchive), *nres::build(specs)}, {kSystemArchive, *nres::build(system)}};
}

}  // namespace parkan::sample
