#pragma once
// The `archive` commands on an RsLi library (docs/cli.md 3.7); archive_commands.cpp sends a
// file here when it starts with the RsLi magic.
#include <optional>
#include <string>
#include <vector>

#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/rsli/archive.hpp"

namespace parkan::cli {

bool is_rsli_library(const std::string& path);
bool is_rsli_folder(const std::string& dir);  // written by `archive extract` from an RsLi library

Result<int> rsli_list(const std::string& path, bool as_json);
// Every finding of the library and its entry count.
std::vector<Diagnostic> rsli_check(ByteView bytes, bool compatible, std::size_t& entries);
Result<int> rsli_extract(const std::string& path, const std::string& dir);
Result<int> rsli_pack(const std::string& dir, const std::string& out);
Result<int> rsli_repack(const std::string& path, const std::string& out);

struct RsliEdit {
  std::string path, out;
  bool compatible = false;
  std::optional<std::string> method;  // --method; default: the replaced entry's, else stored
  int level = 6;                      // --level: Deflate's compression level (0..12)
};
Result<int> rsli_add(const RsliEdit& edit, const std::string& name, const std::string& payload_path);
Result<int> rsli_replace(const RsliEdit& edit, const std::string& entry, const std::string& payload_path);
Result<int> rsli_remove(const RsliEdit& edit, const std::string& entry);
Result<int> rsli_rename(const RsliEdit& edit, const std::string& entry, const std::string& new_name);

}  // namespace parkan::cli
