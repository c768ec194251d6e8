// Mock of torch/csrc/api/include/torch/torch.h.
#pragma once
#include <torch/all.h>
