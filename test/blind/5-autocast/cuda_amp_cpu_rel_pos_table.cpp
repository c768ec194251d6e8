// scenario: GPU transformer layer adds a relative-position projection built on the CPU inside its CUDA autocast region; autocast only casts CUDA tensors and never moves devices, so matmul meets a CPU operand
// tier: 5
// family: device-mismatch
// expect: bug
// verified: source
// source: ATen/autocast_mode.h (PyTorch 1.13.1 headers): is_autocast_eligible(tensor, DeviceType::CUDA) requires tensor.is_cuda(), so cached_cast returns the CPU tensor unchanged; aten/src/ATen/core/op_registration/adaption.cpp (PyTorch 1.13.1) common_device_check_failure, reached from the generated CUDA wrapper's check_and_update_common_device: "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

// Sinusoidal relative-position features, computed once at start-up.
torch::Tensor relative_position_table(int64_t seq_len, int64_t dim) {
  auto rel = torch::arange(-seq_len + 1, seq_len, torch::kFloat).unsqueeze(1);
  auto freq = torch::exp(torch::arange(0, dim, 2, torch::kFloat) * (-std::log(10000.0) / dim));
  return torch::cat({torch::sin(rel * freq), torch::cos(rel * freq)}, 1);  // [2L-1, dim], CPU
}

class RelPosAttentionImpl : public torch::nn::Module {
 public:
  RelPosAttentionImpl(int64_t dim, int64_t seq_len) : table_(relative_position_table(seq_len, dim)) {
    q_ = register_module("q", torch::nn::Linear(dim, dim));
    k_ = register_module("k", torch::nn::Linear(dim, dim));
    pos_ = register_module("pos", torch::nn::Linear(torch::nn::LinearOptions(dim, dim).bias(false)));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    auto q = q_(x), k = k_(x);
    auto content = torch::matmul(q, k.transpose(-2, -1));
    auto rel = torch::matmul(q, pos_->weight.matmul(table_.t())); // BUG
    return torch::softmax(content + rel.narrow(-1, 0, x.size(1)), -1);
  }

 private:
  torch::nn::Linear q_{nullptr}, k_{nullptr}, pos_{nullptr};
  torch::Tensor table_;
};
TORCH_MODULE(RelPosAttention);

int main() {
  torch::Device device(torch::kCUDA);
  const int64_t dim = 32, seq = 10;
  RelPosAttention attn(dim, seq);
  attn->to(device);   // table_ is a plain member, not a buffer: it stays on the CPU

  auto x = torch::randn({2, seq, dim}).to(device);
  at::autocast::set_enabled(true);
  auto weights = attn->forward(x);
  at::autocast::set_enabled(false);
  std::cout << "attention " << weights.sizes() << "\n";
  return 0;
}
