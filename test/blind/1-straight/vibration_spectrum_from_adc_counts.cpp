// scenario: band energy of a vibration sensor read as int32 ADC counts, straight through rfft
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  namespace fft = torch::fft;
  const int64_t n = 256;
  const double sample_rate = 1024.0;  // Hz
  const int32_t adc_limit = 2047;     // 12-bit signed converter

  // Synthesize what the driver hands over: signed ADC counts, a 96 Hz tone,
  // a 200 Hz harmonic and a few saturated spikes.
  std::vector<int32_t> samples(n);
  for (int64_t i = 0; i < n; ++i) {
    double t = static_cast<double>(i) / sample_rate;
    double v = 900.0 * std::sin(2.0 * M_PI * 96.0 * t) +
               300.0 * std::sin(2.0 * M_PI * 200.0 * t);
    samples[i] = static_cast<int32_t>(v);
  }
  samples[17] = adc_limit;
  samples[120] = -adc_limit;
  torch::Tensor counts = torch::tensor(samples, torch::kInt);

  // Zero out saturated samples; the fill value is written into the int tensor.
  torch::Tensor saturated = counts.abs() >= adc_limit;
  torch::Tensor clean = counts.masked_fill(saturated, 0.0);

  // Remove the DC offset in integer arithmetic, then take the one-sided
  // spectrum straight from the int32 signal.
  torch::Tensor centered = clean - clean.sum().div(n, "trunc").to(torch::kInt);
  torch::Tensor spectrum = fft::rfft(centered);
  torch::Tensor magnitude = spectrum.abs() / static_cast<double>(n);
  torch::Tensor freqs = fft::rfftfreq(n, 1.0 / sample_rate, torch::kFloat);

  // Energy in the 80-120 Hz band relative to the total.
  torch::Tensor band = (freqs >= 80.0).logical_and(freqs <= 120.0);
  torch::Tensor band_mag = torch::where(band, magnitude, 0.0);
  double band_energy = band_mag.pow(2).sum().item<double>();
  double total_energy = magnitude.pow(2).sum().item<double>();

  int64_t peak = magnitude.argmax().item<int64_t>();
  std::cout << "saturated samples: " << saturated.sum().item<int64_t>() << "\n";
  std::cout << "peak at " << freqs[peak].item<float>() << " Hz\n";
  std::cout << "band energy ratio: " << band_energy / total_energy << "\n";
  return 0;
}
