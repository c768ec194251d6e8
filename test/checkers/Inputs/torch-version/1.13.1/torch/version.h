#pragma once
// A torch/version.h as LibTorch's (torch/csrc/api/include/torch/version.h).

/// Indicates the major version of LibTorch.
#define TORCH_VERSION_MAJOR 1

/// Indicates the minor version of LibTorch.
#define TORCH_VERSION_MINOR 13

/// Indicates the patch version of LibTorch.
#define TORCH_VERSION_PATCH 1

/// Indicates the version of LibTorch.
#define TORCH_VERSION \
  "1.13.1"
