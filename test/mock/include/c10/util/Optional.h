// Mock of c10/util/Optional.h: c10::optional (1.13 has its own class template).
#pragma once
#include <type_traits>
#include <utility>
#include <c10/macros/Macros.h>

namespace c10 {
struct nullopt_t { constexpr explicit nullopt_t(int) {} };
constexpr nullopt_t nullopt{0};
struct in_place_t { explicit in_place_t() = default; };
constexpr in_place_t in_place{};

template <class T>
class optional {
  bool init_ = false;
  union { char dummy_; T val_; };
 public:
  typedef T value_type;
  constexpr optional() noexcept : dummy_() {}
  constexpr optional(nullopt_t) noexcept : dummy_() {}
  optional(const optional& rhs);
  optional(optional&& rhs);
  template <typename U = T,
            typename = std::enable_if_t<
                std::is_constructible<T, U&&>::value &&
                !std::is_same<std::decay_t<U>, in_place_t>::value &&
                !std::is_same<std::decay_t<U>, optional<T>>::value>>
  constexpr optional(U&& v) : init_(true), val_(std::forward<U>(v)) {}
  template <class... Args>
  constexpr explicit optional(in_place_t, Args&&... args)
      : init_(true), val_(std::forward<Args>(args)...) {}
  ~optional() {}
  optional& operator=(nullopt_t) noexcept;
  optional& operator=(const optional& rhs);
  optional& operator=(optional&& rhs);
  constexpr bool has_value() const noexcept { return init_; }
  constexpr explicit operator bool() const noexcept { return init_; }
  T& operator*() &;
  const T& operator*() const&;
  T* operator->();
  const T* operator->() const;
  T& value() &;
  const T& value() const&;
  template <class V> T value_or(V&& v) const&;
};

template <class T>
constexpr optional<std::decay_t<T>> make_optional(T&& v) {
  return optional<std::decay_t<T>>(std::forward<T>(v));
}
} // namespace c10
