// Real-header tier: a GRU's initial state judged like its input, a
// MultiheadAttention judged by its query, and a plain object whose tensor
// its constructor makes (each shape observed on LibTorch 1.13.1 in
// test/runtime and the scenario corpus).
#include <torch/torch.h>

struct TaggerImpl : torch::nn::Module {
  TaggerImpl()
      : gru(register_module("gru", torch::nn::GRU(torch::nn::GRUOptions(8, 8).batch_first(true)))) {}
  torch::Tensor forward(const torch::Tensor &x, const torch::Tensor &h0) {
    return std::get<0>(gru(x, h0));
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: module 'gru' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
    // CHECK-MESSAGES: :[[@LINE+19]]:11: note: in this call of 'forward'
  }
  torch::nn::GRU gru;
};
TORCH_MODULE(Tagger);

torch::Tensor metadata_state(int64_t batch) {
  auto year = torch::full({batch, 1}, 2019.0, torch::kDouble);
  return torch::sin(year / torch::arange(1, 9, torch::kDouble)).unsqueeze(0);
}

struct MemoryBank {
  torch::Tensor slots;
  explicit MemoryBank(int64_t n) : slots(torch::zeros({n, 2, 8}, torch::kDouble)) {}
  void write(const torch::Tensor &x, double rate) { slots.mul_(1 - rate).add_(x, rate); }
};

int main() {
  Tagger tagger;
  tagger->forward(torch::randn({2, 5, 8}), metadata_state(2));
  torch::nn::MultiheadAttention attn(torch::nn::MultiheadAttentionOptions(8, 2));
  MemoryBank bank(6);
  bank.write(torch::randn({6, 2, 8}), 0.5);
  auto out = std::get<0>(attn(bank.slots, bank.slots, bank.slots));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: module 'attn' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  auto q = torch::randn({6, 2, 8});
  attn(q, q, q.to(torch::kDouble)); // runs: only the query is judged
  return int(out.numel());
}
