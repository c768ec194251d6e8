// scenario: speech model's AmpGuard turns CPU autocast off in its destructor instead of restoring the previous state; an auxiliary-feature helper opens its own guard inside the outer region, and the outer matmul then runs with autocast off
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct AmpGuard {
  AmpGuard() {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  ~AmpGuard() {
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }
};

class SpeechEncoder : public torch::nn::Module {
 public:
  SpeechEncoder(int64_t mel_bins, int64_t hidden, int64_t vocab)
      : frontend_(register_module("frontend", torch::nn::Linear(mel_bins, hidden))),
        pitch_(register_module("pitch", torch::nn::Linear(1, hidden))) {
    ctc_weight_ = register_parameter("ctc_weight", torch::randn({hidden, vocab}) * 0.05);
  }

  torch::Tensor pitch_features(const torch::Tensor& f0) {
    AmpGuard amp;  // the helper is also called standalone, so it guards itself
    return torch::tanh(pitch_(f0.unsqueeze(-1)));
  }

  torch::Tensor forward(const torch::Tensor& mels, const torch::Tensor& f0) {
    AmpGuard amp;
    auto h = torch::relu(frontend_(mels));   // bf16
    h = h * torch::sigmoid(pitch_features(f0)).to(h.scalar_type());
    return torch::matmul(h, ctc_weight_); // BUG
  }

 private:
  torch::nn::Linear frontend_, pitch_;
  torch::Tensor ctc_weight_;
};

int main() {
  torch::manual_seed(17);
  SpeechEncoder enc(40, 32, 29);
  auto mels = torch::randn({2, 50, 40});
  auto f0 = torch::rand({2, 50}) * 300.0;

  auto logits = enc.forward(mels, f0);
  auto log_probs = torch::log_softmax(logits.to(torch::kFloat), -1);
  std::cout << "ctc log-probs " << log_probs.sizes() << "\n";
  return 0;
}
