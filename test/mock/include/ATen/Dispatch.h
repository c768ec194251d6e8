// Mock of ATen/Dispatch.h: the AT_DISPATCH_* family with the shape the real
// header expands to in 1.13 and 2.x (an immediately called lambda holding a
// switch on the dispatched ScalarType; each case declares scalar_t and calls
// the body; the default throws "<name>" not implemented for '<type>').
#pragma once
#include <ATen/ATen.h>
#include <c10/core/ScalarType.h>

namespace c10 {
namespace impl {
template <ScalarType N> struct ScalarTypeToCPPType;
#define MOCK_SPECIALIZE(cpp_type, name)                                        \
  template <> struct ScalarTypeToCPPType<ScalarType::name> {                   \
    using type = cpp_type;                                                     \
  };
AT_FORALL_SCALAR_TYPES_WITH_COMPLEX_AND_QINTS(MOCK_SPECIALIZE)
#undef MOCK_SPECIALIZE
template <ScalarType N>
using ScalarTypeToCPPTypeT = typename ScalarTypeToCPPType<N>::type;
} // namespace impl
} // namespace c10

namespace detail {
inline at::ScalarType scalar_type(at::ScalarType s) { return s; }
} // namespace detail

#define AT_ERROR(...)                                                          \
  ::c10::detail::torchCheckFail(                                               \
      __func__, __FILE__, static_cast<uint32_t>(__LINE__),                     \
      ::c10::detail::torchCheckMsgImpl("", __VA_ARGS__))

#define AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, HINT, ...)                  \
  case enum_type: {                                                            \
    using HINT = c10::impl::ScalarTypeToCPPTypeT<enum_type>;                   \
    return __VA_ARGS__();                                                      \
  }

#define AT_DISPATCH_CASE(enum_type, ...)                                       \
  AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, scalar_t, __VA_ARGS__)

#define AT_DISPATCH_SWITCH(TYPE, NAME, ...)                                    \
  [&] {                                                                        \
    const auto &the_type = TYPE;                                               \
    constexpr const char *at_dispatch_name = NAME;                             \
    at::ScalarType _st = ::detail::scalar_type(the_type);                      \
    switch (_st) {                                                             \
      __VA_ARGS__                                                              \
    default:                                                                   \
      AT_ERROR('"', at_dispatch_name, "\" not implemented for '",              \
               c10::toString(_st), "'");                                       \
    }                                                                          \
  }()

#define AT_DISPATCH_CASE_FLOATING_TYPES(...)                                   \
  AT_DISPATCH_CASE(at::ScalarType::Double, __VA_ARGS__)                        \
  AT_DISPATCH_CASE(at::ScalarType::Float, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))

#define AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(...)                          \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                   \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(__VA_ARGS__))

#define AT_DISPATCH_CASE_FLOATING_TYPES_AND2(T1, T2, ...)                      \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(T1, __VA_ARGS__)                                            \
  AT_DISPATCH_CASE(T2, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND2(T1, T2, TYPE, NAME, ...)               \
  AT_DISPATCH_SWITCH(                                                          \
      TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES_AND2(T1, T2, __VA_ARGS__))

#define AT_DISPATCH_CASE_INTEGRAL_TYPES(...)                                   \
  AT_DISPATCH_CASE(at::ScalarType::Byte, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Char, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Int, __VA_ARGS__)                           \
  AT_DISPATCH_CASE(at::ScalarType::Long, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Short, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...)                                 \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)              \
                         AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))
