// scenario: an Embedding layer looks up bucket ids that the bucketing helper computed with float ops and never cast to integers
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead
#include <torch/torch.h>
#include <iostream>

struct PriceEncoderImpl : torch::nn::Module {
  PriceEncoderImpl(int64_t buckets, int64_t dim)
      : buckets_(buckets), table(register_module("table", torch::nn::Embedding(buckets, dim))) {}

  // Log-spaced buckets of a positive price.
  torch::Tensor bucketize(const torch::Tensor &prices) const {
    auto b = torch::floor(torch::log1p(prices) / std::log(2.0));
    return b.clamp(0, buckets_ - 1);
  }

  torch::Tensor forward(const torch::Tensor &prices) {
    return table(bucketize(prices)); // BUG
  }

  int64_t buckets_;
  torch::nn::Embedding table;
};
TORCH_MODULE(PriceEncoder);

int main() {
  torch::manual_seed(0);
  PriceEncoder enc(16, 4);
  auto prices = torch::rand({6}) * 500.0;
  std::cout << enc->forward(prices).sizes() << "\n";
  return 0;
}
