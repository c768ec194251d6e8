// Mock of ATen/cuda/CUDAContext.h.
#pragma once
#include <c10/cuda/CUDAStream.h>
#include <c10/cuda/CUDAGuard.h>

namespace at::cuda {
using namespace c10::cuda;
struct cublasContext;
cublasContext *getCurrentCUDABlasHandle();
} // namespace at::cuda
