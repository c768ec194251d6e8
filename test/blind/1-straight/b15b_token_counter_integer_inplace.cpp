// scenario: a vocabulary frequency tracker: int64 counters updated with index_add_/add_/floor_divide_, a uint8 flag byte per token edited with bitwise ops, then converted to float weights for an embedding table
// tier: 1
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>

int main() {
  torch::manual_seed(3);
  const int64_t vocab = 12;
  auto counts = torch::zeros({vocab}, torch::kLong);
  auto flags = torch::zeros({vocab}, torch::kByte);
  auto table = torch::randn({vocab, 4});

  // Two batches of token ids (int64, as tokenizers hand them out).
  auto first = torch::tensor({1, 4, 4, 9, 2, 4}, torch::kLong);
  auto second = torch::tensor({9, 9, 0, 11, 1}, torch::kLong);

  counts.index_add_(0, first, torch::ones_like(first));
  counts.scatter_add_(0, second, torch::ones_like(second));

  // Bit 0: seen in the first batch, bit 1: seen in the second.
  const uint8_t kSeenFirst = 0x01, kSeenSecond = 0x02;
  flags.index_fill_(0, first, kSeenFirst);
  auto second_bits = torch::zeros({vocab}, torch::kByte);
  second_bits.index_fill_(0, second, kSeenSecond);
  flags.bitwise_or_(second_bits);
  auto in_both = flags.bitwise_and(kSeenFirst | kSeenSecond).eq(kSeenFirst | kSeenSecond);
  flags.bitwise_xor_(kSeenFirst); // flip "first" so it now marks "not in first"

  // Laplace smoothing, then rescaling by 4/2, all integer arithmetic.
  counts.add_(1);
  counts.mul_(4);
  counts.floor_divide_(2);
  counts.sub_(torch::ones({vocab}, torch::kLong));

  // Frequencies are only turned into float weights at the end.
  auto freq = counts.to(torch::kFloat);
  freq.div_(freq.sum());
  auto weighted = table * freq.unsqueeze(1);
  auto pooled = weighted.sum(0);

  std::cout << "counts " << counts << "\nboth " << in_both.sum().item<int64_t>()
            << " pooled " << pooled << "\n";
  return pooled.scalar_type() == torch::kFloat && in_both.sum().item<int64_t>() == 2 ? 0 : 1;
}
