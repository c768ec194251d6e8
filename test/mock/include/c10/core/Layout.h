// Mock of c10/core/Layout.h, MemoryFormat.h and Backend.h.
#pragma once
#include <c10/macros/Macros.h>

namespace c10 {
enum class Layout : int8_t { Strided, Sparse, SparseCsr, Mkldnn, SparseCsc, SparseBsr, SparseBsc, NumOptions };
constexpr auto kStrided = Layout::Strided;
constexpr auto kSparse = Layout::Sparse;
constexpr auto kMkldnn = Layout::Mkldnn;

enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d, NumOptions };

enum class Backend { CPU, CUDA, HIP, VE, FPGA, IPU, XPU, SparseCPU, SparseCUDA, SparseCsrCPU, SparseCsrCUDA, SparseHIP, SparseVE, SparseXPU, ORT, XLA, Vulkan, Metal, Meta, QuantizedCPU, QuantizedCUDA, QuantizedXPU, Undefined, MkldnnCPU, MPS, HPU, Lazy, PrivateUse1, NumOptions };
} // namespace c10
