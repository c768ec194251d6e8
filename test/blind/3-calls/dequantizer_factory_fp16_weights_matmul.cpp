// scenario: weight loader picks a dequantizer through a factory returning unique_ptr<Dequantizer>; the fp16 one returns the stored half tensor unchanged, which then meets float32 activations in mm
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Half
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <string>

struct PackedWeight {
  torch::Tensor data;  // int8 or float16 payload
  double scale = 1.0;
  int64_t zero_point = 0;
};

class Dequantizer {
 public:
  virtual ~Dequantizer() = default;
  virtual torch::Tensor dequantize(const PackedWeight& w) const = 0;
};

class Int8Dequantizer : public Dequantizer {
 public:
  torch::Tensor dequantize(const PackedWeight& w) const override {
    return (w.data.to(torch::kFloat) - w.zero_point) * w.scale;
  }
};

class Fp16Dequantizer : public Dequantizer {
 public:
  // Half is already a floating format: nothing to undo.
  torch::Tensor dequantize(const PackedWeight& w) const override { return w.data; }
};

std::unique_ptr<Dequantizer> make_dequantizer(const std::string& format) {
  if (format == "int8") return std::make_unique<Int8Dequantizer>();
  return std::make_unique<Fp16Dequantizer>();
}

torch::Tensor project(const torch::Tensor& activations, const PackedWeight& packed,
                      const std::string& format) {
  auto deq = make_dequantizer(format);
  auto w = deq->dequantize(packed);
  return torch::mm(activations, w.t()); // BUG
}

int main() {
  torch::manual_seed(73);
  auto reference = torch::randn({6, 10});
  PackedWeight int8_w{torch::round(reference / 0.05).clamp(-127, 127).to(torch::kChar), 0.05, 0};
  PackedWeight fp16_w{reference.to(torch::kHalf)};

  auto acts = torch::randn({3, 10});
  auto y8 = project(acts, int8_w, "int8");
  std::cout << "int8 projection " << y8.sizes() << "\n";
  auto y16 = project(acts, fp16_w, "fp16");
  std::cout << "fp16 max error " << (y16 - acts.mm(reference.t())).abs().max().item<float>() << "\n";
  return 0;
}
