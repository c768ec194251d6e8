// scenario: log-mel features for a keyword spotter, with the analysis window kept in float64 "for precision"
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <cmath>
#include <iostream>

namespace {

struct FeatureConfig {
  int64_t sample_rate = 16000;
  int64_t n_fft = 400;
  int64_t hop = 160;
  int64_t n_mels = 40;
  torch::Dtype window_dtype = torch::kFloat64;
};

torch::Tensor frame_signal(const torch::Tensor &wave, const FeatureConfig &cfg) {
  return wave.unfold(0, cfg.n_fft, cfg.hop); // [frames, n_fft]
}

torch::Tensor power_spectrum(const torch::Tensor &frames, const FeatureConfig &cfg) {
  auto window = torch::hann_window(cfg.n_fft, torch::TensorOptions().dtype(cfg.window_dtype));
  auto spec = torch::fft::rfft(frames * window);
  return spec.abs().pow(2);
}

double hz_to_mel(double hz) { return 2595.0 * std::log10(1.0 + hz / 700.0); }

torch::Tensor mel_filterbank(const FeatureConfig &cfg) {
  const int64_t n_freq = cfg.n_fft / 2 + 1;
  auto freqs = torch::linspace(0, cfg.sample_rate / 2.0, n_freq);
  auto mels = 2595.0 * torch::log10(1.0 + freqs / 700.0);
  auto edges = torch::linspace(0, hz_to_mel(cfg.sample_rate / 2.0), cfg.n_mels + 2);
  auto lower = edges.slice(0, 0, cfg.n_mels).unsqueeze(0);
  auto center = edges.slice(0, 1, cfg.n_mels + 1).unsqueeze(0);
  auto upper = edges.slice(0, 2, cfg.n_mels + 2).unsqueeze(0);
  auto m = mels.unsqueeze(1);
  auto up = (m - lower) / (center - lower);
  auto down = (upper - m) / (upper - center);
  return torch::clamp_min(torch::min(up, down), 0.0); // [n_freq, n_mels]
}

torch::Tensor log_mel(const torch::Tensor &wave, const FeatureConfig &cfg) {
  auto power = power_spectrum(frame_signal(wave, cfg), cfg);
  auto fb = mel_filterbank(cfg);
  auto mel = torch::matmul(power, fb); // BUG
  return torch::log(mel + 1e-6);
}

} // namespace

int main() {
  FeatureConfig cfg;
  auto t = torch::arange(16000, torch::kFloat) / static_cast<double>(cfg.sample_rate);
  auto wave = torch::sin(2 * M_PI * 440.0 * t) * 0.3;
  auto feats = log_mel(wave, cfg);
  std::cout << "log-mel " << feats.sizes() << " mean " << feats.mean().item<double>() << "\n";
  return 0;
}
