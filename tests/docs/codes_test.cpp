// docs/codes.md lists every diagnostic code, and only those: every string constant declared in a
// `codes` namespace of a header (include/ and src/) is a row of the page, and every row's code is
// declared. The headers are read as text, so a new format's codes.hpp is checked without a list here.
// And the sources emit the constants: no string literal outside the codes namespaces spells a code.
#include <gtest/gtest.h>

#include <algorithm>
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

// A declared code is emitted through its constant: no string literal in src/ or apps/ spells it (a comment
// may). The folders listed here still emit literals and are moving to their codes namespaces.
TEST(CodesPage, CodesAreEmittedThroughTheirConstants) {
  static const std::set<std::string> kNotYetConverted = {"src/texm", "src/resource", "src/view", "apps/parkan"};
  static const std::regex kLiteral(R"re("([a-z0-9_]+(?:\.[a-z0-9_]+)+)")re");
  const auto declared = declared_codes();
  for (const char* folder : {"src", "apps"})
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
      const fs::path& path = entry.path();
      if (!entry.is_regular_file() || (path.extension() != ".cpp" && path.extension() != ".hpp")) continue;
      const std::string relative = fs::relative(path, kRoot).generic_string();
      if (std::any_of(kNotYetConverted.begin(), kNotYetConverted.end(),
                      [&](const std::string& folder) { return relative.rfind(folder + "/", 0) == 0; }))
        continue;
      std::ifstream in(path);
      int number = 0;
      for (std::string line; std::getline(in, line);) {
        ++number;
        if (line.find("inline constexpr") != std::string::npos) continue;  // a declaration
        const std::size_t comment = line.find("//");
        for (std::sregex_iterator m(line.begin(), line.end(), kLiteral), end; m != end; ++m)
          if (static_cast<std::size_t>(m->position()) < comment && declared.count((*m)[1].str()))
            ADD_FAILURE() << relative << ":" << number << ": \"" << (*m)[1].str()
                          << "\" is a literal; emit its constant (declared in " << declared.at((*m)[1].str()) << ")";
      }
    }
}

}  // namespace
