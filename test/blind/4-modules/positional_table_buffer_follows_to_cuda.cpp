// scenario: sinusoidal positional table registered as a buffer in a small sequence encoder; model->to(kCUDA) moves it with the weights, so the add in forward sees one device
// tier: 4
// family: device-mismatch
// expect: ok
// verified: source
// source: PyTorch v1.13.1 torch/csrc/api/include/torch/nn/module.h, Module::to_impl: calls to() on every child, then set_data(to(device)) on every registered parameter and every registered buffer (named_buffers(recurse=false)); the member returned by register_buffer shares that TensorImpl, so it is on CUDA after to(kCUDA)
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct SequenceEncoderImpl : torch::nn::Module {
  SequenceEncoderImpl(int64_t vocab, int64_t dim, int64_t max_len) {
    embed_ = register_module("embed", torch::nn::Embedding(vocab, dim));
    auto pos = torch::arange(max_len, torch::kFloat).unsqueeze(1);
    auto div = torch::exp(torch::arange(0, dim, 2, torch::kFloat) * (-std::log(10000.0) / dim));
    auto table = torch::zeros({max_len, dim});
    table.index_put_({torch::indexing::Slice(), torch::indexing::Slice(0, dim, 2)}, torch::sin(pos * div));
    table.index_put_({torch::indexing::Slice(), torch::indexing::Slice(1, dim, 2)}, torch::cos(pos * div));
    positions_ = register_buffer("positions", table);
    mix_ = register_module("mix", torch::nn::GRU(torch::nn::GRUOptions(dim, dim).batch_first(true)));
  }

  // tokens: [B, T] int64
  torch::Tensor forward(const torch::Tensor& tokens) {
    auto t = tokens.size(1);
    auto x = embed_(tokens) + positions_.narrow(0, 0, t).unsqueeze(0);
    return std::get<1>(mix_(x)).squeeze(0);
  }

  torch::nn::Embedding embed_{nullptr};
  torch::Tensor positions_;
  torch::nn::GRU mix_{nullptr};
};
TORCH_MODULE(SequenceEncoder);

int main() {
  torch::manual_seed(61);
  torch::Device device(torch::kCUDA);
  SequenceEncoder encoder(/*vocab=*/50, /*dim=*/8, /*max_len=*/32);
  encoder->to(device);
  encoder->eval();

  torch::NoGradGuard no_grad;
  auto tokens = torch::randint(0, 50, {3, 10}, torch::TensorOptions(torch::kLong).device(device));
  auto summary = encoder->forward(tokens);
  std::cout << "summary " << summary.sizes() << " on " << summary.device() << "\n";
  return 0;
}
