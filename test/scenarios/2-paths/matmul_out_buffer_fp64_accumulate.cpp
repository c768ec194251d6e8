// scenario: a batched scorer preallocates its output buffer as float64 when accumulation precision is requested (the default) and calls mm_out with float32 operands
// tier: 2
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype float, but got double instead
#include <torch/torch.h>
#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  bool fp64_accumulate = true;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--fp32-accumulate")) fp64_accumulate = false;

  const int64_t batch = 16, dim = 32, items = 100;
  auto item_table = torch::randn({dim, items});
  auto out = torch::empty({batch, items}, fp64_accumulate ? torch::kDouble : torch::kFloat);
  auto total = torch::zeros({items}, torch::kDouble);

  for (int step = 0; step < 3; ++step) {
    auto users = torch::randn({batch, dim});
    torch::mm_out(out, users, item_table); // BUG
    total += out.sum(0);
  }
  std::cout << "best item overall: " << total.argmax().item<int64_t>() << "\n";
  return 0;
}
