// Mock of c10/core/Scalar.h.
#pragma once
#include <c10/core/ScalarType.h>

namespace c10 {
class C10_API Scalar {
 public:
  Scalar() : Scalar(int64_t(0)) {}
#define DEFINE_IMPLICIT_CTOR(type, name) \
  Scalar(type vv) : tag(Tag::HAS_d) { (void)vv; }
  DEFINE_IMPLICIT_CTOR(uint8_t, Byte)
  DEFINE_IMPLICIT_CTOR(int8_t, Char)
  DEFINE_IMPLICIT_CTOR(int16_t, Short)
  DEFINE_IMPLICIT_CTOR(int, Int)
  DEFINE_IMPLICIT_CTOR(int64_t, Long)
  DEFINE_IMPLICIT_CTOR(c10::Half, Half)
  DEFINE_IMPLICIT_CTOR(float, Float)
  DEFINE_IMPLICIT_CTOR(double, Double)
  DEFINE_IMPLICIT_CTOR(c10::BFloat16, BFloat16)
#undef DEFINE_IMPLICIT_CTOR
  Scalar(bool vv) : tag(Tag::HAS_b) { (void)vv; }
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
  int toInt() const;
  bool toBool() const;
  template <typename T> T to() const;
  ScalarType type() const;
  bool isFloatingPoint() const { return tag == Tag::HAS_d; }
  bool isIntegral(bool includeBool) const;

 private:
  enum class Tag { HAS_d, HAS_i, HAS_z, HAS_b, HAS_sd, HAS_si, HAS_sb };
  Tag tag;
};
} // namespace c10
