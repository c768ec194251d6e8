// scenario: a weight-only int8 linear module stores int8 weights and float per-channel scales as buffers and multiplies them in forward; int8 * float promotes to float, so the layer matches its float reference
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <vector>

namespace {

class Int8LinearImpl : public torch::nn::Module {
public:
  // Symmetric per-output-channel quantisation of a trained float layer.
  explicit Int8LinearImpl(const torch::nn::Linear &reference) {
    torch::NoGradGuard no_grad;
    torch::Tensor w = reference->weight.detach();
    torch::Tensor scale = w.abs().amax(1).clamp_min(1e-8) / 127.0;
    torch::Tensor q = torch::round(w / scale.unsqueeze(1)).clamp(-127, 127).to(torch::kInt8);
    weight_q_ = register_buffer("weight_q", q);
    scale_ = register_buffer("scale", scale);
    bias_ = register_buffer("bias", reference->bias.detach().clone());
  }

  torch::Tensor dequantizedWeight() const { return weight_q_ * scale_.unsqueeze(1); }

  torch::Tensor forward(const torch::Tensor &x) {
    return torch::linear(x, dequantizedWeight(), bias_);
  }

  int64_t bytes() const {
    return weight_q_.numel() * weight_q_.element_size() + scale_.numel() * scale_.element_size();
  }

private:
  torch::Tensor weight_q_, scale_, bias_;
};
TORCH_MODULE(Int8Linear);

// Sensor frames arrive as uint8 with a zero point; dequantise to float.
struct ActivationQuant {
  double scale = 0.02;
  int64_t zero_point = 128;
  torch::Tensor dequantize(const torch::Tensor &q) const {
    return (q.to(torch::kInt32) - zero_point) * scale;
  }
};

} // namespace

int main() {
  torch::manual_seed(31);
  torch::nn::Linear fc1(12, 32), fc2(32, 5);
  auto reference = [&](const torch::Tensor &in) { return fc2(torch::tanh(fc1(in))); };
  Int8Linear q1(fc1), q2(fc2);

  ActivationQuant act;
  torch::Tensor raw = torch::randint(0, 256, {6, 12}, torch::kUInt8);
  torch::Tensor x = act.dequantize(raw);

  torch::NoGradGuard no_grad;
  torch::Tensor ref_out = reference(x);
  torch::Tensor q_out = q2(torch::tanh(q1(x)));

  const double max_err = (ref_out - q_out).abs().max().item<double>();
  const int64_t float_bytes = (fc1->weight.numel() + fc2->weight.numel()) * 4;
  std::cout << "max abs error " << max_err << ", weights " << q1->bytes() + q2->bytes()
            << " B vs " << float_bytes << " B\n";
  return max_err < 0.1 ? 0 : 1;
}
