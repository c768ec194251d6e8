// scenario: a decoder layer's MultiheadAttention gets query, key and value from a float64 memory bank
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

struct MemoryReaderImpl : torch::nn::Module {
  MemoryReaderImpl(int64_t dim, int64_t heads)
      : attn(register_module("attn", torch::nn::MultiheadAttention(torch::nn::MultiheadAttentionOptions(dim, heads)))) {}

  torch::Tensor forward(const torch::Tensor &memory) {
    auto out = std::get<0>(attn(memory, memory, memory)); // BUG
    return out.mean(0);
  }

  torch::nn::MultiheadAttention attn;
};
TORCH_MODULE(MemoryReader);

// Episodic memory accumulated with running averages in double.
struct MemoryBank {
  torch::Tensor slots;
  MemoryBank(int64_t n, int64_t batch, int64_t dim)
      : slots(torch::zeros({n, batch, dim}, torch::kDouble)) {}
  void write(const torch::Tensor &x, double rate) { slots.mul_(1 - rate).add_(x, rate); }
};

int main() {
  torch::manual_seed(0);
  MemoryBank bank(6, 2, 8);
  for (int t = 0; t < 3; ++t)
    bank.write(torch::randn({6, 2, 8}), 0.5);
  MemoryReader reader(8, 2);
  std::cout << reader->forward(bank.slots).sizes() << "\n";
  return 0;
}
