// scenario: session-length histogram features bucketised into preallocated int32 and int64 buffers
// tier: 1
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  const int64_t num_sessions = 512;
  auto lengths = torch::rand({num_sessions}) * 600.0;
  auto edges = torch::tensor({10.0f, 30.0f, 60.0f, 120.0f, 300.0f});
  const int64_t num_buckets = edges.size(0) + 1;

  auto bucket_ids = torch::empty({num_sessions}, torch::kInt32);
  torch::bucketize_out(bucket_ids, lengths, edges, /*out_int32=*/true);

  auto counts = torch::bincount(bucket_ids, /*weights=*/{}, num_buckets);
  auto cumulative = torch::empty({num_buckets}, torch::kLong);
  torch::cumsum_out(cumulative, counts, 0);

  auto cdf = cumulative.to(torch::kFloat) / static_cast<double>(num_sessions);
  auto long_sessions = (bucket_ids >= 4).sum().item<int64_t>();

  std::cout << "cdf " << cdf << "\nlong sessions " << long_sessions << "\n";
  return 0;
}
