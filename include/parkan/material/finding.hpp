#pragma once
// One result of a semantic check: the material or text still loads as the engine would load it.
#include <vector>

#include "parkan/core/error.hpp"

namespace parkan::material {

enum class Severity { error, warning };

struct Finding {
  Severity severity = Severity::error;
  Error error;  // message and offset of the rule that was broken
};

inline bool has_errors(const std::vector<Finding>& findings) {
  for (const Finding& f : findings)
    if (f.severity == Severity::error) return true;
  return false;
}

}  // namespace parkan::material
