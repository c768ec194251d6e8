// Mock of torch/script.h.
#pragma once
#include <torch/types.h>
#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/serialization/import.h>
#include <ATen/ATen.h>
