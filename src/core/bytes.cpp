#include "parkan/core/bytes.hpp"

#include <fmt/format.h>

namespace parkan {

Status ByteReader::need(std::size_t count) const {
  if (count <= remaining()) return {};
  return invalid(fmt::format("unexpected end of data: need {} bytes, {} left", count, remaining()), offset_);
}

}  // namespace parkan
