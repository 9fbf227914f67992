#pragma once
// The one error type of the library, and Result<T>: a value or an Error.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace parkan {

// The kind of failure; it decides the CLI exit code (docs/cli.md: 1 invalid, 2 usage, 3 I/O).
enum class ErrorCode : int { invalid_input = 1, usage = 2, io = 3 };

struct Error {
  ErrorCode code = ErrorCode::invalid_input;
  std::string message;                 // what rule was broken, e.g. "entry count is negative (-1)"
  std::string rule;                    // stable diagnostic code of that rule (diagnostic.hpp), when known
  std::string file;                    // the file, when known
  std::string entry;                   // the entry inside an archive, when known
  std::optional<std::uint64_t> offset; // byte offset where the rule was checked

  // "<file>[::<entry>]: <message> [at offset 0x<hex>]", control bytes escaped: always one line.
  std::string to_string() const;

  // Fill in context as the error travels outwards; inner context wins.
  Error&& in_file(std::string name) && {
    if (file.empty()) file = std::move(name);
    return std::move(*this);
  }
  Error&& in_entry(std::string name) && {
    if (entry.empty()) entry = std::move(name);
    return std::move(*this);
  }
  // Offsets reported by a parser of a nested payload are relative to it; shift them outwards.
  Error&& shifted(std::uint64_t base) && {
    if (offset) *offset += base;
    return std::move(*this);
  }
};

Error invalid(std::string message, std::optional<std::uint64_t> offset = std::nullopt);
// An invalid-input error for the rule with stable code `rule` (e.g. "texm.page.size").
Error invalid_rule(std::string rule, std::string message, std::optional<std::uint64_t> offset = std::nullopt);
Error io_error(std::string message, std::string file);
Error usage_error(std::string message);

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  Error& error() & { return std::get<1>(state_); }
  const Error& error() const& { return std::get<1>(state_); }
  Error&& error() && { return std::get<1>(std::move(state_)); }

 private:
  std::variant<T, Error> state_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  // User-provided, so that `return {};` does not zero the whole Error's storage first (value
  // initialization of a defaulted constructor does: a measurable cost on hot paths).
  Result() noexcept {}
  Result(Error error) : error_(std::move(error)) {}
  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  Error& error() & { return *error_; }
  const Error& error() const& { return *error_; }
  Error&& error() && { return std::move(*error_); }

 private:
  std::optional<Error> error_;
};

using Status = Result<void>;

}  // namespace parkan

// Propagate an error from an expression returning Result<...>.
#define PARKAN_CONCAT_INNER(a, b) a##b
#define PARKAN_CONCAT(a, b) PARKAN_CONCAT_INNER(a, b)
#define PARKAN_TRY(expr)                                              \
  do {                                                                \
    auto&& parkan_try_result = (expr);                                \
    if (!parkan_try_result.ok()) return std::move(parkan_try_result).error(); \
  } while (0)
// auto x = PARKAN_TRY_VALUE(expr) is not expressible in standard C++; use:
//   PARKAN_ASSIGN(auto x, expr);
#define PARKAN_ASSIGN(decl, expr) PARKAN_ASSIGN_IMPL(PARKAN_CONCAT(parkan_assign_, __LINE__), decl, expr)
#define PARKAN_ASSIGN_IMPL(tmp, decl, expr)                 \
  auto tmp = (expr);                                        \
  if (!tmp.ok()) return std::move(tmp).error();             \
  decl = std::move(tmp).value()
