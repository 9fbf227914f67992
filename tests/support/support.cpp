#include "support.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>

namespace parkan::test {

TempDir::TempDir() {
  // create_directory fails on an existing name: a new folder each time, on every platform.
  static std::mt19937_64 random{std::random_device{}()};
  const auto base = std::filesystem::temp_directory_path();
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::filesystem::path candidate = base / ("parkan-test-" + std::to_string(random() % 1000000000000ull));
    std::error_code ec;
    if (std::filesystem::create_directory(candidate, ec)) {
      path_ = candidate;
      return;
    }
  }
  throw std::runtime_error("cannot create a temporary folder");
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

void write_bytes(const std::filesystem::path& path, ByteView bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

ByteBuffer read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return ByteBuffer(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::optional<std::string> CliProcess::wait_for_output(std::string_view text, int timeout_ms) {
  for (int waited = 0; waited <= timeout_ms; waited += 20) {
    std::string out = slurp(capture_ / "out");
    if (out.find(text) != std::string::npos) return out;
    if (poll_exit()) {
      out = slurp(capture_ / "out");
      return out.find(text) != std::string::npos ? std::optional<std::string>(out) : std::nullopt;
    }
    sleep_ms(20);
  }
  return std::nullopt;
}

std::string CliProcess::err() const { return slurp(capture_ / "err"); }

}  // namespace parkan::test
