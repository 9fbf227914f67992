// The repository stands on its own: every document the code, the help texts, the scripts,
// the README and the docs themselves cite is a page under docs/ that exists, and every section they
// cite by number ("docs/formats/texm.md 5.2", "docs/formats/msh.md 3, 7.1-7.3") or by title
// ("docs/runtime.md \"Trace format\"") is a heading of that page. A Markdown file named anywhere else
// (a specification outside the repository) is an error.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = PARKAN_SOURCE_DIR;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The files whose text may cite documents: code, build files, scripts, the README, the docs, the page.
std::vector<fs::path> citing_files() {
  std::vector<fs::path> out;
  for (const char* folder : {"src", "include", "apps", "tests", "fuzz", "bench", "scripts", "cmake", "docs", ".ci"}) {
    if (!fs::exists(kRoot / folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
      if (!entry.is_regular_file()) continue;
      const std::string ext = entry.path().extension().string();
      if (ext == ".png" || ext == ".bin" || ext == ".lib" || ext == ".rlb" || ext == ".msh") continue;
      if (entry.path().parent_path().filename() == "seeds") continue;  // fuzz seeds are bytes
      out.push_back(entry.path());
    }
  }
  for (const char* file : {"README.md", "CMakeLists.txt", "Makefile"}) out.push_back(kRoot / file);
  return out;
}

struct Headings {
  std::set<std::string> numbers;  // "5", "5.2"
  std::vector<std::string> titles;
};

Headings headings_of(const fs::path& page) {
  Headings h;
  std::istringstream text(slurp(page));
  static const std::regex heading(R"(^#{1,6}\s+(?:(\d+(?:\.\d+)*)\.?\s+)?(.*?)\s*$)");
  bool fenced = false;
  for (std::string line; std::getline(text, line);) {
    if (line.rfind("```", 0) == 0) fenced = !fenced;
    std::smatch m;
    if (fenced || !std::regex_match(line, m, heading)) continue;
    if (m[1].matched) h.numbers.insert(m[1]);
    h.titles.push_back(m[2]);
  }
  return h;
}

// The line number of `offset` in `text`, for messages.
std::size_t line_of(const std::string& text, std::size_t offset) {
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

TEST(Citations, EveryCitedDocumentAndSectionIsInTheRepository) {
  // "docs/x.md" then optionally a list of section numbers and ranges, or a quoted title. A number
  // may end a sentence ("texm.md 5.2."): only a letter, digit or ".x" after it stops the list.
  static const std::regex docs_citation(
      R"re(docs/([A-Za-z0-9_./-]+\.md)(?:#[A-Za-z0-9_-]*)?((?:[ ,;/]+(?:\d+(?:\.\d+)*(?:-\d+(?:\.\d+)*)?)(?!\w|\.\w))*)(?:\s+"([^"\n]+)")?)re");
  static const std::regex number(R"(\d+(?:\.\d+)*)");
  // Any other Markdown name: only README.md (ours) may be named without docs/.
  static const std::regex any_markdown(R"re(([A-Za-z0-9_./-]*[A-Za-z0-9_-]+\.md)\b)re");
  std::vector<std::string> problems;
  std::size_t citations = 0;
  const fs::path self = fs::path(__FILE__).filename();
  for (const fs::path& file : citing_files()) {
    if (file.filename() == self) continue;
    const std::string text = slurp(file);
    const std::string where = fs::relative(file, kRoot).generic_string();
    for (auto it = std::sregex_iterator(text.begin(), text.end(), docs_citation); it != std::sregex_iterator(); ++it) {
      const std::smatch& m = *it;
      ++citations;
      const fs::path page = kRoot / "docs" / m[1].str();
      const std::string at = where + ":" + std::to_string(line_of(text, static_cast<std::size_t>(m.position(0))));
      if (!fs::is_regular_file(page)) {
        problems.push_back(at + ": cites docs/" + m[1].str() + ", which does not exist");
        continue;
      }
      const Headings headings = headings_of(page);
      const std::string list = m[2];
      for (auto n = std::sregex_iterator(list.begin(), list.end(), number); n != std::sregex_iterator(); ++n)
        if (!headings.numbers.count(n->str()))
          problems.push_back(at + ": cites section " + n->str() + " of docs/" + m[1].str() + ", which has no such heading");
      if (m[3].matched) {
        bool found = false;
        for (const std::string& title : headings.titles) found = found || title.find(m[3].str()) != std::string::npos;
        if (!found) problems.push_back(at + ": cites \"" + m[3].str() + "\" of docs/" + m[1].str() + ", which has no such heading");
      }
    }
    for (auto it = std::sregex_iterator(text.begin(), text.end(), any_markdown); it != std::sregex_iterator(); ++it) {
      const std::string name = (*it)[1];
      const std::size_t pos = static_cast<std::size_t>(it->position(0));
      const bool in_docs = name.rfind("docs/", 0) == 0 || (pos >= 5 && text.compare(pos - 5, 5, "docs/") == 0);
      const bool ours = in_docs || name == "README.md" ||
                        // a link between docs pages, relative to the page that holds it
                        (where.rfind("docs/", 0) == 0 && fs::is_regular_file(file.parent_path() / name));
      if (!ours)
        problems.push_back(where + ":" + std::to_string(line_of(text, pos)) + ": names " + name +
                           ", a document that is not in the repository's docs/");
    }
    if (text.find("../shared") != std::string::npos)
      problems.push_back(where + ": names ../shared, a folder outside the repository");
  }
  EXPECT_GT(citations, 100u) << "the code's citations of docs/ were not found: is the pattern right?";
  std::string report;
  for (const std::string& p : problems) report += p + "\n";
  EXPECT_TRUE(problems.empty()) << problems.size() << " citations outside the repository or of missing sections:\n" << report;
}

}  // namespace
