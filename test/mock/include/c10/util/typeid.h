// Mock of c10/util/typeid.h: caffe2::TypeMeta.
#pragma once
#include <c10/core/ScalarType.h>

namespace caffe2 {
class C10_API TypeMeta final {
 public:
  TypeMeta() noexcept;
  TypeMeta(const TypeMeta& src) noexcept = default;
  TypeMeta& operator=(const TypeMeta& src) noexcept = default;
  TypeMeta& operator=(c10::ScalarType scalar_type) noexcept;
  const char* name() const noexcept;
  template <typename T>
  static TypeMeta Make();
  static TypeMeta fromScalarType(c10::ScalarType scalar_type);
  c10::ScalarType toScalarType();
  bool isScalarType(c10::ScalarType scalar_type) const;
  template <typename T>
  bool Match() const noexcept;
 private:
  uint16_t index_;
};
bool operator==(const TypeMeta lhs, const TypeMeta rhs) noexcept;
bool operator!=(const TypeMeta lhs, const TypeMeta rhs) noexcept;
} // namespace caffe2

namespace c10 {
inline caffe2::TypeMeta scalarTypeToTypeMeta(ScalarType scalar_type) {
  return caffe2::TypeMeta::fromScalarType(scalar_type);
}
C10_API ScalarType typeMetaToScalarType(caffe2::TypeMeta dtype);
// c10/core/ScalarTypeToTypeMeta.h
bool operator==(ScalarType t, caffe2::TypeMeta m);
bool operator==(caffe2::TypeMeta m, ScalarType t);
bool operator!=(ScalarType t, caffe2::TypeMeta m);
bool operator!=(caffe2::TypeMeta m, ScalarType t);
} // namespace c10
