// scenario: speech model's AmpGuard records whether CPU autocast was already on and restores exactly that; the auxiliary-feature helper's nested guard therefore leaves the outer region enabled for the final matmul
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class AmpGuard {
 public:
  AmpGuard() : was_enabled_(at::autocast::is_cpu_enabled()), prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~AmpGuard() {
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(was_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
  }

 private:
  bool was_enabled_;
  at::ScalarType prev_dtype_;
};

class SpeechEncoder : public torch::nn::Module {
 public:
  SpeechEncoder(int64_t mel_bins, int64_t hidden, int64_t vocab)
      : frontend_(register_module("frontend", torch::nn::Linear(mel_bins, hidden))),
        pitch_(register_module("pitch", torch::nn::Linear(1, hidden))) {
    ctc_weight_ = register_parameter("ctc_weight", torch::randn({hidden, vocab}) * 0.05);
  }

  torch::Tensor pitch_features(const torch::Tensor& f0) {
    AmpGuard amp;
    return torch::tanh(pitch_(f0.unsqueeze(-1)));
  }

  torch::Tensor forward(const torch::Tensor& mels, const torch::Tensor& f0) {
    AmpGuard amp;
    auto h = torch::relu(frontend_(mels));
    h = h * torch::sigmoid(pitch_features(f0)).to(h.scalar_type());
    return torch::matmul(h, ctc_weight_);   // still inside the outer region
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
  std::cout << "ctc log-probs " << log_probs.sizes() << " autocast after: "
            << at::autocast::is_cpu_enabled() << "\n";
  return 0;
}
