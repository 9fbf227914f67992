// A program using the installed library: the README's example on a one-entry NRes archive it writes
// itself (argv[1]), read back through a mapped file.
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <parkan/core/file.hpp>
#include <parkan/nres/archive.hpp>

namespace {

void put32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

// Header, one payload at 16 (padded to 8 bytes), the 64-byte directory row at the end (docs/formats/nres.md).
std::vector<std::uint8_t> tiny_archive(std::string_view name, std::uint32_t type_id, std::string_view payload) {
  const std::uint32_t padded = static_cast<std::uint32_t>((payload.size() + 7) / 8 * 8);
  const std::uint32_t total = 16 + padded + 64;
  std::vector<std::uint8_t> out;
  put32(out, 0x7365524E);  // "NRes"
  put32(out, 0x100);
  put32(out, 1);
  put32(out, total);
  out.insert(out.end(), payload.begin(), payload.end());
  out.resize(16 + padded, 0);
  put32(out, type_id);
  put32(out, 0);  // attr1
  put32(out, 0);  // attr2
  put32(out, static_cast<std::uint32_t>(payload.size()));
  put32(out, 0);  // attr3
  std::array<std::uint8_t, 36> field{};
  for (std::size_t i = 0; i < name.size(); ++i) field[i] = static_cast<std::uint8_t>(name[i]);
  out.insert(out.end(), field.begin(), field.end());
  put32(out, 16);  // data offset
  put32(out, 0);   // sort index
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: parkan_consumer ARCHIVE\n");
    return 2;
  }
  std::printf("%s\n", parkan::nres::type_name(0x6D786554).c_str());

  const std::vector<std::uint8_t> bytes = tiny_archive("HELLO.0", 0x6D786554, "hello");
  std::ofstream(argv[1], std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                 static_cast<std::streamsize>(bytes.size()));

  auto file = parkan::MappedFile::open(argv[1]);
  if (!file) {
    std::fprintf(stderr, "%s\n", file.error().to_string().c_str());
    return 1;
  }
  auto archive = parkan::nres::read(file->bytes(), parkan::nres::Profile::compatible);
  if (!archive) {
    std::fprintf(stderr, "%s\n", archive.error().to_string().c_str());
    return 1;
  }
  auto index = parkan::nres::find(*archive, "hello.0");  // found as the engine finds it
  if (!index) {
    std::fprintf(stderr, "no entry hello.0\n");
    return 1;
  }
  const parkan::nres::Entry& entry = archive->entries[*index];
  parkan::ByteView payload = archive->payload(*index);
  std::printf("%s: %s, %zu bytes: %.*s\n", std::string(entry.name()).c_str(),
              parkan::nres::type_name(entry.type_id).c_str(), payload.size(), static_cast<int>(payload.size()),
              reinterpret_cast<const char*>(payload.data()));
  return 0;
}
