// Mock of torch/csrc/api/include/torch/types.h.
#pragma once
#include <ATen/ATen.h>
#include <c10/util/Optional.h>
#include <torch/csrc/autograd/generated/variable_factories.h>

namespace torch {
// As in the real header: all of at:: (and through it c10::) is visible in torch::.
using namespace at; // NOLINT

using c10::nullopt;
using c10::optional;

using Dtype = at::ScalarType;

constexpr auto kUInt8 = at::kByte;
constexpr auto kInt8 = at::kChar;
constexpr auto kInt16 = at::kShort;
constexpr auto kInt32 = at::kInt;
constexpr auto kInt64 = at::kLong;
constexpr auto kFloat16 = at::kHalf;
constexpr auto kFloat32 = at::kFloat;
constexpr auto kFloat64 = at::kDouble;

constexpr auto kU8 = kUInt8;
constexpr auto kI8 = kInt8;
constexpr auto kI16 = kInt16;
constexpr auto kI32 = kInt32;
constexpr auto kI64 = kInt64;
constexpr auto kF16 = kFloat16;
constexpr auto kF32 = kFloat32;
constexpr auto kF64 = kFloat64;

namespace autograd {
using Variable = at::Tensor;
} // namespace autograd

// torch/csrc/api/include/torch/utils.h
using at::NoGradGuard;
using AutoGradMode = at::AutoGradMode;

// torch/csrc/api/include/torch/cuda.h
namespace cuda {
size_t device_count();
bool is_available();
bool cudnn_is_available();
void manual_seed(uint64_t seed);
void synchronize(int64_t device_index = -1);
} // namespace cuda
void manual_seed(uint64_t seed);
// torch/csrc/api/include/torch/mps.h
namespace mps {
bool is_available();
} // namespace mps
} // namespace torch

// ATen/Context.h
namespace at {
inline bool hasCUDA() { return false; }
inline bool hasMPS() { return false; }
} // namespace at
