// scenario: key/value cache writes new rows with index_copy_; the compact-cache path narrows the positions to int32
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): Expected a long tensor for index, but got Int
#include <torch/torch.h>
#include <iostream>

struct CacheOptions {
  int64_t capacity = 8;
  int64_t head_dim = 4;
  bool compact_positions = false;
};

int main() {
  torch::manual_seed(23);
  CacheOptions opts;
  opts.compact_positions = true;

  torch::Tensor keys = torch::zeros({opts.capacity, opts.head_dim});
  torch::Tensor values = torch::zeros({opts.capacity, opts.head_dim});
  int64_t write_ptr = 0;

  for (int step = 0; step < 3; ++step) {
    const int64_t n_new = step + 1;
    torch::Tensor new_k = torch::randn({n_new, opts.head_dim});
    torch::Tensor new_v = torch::randn({n_new, opts.head_dim});

    torch::Tensor pos = torch::arange(write_ptr, write_ptr + n_new).remainder(opts.capacity);
    if (opts.compact_positions) {
      // Positions fit easily in 32 bits; the ring buffer metadata is int32.
      pos = pos.to(torch::kInt);
    }
    keys.index_copy_(0, pos, new_k); // BUG
    values.index_copy_(0, pos, new_v);
    write_ptr += n_new;
  }

  torch::Tensor q = torch::randn({1, opts.head_dim});
  torch::Tensor attn = torch::softmax(torch::mm(q, keys.t()), -1);
  std::cout << "attention over cache " << attn << "\n";
  return 0;
}
