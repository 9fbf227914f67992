// PNG import on arbitrary bytes: never crash, never allocate beyond what the input justifies; a
// decoded image encodes with both encoders (libpng's, Effort::smallest, and Effort::balanced's own
// writer) and decodes back to itself.
#include <cstdlib>

#include "parkan/export/png.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parkan;
  auto image = png::decode(ByteView(data, size));
  if (!image) return 0;
  if (image->rgba.size() != std::size_t(image->width) * image->height * 4) std::abort();
  if (image->rgba.size() > (1u << 22)) return 0;  // keep the round trips cheap
  for (png::Effort effort : {png::Effort::smallest, png::Effort::balanced}) {
    auto encoded = png::encode(*image, effort);
    if (!encoded) std::abort();
    auto again = png::decode(*encoded);
    if (!again || *again != *image) std::abort();
  }
  return 0;
}
