#pragma once
// A fake CUDA installation's cuda.h: the version clang's CUDA wrapper checks.
#include <limits.h>
#define CUDA_VERSION 10000
