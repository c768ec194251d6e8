// scenario: a spectrogram helper passes a float64 Hann window to stft on a float32 waveform, as the reference implementation did
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <functional>
#include <iostream>
#include <map>
#include <string>

namespace {

struct StftParams {
  int64_t n_fft;
  int64_t hop;
  torch::Dtype window_dtype;
};

torch::Tensor make_window(const StftParams &p) {
  return torch::hann_window(p.n_fft, torch::TensorOptions().dtype(p.window_dtype));
}

torch::Tensor magnitude(const torch::Tensor &wave, const StftParams &p) {
  auto window = make_window(p);
  auto spec = torch::stft(wave, p.n_fft, p.hop, p.n_fft, window, /*normalized=*/false,
                          /*onesided=*/true, /*return_complex=*/true);
  return spec.abs();
}

using Feature = std::function<torch::Tensor(const torch::Tensor &)>;

} // namespace

int main() {
  const StftParams params{512, 128, torch::kFloat64};
  std::map<std::string, Feature> features;
  features["log_mag"] = [&](const torch::Tensor &w) { return torch::log1p(magnitude(w, params)); };
  features["energy"] = [&](const torch::Tensor &w) { return magnitude(w, params).pow(2).sum(0); };

  auto t = torch::arange(8000, torch::kFloat32) / 8000.0;
  auto wave = 0.5 * torch::sin(2 * M_PI * 220.0 * t) + 0.05 * torch::randn({8000});

  for (const auto &kv : features) {
    auto f = kv.second(wave);
    std::cout << kv.first << " " << f.sizes() << " " << f.dtype() << " mean " << f.mean().item<double>() << "\n";
  }
  return 0;
}
