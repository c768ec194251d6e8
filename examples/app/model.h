// A small regression network and the helpers of the example application.
#pragma once

#include <torch/torch.h>

#include <cstdint>

struct RegressorImpl : torch::nn::Module {
  RegressorImpl(int64_t in_features, int64_t hidden, int64_t out_features);

  torch::Tensor forward(torch::Tensor x);

  torch::nn::Linear fc1{nullptr};
  torch::nn::Linear fc2{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Regressor);

// Synthetic data: y = x * w + noise, float32 on the CPU.
std::pair<torch::Tensor, torch::Tensor> make_dataset(int64_t n, int64_t in_features);

// Cosine-like similarity of a batch of queries against a bank of prototypes
// that is kept in float16 to halve its memory.
torch::Tensor prototype_scores(int64_t batch, int64_t dim, int64_t n_prototypes);

// A classification head evaluated under CPU autocast (bfloat16).
torch::Tensor autocast_head(int64_t batch, int64_t dim, int64_t classes);
