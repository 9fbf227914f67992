// docs/codes.md lists every diagnostic code, and only those: every string constant declared in a
// `codes` namespace of a header (include/ and src/) is a row of the page, and every row's code is
// declared. The headers are read as text, so a new format's codes.hpp is checked without a list here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = PARKAN_SOURCE_DIR;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// code -> the header declaring it.
std::map<std::string, std::string> declared_codes() {
  static const std::regex kOpen(R"(namespace\s+(?:[A-Za-z_]\w*::)*codes\s*\{)");
  static const std::regex kConstant(R"(inline\s+constexpr\s+[^=;]+\s+k\w+\s*=\s*"([a-z0-9_]+(?:\.[a-z0-9_]+)+)\"\s*;)");
  std::map<std::string, std::string> out;
  for (const char* folder : {"include", "src"})
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".hpp") continue;
      const std::string text = slurp(entry.path());
      for (std::sregex_iterator open(text.begin(), text.end(), kOpen), end; open != end; ++open) {
        const std::size_t from = static_cast<std::size_t>(open->position() + open->length());
        const std::size_t to = text.find("}  // namespace", from);
        const std::string block = text.substr(from, to == std::string::npos ? std::string::npos : to - from);
        for (std::sregex_iterator c(block.begin(), block.end(), kConstant); c != end; ++c)
          out.emplace((*c)[1].str(), fs::relative(entry.path(), kRoot).generic_string());
      }
    }
  return out;
}

// The codes of the page's table rows ("| `code` | severity | meaning | section |").
std::multiset<std::string> listed_codes() {
  static const std::regex kRow(R"(^\| `([^`]+)` \| (error|warning|note|error/warning) \|)");
  std::multiset<std::string> out;
  std::ifstream in(kRoot / "docs/codes.md");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, kRow)) out.insert(m[1].str());
  }
  return out;
}

TEST(CodesPage, ListsEveryDeclaredCode) {
  const auto declared = declared_codes();
  const auto listed = listed_codes();
  ASSERT_GT(declared.size(), 100u);  // the parser found the codes namespaces
  for (const auto& [code, header] : declared)
    EXPECT_EQ(listed.count(code), 1u) << code << " (declared in " << header << ") is not listed once in docs/codes.md";
}

TEST(CodesPage, ListsOnlyDeclaredCodes) {
  const auto declared = declared_codes();
  for (const std::string& code : listed_codes())
    EXPECT_TRUE(declared.count(code)) << code << " is in docs/codes.md but declared in no codes namespace";
}

}  // namespace
