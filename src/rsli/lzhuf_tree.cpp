// The adaptive Huffman tree of LZHUF (docs/formats/rsli.md 6.4): the initial tree and the rebuild.
#include "rsli/lzhuf_tree.hpp"

#include <algorithm>

namespace parkan::rsli::lzhuf {

void LzhufTree::reset() {
  for (unsigned i = 0; i < kSymbolCount; ++i) {
    freq[i] = 1;
    son[i] = static_cast<std::uint16_t>(i + kNodeCount);
    prnt[i + kNodeCount] = static_cast<std::uint16_t>(i);
  }
  unsigned i = 0;
  for (unsigned j = kSymbolCount; j < kNodeCount; ++j, i += 2) {
    freq[j] = static_cast<std::uint16_t>(freq[i] + freq[i + 1]);
    son[j] = static_cast<std::uint16_t>(i);
    prnt[i] = prnt[i + 1] = static_cast<std::uint16_t>(j);
  }
  freq[kNodeCount] = 0xFFFF;
  prnt[kRoot] = 0;
}

void LzhufTree::reconstruct() {
  // Gather the leaves into the first N_CHAR slots, halving their frequencies (never to 0).
  unsigned j = 0;
  for (unsigned i = 0; i < kNodeCount; ++i) {
    if (son[i] >= kNodeCount) {
      freq[j] = static_cast<std::uint16_t>((freq[i] + 1) / 2);
      son[j] = son[i];
      ++j;
    }
  }
  // Join pairs in order, inserting each new node where it keeps the frequencies sorted (after the
  // nodes of equal frequency).
  unsigned i = 0;
  for (j = kSymbolCount; j < kNodeCount; ++j, i += 2) {
    const std::uint16_t f = static_cast<std::uint16_t>(freq[i] + freq[i + 1]);
    unsigned k = j;
    while (k > 0 && f < freq[k - 1]) --k;
    std::copy_backward(freq.begin() + k, freq.begin() + j, freq.begin() + j + 1);
    std::copy_backward(son.begin() + k, son.begin() + j, son.begin() + j + 1);
    freq[k] = f;
    son[k] = static_cast<std::uint16_t>(i);
  }
  // Parents from the children.
  for (i = 0; i < kNodeCount; ++i) {
    const unsigned k = son[i];
    prnt[k] = static_cast<std::uint16_t>(i);
    if (k < kNodeCount) prnt[k + 1] = static_cast<std::uint16_t>(i);
  }
}

}  // namespace parkan::rsli::lzhuf
