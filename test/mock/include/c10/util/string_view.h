// Mock of c10/util/string_view.h (the real one defines its own
// c10::basic_string_view; std::string_view has the same interface for this use).
#pragma once
#include <string_view>

namespace c10 {
using string_view = std::string_view;
} // namespace c10
