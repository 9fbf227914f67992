// objects.rlb: read + check (records and the entry type) + write (lossless), then the resolution over a registry made of the
// input, which must terminate within its bounds whatever the records name.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "parkan/objects/objects.hpp"

using namespace parkan;

namespace {

constexpr std::size_t kFuzzPrototypes = 4;  // keys p0..p3

bool fuzz_ends_with_msh(std::string_view name) {
  if (name.size() < 4) return false;
  std::string tail(name.substr(name.size() - 4));
  for (char& c : tail)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return tail == ".msh";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  auto refs = objects::read_object_refs(input);
  const std::vector<Diagnostic> findings = objects::check_object_refs(input);
  bool size_finding = false;
  for (const Diagnostic& d : findings) {
    if (!d.code.starts_with("objects.") || !d.location.offset || *d.location.offset > size) std::abort();
    size_finding = size_finding || d.code == "objects.size.multiple";
  }
  if (refs.ok() == size_finding) std::abort();  // the reader and the checker agree on the size rule
  // The entry type: the first four bytes as the type id word, against the payload's size.
  const std::uint32_t type_id = size >= 4 ? load_u32(data) : 0;
  const std::vector<Diagnostic> type_findings = objects::check_prototype_type(type_id, size);
  if (type_findings.size() > 1) std::abort();
  for (const Diagnostic& d : type_findings)
    if (d.severity != Severity::warning || d.location.offset ||
        (d.code == "objects.type.unknown") != (objects::prototype_type(type_id) == nullptr))
      std::abort();
  if (!refs) {
    if (refs.error().rule != "objects.size.multiple") std::abort();
    return 0;
  }
  auto written = objects::write_object_refs(*refs);
  if (!written || *written != ByteBuffer(input.begin(), input.end())) std::abort();  // lossless

  // The registry: record i belongs to prototype p<last byte of record i % 4> (the fuzzer chooses
  // the grouping); a resource exists unless its archive name starts with '!'.
  std::array<ByteBuffer, kFuzzPrototypes> payloads;
  for (const objects::ObjectRef& ref : *refs)
    payloads[ref.raw.back() % kFuzzPrototypes].insert(payloads[ref.raw.back() % kFuzzPrototypes].end(),
                                                      ref.raw.begin(), ref.raw.end());
  objects::ObjectRegistry registry{
      [&payloads](std::string_view key) -> std::optional<std::vector<objects::ObjectRef>> {
        if (key.size() != 2 || (key[0] != 'p' && key[0] != 'P') || key[1] < '0' ||
            key[1] >= char('0' + kFuzzPrototypes))
          return std::nullopt;
        auto records = objects::read_object_refs(payloads[std::size_t(key[1] - '0')]);
        if (!records) std::abort();  // whole records only
        return std::move(records).value();
      },
      [](std::string_view archive, std::string_view) { return archive.empty() || archive[0] != '!'; }};
  for (std::string_view key : {"p0", "P1", "p2", "p3", "absent"}) {
    const objects::ObjectResolution resolution = objects::resolve_object(registry, key);
    if (resolution.expanded.size() > 65536) std::abort();
    for (const objects::ObjectRef& ref : resolution.expanded)
      if (ref.absent()) std::abort();  // an unused slot never reaches the expansion
    for (const Diagnostic& d : resolution.findings)
      if (!d.code.starts_with("objects.ref.")) std::abort();
    if (resolution.model && !fuzz_ends_with_msh(resolution.model->resource)) std::abort();
  }
  return 0;
}
