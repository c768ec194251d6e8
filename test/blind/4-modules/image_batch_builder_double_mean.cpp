// scenario: a fluent batch builder normalises uint8 images with ImageNet statistics held as float64 tensors; the promoted batch reaches the float32 conv encoder
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (double) and bias type (float) should be the same
#include <torch/torch.h>
#include <iostream>
#include <vector>

class BatchBuilder {
public:
  BatchBuilder &size(int64_t n, int64_t h, int64_t w) {
    n_ = n, h_ = h, w_ = w;
    return *this;
  }
  BatchBuilder &mean(std::vector<double> m) {
    mean_ = std::move(m);
    return *this;
  }
  BatchBuilder &stddev(std::vector<double> s) {
    std_ = std::move(s);
    return *this;
  }
  BatchBuilder &flip(bool f) {
    flip_ = f;
    return *this;
  }
  torch::Tensor build() const {
    auto pixels = torch::randint(0, 256, {n_, 3, h_, w_}, torch::kUInt8);
    auto x = pixels.to(torch::kFloat32).div_(255.0);
    if (flip_)
      x = x.flip({3});
    if (!mean_.empty()) {
      auto m = torch::tensor(mean_, torch::kFloat64).view({1, 3, 1, 1});
      auto s = torch::tensor(std_, torch::kFloat64).view({1, 3, 1, 1});
      x = (x - m) / s;
    }
    return x;
  }

private:
  int64_t n_ = 1, h_ = 32, w_ = 32;
  std::vector<double> mean_, std_;
  bool flip_ = false;
};

struct EncoderImpl : torch::nn::Module {
  EncoderImpl()
      : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)))),
        conv2(register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).stride(2)))),
        fc(register_module("fc", torch::nn::Linear(32, 10))) {}
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::relu(conv1(x)); // BUG
    h = torch::relu(conv2(h));
    h = torch::adaptive_avg_pool2d(h, {1, 1}).flatten(1);
    return fc(h);
  }
  torch::nn::Conv2d conv1, conv2;
  torch::nn::Linear fc;
};
TORCH_MODULE(Encoder);

int main() {
  torch::manual_seed(13);
  Encoder encoder;
  encoder->eval();
  auto batch = BatchBuilder()
                   .size(4, 32, 32)
                   .mean({0.485, 0.456, 0.406})
                   .stddev({0.229, 0.224, 0.225})
                   .flip(true)
                   .build();
  torch::NoGradGuard no_grad;
  auto logits = encoder->forward(batch);
  std::cout << "predictions " << logits.argmax(1) << "\n";
  return 0;
}
