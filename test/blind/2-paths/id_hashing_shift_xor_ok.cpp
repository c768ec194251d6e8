// scenario: feature hashing of int64 ids with shifts and xor in a loop; converted to float only after the bit work
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  const int64_t buckets = 16;
  const int rounds = 3;

  std::vector<int64_t> raw_ids = {1234567, 42, 987654321, 42, 5, 77777};
  torch::Tensor h = torch::tensor(raw_ids);

  // xorshift-style mixing; every operand stays int64.
  for (int r = 0; r < rounds; ++r) {
    torch::Tensor hi = h.__rshift__(7);
    h = h.bitwise_xor(hi);
    torch::Tensor lo = h.__lshift__(3).bitwise_and(0x7fffffff);
    h = h ^ lo;
    if (r % 2 == 1) {
      h = h.bitwise_and(0xffffff);
    }
  }

  torch::Tensor bucket = h.remainder(buckets);
  torch::Tensor sign_bit = h.__rshift__(5).bitwise_and(1);
  // Only now does the data become float: +1/-1 signed counts.
  torch::Tensor sign = sign_bit.to(torch::kFloat) * 2.0 - 1.0;

  torch::Tensor hashed = torch::zeros({buckets});
  hashed.index_add_(0, bucket, sign);

  torch::Tensor occupied = hashed.ne(0).sum();
  std::cout << "buckets " << bucket << "\nhashed " << hashed << "\n";
  std::cout << "occupied buckets " << occupied.item<int64_t>() << "\n";
  return 0;
}
