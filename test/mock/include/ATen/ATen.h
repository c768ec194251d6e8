// Mock of ATen/ATen.h.
#pragma once
#include <c10/core/DefaultDtype.h>
#include <ATen/core/TensorBody.h>
#include <ATen/Functions.h>
#include <ATen/TensorOperators.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/grad_mode.h>

#define TORCH_CHECK(cond, ...)                                            \
  if (C10_UNLIKELY(!(cond))) {                                            \
    ::c10::detail::torchCheckFail(__func__, __FILE__,                     \
                                  static_cast<uint32_t>(__LINE__),        \
                                  ::c10::detail::torchCheckMsgImpl(       \
                                      "Expected " #cond                   \
                                      " to be true, but got false.",      \
                                      ##__VA_ARGS__));                    \
  }

namespace c10 {
namespace detail {
[[noreturn]] C10_API void torchCheckFail(const char* func, const char* file, uint32_t line, const char* msg);
template <typename... Args>
const char* torchCheckMsgImpl(const char* msg, const Args&... args);
} // namespace detail
} // namespace c10
#include <ATen/Dispatch.h>
#include <ATen/DeviceGuard.h> // real ATen.h brings device_of
