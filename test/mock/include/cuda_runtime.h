// Mock of CUDA's cuda_runtime.h for clang's CUDA host mode with -nocudainc
// (the declarations clang needs for __global__ functions and <<<...>>>, as
// in clang's own test/CodeGenCUDA/Inputs/cuda.h).
#pragma once
#if defined(CUDA_VERSION)
// Under clang's CUDA wrapper, which included a CUDA installation's cuda.h
// (test/driver/Inputs/fake-cuda, or a real one): its cuda_runtime.h.
#include_next <cuda_runtime.h>
#else
#include <cstddef>

#define __constant__ __attribute__((constant))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))

struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};
struct uint3 {
  unsigned x, y, z;
};
extern const uint3 threadIdx, blockIdx, blockDim;

typedef struct CUstream_st *cudaStream_t;
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
extern "C" int __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                           size_t sharedSize = 0,
                                           cudaStream_t stream = 0);
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
extern "C" cudaError_t cudaSetDevice(int device);
extern "C" cudaError_t cudaGetDevice(int *device);
extern "C" cudaError_t cudaGetLastError();
#endif
