// Mock of c10/core/DefaultDtype.h.
#pragma once
#include <c10/util/typeid.h>

namespace c10 {
C10_API void set_default_dtype(caffe2::TypeMeta dtype);
C10_API const caffe2::TypeMeta get_default_dtype();
C10_API ScalarType get_default_dtype_as_scalartype();
} // namespace c10
