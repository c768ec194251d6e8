// Mock of c10/macros/Macros.h (LibTorch). Test-only, declarations only.
#pragma once
#include <cstddef>
#include <cstdint>

#define C10_API
#define TORCH_API
#define C10_NODISCARD [[nodiscard]]
#define C10_UNUSED __attribute__((__unused__))
#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))

namespace c10 {}
namespace c10 { namespace cuda {} }
// As in the real header: c10 is visible from caffe2:: and at::.
namespace caffe2 { using namespace c10; }
namespace at { using namespace c10; }
