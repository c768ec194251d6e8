// scenario: a speech front-end module turns framed audio into log-mel features; the evaluation harness moves it to double for parity checks
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>

namespace {

torch::Tensor melFilterbank(int64_t n_freqs, int64_t n_mels, double sample_rate) {
  auto hz_to_mel = [](double hz) { return 2595.0 * std::log10(1.0 + hz / 700.0); };
  auto mel_to_hz = [](torch::Tensor mel) { return 700.0 * (torch::pow(10.0, mel / 2595.0) - 1.0); };
  auto freqs = torch::linspace(0, sample_rate / 2, n_freqs);
  auto mel_pts = torch::linspace(hz_to_mel(0), hz_to_mel(sample_rate / 2), n_mels + 2);
  auto hz_pts = mel_to_hz(mel_pts);
  auto fb = torch::zeros({n_freqs, n_mels});
  for (int64_t m = 0; m < n_mels; ++m) {
    auto lo = hz_pts[m], mid = hz_pts[m + 1], hi = hz_pts[m + 2];
    auto up = (freqs - lo) / (mid - lo);
    auto down = (hi - freqs) / (hi - mid);
    fb.select(1, m).copy_(torch::clamp_min(torch::min(up, down), 0));
  }
  return fb;
}

class LogMelFrontendImpl : public torch::nn::Module {
public:
  LogMelFrontendImpl(int64_t n_fft, int64_t n_mels, double sample_rate)
      : n_fft_(n_fft) {
    window_ = register_buffer("window", torch::hann_window(n_fft));
    mel_basis_ = melFilterbank(n_fft / 2 + 1, n_mels, sample_rate);
    cmvn_ = register_module("cmvn", torch::nn::LayerNorm(torch::nn::LayerNormOptions({n_mels}).elementwise_affine(false)));
  }

  torch::Tensor forward(const torch::Tensor &frames) { // [T, n_fft]
    auto spectrum = torch::fft::rfft(frames * window_).abs().pow(2);
    auto mel = torch::matmul(spectrum, mel_basis_); // BUG
    return cmvn_(torch::log(mel + 1e-6));
  }

private:
  int64_t n_fft_;
  torch::Tensor window_;
  torch::Tensor mel_basis_;
  torch::nn::LayerNorm cmvn_{nullptr};
};
TORCH_MODULE(LogMelFrontend);

torch::Tensor frameSignal(const torch::Tensor &wave, int64_t n_fft, int64_t hop) {
  return wave.unfold(0, n_fft, hop);
}

} // namespace

int main() {
  const int64_t n_fft = 400, hop = 160;
  LogMelFrontend frontend(n_fft, 80, 16000.0);
  // Parity harness: the reference implementation runs in float64.
  frontend->to(torch::kFloat64);

  auto t = torch::arange(16000, torch::kFloat64) / 16000.0;
  auto wave = torch::sin(2 * M_PI * 440.0 * t) + 0.01 * torch::randn({16000}, torch::kFloat64);
  auto feats = frontend(frameSignal(wave, n_fft, hop));
  std::cout << "log-mel " << feats.sizes() << " " << feats.dtype() << "\n";
  return 0;
}
