#pragma once
// A located payload: the bytes of one resource, what keeps them alive, and where they came from.
// Parsing through a Payload puts the file and entry on every error without the caller doing it,
// and anything parsed from `bytes()` (views included) stays valid as long as a copy of the Payload
// lives.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/resource/kind.hpp"

namespace parkan::resource {

class Archive;

// Where a payload is. A bare file has no entry (`index` empty, `name` empty).
struct PayloadLocation {
  std::string file;                  // the path as opened, for messages
  std::string name;                  // the entry name as stored (cp1251 bytes); empty for a bare file
  std::optional<std::size_t> index;  // directory index inside the archive
  std::uint32_t type_id = 0;         // the archive's type id (0 for a bare file)
  std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
};

class Payload {
 public:
  Payload() = default;
  Payload(std::shared_ptr<const void> owner, ByteView bytes, PayloadLocation location,
          std::shared_ptr<const Archive> archive = {})
      : owner_(std::move(owner)), bytes_(bytes), location_(std::move(location)), archive_(std::move(archive)) {}

  ByteView bytes() const { return bytes_; }
  const PayloadLocation& location() const { return location_; }
  bool is_entry() const { return location_.index.has_value(); }
  const std::string& file() const { return location_.file; }
  // The entry name as UTF-8 for messages and JSON ("" for a bare file).
  std::string entry_name() const;
  // "Textures.lib::ROCK.0" or "ROCK.0" (a bare file): for messages.
  std::string display_name() const;
  // What keeps bytes() alive; hold it to keep a parsed view valid.
  const std::shared_ptr<const void>& owner() const { return owner_; }
  // The archive the entry was read from (Archive::payload sets it); null for a bare file.
  const std::shared_ptr<const Archive>& archive() const { return archive_; }

  // Adds this payload's file and entry to an error raised while parsing its bytes.
  Error locate(Error error) const;
  void locate(std::vector<Diagnostic>& diagnostics) const;

  // parse(read_fn, args...) = read_fn(bytes(), args...) with the error located.
  template <class Fn, class... Args>
  auto parse(Fn&& read_fn, Args&&... args) const {
    auto result = std::forward<Fn>(read_fn)(bytes_, std::forward<Args>(args)...);
    if (!result) return decltype(result)(locate(std::move(result).error()));
    return result;
  }

 private:
  std::shared_ptr<const void> owner_;
  ByteView bytes_;
  PayloadLocation location_;
  std::shared_ptr<const Archive> archive_;
};

}  // namespace parkan::resource
