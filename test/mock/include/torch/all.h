// Mock of torch/csrc/api/include/torch/all.h.
#pragma once
#include <torch/types.h>
#include <torch/nn.h>
#include <torch/optim.h>
#include <torch/fft.h>
#include <torch/linalg.h>
#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/serialization/import.h>
