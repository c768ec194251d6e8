// scenario: an attention block on the GPU asks a shared mask factory for its additive causal mask; the factory's optional device defaults to the CPU and the caller never passes one
// tier: 3
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/TensorIterator.cpp (v1.13.1), TensorIteratorBase::compute_types: with check_all_same_device_, an operand whose device differs from the common (first non-CPU) device and that is not a 0-dim CPU scalar fails TORCH_CHECK(false, "Expected all tensors to be on the same device, but found at least two devices, ", common_device, " and ", op.device.value(), "!") -> cuda:0 and cpu for scores + mask
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <limits>

namespace masks {

// Shared by the encoder, the decoder and the offline evaluator.
torch::Tensor causal_additive(int64_t seq_len, c10::optional<torch::Device> device = c10::nullopt) {
  auto opts = torch::TensorOptions().dtype(torch::kFloat).device(device.value_or(torch::kCPU));
  torch::Tensor allowed = torch::ones({seq_len, seq_len}, opts).tril();
  return torch::zeros({seq_len, seq_len}, opts)
      .masked_fill(allowed == 0, -std::numeric_limits<float>::infinity());
}

} // namespace masks

struct CausalSelfAttention {
  torch::Tensor wq, wk, wv;
  torch::Device device;

  CausalSelfAttention(int64_t dim, torch::Device dev)
      : wq(torch::randn({dim, dim}, torch::TensorOptions().device(dev)) * 0.1),
        wk(torch::randn({dim, dim}, torch::TensorOptions().device(dev)) * 0.1),
        wv(torch::randn({dim, dim}, torch::TensorOptions().device(dev)) * 0.1),
        device(dev) {}

  torch::Tensor forward(const torch::Tensor& x) const {
    const int64_t seq = x.size(1);
    torch::Tensor q = torch::matmul(x, wq);
    torch::Tensor k = torch::matmul(x, wk);
    torch::Tensor v = torch::matmul(x, wv);
    torch::Tensor scores = torch::matmul(q, k.transpose(1, 2)) / std::sqrt(static_cast<double>(x.size(2)));
    torch::Tensor mask = masks::causal_additive(seq);
    scores = scores + mask; // BUG
    return torch::matmul(torch::softmax(scores, -1), v);
  }
};

int main() {
  torch::Device device(torch::kCUDA, 0);
  CausalSelfAttention attn(16, device);
  torch::Tensor x = torch::randn({2, 5, 16}, torch::TensorOptions().device(device));
  torch::Tensor y = attn.forward(x);
  std::cout << "attention output " << y.sizes() << "\n";
  return 0;
}
