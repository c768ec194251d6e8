#pragma once
// A fake CUDA installation's cuda_runtime.h: what clang's CUDA wrapper and
// a kernel launch need.
#include <stddef.h>
typedef struct CUstream_st *cudaStream_t;
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
extern "C" cudaError_t cudaSetDevice(int device);
extern "C" cudaError_t cudaGetDevice(int *device);
extern "C" cudaError_t cudaGetLastError();
float rsqrtf(float), rcbrtf(float), sinpif(float), cospif(float),
    erfcinvf(float), normcdfinvf(float), normcdff(float), erfcxf(float);
void sincospif(float, float *, float *);
