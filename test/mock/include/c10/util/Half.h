// Mock of c10/util/Half.h, BFloat16.h and complex.h.
#pragma once
#include <c10/macros/Macros.h>

namespace c10 {
struct alignas(2) Half {
  unsigned short x;
  Half() = default;
  Half(float value);
  operator float() const;
};
struct alignas(2) BFloat16 {
  uint16_t x;
  BFloat16() = default;
  BFloat16(float value);
  operator float() const;
};
template <typename T>
struct alignas(sizeof(T) * 2) complex {
  T real_ = T(0);
  T imag_ = T(0);
  constexpr complex() = default;
  constexpr complex(const T& re, const T& im = T()) : real_(re), imag_(im) {}
};
struct qint8 { int8_t val_; };
struct quint8 { uint8_t val_; };
struct qint32 { int32_t val_; };
struct quint4x2 { uint8_t val_; };
struct quint2x4 { uint8_t val_; };
} // namespace c10
