// core/file on Windows: wide-character file APIs (CreateFileW, MoveFileExW), file mappings, and
// paths longer than MAX_PATH through the \\?\ prefix. Paths arrive as std::filesystem::path (UTF-16
// underneath); text made from them goes through core/utf8_path.hpp.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <atomic>
#include <string>

#include <fmt/format.h>

#include "parkan/core/utf8_path.hpp"
#include "platform_file.hpp"
#include "utf16_windows.hpp"

namespace parkan::platform {

namespace {

std::string last_error_text() {
  const DWORD code = ::GetLastError();
  wchar_t* text = nullptr;
  const DWORD length = ::FormatMessageW(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr, code,
      0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::wstring wide = length ? std::wstring(text, length) : std::wstring();
  if (text) ::LocalFree(text);
  while (!wide.empty() && (wide.back() == L'\n' || wide.back() == L'\r' || wide.back() == L'.')) wide.pop_back();
  std::string out = utf16_to_utf8(wide);
  return out.empty() ? fmt::format("Windows error {}", code) : out;
}

// The wide form of `path` that the W functions take: absolute with the \\?\ prefix when it is at
// least MAX_PATH long (the prefix lifts the limit; it needs an absolute path with backslashes).
std::wstring os_path(const std::filesystem::path& path) {
  std::wstring wide = path.wstring();
  if (wide.size() < MAX_PATH || wide.rfind(L"\\\\?\\", 0) == 0) return wide;
  std::error_code ec;
  std::wstring absolute = std::filesystem::absolute(path, ec).lexically_normal().wstring();
  if (ec) return wide;
  for (wchar_t& c : absolute)
    if (c == L'/') c = L'\\';
  if (absolute.rfind(L"\\\\", 0) == 0) return L"\\\\?\\UNC\\" + absolute.substr(2);
  return L"\\\\?\\" + absolute;
}

HANDLE as_handle(FileHandle file) { return reinterpret_cast<HANDLE>(file); }
FileHandle as_file(HANDLE handle) { return reinterpret_cast<FileHandle>(handle); }

}  // namespace

Result<FileHandle> open_regular(const std::filesystem::path& path, std::size_t& size) {
  // FILE_FLAG_BACKUP_SEMANTICS lets a folder open, so that it is named as a folder below.
  HANDLE handle = ::CreateFileW(os_path(path).c_str(), GENERIC_READ,
                                FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                FILE_ATTRIBUTE_NORMAL | FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (handle == INVALID_HANDLE_VALUE) return io_error("cannot open: " + last_error_text(), path_to_utf8(path));
  const DWORD type = ::GetFileType(handle);
  BY_HANDLE_FILE_INFORMATION info{};
  const bool disk = type == FILE_TYPE_DISK && ::GetFileInformationByHandle(handle, &info);
  if (!disk || (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)) {
    ::CloseHandle(handle);
    const char* kind = disk ? "a folder" : type == FILE_TYPE_PIPE ? "a named pipe" : type == FILE_TYPE_CHAR ? "a character device" : "not a file";
    return io_error(std::string("not a regular file (") + kind + ")", path_to_utf8(path));
  }
  size = static_cast<std::size_t>((std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow);
  return as_file(handle);
}

Result<std::size_t> read_some(FileHandle file, std::uint8_t* buffer, std::size_t size,
                              const std::filesystem::path& path) {
  DWORD got = 0;
  const DWORD want = static_cast<DWORD>(std::min<std::size_t>(size, 1u << 30));
  if (!::ReadFile(as_handle(file), buffer, want, &got, nullptr))
    return io_error("cannot read: " + last_error_text(), path_to_utf8(path));
  return static_cast<std::size_t>(got);
}

void close_file(FileHandle file) {
  if (file != kNoFile) ::CloseHandle(as_handle(file));
}

Result<const std::uint8_t*> map_view(FileHandle file, std::size_t size, const std::filesystem::path& path) {
  HANDLE mapping = ::CreateFileMappingW(as_handle(file), nullptr, PAGE_READONLY, 0, 0, nullptr);
  if (!mapping) return io_error("cannot map: " + last_error_text(), path_to_utf8(path));
  void* view = ::MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, size);
  const std::string why = view ? std::string() : last_error_text();
  ::CloseHandle(mapping);  // the view keeps the mapping alive
  if (!view) return io_error("cannot map: " + why, path_to_utf8(path));
  return static_cast<const std::uint8_t*>(view);
}

void unmap_view(const std::uint8_t* data, std::size_t) {
  if (data) ::UnmapViewOfFile(data);
}

Result<FileHandle> create_temporary_beside(const std::filesystem::path& path, std::filesystem::path& temp) {
  static std::atomic<unsigned> counter{0};
  std::filesystem::path folder = path.parent_path();
  if (folder.empty()) folder = ".";
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string name = fmt::format(".{}.tmp.{}.{}.{}", path_to_utf8(path.filename()).substr(0, kTemporaryNameStem), ::GetCurrentProcessId(),
                                         ::GetTickCount(), counter++);
    std::filesystem::path candidate = folder / path_from_utf8(name);
    HANDLE handle = ::CreateFileW(os_path(candidate).c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                                  FILE_ATTRIBUTE_NORMAL, nullptr);
    if (handle != INVALID_HANDLE_VALUE) {
      temp = candidate;
      return as_file(handle);
    }
    if (::GetLastError() != ERROR_FILE_EXISTS)
      return io_error("cannot create a temporary file: " + last_error_text(), path_to_utf8(path));
  }
  return io_error("cannot create a temporary file: every name tried exists", path_to_utf8(path));
}

Status write_all(FileHandle file, ByteView data, const std::filesystem::path& path) {
  std::size_t written = 0;
  while (written < data.size()) {
    DWORD done = 0;
    const DWORD want = static_cast<DWORD>(std::min<std::size_t>(data.size() - written, 1u << 30));
    if (!::WriteFile(as_handle(file), data.data() + written, want, &done, nullptr))
      return io_error("cannot write: " + last_error_text(), path_to_utf8(path));
    written += done;
  }
  return {};
}

Status close_and_replace(FileHandle file, const std::filesystem::path& temp, const std::filesystem::path& path) {
  if (!::CloseHandle(as_handle(file))) {
    const std::string why = last_error_text();
    ::DeleteFileW(os_path(temp).c_str());
    return io_error("cannot close: " + why, path_to_utf8(path));
  }
  // One rename that replaces the target: readers see the old file or the new one.
  if (!::MoveFileExW(os_path(temp).c_str(), os_path(path).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
    const std::string why = last_error_text();
    ::DeleteFileW(os_path(temp).c_str());
    return io_error("cannot rename into place: " + why, path_to_utf8(path));
  }
  return {};
}

void remove_quietly(const std::filesystem::path& path) { ::DeleteFileW(os_path(path).c_str()); }

}  // namespace parkan::platform

namespace parkan {

PathKind path_kind(const std::filesystem::path& path) {
  const DWORD attributes = ::GetFileAttributesW(platform::os_path(path).c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) return PathKind::missing;
  if (attributes & FILE_ATTRIBUTE_DIRECTORY) return PathKind::folder;
  return (attributes & FILE_ATTRIBUTE_DEVICE) ? PathKind::other : PathKind::file;
}

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  // Opened for no access (attributes only), shared every way, folders too: never blocked by an open file.
  auto identity = [](const std::filesystem::path& path, BY_HANDLE_FILE_INFORMATION& info) {
    HANDLE handle = ::CreateFileW(platform::os_path(path).c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                  nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (handle == INVALID_HANDLE_VALUE) return false;
    const bool ok = ::GetFileInformationByHandle(handle, &info) != 0;
    ::CloseHandle(handle);
    return ok;
  };
  BY_HANDLE_FILE_INFORMATION ia{}, ib{};
  if (!identity(a, ia) || !identity(b, ib)) return false;
  return ia.dwVolumeSerialNumber == ib.dwVolumeSerialNumber && ia.nFileIndexHigh == ib.nFileIndexHigh &&
         ia.nFileIndexLow == ib.nFileIndexLow;
}

}  // namespace parkan

namespace parkan::platform {

Status make_folders(const std::filesystem::path& dir) {
  // Each missing folder from the outermost, by CreateDirectoryW on the \\?\ form where it is long
  // (std::filesystem::create_directories stops at 260 characters).
  std::vector<std::filesystem::path> missing;
  for (std::filesystem::path p = dir; !p.empty(); p = p.parent_path()) {
    const DWORD attributes = ::GetFileAttributesW(os_path(p).c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES) {
      if (!(attributes & FILE_ATTRIBUTE_DIRECTORY)) return io_error("cannot create folder: a file has its name", path_to_utf8(p));
      break;
    }
    missing.push_back(p);
    if (p == p.parent_path() || p.parent_path() == p.root_path()) break;
  }
  for (auto it = missing.rbegin(); it != missing.rend(); ++it)
    if (!::CreateDirectoryW(os_path(*it).c_str(), nullptr) && ::GetLastError() != ERROR_ALREADY_EXISTS)
      return io_error("cannot create folder: " + last_error_text(), path_to_utf8(*it));
  return {};
}

Result<std::vector<FolderEntry>> list_entries(const std::filesystem::path& dir) {
  WIN32_FIND_DATAW found{};
  HANDLE search = ::FindFirstFileExW(os_path(dir / L"*").c_str(), FindExInfoBasic, &found, FindExSearchNameMatch, nullptr, 0);
  if (search == INVALID_HANDLE_VALUE) return io_error("cannot list the folder: " + last_error_text(), path_to_utf8(dir));
  std::vector<FolderEntry> entries;
  do {
    const std::wstring_view name = found.cFileName;
    if (name == L"." || name == L"..") continue;
    FolderEntry entry{path_to_utf8(std::filesystem::path(name)), FolderEntry::Kind::file};
    if (found.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) entry.kind = FolderEntry::Kind::other;
    else if (found.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) entry.kind = FolderEntry::Kind::folder;
    else if (found.dwFileAttributes & FILE_ATTRIBUTE_DEVICE) entry.kind = FolderEntry::Kind::other;
    entries.push_back(std::move(entry));
  } while (::FindNextFileW(search, &found));
  const DWORD why = ::GetLastError();
  ::FindClose(search);
  if (why != ERROR_NO_MORE_FILES) {
    ::SetLastError(why);
    return io_error("cannot list the folder: " + last_error_text(), path_to_utf8(dir));
  }
  return entries;
}

Status move_replacing(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (!::MoveFileExW(os_path(from).c_str(), os_path(to).c_str(), MOVEFILE_REPLACE_EXISTING))
    return io_error("cannot write the file: " + last_error_text(), path_to_utf8(to));
  return {};
}

void remove_folder_quietly(const std::filesystem::path& dir) { ::RemoveDirectoryW(os_path(dir).c_str()); }

}  // namespace parkan::platform
