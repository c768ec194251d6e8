// scenario: metrics aggregator reduces int64/int32 counters into preallocated float buffers with sum_out, cumsum_out and div_out
// tier: 2
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct Buffers {
  torch::Tensor per_bucket;  // float
  torch::Tensor running;     // float
  torch::Tensor total;       // double
  torch::Tensor rate;        // double
};

int main() {
  torch::manual_seed(43);
  const int64_t shards = 3, buckets = 6;
  Buffers buf{torch::zeros({buckets}), torch::empty({shards, buckets}),
              torch::empty({}, torch::kDouble), torch::empty({buckets}, torch::kDouble)};

  for (int epoch = 0; epoch < 3; ++epoch) {
    torch::Tensor counts = torch::randint(0, 100, {shards, buckets});  // int64
    if (epoch == 1) {
      counts = counts.to(torch::kInt);  // a different producer emits int32
    } else if (epoch == 2) {
      counts = counts.gt(50);  // a third reports only "over budget" flags
    }
    // Reductions into a float out: the integer input is cast to the out dtype.
    torch::sum_out(buf.per_bucket, counts, std::vector<int64_t>{0});
    torch::cumsum_out(buf.running, counts, /*dim=*/1);
    torch::sum_out(buf.total, counts, std::vector<int64_t>{0, 1});
    // Arithmetic out variants may write a wider float out.
    torch::div_out(buf.rate, buf.per_bucket, buf.total.clamp_min(1.0));
    std::cout << "epoch " << epoch << " total " << buf.total.item<double>()
              << " rate " << buf.rate << " running end "
              << buf.running.select(1, buckets - 1) << "\n";
  }
  return 0;
}
