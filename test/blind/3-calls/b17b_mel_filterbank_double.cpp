// scenario: a log-mel front end whose filterbank helper builds its weights in a std::vector<double>; a stored projection lambda applies it to the float power spectrogram
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iostream>
#include <vector>

namespace {

constexpr double kPi = 3.14159265358979323846;

double hzToMel(double hz) { return 2595.0 * std::log10(1.0 + hz / 700.0); }
double melToHz(double mel) { return 700.0 * (std::pow(10.0, mel / 2595.0) - 1.0); }

// Triangular HTK-style filterbank, [n_mels, n_fft / 2 + 1].
torch::Tensor melFilterbank(int64_t n_fft, int64_t n_mels, double sample_rate) {
  const int64_t n_freqs = n_fft / 2 + 1;
  const double mel_lo = hzToMel(0.0), mel_hi = hzToMel(sample_rate / 2.0);
  std::vector<double> edges(n_mels + 2);
  for (int64_t m = 0; m < n_mels + 2; ++m)
    edges[m] = melToHz(mel_lo + (mel_hi - mel_lo) * m / (n_mels + 1));

  std::vector<double> weights(n_mels * n_freqs, 0.0);
  for (int64_t m = 0; m < n_mels; ++m) {
    for (int64_t k = 0; k < n_freqs; ++k) {
      const double f = sample_rate * k / n_fft;
      const double up = (f - edges[m]) / (edges[m + 1] - edges[m]);
      const double down = (edges[m + 2] - f) / (edges[m + 2] - edges[m + 1]);
      weights[m * n_freqs + k] = std::max(0.0, std::min(up, down));
    }
  }
  return torch::from_blob(weights.data(), {n_mels, n_freqs}, torch::kFloat64).clone();
}

struct FrontEndConfig {
  int64_t n_fft = 128;
  int64_t hop = 64;
  int64_t n_mels = 16;
  double sample_rate = 8000.0;
};

class LogMelFrontEnd {
public:
  explicit LogMelFrontEnd(const FrontEndConfig &cfg)
      : cfg_(cfg), window_(torch::hann_window(cfg.n_fft)) {
    torch::Tensor fbank = melFilterbank(cfg.n_fft, cfg.n_mels, cfg.sample_rate);
    project_ = [fbank](const torch::Tensor &power) {
      return torch::matmul(power, fbank.t()); // BUG
    };
  }

  torch::Tensor operator()(const torch::Tensor &waveform) const {
    torch::Tensor spec = torch::stft(waveform, cfg_.n_fft, cfg_.hop, cfg_.n_fft, window_,
                                     /*normalized=*/false, /*onesided=*/true,
                                     /*return_complex=*/true);
    torch::Tensor power = spec.abs().pow(2).transpose(0, 1); // [frames, n_freqs]
    return torch::log(project_(power) + 1e-6);
  }

private:
  FrontEndConfig cfg_;
  torch::Tensor window_;
  std::function<torch::Tensor(const torch::Tensor &)> project_;
};

} // namespace

int main() {
  FrontEndConfig cfg;
  LogMelFrontEnd front_end(cfg);
  torch::Tensor t = torch::arange(1600, torch::kFloat) / cfg.sample_rate;
  torch::Tensor waveform = 0.5 * torch::sin(2 * kPi * 440.0 * t) + 0.01 * torch::randn({1600});

  torch::Tensor log_mel = front_end(waveform);
  // Per-utterance mean/variance normalisation over time.
  torch::Tensor normed = (log_mel - log_mel.mean(0, true)) / (log_mel.std(0, true, true) + 1e-5);
  std::cout << "log-mel " << normed.sizes() << "\n";
  return 0;
}
