// Mock of torch/csrc/api/include/torch/nn.h.
#pragma once
#include <torch/nn/module.h>
#include <torch/nn/modules.h>
#include <torch/nn/functional.h>
