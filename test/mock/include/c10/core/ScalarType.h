// Mock of c10/core/ScalarType.h: same enumerators, same order, same k* constants.
#pragma once
#include <c10/macros/Macros.h>
#include <c10/util/Half.h>
#include <cstdint>
#include <type_traits>

#define AT_FORALL_SCALAR_TYPES_WITH_COMPLEX_AND_QINTS(_) \
  _(uint8_t, Byte) /* 0 */                               \
  _(int8_t, Char) /* 1 */                                \
  _(int16_t, Short) /* 2 */                              \
  _(int, Int) /* 3 */                                    \
  _(int64_t, Long) /* 4 */                               \
  _(c10::Half, Half) /* 5 */                             \
  _(float, Float) /* 6 */                                \
  _(double, Double) /* 7 */                              \
  _(c10::complex<c10::Half>, ComplexHalf) /* 8 */        \
  _(c10::complex<float>, ComplexFloat) /* 9 */           \
  _(c10::complex<double>, ComplexDouble) /* 10 */        \
  _(bool, Bool) /* 11 */                                 \
  _(c10::qint8, QInt8) /* 12 */                          \
  _(c10::quint8, QUInt8) /* 13 */                        \
  _(c10::qint32, QInt32) /* 14 */                        \
  _(c10::BFloat16, BFloat16) /* 15 */                    \
  _(c10::quint4x2, QUInt4x2) /* 16 */                    \
  _(c10::quint2x4, QUInt2x4) /* 17 */

namespace c10 {
enum class ScalarType : int8_t {
#define DEFINE_ENUM(_1, n) n,
  AT_FORALL_SCALAR_TYPES_WITH_COMPLEX_AND_QINTS(DEFINE_ENUM)
#undef DEFINE_ENUM
      Undefined,
  NumOptions
};

#define DEFINE_CONSTANT(_, name) \
  constexpr ScalarType k##name = ScalarType::name;
AT_FORALL_SCALAR_TYPES_WITH_COMPLEX_AND_QINTS(DEFINE_CONSTANT)
#undef DEFINE_CONSTANT

// The C++ type of a dtype as a type trait (real: every type of the list
// above; the mock: those without a class of their own beyond Half).
template <typename T>
struct CppTypeToScalarType;
#define SPECIALIZE_CppTypeToScalarType(cpp_type, scalar_type)        \
  template <>                                                        \
  struct CppTypeToScalarType<cpp_type>                               \
      : std::integral_constant<ScalarType, ScalarType::scalar_type> {};
SPECIALIZE_CppTypeToScalarType(uint8_t, Byte)
SPECIALIZE_CppTypeToScalarType(int8_t, Char)
SPECIALIZE_CppTypeToScalarType(int16_t, Short)
SPECIALIZE_CppTypeToScalarType(int, Int)
SPECIALIZE_CppTypeToScalarType(int64_t, Long)
SPECIALIZE_CppTypeToScalarType(c10::Half, Half)
SPECIALIZE_CppTypeToScalarType(float, Float)
SPECIALIZE_CppTypeToScalarType(double, Double)
SPECIALIZE_CppTypeToScalarType(bool, Bool)
#undef SPECIALIZE_CppTypeToScalarType

static inline const char* toString(ScalarType t) {
#define DEFINE_CASE(_, name) \
  case ScalarType::name:     \
    return #name;
  switch (t) {
    AT_FORALL_SCALAR_TYPES_WITH_COMPLEX_AND_QINTS(DEFINE_CASE)
    default:
      return "UNKNOWN_SCALAR";
  }
#undef DEFINE_CASE
}
static inline bool isFloatingType(ScalarType t) {
  return t == ScalarType::Double || t == ScalarType::Float ||
      t == ScalarType::Half || t == ScalarType::BFloat16;
}
} // namespace c10
