// scenario: a voice-activity detector wraps a decoder's int16 PCM buffer with from_blob and peak-normalises it in place
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Short
#include <torch/torch.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <vector>

namespace {

constexpr int kSampleRate = 16000;
constexpr int kFrameMs = 25;
constexpr int kHopMs = 10;
constexpr double kPi = 3.14159265358979323846;

// What a WAV/PCM decoder hands back: mono, signed 16-bit samples. Half a
// second of a tone, a quiet gap, then the tone again.
std::vector<int16_t> decodePcmClip(int num_samples) {
  std::vector<int16_t> pcm(num_samples);
  for (int i = 0; i < num_samples; ++i) {
    const double t = static_cast<double>(i) / kSampleRate;
    const bool gap = i > num_samples / 3 && i < 2 * num_samples / 3;
    const double amp = gap ? 0.01 : 0.6;
    const double s = amp * std::sin(2.0 * kPi * 440.0 * t) +
                     0.05 * amp * std::sin(2.0 * kPi * 3100.0 * t);
    pcm[i] = static_cast<int16_t>(s * 32767.0);
  }
  return pcm;
}

struct VadDecision {
  int64_t first_voiced = -1;
  int64_t last_voiced = -1;
  int64_t voiced_frames = 0;
};

} // namespace

int main() {
  std::vector<int16_t> pcm = decodePcmClip(kSampleRate / 4);
  const int64_t num_samples = static_cast<int64_t>(pcm.size());
  const int64_t frame_len = kSampleRate * kFrameMs / 1000;
  const int64_t hop = kSampleRate * kHopMs / 1000;

  // Zero-copy view over the decoder's buffer; the dtype follows the buffer.
  torch::Tensor waveform = torch::from_blob(pcm.data(), {num_samples}, torch::kInt16);

  // Peak-normalise to [-1, 1] so the energy threshold does not depend on the
  // recording gain.
  torch::Tensor peak = waveform.abs().max().clamp_min(1);
  waveform.div_(peak); // BUG

  // Frame the signal and compute short-time log energy per frame.
  torch::Tensor frames = waveform.unfold(0, frame_len, hop);           // [F, frame_len]
  torch::Tensor window = torch::hann_window(frame_len, torch::kFloat);
  torch::Tensor energy = (frames * window).pow(2).mean(1);
  torch::Tensor log_energy = torch::log10(energy + 1e-10) * 10.0;

  // Adaptive threshold: a fixed margin above the quietest decile.
  const double noise_floor = log_energy.quantile(0.1).item<double>();
  torch::Tensor voiced = log_energy > noise_floor + 12.0;

  VadDecision decision;
  decision.voiced_frames = voiced.sum().item<int64_t>();
  torch::Tensor voiced_idx = voiced.nonzero().flatten();
  if (voiced_idx.numel() > 0) {
    decision.first_voiced = voiced_idx[0].item<int64_t>();
    decision.last_voiced = voiced_idx[-1].item<int64_t>();
  }

  std::cout << "frames: " << frames.size(0) << ", voiced: " << decision.voiced_frames
            << " [" << decision.first_voiced << ", " << decision.last_voiced << "]\n";
  return 0;
}
